import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MSG, MSG, PLACEMENT_OBJECTION_MSG, type Job } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';

let ctx: TestContext;
let a: TestUser;
let b: TestUser;
let consultant: TestUser;
let admin: TestUser;
let baseUrl: string;
const sockets: ChatClient[] = [];

async function publish(user: TestUser, title: string, bonus = 20): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/jobs',
    token: user.token,
    payload: { data: jobData({ jobTitle: title, placementBonus: bonus }) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: Job }).data.id;
}

const companyReport = (advertisement: number) => ({
  variant: 'company',
  advertisement,
  companyName: 'Alpenhof GmbH',
  jobTitle: 'Koch',
  contactPerson: 'wird ersetzt',
  placementBonus: 20,
  actualSalary: 60000,
  recruiter: 'Maria Berger',
  recruiterMail: 'maria.berger@example.test',
  street: 'Maria-Theresien-Straße',
  houseNr: '12',
  postalCode: '6020',
  city: 'Innsbruck',
  uid: 'ATU12345678',
  candidateEmail: 'neu.eingestellt@example.test',
});

const consultantReport = (advertisement: number) => ({
  variant: 'consultant',
  advertisement,
  companyName: 'Alpenhof GmbH',
  jobTitle: 'Koch',
  contactPerson: 'Herr Huber',
  placementBonus: 18,
  actualSalary: 45000,
});

const report = (token: string | undefined, data: object) =>
  ctx.request({ method: 'POST', url: '/api/placement-reports', token, payload: { data } });

