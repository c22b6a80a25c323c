import { expect } from 'vitest';
import {
  addCalendarDays,
  creditorReferenceOf,
  GUARANTEE_DAYS,
  TERMINATION_NOTICE_DAYS,
  type PayoutsPage,
} from '@pb/core';
import type { TestContext } from '../helpers';
import type { TestUser } from '../factories';
import { billingSuite } from './billing-suite';
import { camtXml, uploadStatement } from './camt';
import { TEST_INVOICE_ISSUER } from './ports';

/**
 * Payout helpers (issue 34): an agency's legal identity and payout account, an invoice paid by a
 * bank statement (so a refund knows the paying account), the office's settlement run.
 */

type Ctx = Pick<TestContext, 'request'>;

export const AGENCY_IBAN = 'AT483200000012345864';
export const COMPANY_IBAN = 'DE89370400440532013000';

export async function call(ctx: Ctx, token: string, method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown) {
  return ctx.request({ method, url, token, ...(data === undefined ? {} : { payload: { data } }) });
}

/** The agency's legal identity (GISA number, UID) as its administrator gives it. */
export async function agencyIdentity(ctx: Ctx, agency: TestUser, overrides: Record<string, unknown> = {}) {
  // This route takes the fields as the body itself (no data envelope).
  const res = await ctx.request({
    method: 'PUT',
    url: '/api/organisation/legal-identity',
    token: agency.token,
    payload: {
      name: 'Sabine Recruiting GmbH',
      legalForm: 'GmbH',
      street: 'Landstraßer Hauptstraße 5',
      postalCode: '1030',
      city: 'Wien',
      registerNumber: 'FN 33209m',
      uid: 'ATU13585627',
      gisaNumber: '12345678',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function payoutAccount(ctx: Ctx, user: TestUser, data: Record<string, unknown> = {}) {
  return call(ctx, user.token, 'PUT', '/api/organisation/payout-account', {
    accountHolder: 'Sabine Recruiting GmbH',
    iban: AGENCY_IBAN,
    vatStatus: 'regelbesteuert',
    selfBillingAgreed: true,
    ...data,
  });
}

export async function payoutsPage(ctx: Ctx, user: TestUser): Promise<PayoutsPage> {
  const res = await call(ctx, user.token, 'GET', '/api/payouts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PayoutsPage;
}

/** The company pays an invoice in full by transfer with its RF reference. */
export async function payByBank(ctx: Ctx, admin: TestUser, invoice: { number: string; grossCents: number }) {
  const xml = camtXml({
    iban: TEST_INVOICE_ISSUER.iban,
    credits: [
      {
        cents: invoice.grossCents,
        reference: creditorReferenceOf(invoice.number),
        debtor: 'Alpenhof GmbH',
        debtorIban: COMPANY_IBAN,
      },
    ],
  });
  const res = await uploadStatement(ctx, admin.token, xml);
  expect(res.statusCode, res.body).toBe(201);
}

export async function settle(ctx: Ctx, admin: TestUser): Promise<number> {
  const res = await call(ctx, admin.token, 'POST', '/api/admin/payout-items/settle');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.settled as number;
}

/** Days since a report whose share is due today: the guarantee's 60 days plus the 7 a claim may follow, then the next day. */
export const DUE_AFTER_DAYS = GUARANTEE_DAYS + TERMINATION_NOTICE_DAYS + 1;

type Suite = ReturnType<typeof billingSuite>;

/** A placement reported `days` ago, invoiced, and paid today by bank transfer or by the office's click. */
export async function paidPlacement(s: Suite, title: string, days: number, pay: 'bank' | 'click' = 'bank') {
  const id = await s.companyReportDaysAgo(days, title);
  expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
  const invoice = await s.invoiceOf(id);
  if (pay === 'bank') await payByBank(s.ctx, s.admin, invoice);
  else expect((await s.setStatus(id, 'bezahlt')).statusCode).toBe(200);
  return { id, invoice };
}

/** The company's guarantee claim (employment ended yesterday after `days` days), accepted by the office. */
export async function acceptedClaim(s: Suite, reportId: number, days = 20) {
  const filed = await s.claim(reportId, {
    employmentStart: addCalendarDays(s.today(), -days),
    employmentEnd: addCalendarDays(s.today(), -1),
    endedBy: 'arbeitgeber',
    note: 'Kündigung',
  });
  expect(filed.statusCode, filed.body).toBe(201);
  expect((await s.decide(filed.json().data.id, { decision: 'angenommen' })).statusCode).toBe(200);
}

/**
 * The suite of the payout files (payouts, payout batches, corrections after payment): billingSuite()
 * — one call at a file's top level, as there — with the helpers above bound to its test context
 * (and, for the placements and claims, to the suite itself).
 */
export function payoutSuite() {
  const s = billingSuite();
  const { ctx } = s;
  return {
    ...s,
    call: (token: string, method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown) =>
      call(ctx, token, method, url, data),
    agencyIdentity: (agency: TestUser, overrides?: Record<string, unknown>) => agencyIdentity(ctx, agency, overrides),
    payoutAccount: (user: TestUser, data?: Record<string, unknown>) => payoutAccount(ctx, user, data),
    payoutsPage: (user: TestUser) => payoutsPage(ctx, user),
    payByBank: (admin: TestUser, invoice: { number: string; grossCents: number }) => payByBank(ctx, admin, invoice),
    settle: (admin: TestUser) => settle(ctx, admin),
    paidPlacement: (title: string, days: number, pay?: 'bank' | 'click') => paidPlacement(s, title, days, pay),
    acceptedClaim: (reportId: number, days?: number) => acceptedClaim(s, reportId, days),
  };
}
