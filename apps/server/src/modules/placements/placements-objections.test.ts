import { describe, expect, it } from 'vitest';
import { PLACEMENT_OBJECTION_MSG } from '@pb/core';
import { createUser } from '../../../test/factories';
import { placementsSuite } from '../../../test/support/placements-suite';
import { connectChat, EventLog } from '../../../test/support/socket-client';

/**
 * Placement reports by consultants: only after a conversation about the advertisement; the company is
 * told (mail, live event) and can object.
 */

const suite = placementsSuite();
const { ctx, a, b, consultant, admin, server, sockets } = suite;
const { publish, companyReport, consultantReport, report, converse, reportWithOffer, object, isPublished } = suite;

describe('Consultant reports need a conversation; the company is told and can object', () => {
  it('When a consultant without a conversation about the ad reports it, then 403 in German and the ad stays active', async () => {
    const id = await publish(a, 'Sous-Chef');
    const other = await publish(a, 'Patissier');
    await converse(consultant, other); // a conversation about another ad does not count
    const stranger = await createUser(ctx, { role: 'consultant', username: 'Fremde Beratung' });
    await converse(stranger, id); // nor one by another consultant
    const res = await report(consultant.token, consultantReport(id));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(PLACEMENT_OBJECTION_MSG.noConversation);
    expect(await isPublished(id)).toBe(true);
    expect(await ctx.database.query('SELECT id FROM placement_reports WHERE job_id = $1', [id])).toEqual([]);
  });

  it('When a consultant with a conversation reports, then the ad stays active until the office reviewed it, the company is mailed and gets a live event', async () => {
    const id = await publish(a, 'Chef de Rang');
    await converse(consultant, id);
    const companySocket = await connectChat(server.baseUrl, a.token);
    const otherSocket = await connectChat(server.baseUrl, b.token);
    sockets.push(companySocket, otherSocket);
    const events = new EventLog(companySocket, 'placement:reported');
    const foreign = new EventLog(otherSocket, 'placement:reported');
    await ctx.deliverMail();
    ctx.smtp.messages.length = 0;

    const res = await report(consultant.token, consultantReport(id));
    expect(res.statusCode, res.body).toBe(201);
    expect(await isPublished(id)).toBe(true);
    const [event] = await events.waitFor(1);
    // No introduction with an offer: the company is told that the advertisement stays active for now.
    expect(event).toMatchObject({
      reportId: res.json().data.id,
      jobId: id,
      consultantName: 'Sabine Recruiting',
      reviewPending: true,
    });
    await ctx.deliverMail();
    const toCompany = ctx.smtp.messages.find((m) => m.to.includes(a.email))!;
    expect(toCompany.subject).toContain('Chef de Rang');
    expect(toCompany.text).toContain('Sabine Recruiting');
    expect(toCompany.text).toContain('Widersprechen');
    expect(toCompany.text).toContain('Das Inserat bleibt aktiv, bis unser Backoffice die Meldung geprüft hat.');
    // nothing to reactivate: the objection hint does not promise it
    expect(toCompany.text).not.toContain('wieder aktiv');
    expect(foreign.items).toEqual([]);

    const mine = await ctx.request({ method: 'GET', url: '/api/placement-reports/mine', token: a.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toContainEqual(
      expect.objectContaining({
        id: res.json().data.id,
        jobId: id,
        jobTitle: 'Chef de Rang',
        consultantName: 'Sabine Recruiting',
        objectedAt: null,
        canObject: true,
        reviewPending: true,
      }),
    );
    const others = await ctx.request({ method: 'GET', url: '/api/placement-reports/mine', token: b.token });
    expect(others.json().data).toEqual([]);
  });

  it('When the owner objects with a note, then the ad is active again, the report is flagged and the office is mailed; a second objection is 409', async () => {
    const id = await publish(a, 'Commis de Cuisine');
    const reportId = await reportWithOffer(id);
    await ctx.deliverMail();
    ctx.smtp.messages.length = 0;

    const empty = await object(a.token, reportId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(PLACEMENT_OBJECTION_MSG.noteRequired);
    const long = await object(a.token, reportId, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(PLACEMENT_OBJECTION_MSG.noteTooLong);
    expect(await isPublished(id)).toBe(false);

    const res = await object(a.token, reportId, 'Die Kandidatin kam über eine andere Agentur.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: reportId,
      canObject: false,
      objectionNote: 'Die Kandidatin kam über eine andere Agentur.',
      // named an introduction with an offer: the report had taken the advertisement offline
      reviewPending: false,
    });
    expect(await isPublished(id)).toBe(true);
    const [row] = await ctx.database.query<Record<string, unknown>>(
      'SELECT objected_by, objection_note, objected_at IS NOT NULL AS objected, status FROM placement_reports WHERE id = $1',
      [reportId],
    );
    expect(row).toEqual({
      objected_by: a.id,
      objection_note: 'Die Kandidatin kam über eine andere Agentur.',
      objected: true,
      status: 'gemeldet',
    });
    const audit = await ctx.database.query<{ actor_id: number; action: string; before: unknown; after: unknown }>(
      `SELECT actor_id, action, before, after FROM audit_log WHERE entity = 'placement_report' AND entity_id = $1`,
      [String(reportId)],
    );
    expect(audit).toEqual([
      {
        actor_id: a.id,
        action: 'placement.objection',
        before: { objected: false, advertisementActive: false },
        after: expect.objectContaining({
          objected: true,
          advertisementActive: true,
          note: 'Die Kandidatin kam über eine andere Agentur.',
        }),
      },
    ]);
    await ctx.deliverMail();
    const office = ctx.smtp.messages.find((m) => m.to.includes('office@example.test'))!;
    expect(office.subject).toContain('Widerspruch');
    expect(office.text).toContain('Die Kandidatin kam über eine andere Agentur.');
    expect(office.text).toContain('Sabine Recruiting');

    const again = await object(a.token, reportId, 'Nochmals');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PLACEMENT_OBJECTION_MSG.alreadyObjected);

    const list = await ctx.request({
      method: 'GET',
      url: '/api/admin/placement-reports?filters[objectedAt][$notNull]=true',
      token: admin.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    const flagged = list.json().data as Array<{ id: number; objectionNote: string | null; objectedAt: string | null }>;
    expect(flagged.map((r) => r.id)).toContain(reportId);
    expect(flagged.every((r) => r.objectedAt !== null)).toBe(true);
    expect(flagged.find((r) => r.id === reportId)!.objectionNote).toBe('Die Kandidatin kam über eine andere Agentur.');
  });

  it('When another company, a consultant or a visitor objects, or the report is no consultant report or no longer gemeldet, then 403/401/409', async () => {
    const id = await publish(a, 'Barkeeper');
    const reportId = await reportWithOffer(id);
    const foreign = await object(b.token, reportId, 'Einspruch');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(PLACEMENT_OBJECTION_MSG.ownOnly);
    expect((await object(consultant.token, reportId, 'Einspruch')).statusCode).toBe(403);
    expect((await object(undefined, reportId, 'Einspruch')).statusCode).toBe(401);
    expect((await object(a.token, 999999, 'Einspruch')).statusCode).toBe(404);
    expect(await isPublished(id)).toBe(false);

    const own = await publish(a, 'Portier');
    const ownReport = (await report(a.token, companyReport(own))).json().data.id as number;
    const notConsultant = await object(a.token, ownReport, 'Eigene Meldung');
    expect(notConsultant.statusCode).toBe(409);
    expect(notConsultant.json().error.message).toBe(PLACEMENT_OBJECTION_MSG.consultantOnly);

    await ctx.database.query(`UPDATE placement_reports SET status = 'verrechnet' WHERE id = $1`, [reportId]);
    const late = await object(a.token, reportId, 'Zu spät');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(PLACEMENT_OBJECTION_MSG.notPending);
    expect(await isPublished(id)).toBe(false);
  });
});
