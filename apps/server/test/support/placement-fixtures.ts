import { addCalendarDays, viennaDate } from '@pb/core';
import type { LightMyRequestResponse } from 'fastify';
import type { AdminPlacementReport, Introduction } from '@pb/core';
import type { TestContext } from '../helpers';
import type { TestUser } from '../factories';
import { confirmCandidate, TEST_PROFILE } from './candidate-consent';

/**
 * Placement reports, invoices and guarantee claims through the API, for the tests of the money
 * rules: a movable server clock, the company's and the consultant's report bodies, the back
 * office's status change.
 */

/** The server's clock for createTestContext({ now: () => clock.now }). */
export class TestClock {
  now = new Date();

  /** Runs `action` with the clock on the Vienna day `days` before today (10:00 UTC), then restores it. */
  async daysAgo<T>(days: number, action: () => Promise<T>): Promise<T> {
    const real = this.now;
    this.now = new Date(`${addCalendarDays(viennaDate(real), -days)}T10:00:00Z`);
    try {
      return await action();
    } finally {
      this.now = real;
    }
  }

  today(): string {
    return viennaDate(this.now);
  }
}

type Ctx = Pick<TestContext, 'app' | 'request'>;

let hired = 0;

/** A company's report body for its own advertisement: 20 % on 60,000 €, invoice address in Innsbruck, a new hire's e-mail. */
export function companyReportBody(advertisement: number, overrides: Record<string, unknown> = {}) {
  return {
    variant: 'company',
    advertisement,
    companyName: 'Alpenhof GmbH',
    jobTitle: 'Koch',
    contactPerson: 'x',
    placementBonus: 20,
    actualSalary: 60000,
    recruiter: 'Sabine Recruiting',
    recruiterMail: 'sabine@example.test',
    street: 'Maria-Theresien-Straße',
    houseNr: '12',
    postalCode: '6020',
    city: 'Innsbruck',
    uid: 'ATU12345678',
    candidateEmail: `eingestellt.${(hired += 1)}@example.test`,
    ...overrides,
  };
}

/** The invoice address of a customer established in Germany (Munich), for companyReportBody: reverse charge with a German UID. */
export const GERMAN_ADDRESS = {
  street: 'Leopoldstraße',
  houseNr: '5',
  postalCode: '80802',
  city: 'München',
  country: 'DE',
} as const;

/** A consultant's report body. */
export function consultantReportBody(advertisement: number, overrides: Record<string, unknown> = {}) {
  return {
    variant: 'consultant',
    advertisement,
    companyName: 'Alpenhof GmbH',
    jobTitle: 'Koch',
    contactPerson: 'Herr Huber',
    placementBonus: 20,
    actualSalary: 60000,
    ...overrides,
  };
}

export function postReport(ctx: Ctx, user: TestUser, data: object): Promise<LightMyRequestResponse> {
  return ctx.request({ method: 'POST', url: '/api/placement-reports', token: user.token, payload: { data } });
}

/** Posts a report and returns its id (fails the test with the answer when it is not 201). */
export async function reportId(ctx: Ctx, user: TestUser, data: object): Promise<number> {
  const res = await postReport(ctx, user, data);
  if (res.statusCode !== 201) throw new Error(`report refused: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

export function setPlacementStatus(
  ctx: Ctx,
  admin: TestUser,
  id: number,
  status: string,
  extra: object = {},
): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'PUT',
    url: `/api/admin/placement-reports/${id}/status`,
    token: admin.token,
    payload: { status, ...extra },
  });
}

export function fileClaim(ctx: Ctx, company: TestUser, id: number, data: object): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'POST',
    url: `/api/placements/${id}/guarantee-claim`,
    token: company.token,
    payload: { data },
  });
}

export function decideClaim(ctx: Ctx, admin: TestUser, claimId: number, data: object): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'PUT',
    url: `/api/admin/guarantee-claims/${claimId}`,
    token: admin.token,
    payload: { data },
  });
}

/** A consultant introduces a candidate (only the e-mail as contact), who agrees; the introduction's id. */
export async function introduceCandidate(
  ctx: Ctx,
  consultant: TestUser,
  advertisement: number,
  email: string,
): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/introductions',
    token: consultant.token,
    payload: { advertisement, firstName: 'Eva', lastName: 'Muster', email, profile: TEST_PROFILE },
  });
  if (res.statusCode !== 201) throw new Error(`introduction refused: ${res.statusCode} ${res.body}`);
  const id = res.json<{ data: Introduction }>().data.id;
  await confirmCandidate(ctx, id);
  return id;
}

/** The back office's view of one report. */
export async function adminReportOf(ctx: Ctx, admin: TestUser, id: number): Promise<AdminPlacementReport> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/admin/placement-reports?filters[id][$eq]=${id}`,
    token: admin.token,
  });
  return (res.json().data as AdminPlacementReport[])[0]!;
}

/** The back office's review of a flagged report ('freigegeben' / 'verworfen'). */
export function reviewReport(ctx: Ctx, admin: TestUser, id: number, data: object): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'PUT',
    url: `/api/admin/placement-reports/${id}/review`,
    token: admin.token,
    payload: data,
  });
}
