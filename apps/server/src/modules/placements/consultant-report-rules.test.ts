import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, PLACEMENT_REVIEW_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import {
  adminReportOf,
  companyReportBody,
  consultantReportBody,
  introduceCandidate,
  postReport,
  reviewReport,
  reportId,
  setPlacementStatus,
  TestClock,
} from '../../../test/support/placement-fixtures';

/**
 * Issue 28 (6), from the consultant's side: a chat message does not let anyone take a company's
 * advertisement offline. A consultant reports for an introduction of theirs once the company made
 * an offer or hired; without one the back office reviews first and the advertisement stays
 * active; after an objection no new report on that advertisement, and objections pile up as a
 * flag. One hire is reported once.
 */

const clock = new TestClock();
let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock.now, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  admin = await createUser(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

const chat = (by: TestUser, advertisement: number) =>
  ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: by.token,
    payload: { advertisement, message: 'Ich hätte eine passende Kandidatin.' },
  });

async function published(advertisement: number): Promise<boolean> {
  const res = await ctx.request({ method: 'GET', url: `/api/jobs/${advertisement}`, token: consultant.token });
  return res.statusCode === 200;
}

const adminReport = (id: number) => adminReportOf(ctx, admin, id);
const review = (id: number, data: object) => reviewReport(ctx, admin, id, data);

const object = (id: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/placement-reports/${id}/objection`,
    token: company.token,
    payload: { data: { note: 'Niemand wurde eingestellt.' } },
  });

const introduce = (by: TestUser, advertisement: number, email: string) =>
  introduceCandidate(ctx, by, advertisement, email);

const move = (id: number, status: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/introductions/${id}/status`,
    token: company.token,
    payload: { data: { status } },
  });

