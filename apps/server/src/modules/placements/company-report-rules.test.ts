import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENT_REVIEW_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import {
  adminReportOf,
  companyReportBody,
  introduceCandidate,
  postReport,
  reviewReport,
  reportId,
  setPlacementStatus,
  TestClock,
} from '../../../test/support/placement-fixtures';
import { verifyRegister } from '../introductions/register-verify';
import { runRetention } from '../retention/service';

/**
 * Issue 28 (2), from the company's side: its own report cannot skip the fee or the circumvention
 * check — it names the hired person (only fingerprints are kept), a bonus below the one in force,
 * a salary of 0 or far below the advertisement, a contact that does not fit the named
 * introduction, or no introduction while others are live, all need the office's audited
 * decision before an invoice; a 0 € invoice is never issued.
 */

const clock = new TestClock();
let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
let rival: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock.now, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  rival = await createUser(ctx, { role: 'consultant', username: 'Markus Recruiting' });
  admin = await createUser(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

const adminReport = (id: number) => adminReportOf(ctx, admin, id);
const review = (id: number, data: object) => reviewReport(ctx, admin, id, data);
const introduce = (by: TestUser, advertisement: number, email: string) =>
  introduceCandidate(ctx, by, advertisement, email);

/** The report waits for the office: 'verrechnet' is refused with the review's message. */
async function expectHeldForReview(id: number): Promise<void> {
  expect((await adminReport(id)).needsReview).toBe(true);
  const invoiced = await setPlacementStatus(ctx, admin, id, 'verrechnet');
  expect(invoiced.statusCode).toBe(409);
  expect(invoiced.json().error.message).toBe(PLACEMENT_REVIEW_MSG.needsReview);
}

describe("a company's own report", () => {
  it('When the company reports its hire at 0 % on an advertisement at 20 %, then invoicing waits for the office, which releases it at 20 % (audited); 0 € is never invoiced', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Koch', placementBonus: 20 });
    const id = await reportId(ctx, company, companyReportBody(advertisement, { placementBonus: 0 }));
    const flagged = await adminReport(id);
    expect(flagged.flags.map((f) => f.code)).toEqual(['praemie_unter_aktiver', 'betrag_null']);
    expect(flagged.flags[0]!.reason).toBe('Gemeldet 0 %, aktive Prämie des Inserats 20 %.');
    await expectHeldForReview(id);
    const atZero = await review(id, { decision: 'freigegeben', note: 'Passt so.' });
    expect(atZero.statusCode).toBe(409);
    expect(atZero.json().error.message).toBe(PLACEMENT_REVIEW_MSG.zeroAmount);
    expect((await review(id, { decision: 'freigegeben', note: ' ' })).statusCode).toBe(400);
    expect(
      (
        await ctx.request({
          method: 'PUT',
          url: `/api/admin/placement-reports/${id}/review`,
          token: company.token,
          payload: { decision: 'freigegeben', note: 'Selbst freigegeben', placementBonus: 0 },
        })
      ).statusCode,
    ).toBe(403);

    const released = await review(id, { decision: 'freigegeben', note: 'Vereinbart waren 20 %.', placementBonus: 20 });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ placementBonus: 20, needsReview: false });
    expect((await setPlacementStatus(ctx, admin, id, 'verrechnet')).statusCode).toBe(200);
    const [invoice] = await ctx.database.query<{ net_cents: string }>(
      "SELECT net_cents FROM invoices WHERE placement_report_id = $1 AND kind = 'rechnung'",
      [id],
    );
    expect(Number(invoice!.net_cents)).toBe(1_320_000);
    const audit = await ctx.database.query<{ after: { decision: string; placementBonus: number } }>(
      "SELECT after FROM audit_log WHERE action = 'placement.review' AND entity_id = $1",
      [String(id)],
    );
    expect(audit[0]!.after).toMatchObject({ decision: 'freigegeben', placementBonus: 20 });
  });

  it('When the company names no hired person, then the report is a German 400 and nothing is stored', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Kellner' });
    const res = await postReport(ctx, company, companyReportBody(advertisement, { candidateEmail: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PLACEMENT_REVIEW_MSG.hiredContactRequired);
    const rows = await ctx.database.query('SELECT id FROM placement_reports WHERE job_id = $1', [advertisement]);
    expect(rows).toEqual([]);
  });

  it('When the company reports its own hire while introductions are live on the advertisement, then it is Umgehungsverdacht with those introductions as evidence', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Rezeption', placementBonus: 18 });
    const live = await introduce(consultant, advertisement, 'lena.live@example.at');
    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { placementBonus: 18, candidateEmail: 'jemand.anderer@example.at' }),
    );
    const report = await adminReport(id);
    expect(report.circumvention?.evidence).toEqual([
      expect.objectContaining({
        introductionId: live,
        consultantId: consultant.id,
        matchedBy: [],
        basis: 'advertisement',
      }),
    ]);
    await expectHeldForReview(id);
    // The hint is the office's, not a register fact: the register still verifies.
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  it('When the company rejects the live introductions, waits, then reports its own hire naming none, then the claims still revivable are Umgehungsverdacht evidence — the one past its revival window is not', async () => {
    const move = (id: number, status: string, reason: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/introductions/${id}/status`,
        token: company.token,
        payload: { data: { status, reason } },
      });
    const advertisement = await clock.daysAgo(300, () => publishJob(ctx, company, { jobTitle: 'Patissier' }));
    // Rejected 250 days ago: the claim could revive for 7 months, until about 37 days ago.
    const expired = await clock.daysAgo(300, () => introduce(rival, advertisement, 'alt.abgelaufen@example.at'));
    await clock.daysAgo(250, async () => expect((await move(expired, 'abgesagt', 'Kein Bedarf')).statusCode).toBe(200));
    // Rejected 60 days ago: still revivable.
    const lapsed = await clock.daysAgo(90, () => introduce(consultant, advertisement, 'noch.offen@example.at'));
    await clock.daysAgo(60, async () => expect((await move(lapsed, 'abgesagt', 'Kein Bedarf')).statusCode).toBe(200));

    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { jobTitle: 'Patissier', candidateEmail: 'jemand.drittes@example.at' }),
    );
    const report = await adminReport(id);
    expect(report.circumvention?.evidence).toEqual([
      expect.objectContaining({
        introductionId: lapsed,
        consultantId: consultant.id,
        claim: 'lapsed',
        matchedBy: [],
        basis: 'advertisement',
      }),
    ]);
    await expectHeldForReview(id);
    // Only a hint: the lapsed claim is not revived by a report that did not name its candidate.
    const [row] = await ctx.database.query<{ claim_lapsed_at: Date | null }>(
      'SELECT claim_lapsed_at FROM introductions WHERE id = $1',
      [lapsed],
    );
    expect(row!.claim_lapsed_at).not.toBeNull();
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  it("When the company names one introduction but hires another consultant's candidate, then the contact mismatch and the circumvention are flagged", async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Barista', placementBonus: 15 });
    const cheap = await introduce(consultant, advertisement, 'named.person@example.at');
    const hiredElsewhere = await introduce(rival, advertisement, 'hired.person@example.at');
    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { introduction: cheap, candidateEmail: 'hired.person@example.at' }),
    );
    const report = await adminReport(id);
    expect(report.flags.map((f) => f.code)).toContain('kontakt_passt_nicht');
    expect(report.circumvention?.evidence).toEqual([
      expect.objectContaining({ introductionId: hiredElsewhere, matchedBy: ['email'], basis: 'candidate' }),
    ]);
  });

  it('When the company reports the same hired person again on another advertisement, then the office sees the earlier report as a double-invoice risk; a discarded one does not count', async () => {
    const first = await publishJob(ctx, company, { jobTitle: 'Souschef' });
    const earlier = await reportId(
      ctx,
      company,
      companyReportBody(first, { jobTitle: 'Souschef', candidateEmail: 'Doppelt.Gemeldet@example.at' }),
    );
    const second = await publishJob(ctx, company, { jobTitle: 'Küchenchef' });
    const id = await reportId(
      ctx,
      company,
      companyReportBody(second, { jobTitle: 'Küchenchef', candidateEmail: 'doppelt.gemeldet@example.at' }),
    );
    const report = await adminReport(id);
    expect(report.flags).toEqual([
      {
        code: 'doppelt_gemeldet',
        reason: `Dieselbe Person (E-Mail/Telefon) hat das Unternehmen bereits mit Meldung Nr. ${earlier} gemeldet; Gefahr einer doppelten Rechnung.`,
      },
    ]);
    await expectHeldForReview(id);

    // Both discarded (never invoiced): a third report of that person is no double.
    expect((await review(id, { decision: 'verworfen', note: 'Doppelt gemeldet.' })).statusCode).toBe(200);
    expect((await review(earlier, { decision: 'verworfen', note: 'Falsch gemeldet.' })).statusCode).toBe(200);
    const third = await publishJob(ctx, company, { jobTitle: 'Jungkoch' });
    const again = await reportId(
      ctx,
      company,
      companyReportBody(third, { jobTitle: 'Jungkoch', candidateEmail: 'doppelt.gemeldet@example.at' }),
    );
    expect((await adminReport(again)).flags).toEqual([]);
  });

  it('When the salary is 0 or far below the advertisement, then it is flagged with the figures', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Hausmeister', salary: '40.000 – 50.000' });
    const zero = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { placementBonus: 15, actualSalary: 0 }),
    );
    expect((await adminReport(zero)).flags.map((f) => f.code)).toEqual(['gehalt_null', 'betrag_null']);
    const second = await publishJob(ctx, company, { jobTitle: 'Portier', salary: '40.000 – 50.000' });
    const low = await reportId(ctx, company, companyReportBody(second, { placementBonus: 15, actualSalary: 20000 }));
    const [flag, ...more] = (await adminReport(low)).flags;
    expect(more).toEqual([]);
    expect(flag!.code).toBe('gehalt_weit_unter');
    expect(flag!.reason.replace(/\s/g, ' ')).toBe('Gemeldet € 20.000,00, das Inserat nennt ab € 40.000,00.');
  });

  it('When a report names the hired person, then only keyed fingerprints are kept — never the address — and retention deletes them after 12 months', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Sommelier' });
    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { candidateEmail: 'Clara.Klar@Example.at' }),
    );
    const [row] = await ctx.database.query<Record<string, unknown>>('SELECT * FROM placement_reports WHERE id = $1', [
      id,
    ]);
    expect(JSON.stringify(row).toLowerCase()).not.toContain('clara.klar');
    expect(row!['hired_email_fingerprint']).toMatch(/^[0-9a-f]{64}$/);
    await runRetention(ctx.app.db, {
      now: new Date(clock.now.getTime() + 370 * 86_400_000),
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      registerSecret: ctx.config.registerSecret,
      storage: ctx.app.storage,
    });
    const [after] = await ctx.database.query<Record<string, unknown>>(
      'SELECT hired_email_fingerprint, hired_fingerprints_deleted_at FROM placement_reports WHERE id = $1',
      [id],
    );
    expect(after!['hired_email_fingerprint']).toBeNull();
    expect(after!['hired_fingerprints_deleted_at']).not.toBeNull();
  });
});