/** The consultant contacts the company about the advertisement (a conversation: may report it). */
async function converse(user: TestUser, advertisement: number): Promise<void> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: user.token,
    payload: { advertisement, message: 'Ich hätte eine passende Kandidatin.' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/**
 * A consultant's report that takes the advertisement offline at once: it names the consultant's
 * introduction the company made an offer for (issue 28); returns the report id.
 */
async function reportWithOffer(advertisement: number): Promise<number> {
  const introduced = await ctx.request({
    method: 'POST',
    url: '/api/introductions',
    token: consultant.token,
    payload: {
      advertisement,
      firstName: 'Eva',
      lastName: 'Angebot',
      email: `eva.${advertisement}@example.at`,
      consent: true,
    },
  });
  expect(introduced.statusCode, introduced.body).toBe(201);
  const introduction = introduced.json().data.id as number;
  const offered = await ctx.request({
    method: 'POST',
    url: `/api/introductions/${introduction}/status`,
    token: a.token,
    payload: { data: { status: 'angebot' } },
  });
  expect(offered.statusCode, offered.body).toBe(200);
  const res = await report(consultant.token, { ...consultantReport(advertisement), introduction });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const object = (token: string | undefined, reportId: number, note: unknown) =>
  ctx.request({
    method: 'POST',
    url: `/api/placement-reports/${reportId}/objection`,
    token,
    payload: { data: { note } },
  });

async function isPublished(id: number): Promise<boolean> {
  const [row] = await ctx.database.query<{ published: boolean }>(
    'SELECT published_at IS NOT NULL AS published FROM jobs WHERE id = $1',
    [id],
  );
  return row!.published;
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  b = await createUser(ctx, { role: 'company', username: 'Bergbau AG' });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  admin = await createUser(ctx, { role: 'admin', username: 'Backoffice' });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx?.close();
});

describe('POST /api/placement-reports', () => {
  it('When the company report names a UID that is not an EU VAT number, then it is refused with a German message', async () => {
    const id = await publish(a, 'Kellner');
    for (const uid of ['ATU1234567', 'CHE-123.456.789', 'x'.repeat(31)]) {
      const res = await report(a.token, { ...companyReport(id), uid });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/gültige UID-Nummer/);
    }
    expect(await isPublished(id)).toBe(true);
  });

  it('When the owner reports 20 % on 60,000, then fees are 12,000 + 1,200, the ad is deactivated and the office is mailed', async () => {
    const id = await publish(a, 'Koch', 15);
    await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: a.token,
      payload: { data: { bonus: 18, advertisement: id } },
    });
    const res = await report(a.token, companyReport(id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ placementFee: 12000, serviceFee: 1200 });
    expect(await isPublished(id)).toBe(false);
    const [row] = await ctx.database.query<Record<string, unknown>>(
      `SELECT variant, contact_person, recruiter, bonus_in_force::float8 AS bonus_in_force, placement_fee::float8 AS fee,
              service_fee::float8 AS service, uid, company_id, reporter_id FROM placement_reports WHERE id = $1`,
      [res.json().data.id],
    );
    expect(row).toEqual({
      variant: 'company',
      contact_person: a.email,
      recruiter: 'Maria Berger',
      bonus_in_force: 18,
      fee: 12000,
      service: 1200,
      uid: 'ATU12345678',
      company_id: a.id,
      reporter_id: a.id,
    });
    expect(await ctx.deliverMail()).toBe(2);
    const office = ctx.smtp.messages.find((m) => m.to.includes('office@example.test'))!;
    expect(office.subject).toContain('Stellenbesetzung');
    for (const text of [
      'Maria Berger',
      'maria.berger@example.test',
      'ATU12345678',
      'Maria-Theresien-Straße 12',
      '6020 Innsbruck',
      '12.000,00',
      '1.200,00',
      '60.000,00',
      '18 %',
      '20 %',
    ]) {
      expect(office.text).toContain(text);
    }
    const confirmation = ctx.smtp.messages.find((m) => m.to.includes(a.email))!;
    expect(confirmation.text).toContain('12.000,00');
  });

  it('When a consultant reports, then recruiter and mail are their own and no address is stored', async () => {
    const id = await publish(a, 'Rezeptionist');
    await converse(consultant, id);
    const res = await report(consultant.token, { ...consultantReport(id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ placementFee: 8100, serviceFee: 810 });
    const [row] = await ctx.database.query<Record<string, unknown>>(
      'SELECT recruiter, recruiter_mail, contact_person, street, uid, company_id FROM placement_reports WHERE id = $1',
      [res.json().data.id],
    );
    expect(row).toEqual({
      recruiter: `Sabine Recruiting (${consultant.id})`,
      recruiter_mail: consultant.email,
      contact_person: 'Herr Huber',
      street: null,
      uid: null,
      company_id: a.id,
    });
    // Without an introduction the company made an offer for, the office reviews first (issue 28).
    expect(res.json().data.reviewPending).toBe(true);
    expect(await isPublished(id)).toBe(true);
    const extra = await report(consultant.token, {
      ...consultantReport(await publish(a, 'Extra')),
      recruiter: 'Jemand anderer',
    });
    expect(extra.statusCode).toBe(400);
  });

  it("When company B reports on A's ad, or roles use the wrong variant, then 403 and the ad stays active", async () => {
    const id = await publish(a, 'Hausmeister');
    expect((await report(b.token, companyReport(id))).statusCode).toBe(403);
    expect((await report(a.token, consultantReport(id))).statusCode).toBe(403);
    expect((await report(consultant.token, companyReport(id))).statusCode).toBe(403);
    expect((await report(undefined, consultantReport(id))).statusCode).toBe(401);
    expect(await isPublished(id)).toBe(true);
    expect(await ctx.database.query('SELECT id FROM placement_reports WHERE job_id = $1', [id])).toEqual([]);
  });

  it('When an invoice field is empty, then it answers the form message and nothing is stored', async () => {
    const id = await publish(a, 'Kellner');
    for (const field of ['recruiter', 'recruiterMail', 'street', 'houseNr', 'postalCode', 'city', 'uid']) {
      const res = await report(a.token, { ...companyReport(id), [field]: ' ' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.message).toBe(MSG.fillAllFields);
    }
    expect((await report(a.token, { ...companyReport(id), actualSalary: -5 })).statusCode).toBe(400);
    expect((await report(a.token, { ...companyReport(id), variant: 'admin' })).statusCode).toBe(400);
    expect(await isPublished(id)).toBe(true);
  });

  it('When the advertisement is unknown or already inactive, then 404 / 409 with a German message', async () => {
    const unknown = await report(consultant.token, consultantReport(999999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MSG.advertisementGone);
    const id = await publish(a, 'Abwäscher');
    await converse(consultant, id);
    expect((await report(a.token, companyReport(id))).statusCode).toBe(201);
    const again = await report(consultant.token, consultantReport(id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(JOB_MSG.inactive);
  });

  it('When queuing a mail fails, then the report and the deactivation are rolled back', async () => {
    const id = await publish(a, 'Rollback');
    await converse(consultant, id);
    await ctx.database.execScript(`
      CREATE FUNCTION test_fail_mail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.event = 'placement.confirmation' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_fail_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION test_fail_mail();`);
    try {
      const before = await ctx.database.query('SELECT id FROM mail_outbox');
      const res = await report(consultant.token, consultantReport(id));
      expect(res.statusCode).toBe(500);
      expect(await isPublished(id)).toBe(true);
      expect(await ctx.database.query('SELECT id FROM placement_reports WHERE job_id = $1', [id])).toEqual([]);
      expect(await ctx.database.query('SELECT id FROM mail_outbox')).toHaveLength(before.length);
    } finally {
      await ctx.database.execScript('DROP TRIGGER test_fail_mail ON mail_outbox; DROP FUNCTION test_fail_mail();');
    }
  });
});

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
    const companySocket = await connectChat(baseUrl, a.token);
    const otherSocket = await connectChat(baseUrl, b.token);
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