describe("a consultant's report", () => {
  it('When a consultant who only chatted reports a placement, then the advertisement stays active until the office releases the report', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Koch', placementBonus: 20 });
    expect((await chat(consultant, advertisement)).statusCode).toBe(201);
    const res = await postReport(ctx, consultant, consultantReportBody(advertisement));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.reviewPending).toBe(true);
    expect(await published(advertisement)).toBe(true);
    const id = res.json().data.id as number;
    expect((await adminReport(id)).flags.map((f) => f.code)).toEqual(['ohne_vorstellung']);
    const invoiced = await setPlacementStatus(ctx, admin, id, 'verrechnet', {});
    expect(invoiced.statusCode).toBe(409);
    expect(invoiced.json().error.message).toBe(PLACEMENT_REVIEW_MSG.needsReview);

    // Again and again: refused while the first one is open.
    const again = await postReport(ctx, consultant, consultantReportBody(advertisement));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PLACEMENT_REVIEW_MSG.alreadyReported);

    const released = await review(id, { decision: 'freigegeben', note: 'Vom Unternehmen telefonisch bestätigt.' });
    expect(released.statusCode, released.body).toBe(200);
    expect(await published(advertisement)).toBe(false);
  });

  it('When the company declared the candidate known in time and later hires them, then the agency cannot report through that introduction', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Barkeeper', placementBonus: 20 });
    const introduction = await introduce(consultant, advertisement, 'bekannt.barkeeper@example.at');
    const known = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${introduction}/already-known`,
      token: company.token,
      payload: { note: 'Hat sich im Oktober selbst bei uns beworben.' },
    });
    expect(known.statusCode, known.body).toBe(200);
    expect((await move(introduction, 'angebot')).statusCode).toBe(200);
    const res = await postReport(ctx, consultant, consultantReportBody(advertisement, { introduction }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(PLACEMENT_REVIEW_MSG.introductionKnown);
    expect(await published(advertisement)).toBe(true);
  });

  it('When the company objected to a report, then the consultant cannot report on that advertisement again without an offer', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Kellner', placementBonus: 20 });
    await chat(consultant, advertisement);
    const first = await reportId(ctx, consultant, consultantReportBody(advertisement));
    expect((await object(first)).statusCode).toBe(200);
    expect((await review(first, { decision: 'verworfen', note: 'Keine Einstellung.' })).statusCode).toBe(200);
    const again = await postReport(ctx, consultant, consultantReportBody(advertisement));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PLACEMENT_REVIEW_MSG.objectedBefore);
    expect((await adminReport(first)).status).toBe('verworfen');
    const invoiced = await setPlacementStatus(ctx, admin, first, 'verrechnet');
    expect(invoiced.statusCode).toBe(409);
    // Discarded: never invoiced, whatever a review would say.
    expect(invoiced.json().error.message).toBe(ADMIN_MSG.statusNotAllowed);
  });

  it('When the company objects after the office released a report, then the release no longer stands: invoicing waits for a new review, on the server clock', async () => {
    // His own consultant: this objection does not count towards the others' flags.
    const fresh = await createUser(ctx, { role: 'consultant' });
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Konditor', placementBonus: 20 });
    await chat(fresh, advertisement);
    const id = await reportId(ctx, fresh, consultantReportBody(advertisement));
    // Release and objection within the same second of the server's clock, 20 days ago.
    await clock.daysAgo(20, async () => {
      expect((await review(id, { decision: 'freigegeben', note: 'Telefonisch bestätigt.' })).statusCode).toBe(200);
      expect(await published(advertisement)).toBe(false);
      const objection = await object(id);
      expect(objection.statusCode, objection.body).toBe(200);
      expect(objection.json().data).toMatchObject({ objectedAt: clock.now.toISOString(), reviewPending: true });
      expect(await published(advertisement)).toBe(true);
      const report = await adminReport(id);
      expect(report).toMatchObject({ needsReview: true, review: null });
      const invoiced = await setPlacementStatus(ctx, admin, id, 'verrechnet');
      expect(invoiced.statusCode).toBe(409);
      expect(invoiced.json().error.message).toBe(PLACEMENT_REVIEW_MSG.needsReview);
    });
    const [audit] = await ctx.database.query<{ before: { review: unknown } }>(
      "SELECT before FROM audit_log WHERE action = 'placement.objection' AND entity_id = $1",
      [String(id)],
    );
    expect(audit!.before.review).toMatchObject({ decision: 'freigegeben' });
    expect((await review(id, { decision: 'freigegeben', note: 'Nach Rücksprache bestätigt.' })).statusCode).toBe(200);
    const invoiceAddress = {
      name: 'Alpenhof GmbH',
      street: 'Hauptplatz',
      houseNr: '1',
      postalCode: '8010',
      city: 'Graz',
      uid: 'ATU12345678',
    };
    const invoiced = await setPlacementStatus(ctx, admin, id, 'verrechnet', { invoiceAddress });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
  });

  it('When companies objected to two of his reports, then his next report is flagged for the office', async () => {
    const second = await publishJob(ctx, company, { jobTitle: 'Barista', placementBonus: 20 });
    await chat(consultant, second);
    expect((await object(await reportId(ctx, consultant, consultantReportBody(second)))).statusCode).toBe(200);
    const third = await publishJob(ctx, company, { jobTitle: 'Sommelier', placementBonus: 20 });
    await chat(consultant, third);
    const id = await reportId(ctx, consultant, consultantReportBody(third));
    expect((await adminReport(id)).flags.map((f) => f.code)).toEqual(['ohne_vorstellung', 'wiederholt_widersprochen']);
  });

  it("When the consultant names an introduction the company has not made an offer for, then 409; at 'Angebot' the report deactivates the advertisement at once", async () => {
    // A consultant without objections: nothing else flags the report.
    const fresh = await createUser(ctx, { role: 'consultant' });
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Rezeption', placementBonus: 18 });
    const intro = await introduce(fresh, advertisement, 'anna.angebot@example.at');
    const early = await postReport(ctx, fresh, consultantReportBody(advertisement, { introduction: intro }));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(PLACEMENT_REVIEW_MSG.introductionStage);
    expect(await published(advertisement)).toBe(true);
    expect((await move(intro, 'angebot')).statusCode).toBe(200);
    const res = await postReport(ctx, fresh, consultantReportBody(advertisement, { introduction: intro }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.reviewPending).toBe(false);
    expect(await published(advertisement)).toBe(false);
    expect((await adminReport(res.json().data.id as number)).needsReview).toBe(false);

    // The same hire once: the company objects (the advertisement is active again) and reports the
    // same introduction itself — refused, the consultant's report names it.
    expect((await object(res.json().data.id as number)).statusCode).toBe(200);
    expect(await published(advertisement)).toBe(true);
    const twice = await postReport(ctx, company, companyReportBody(advertisement, { introduction: intro }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(PLACEMENT_REVIEW_MSG.introductionReported);
  });

  it('When a consultant declares a bonus above the one in force and a salary far above the advertisement, then both are flagged', async () => {
    const advertisement = await publishJob(ctx, company, {
      jobTitle: 'Hausmeister',
      placementBonus: 10,
      salary: '40.000',
    });
    await chat(consultant, advertisement);
    const id = await reportId(
      ctx,
      consultant,
      consultantReportBody(advertisement, { placementBonus: 30, actualSalary: 90000 }),
    );
    expect((await adminReport(id)).flags.map((f) => f.code)).toEqual([
      'ohne_vorstellung',
      'praemie_ueber_aktiver',
      'gehalt_weit_ueber',
      'wiederholt_widersprochen',
    ]);
  });
});
