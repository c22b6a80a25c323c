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
 * Issue 28 (1): a guarantee claim is tied to its placement — from the company's side, the
 * attacks that got 50 % back: an employment that began before the report, and a placement
 * reported 300 days ago. The back office's acceptance and its direct 'garantiefall' apply the
 * same window as the filing.
 */

const clock = new TestClock();
let ctx: TestContext;
let company: TestUser;
let admin: TestUser;

async function invoicedReportDaysAgo(days: number, title: string): Promise<number> {
  return clock.daysAgo(days, async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: title, placementBonus: 20 });
    const id = await reportId(ctx, company, companyReportBody(advertisement, { jobTitle: title }));
    const invoiced = await setPlacementStatus(ctx, admin, id, 'verrechnet');
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    return id;
  });
}

const refunds = async (id: number) =>
  ctx.database.query('SELECT id FROM invoices WHERE placement_report_id = $1 AND kind = $2', [id, 'korrektur']);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock.now, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  admin = await createUser(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('the guarantee belongs to the placement', () => {
  it('When the company claims an employment that began 56 days before the report, then the claim is refused naming the report day', async () => {
    const id = await invoicedReportDaysAgo(0, 'Koch');
    const res = await fileClaim(ctx, company, id, {
      employmentStart: addCalendarDays(clock.today(), -56),
      employmentEnd: addCalendarDays(clock.today(), -1),
      endedBy: 'arbeitnehmer',
      note: 'Gekündigt',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/nicht vor der Vermittlung am \d{2}\.\d{2}\.\d{4} begonnen haben/);
    expect(await refunds(id)).toEqual([]);
  });

  it('When the placement was reported 300 days ago, then a claim about a recent employment is refused and nothing is refunded', async () => {
    const id = await invoicedReportDaysAgo(300, 'Kellner');
    const res = await fileClaim(ctx, company, id, {
      employmentStart: addCalendarDays(clock.today(), -20),
      employmentEnd: addCalendarDays(clock.today(), -5),
      endedBy: 'arbeitgeber',
      note: 'Probezeit',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/mehr als 6 Monate nach der Vermittlung beginnt/);
    // Within 6 months of the report, but ending after the guarantee (report + 60 days).
    const late = await invoicedReportDaysAgo(100, 'Rezeption');
    const ended = await fileClaim(ctx, company, late, {
      employmentStart: addCalendarDays(clock.today(), -50),
      employmentEnd: addCalendarDays(clock.today(), -3),
      endedBy: 'arbeitgeber',
      note: 'Probezeit',
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toMatch(/Garantie dieser Vermittlung endete am/);
    expect(await refunds(id)).toEqual([]);
    expect(await refunds(late)).toEqual([]);
  });

  it('When a claim outside the window is already on file, then the back office can neither accept it nor set garantiefall — only reject it', async () => {
    const id = await invoicedReportDaysAgo(300, 'Barista');
    // Filed before the rule existed: the row as the old check let it in.
    const [claim] = await ctx.database.query<{ id: number }>(
      `INSERT INTO guarantee_claims (placement_report_id, company_id, employment_start, employment_end, ended_by, note, created_at)
       VALUES ($1, $2, $3, $4, 'arbeitgeber', 'Alt', $5) RETURNING id`,
      [id, company.id, addCalendarDays(clock.today(), -20), addCalendarDays(clock.today(), -5), clock.now],
    );
    const accepted = await decideClaim(ctx, admin, claim!.id, { decision: 'angenommen' });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toMatch(/mehr als 6 Monate nach der Vermittlung/);
    const direct = await setPlacementStatus(ctx, admin, id, 'garantiefall');
    expect(direct.statusCode).toBe(409);
    expect(await refunds(id)).toEqual([]);
    const rejected = await decideClaim(ctx, admin, claim!.id, {
      decision: 'abgelehnt',
      reason: 'Außerhalb der Garantie.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [report] = await ctx.database.query<{ status: string }>(
      'SELECT status FROM placement_reports WHERE id = $1',
      [id],
    );
    expect(report!.status).toBe('verrechnet');
  });

  it('When a claim within the window is accepted, then the refund is issued as before', async () => {
    const id = await invoicedReportDaysAgo(20, 'Sommelier');
    const filed = await fileClaim(ctx, company, id, {
      employmentStart: addCalendarDays(clock.today(), -15),
      employmentEnd: addCalendarDays(clock.today(), -1),
      endedBy: 'einvernehmlich',
      note: 'Auflösung',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const accepted = await decideClaim(ctx, admin, filed.json().data.id as number, { decision: 'angenommen' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await refunds(id)).toHaveLength(1);
  });
});
