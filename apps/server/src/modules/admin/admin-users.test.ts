import { describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@pb/core';
import { createUser, jobData } from '../../../test/factories';
import { adminSuite } from '../../../test/support/admin-suite';
import { sessionToken } from '../../../test/support/sessions';

/**
 * The back office's users: blocking, searching, resending the confirmation, deleting a company.
 */

const { ctx, admin, company } = adminSuite();

describe('users', () => {
  it('When a user is blocked, then the session ends, unblocking allows a new login, and admins cannot block themselves', async () => {
    const victim = await createUser(ctx, { role: 'consultant' });
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: victim.token })).statusCode).toBe(200);
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${victim.id}/block`,
      token: admin.token,
      payload: { blocked: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: victim.id, blocked: true, role: 'consultant' });
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: victim.token })).statusCode).toBe(401);
    const unblock = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${victim.id}/block`,
      token: admin.token,
      payload: { blocked: false },
    });
    expect(unblock.json().data.blocked).toBe(false);
    const fresh = await sessionToken(ctx.database, ctx.app.jwt, victim.id, { tokenVersion: 1 });
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: fresh })).statusCode).toBe(200);

    const self = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/block`,
      token: admin.token,
      payload: { blocked: true },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(ADMIN_MSG.notOnSelf);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/admin/users/${admin.id}`, token: admin.token })).statusCode,
    ).toBe(400);
  });

  it('When searching users, then name, e-mail and role filters work and no private field leaves the server', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/admin/users?filters[$or][0][username][$containsi]=nordbau&filters[$or][1][email][$containsi]=nordbau&filters[role][$eq]=company',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { id: number }) => u.id)).toEqual([company.id]);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(
      ['confirmed', 'blocked', 'createdAt', 'email', 'id', 'lastLogin', 'retentionWarnedAt', 'role', 'username'].sort(),
    );
  });

  it('When the confirmation mail is resent, then an unconfirmed user gets a working link; confirmed users answer 409', async () => {
    const pending = await createUser(ctx, { role: 'company', confirmed: false });
    const res = await ctx.request({
      method: 'POST',
      url: `/api/admin/users/${pending.id}/resend-confirmation`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    await ctx.deliverMail();
    const mail = ctx.smtp.messages.find((m) => m.to.includes(pending.email))!;
    expect(mail.subject).toContain('bestätigen');
    expect(mail.text).toMatch(/\/api\/auth\/email-confirmation\?confirmation=/);
    const again = await ctx.request({
      method: 'POST',
      url: `/api/admin/users/${company.id}/resend-confirmation`,
      token: admin.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MSG.alreadyConfirmed);
  });

  it('When a company is deleted, then its advertisements are deactivated like on self-deletion and the deletion is audited', async () => {
    const doomed = await createUser(ctx, { role: 'company' });
    const created = await ctx.request({
      method: 'POST',
      url: '/api/admin/jobs',
      token: admin.token,
      payload: { companyId: doomed.id, data: jobData() },
    });
    const jobId = created.json().data.id as number;
    const res = await ctx.request({ method: 'DELETE', url: `/api/admin/users/${doomed.id}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(await ctx.database.query('SELECT id FROM users WHERE id = $1', [doomed.id])).toEqual([]);
    const [job] = await ctx.database.query<{ published_at: Date | null; owner_id: number | null }>(
      'SELECT published_at, owner_id FROM jobs WHERE id = $1',
      [jobId],
    );
    expect(job).toEqual({ published_at: null, owner_id: null });
    const audit = await ctx.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = $1`,
      [String(doomed.id)],
    );
    expect(audit).toEqual([{ action: 'user.delete' }]);
  });
});
