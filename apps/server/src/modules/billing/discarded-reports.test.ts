import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, EarningsOverview } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import {
  companyReportBody,
  consultantReportBody,
  reportId,
  reviewReport,
} from '../../../test/support/placement-fixtures';

/**
 * Issue 28, from the consultant's side: a report the back office discarded ('verworfen') is never
 * invoiced, so it counts nowhere money is summed — not in the dashboard's figures, not in the
 * consultant's yearly totals, not in the CSV export.
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
let admin: TestUser;
let discarded: number;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  admin = await createUser(ctx, { role: 'admin' });
  // A placement that stands: the company names the consultant as its recruiter (20 % of 60,000 €).
  const kept = await publishJob(ctx, company, { jobTitle: 'Koch' });
  await reportId(ctx, company, companyReportBody(kept, { recruiterMail: consultant.email }));
  // The consultant claims another hire without an introduction: the office discards it.
  const other = await publishJob(ctx, company, { jobTitle: 'Kellner' });
  await ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: consultant.token,
    payload: { advertisement: other, message: 'Ich hätte eine passende Kandidatin.' },
  });
  discarded = await reportId(
    ctx,
    consultant,
    consultantReportBody(other, { jobTitle: 'Kellner', placementBonus: 30, actualSalary: 90000 }),
  );
  const res = await reviewReport(ctx, admin, discarded, { decision: 'verworfen', note: 'Keine Einstellung.' });
  if (res.statusCode !== 200) throw new Error(res.body);
});

afterAll(async () => {
  await ctx?.close();
});

describe('a discarded report', () => {
  it('When the office discarded a report, then the dashboard counts and sums only the placement that stands', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: admin.token });
    const d = res.json<{ data: AdminDashboard }>().data;
    expect(d.placementsThisMonth).toBe(1);
    expect(d.placementsThisYear).toBe(1);
    expect(d.fees).toMatchObject({
      placementFeeTotal: 12_000,
      serviceFeeTotal: 1_200,
      placementFeeThisYear: 12_000,
      serviceFeeThisYear: 1_200,
    });
    expect(d.months.at(-1)).toMatchObject({ placements: 1, placementFees: 12_000, serviceFees: 1_200 });
  });

  it('When the consultant looks at the yearly totals and exports, then the discarded report is in neither', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/earnings', token: consultant.token });
    const overview = res.json<{ data: EarningsOverview }>().data;
    // The list still shows it as discarded, so the consultant knows.
    expect(overview.placements.find((p) => p.id === discarded)?.statusText).toBe('Verworfen');
    expect(overview.years).toEqual([
      expect.objectContaining({ placements: 1, bonusCents: 1_200_000, refundedBonusCents: 0 }),
    ]);
    const csv = await ctx.request({ method: 'GET', url: '/api/earnings.csv', token: consultant.token });
    const rows = csv.body.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows.some((r) => r.startsWith(`${discarded};`))).toBe(false);
  });
});
