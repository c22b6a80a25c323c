import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import {
  companyReportBody,
  decideClaim,
  fileClaim,
  reportId,
  setPlacementStatus,
  TestClock,
} from '../../../test/support/placement-fixtures';

/**
 * Issue 28 (7): the back office's money commands take their locks in one order — the report,
 * then its claims, then invoices — so concurrent acceptance, status change and correction on
 * PostgreSQL (real parallel transactions) never deadlock into a 500.
 */

const clock = new TestClock();
let ctx: TestContext;
let company: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock.now, env: { RATE_LIMIT_FACTOR: '1000' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  admin = await createUser(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('money commands under concurrency', () => {
  it('When 90 acceptances, status changes and corrections hit 10 placements at once, then every answer is 200 or 409 and each placement is refunded at most once', async () => {
    const placements: Array<{ id: number; claimId: number }> = [];
    for (let i = 0; i < 10; i += 1) {
      const id = await clock.daysAgo(20, async () => {
        const advertisement = await publishJob(ctx, company, { jobTitle: `Stelle ${i}`, placementBonus: 20 });
        const report = await reportId(ctx, company, companyReportBody(advertisement, { jobTitle: `Stelle ${i}` }));
        expect((await setPlacementStatus(ctx, admin, report, 'verrechnet')).statusCode).toBe(200);
        return report;
      });
      const filed = await fileClaim(ctx, company, id, {
        employmentStart: addCalendarDays(clock.today(), -15),
        employmentEnd: addCalendarDays(clock.today(), -1),
        endedBy: 'arbeitgeber',
        note: 'Probezeit',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      placements.push({ id, claimId: filed.json().data.id as number });
    }

    const correct = (id: number, salary: number) =>
      ctx.request({
        method: 'POST',
        url: `/api/admin/placement-reports/${id}/correction`,
        token: admin.token,
        payload: { placementBonus: 20, actualSalary: salary, reason: 'Gehalt laut Vertrag' },
      });
    const actions = placements.flatMap(({ id, claimId }) => [
      () => decideClaim(ctx, admin, claimId, { decision: 'angenommen' }),
      () => setPlacementStatus(ctx, admin, id, 'garantiefall'),
      () => correct(id, 55000),
      () => decideClaim(ctx, admin, claimId, { decision: 'angenommen' }),
      () => setPlacementStatus(ctx, admin, id, 'bezahlt'),
      () => correct(id, 50000),
      () => setPlacementStatus(ctx, admin, id, 'garantiefall'),
      () => decideClaim(ctx, admin, claimId, { decision: 'abgelehnt', reason: 'Nicht belegt.' }),
      () => correct(id, 58000),
    ]);
    expect(actions).toHaveLength(90);
    const answers = await Promise.all(actions.map((action) => action()));
    const unexpected = answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409);
    expect(
      unexpected.map((a) => `${a.statusCode} ${a.body}`),
      'no deadlock, no 500',
    ).toEqual([]);

    for (const { id, claimId } of placements) {
      const [claim] = await ctx.database.query<{ status: string }>(
        'SELECT status FROM guarantee_claims WHERE id = $1',
        [claimId],
      );
      const [report] = await ctx.database.query<{ status: string }>(
        'SELECT status FROM placement_reports WHERE id = $1',
        [id],
      );
      // An accepted claim is a guarantee case and the other way round; a rejected one leaves none.
      expect(claim!.status === 'angenommen').toBe(report!.status === 'garantiefall');
      const [counts] = await ctx.database.query<{ invoices: number; corrections: number }>(
        `SELECT count(*) FILTER (WHERE kind = 'rechnung')::int AS invoices,
                count(*) FILTER (WHERE kind = 'korrektur')::int AS corrections
           FROM invoices WHERE placement_report_id = $1`,
        [id],
      );
      // Each corrected amount cancels one invoice; the guarantee refund comes once at most.
      const refunds = counts!.corrections - (counts!.invoices - 1);
      expect(refunds).toBe(report!.status === 'garantiefall' ? 1 : 0);
    }
  });
});
