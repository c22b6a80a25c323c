import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIRCUMVENTION_MONTHS, formatDate } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import {
  adminReportOf,
  companyReportBody,
  introduceCandidate,
  reportId,
  setPlacementStatus,
} from '../../../test/support/placement-fixtures';
import { monthsAfter } from '../../lib/months';
import { runRetention } from '../retention/service';

/**
 * Issue 28 (4), from the company's side: an account with open placements, claims or
 * introductions cannot be deleted — by its owner, the back office or the retention run — and a
 * company that deletes its account and registers again (same domain or UID) finds its former
 * introductions still counting against it.
 */

let ctx: TestContext;
let consultant: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  admin = await createUser(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

const deleteOwn = (user: TestUser) =>
  ctx.request({ method: 'DELETE', url: `/api/users/${user.id}`, token: user.token });

const deleteAsAdmin = (user: TestUser) =>
  ctx.request({ method: 'DELETE', url: `/api/admin/users/${user.id}`, token: admin.token });

const introduce = (advertisement: number, email: string) => introduceCandidate(ctx, consultant, advertisement, email);

const reject = (company: TestUser, id: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/introductions/${id}/status`,
    token: company.token,
    payload: { data: { status: 'abgesagt', reason: 'Passt nicht.' } },
  });

const adminReport = (id: number) => adminReportOf(ctx, admin, id);

async function introducedAt(id: number): Promise<Date> {
  const [row] = await ctx.database.query<{ introduced_at: Date | string }>(
    'SELECT introduced_at FROM introductions WHERE id = $1',
    [id],
  );
  return new Date(row!.introduced_at);
}

describe('deleting an account with open obligations', () => {
  it('When a company with an unpaid placement deletes its account, then it is refused in German — also for the back office — until it is paid', async () => {
    const company = await createUser(ctx, { role: 'company', email: 'hr@gehtweg.at' });
    const advertisement = await publishJob(ctx, company, { placementBonus: 20 });
    const id = await reportId(ctx, company, companyReportBody(advertisement, { placementBonus: 20 }));
    const own = await deleteOwn(company);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(
      'Ihr Konto kann noch nicht gelöscht werden: 1 Vermittlung ist noch nicht verrechnet oder bezahlt (siehe „Rechnungen und Vermittlungen“ bzw. „Meine Vermittlungen“). Sobald alles abgeschlossen ist, können Sie es löschen.',
    );
    expect((await deleteAsAdmin(company)).statusCode).toBe(409);
    expect((await setPlacementStatus(ctx, admin, id, 'verrechnet')).statusCode).toBe(200);
    expect((await deleteOwn(company)).statusCode).toBe(409);
    expect((await setPlacementStatus(ctx, admin, id, 'bezahlt')).statusCode).toBe(200);
    expect((await deleteOwn(company)).statusCode, 'paid: nothing open').toBe(200);
  });

  it('When either party of a live introduction deletes its account, then it is refused until the introduction is closed', async () => {
    const company = await createUser(ctx, { role: 'company' });
    const advertisement = await publishJob(ctx, company);
    const live = await introduce(advertisement, 'laufend@example.at');
    const refused = await deleteOwn(company);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/1 Vorstellung läuft noch/);
    expect((await deleteOwn(consultant)).statusCode).toBe(409);
    expect((await reject(company, live)).statusCode).toBe(200);
    expect((await deleteOwn(company)).statusCode).toBe(200);
  });

  it('When a consultant with a live introduction deletes its account, then the refusal says only the company can close it and until when the claim runs', async () => {
    const company = await createUser(ctx, { role: 'company' });
    const own = await createUser(ctx, { role: 'consultant' });
    const advertisement = await publishJob(ctx, company);
    const live = await introduceCandidate(ctx, own, advertisement, 'wartet@example.at');
    const refused = await deleteOwn(own);
    expect(refused.statusCode).toBe(409);
    const message = refused.json().error.message as string;
    // A consultant cannot reject ('absagen') an introduction: it is told what it can do.
    expect(message).not.toMatch(/„Endgültig absagen“ abschließen/);
    expect(message).toMatch(/1 Vorstellung läuft noch/);
    expect(message).toMatch(/abschließen kann sie nur das Unternehmen/);
    const until = formatDate(monthsAfter(await introducedAt(live), CIRCUMVENTION_MONTHS));
    expect(message).toContain(`spätestens am ${until}`);
    expect((await reject(company, live)).statusCode).toBe(200);
    expect((await deleteOwn(own)).statusCode).toBe(200);
  });

  it('When an introduction is older than the protection of the terms, then it no longer keeps either party from deleting', async () => {
    const company = await createUser(ctx, { role: 'company' });
    const own = await createUser(ctx, { role: 'consultant' });
    const advertisement = await publishJob(ctx, company);
    const old = await introduceCandidate(ctx, own, advertisement, 'vorlangerzeit@example.at');
    await ctx.database.query(
      `UPDATE introductions SET introduced_at = now() - interval '${CIRCUMVENTION_MONTHS} months 1 day',
         status_changed_at = now() - interval '${CIRCUMVENTION_MONTHS} months 1 day' WHERE id = $1`,
      [old],
    );
    expect((await deleteOwn(own)).statusCode, 'the consultant: the claim no longer counts').toBe(200);
    expect((await deleteOwn(company)).statusCode, 'the company too').toBe(200);
  });

  it('When a hire was marked but never reported, then it keeps the company for the protection period after the hire, not forever', async () => {
    const company = await createUser(ctx, { role: 'company' });
    const own = await createUser(ctx, { role: 'consultant' });
    const advertisement = await publishJob(ctx, company);
    const hired = await introduceCandidate(ctx, own, advertisement, 'eingestellt@example.at');
    // Introduced long ago, hired recently without a report: the fee is still open.
    await ctx.database.query(
      `UPDATE introductions SET status = 'eingestellt', introduced_at = now() - interval '20 months',
         status_changed_at = now() - interval '2 months' WHERE id = $1`,
      [hired],
    );
    expect((await deleteOwn(company)).statusCode).toBe(409);
    await ctx.database.query(
      `UPDATE introductions SET status_changed_at = now() - interval '${CIRCUMVENTION_MONTHS} months 1 day' WHERE id = $1`,
      [hired],
    );
    expect((await deleteOwn(company)).statusCode).toBe(200);
    expect((await deleteOwn(own)).statusCode).toBe(200);
  });

  it('When an unused company still owes an invoice, then the retention run keeps it', async () => {
    const company = await createUser(ctx, { role: 'company' });
    const advertisement = await publishJob(ctx, company, { placementBonus: 20 });
    const id = await reportId(ctx, company, companyReportBody(advertisement, { placementBonus: 20 }));
    expect((await setPlacementStatus(ctx, admin, id, 'verrechnet')).statusCode).toBe(200);
    await ctx.database.query(
      "UPDATE users SET last_login = now() - interval '400 days', retention_warned_at = now() - interval '40 days' WHERE id = $1",
      [company.id],
    );
    // Nothing else of this file's accounts is due: only this one is looked at.
    const result = await runRetention(ctx.app.db, {
      now: new Date(),
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      registerSecret: ctx.config.registerSecret,
      storage: ctx.app.storage,
    });
    expect(result.keptUsers).toContain(company.id);
    expect(result.deletedUsers).not.toContain(company.id);
    expect(await ctx.database.query('SELECT id FROM users WHERE id = $1', [company.id])).toHaveLength(1);
  });
});

describe('delete and register again', () => {
  it('When a company deletes its account and registers again under its domain, then hiring a candidate introduced to the old account is Umgehungsverdacht', async () => {
    const old = await createUser(ctx, { role: 'company', email: 'personal@alpenblick-hotels.at' });
    const oldAd = await publishJob(ctx, old);
    const claim = await introduce(oldAd, 'gesucht@example.at');
    expect((await reject(old, claim)).statusCode).toBe(200);
    expect((await deleteOwn(old)).statusCode).toBe(200);

    const again = await createUser(ctx, { role: 'company', email: 'jobs@alpenblick-hotels.at' });
    const newAd = await publishJob(ctx, again, { placementBonus: 15 });
    const id = await reportId(
      ctx,
      again,
      companyReportBody(newAd, { placementBonus: 15, candidateEmail: 'gesucht@example.at' }),
    );
    const report = await adminReport(id);
    expect(report.circumvention?.evidence).toEqual([
      expect.objectContaining({ introductionId: claim, consultantId: consultant.id, basis: 'candidate' }),
    ]);
  });

  it('When a company on a free-mail address returns with the UID it was invoiced under, then the old introductions count too; a stranger on the same free-mail provider is not linked', async () => {
    const old = await createUser(ctx, { role: 'company', email: 'bergbau.ag@gmail.com' });
    const paidAd = await publishJob(ctx, old, { placementBonus: 20 });
    const paid = await reportId(ctx, old, companyReportBody(paidAd, { placementBonus: 20, uid: 'ATU87654321' }));
    expect((await setPlacementStatus(ctx, admin, paid, 'verrechnet')).statusCode).toBe(200);
    expect((await setPlacementStatus(ctx, admin, paid, 'bezahlt')).statusCode).toBe(200);
    const oldAd = await publishJob(ctx, old);
    const claim = await introduce(oldAd, 'bergmann@example.at');
    expect((await reject(old, claim)).statusCode).toBe(200);
    expect((await deleteOwn(old)).statusCode).toBe(200);

    const stranger = await createUser(ctx, { role: 'company', email: 'someone.else@gmail.com' });
    const strangerAd = await publishJob(ctx, stranger, { placementBonus: 15 });
    const unrelated = await reportId(
      ctx,
      stranger,
      companyReportBody(strangerAd, { placementBonus: 15, candidateEmail: 'bergmann@example.at' }),
    );
    expect((await adminReport(unrelated)).circumvention).toBeNull();

    const again = await createUser(ctx, { role: 'company', email: 'bergbau.neu@gmail.com' });
    const newAd = await publishJob(ctx, again, { placementBonus: 15 });
    const id = await reportId(
      ctx,
      again,
      companyReportBody(newAd, { placementBonus: 15, uid: 'ATU87654321', candidateEmail: 'bergmann@example.at' }),
    );
    expect((await adminReport(id)).circumvention?.evidence).toEqual([
      expect.objectContaining({ introductionId: claim, basis: 'candidate' }),
    ]);
  });
});
