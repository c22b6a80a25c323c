import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import {
  adminReportOf,
  companyReportBody,
  introduceCandidate,
  reportId,
  setPlacementStatus,
} from '../../../test/support/placement-fixtures';
import { introductions } from '../../db/schema';
import { sameCompany } from './former-companies';

/**
 * Issue 28 (4), from the side of a company that deletes its account and returns on a free-mail
 * address: the UID it was invoiced under links it to its former introductions. Irish VAT numbers
 * may contain '+' and '*' in the third place (IE1+23456A, IE1*23456A); they are part of the
 * number and must link as well as any other.
 */

let ctx: TestContext;
let consultant: TestUser;
let admin: TestUser;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  admin = await createUser(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

const irish = (uid: string, overrides: Record<string, unknown>) => ({ uid, country: 'IE', ...overrides });

describe('a company that returns under its Irish UID', () => {
  it.each(['IE1+23456A', 'IE1*23456A', 'IE1234567FA'])(
    'When a company invoiced under %s deletes its account and returns on a new free-mail account with the same UID, then its old introduction counts as the same company (Umgehungsverdacht on a hire)',
    async (uid) => {
      n += 1;
      const old = await createUser(ctx, { role: 'company', email: `irish.${n}@gmail.com` });
      const paidAd = await publishJob(ctx, old, { placementBonus: 20 });
      const paid = await reportId(ctx, old, companyReportBody(paidAd, irish(uid, { placementBonus: 20 })));
      expect((await setPlacementStatus(ctx, admin, paid, 'verrechnet')).statusCode).toBe(200);
      expect((await setPlacementStatus(ctx, admin, paid, 'bezahlt')).statusCode).toBe(200);
      const oldAd = await publishJob(ctx, old);
      const candidate = `irland.${n}@example.at`;
      const claim = await introduceCandidate(ctx, consultant, oldAd, candidate);
      const rejected = await ctx.request({
        method: 'POST',
        url: `/api/introductions/${claim}/status`,
        token: old.token,
        payload: { data: { status: 'abgesagt', reason: 'Passt nicht.' } },
      });
      expect(rejected.statusCode).toBe(200);
      expect((await ctx.request({ method: 'DELETE', url: `/api/users/${old.id}`, token: old.token })).statusCode).toBe(
        200,
      );

      const again = await createUser(ctx, { role: 'company', email: `irish.neu.${n}@gmail.com` });
      // Before the new account reported anything: the UID it gives is the only link.
      // (also as typed into a form: normalised like the report's UID field).
      for (const given of [uid, ` ${uid.toLowerCase().slice(0, 4)} ${uid.slice(4)}`]) {
        const linked = await ctx.app.db
          .select({ id: introductions.id })
          .from(introductions)
          .where(sameCompany({ contactId: again.id, organisationId: null }, new Date(), [given]));
        expect(linked.map((r) => r.id)).toEqual([claim]);
      }
      const newAd = await publishJob(ctx, again, { placementBonus: 15 });
      const id = await reportId(
        ctx,
        again,
        companyReportBody(newAd, irish(uid, { placementBonus: 15, candidateEmail: candidate })),
      );
      expect((await adminReportOf(ctx, admin, id)).circumvention?.evidence).toEqual([
        expect.objectContaining({ introductionId: claim, basis: 'candidate' }),
      ]);
    },
  );
});
