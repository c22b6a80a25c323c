import { afterAll, beforeAll, expect } from 'vitest';
import type { EarningsOverview, Invoice, Job } from '@pb/core';
import { createTestContext, type TestContext } from '../helpers';
import { createUser, jobData, type TestUser } from '../factories';
import {
  companyReportBody,
  decideClaim,
  fileClaim,
  reportId,
  setPlacementStatus,
  TestClock,
} from './placement-fixtures';
import { socketSide, type EventLog } from './socket-client';

/**
 * Issue 12's suite (src/modules/billing/billing-*.test.ts): report → 'verrechnet' → invoice →
 * guarantee claim → decision → correction invoice and refund, end to end through the API.
 *
 * Each file calls billingSuite() once at its top level: it registers the file's beforeAll (a test
 * context on a clock the tests move, listening for Socket.IO, two companies, a consultant and the
 * back office) and afterAll (closes the sockets the tests opened, then the context). The context
 * and the users are filled in place by beforeAll, so a file can take them apart at its top; every
 * file gets its own (the API projects share one module graph per worker: nothing here is module
 * state).
 */
export function billingSuite() {
  const ctx = {} as TestContext;
  const company = {} as TestUser;
  const otherCompany = {} as TestUser;
  const consultant = {} as TestUser;
  const admin = {} as TestUser;
  /** Where the app listens (for Socket.IO clients) and the sockets the tests open. */
  const { server, sockets, listen, closeSockets } = socketSide();
  /** The server's clock: moved forward to test the claim windows. */
  const clock = new TestClock();

  beforeAll(async () => {
    Object.assign(ctx, await createTestContext({ now: () => clock.now, env: { RATE_LIMIT_FACTOR: '100' } }));
    Object.assign(company, await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' }));
    Object.assign(otherCompany, await createUser(ctx, { role: 'company', username: 'Bergbau AG' }));
    Object.assign(consultant, await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' }));
    Object.assign(admin, await createUser(ctx, { role: 'admin', username: 'Backoffice' }));
    await listen(ctx.app);
  });

  afterAll(async () => {
    closeSockets();
    await ctx.close?.();
  });

  /** Resolves when a `billing:changed` for the report arrived (the test's timeout bounds the wait). */
  async function eventFor(log: EventLog<'billing:changed'>, reportId: number): Promise<void> {
    for (let n = 1; ; n += 1) {
      const items = await log.waitFor(n);
      if (items.some((e) => e.placementReportId === reportId)) return;
    }
  }

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

  /** The company reports 20 % on 60,000 € with its invoice address; returns the report id. */
  async function companyReport(title: string): Promise<number> {
    const advertisement = await publish(company, title);
    return reportId(
      ctx,
      company,
      companyReportBody(advertisement, { jobTitle: title, recruiterMail: consultant.email }),
    );
  }

  /** A company report made `days` Vienna days ago on the server's clock (the guarantee counts from the report's day). */
  const companyReportDaysAgo = (days: number, title: string): Promise<number> =>
    clock.daysAgo(days, () => companyReport(title));

  const setStatus = (id: number, status: string, extra: object = {}) =>
    setPlacementStatus(ctx, admin, id, status, extra);

  const billing = async (user: TestUser = company): Promise<EarningsOverview> => {
    const res = await ctx.request({ method: 'GET', url: '/api/billing', token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as EarningsOverview;
  };

  const earnings = async (): Promise<EarningsOverview> => {
    const res = await ctx.request({ method: 'GET', url: '/api/earnings', token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as EarningsOverview;
  };

  const claim = (reportId: number, data: object, user: TestUser = company) => fileClaim(ctx, user, reportId, data);

  const decide = (claimId: number, data: object) => decideClaim(ctx, admin, claimId, data);

  /** The back office corrects a placement's amounts (the route takes the fields as the body itself). */
  const correct = (reportId: number, body: object) =>
    ctx.request({
      method: 'POST',
      url: `/api/admin/placement-reports/${reportId}/correction`,
      token: admin.token,
      payload: body,
    });

  const today = () => clock.today();

  async function invoiceOf(reportId: number, kind: 'rechnung' | 'korrektur' = 'rechnung'): Promise<Invoice> {
    const invoice = (await billing()).invoices.find((i) => i.placementReportId === reportId && i.kind === kind);
    expect(invoice).toBeDefined();
    return invoice!;
  }

  return {
    ctx,
    company,
    otherCompany,
    consultant,
    admin,
    server,
    sockets,
    clock,
    eventFor,
    publish,
    companyReport,
    companyReportDaysAgo,
    setStatus,
    billing,
    earnings,
    claim,
    decide,
    correct,
    today,
    invoiceOf,
  };
}

export { pdfText } from './pdf-images';
