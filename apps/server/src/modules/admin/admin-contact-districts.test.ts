import { describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@pb/core';
import { jobData } from '../../../test/factories';
import { adminSuite } from '../../../test/support/admin-suite';

/**
 * The back office's contact messages (handled, reopened) and districts (added, renamed, deleted).
 */

const { ctx, admin, company } = adminSuite();

describe('contact messages and districts', () => {
  it('When a contact message is marked handled and reopened, then the list filters follow', async () => {
    await ctx.request({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstname: 'Anna',
        lastname: 'Huber',
        company: 'Huber Bau',
        email: 'anna@example.test',
        message: 'Bitte Inserat schalten.',
      },
      remoteAddress: '10.9.9.9',
    });
    const open = await ctx.request({
      method: 'GET',
      url: '/api/admin/contact-messages?filters[handledAt][$null]=true',
      token: admin.token,
    });
    const msg = open.json().data[0];
    expect(msg).toMatchObject({ firstname: 'Anna', handledAt: null });
    const handled = await ctx.request({
      method: 'PUT',
      url: `/api/admin/contact-messages/${msg.id}/handled`,
      token: admin.token,
      payload: { handled: true },
    });
    expect(handled.json().data.handledAt).not.toBeNull();
    const stillOpen = await ctx.request({
      method: 'GET',
      url: '/api/admin/contact-messages?filters[handledAt][$null]=true',
      token: admin.token,
    });
    expect(stillOpen.json().data).toEqual([]);
    const reopened = await ctx.request({
      method: 'PUT',
      url: `/api/admin/contact-messages/${msg.id}/handled`,
      token: admin.token,
      payload: { handled: false },
    });
    expect(reopened.json().data.handledAt).toBeNull();
  });

  it('When districts are added, renamed and deleted, then duplicates and districts in use are refused with clear messages', async () => {
    const added = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: 'Neusiedl Nord', state: 'Burgenland' },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id as number;
    const dup = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: 'graz', state: 'Steiermark' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(ADMIN_MSG.districtExists);
    const empty = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: '  ', state: 'Wien' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(ADMIN_MSG.districtNameRequired);
    const renamed = await ctx.request({
      method: 'PUT',
      url: `/api/admin/districts/${id}`,
      token: admin.token,
      payload: { name: 'Neusiedl am See Nord' },
    });
    expect(renamed.json().data).toEqual({ id, name: 'Neusiedl am See Nord', state: 'Burgenland' });

    await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: company.id, data: jobData({ district: id }) },
    });
    const inUse = await ctx.request({ method: 'DELETE', url: `/api/admin/districts/${id}`, token: admin.token });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('Der Bezirk wird von Inseraten verwendet und kann nicht gelöscht werden.');

    const spare = await ctx.request({
      method: 'POST',
      url: '/api/admin/districts',
      token: admin.token,
      payload: { name: 'Leerbezirk', state: 'Tirol' },
    });
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/admin/districts/${spare.json().data.id}`,
      token: admin.token,
    });
    expect(del.statusCode).toBe(200);
  });
});
