import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MSG, MSG, type NotificationList } from '@pb/core';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, latestMailTo, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import { companyReportBody, setPlacementStatus } from '../../../test/support/placement-fixtures';

/**
 * Issue 31: the invoice goes to the company's one legal identity, kept on its organisation. A
 * report no longer needs an invoice address; without a complete identity the office's invoicing is
 * refused in German and the company's administrators are asked (bell, and mail by their setting;
 * once a day per placement) — not Recruiting. Once the identity is complete, the invoice states it
 * and is mailed to the organisation's billing address. Half an address in a report is refused.
 */

const ADDRESS_FIELDS = ['street', 'houseNr', 'postalCode', 'city', 'uid', 'country'] as const;

describe('invoices go to the organisation’s legal identity', () => {
  let ctx: TestContext;
  let company: TestAccount;
  let recruiter: { jwt: string };
  let office: TestUser;
  let reportId: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const bell = async (jwt: string) =>
    ((await call(jwt, 'GET', '/api/notifications')).json().data as NotificationList).items.filter(
      (n) => n.title === 'Rechnungsdaten fehlen',
    );
  const withoutAddress = (advertisement: number) => {
    const body: Record<string, unknown> = companyReportBody(advertisement);
    for (const field of ADDRESS_FIELDS) delete body[field];
    return body;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
    company = await createAccount(ctx, 'company', 'Hotel Bergblick');
    recruiter = await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    office = await createUser(ctx, { role: 'admin' });
    const published = await call(recruiter.jwt, 'POST', '/api/jobs', {
      data: jobData({ jobTitle: 'Rezeptionist/in', placementBonus: 20 }),
    });
    const report = await call(recruiter.jwt, 'POST', '/api/placement-reports', {
      data: withoutAddress(published.json().data.id as number),
    });
    expect(report.statusCode, report.body).toBe(201);
    reportId = report.json().data.id as number;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a report names half an invoice address, then it is refused in German and nothing is stored', async () => {
    const published = await call(recruiter.jwt, 'POST', '/api/jobs', {
      data: jobData({ jobTitle: 'Koch/Köchin', placementBonus: 20 }),
    });
    const body = { ...withoutAddress(published.json().data.id as number), street: 'Ringstraße', city: 'Wien' };
    const res = await call(recruiter.jwt, 'POST', '/api/placement-reports', { data: body });
    expect([res.statusCode, res.json().error.message]).toEqual([400, MSG.fillAllFields]);
  });

  it('When the office invoices while the identity is incomplete, then it is refused and only the administrators are asked, once a day', async () => {
    const refused = await setPlacementStatus(ctx, office, reportId, 'verrechnet');
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, BILLING_MSG.invoiceAddressMissing]);
    expect(await bell(company.jwt)).toHaveLength(1);
    expect(await bell(recruiter.jwt)).toHaveLength(0);
    // The bell's mail follows the administrator's setting for the kind (the notification mail run sends it).
    const [row] = await ctx.database.query<{ body: string; mail_due: boolean }>(
      `SELECT body, mail_due FROM notifications WHERE user_id = $1 AND title = 'Rechnungsdaten fehlen'`,
      [company.id],
    );
    expect(row).toEqual({ body: expect.stringContaining(`Meldung Nr. ${reportId}`), mail_due: true });
    // The office tries again: no second request within the day.
    expect((await setPlacementStatus(ctx, office, reportId, 'verrechnet')).statusCode).toBe(409);
    expect(await bell(company.jwt)).toHaveLength(1);
  });

  it('When the administrator completes the legal identity, then the invoice states it', async () => {
    const saved = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', {
      name: 'Bergblick Hotelbetriebs GmbH',
      legalForm: 'GmbH',
      street: 'Maria-Theresien-Straße 12',
      postalCode: '6020',
      city: 'Innsbruck',
      registerNumber: 'FN 33209m',
      uid: 'ATU13585627',
      billingEmail: 'rechnungen@bergblick.example.at',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const invoiced = await setPlacementStatus(ctx, office, reportId, 'verrechnet');
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const [invoice] = await ctx.database.query<{
      customer_name: string;
      customer_address: string;
      customer_uid: string;
    }>('SELECT customer_name, customer_address, customer_uid FROM invoices WHERE placement_report_id = $1', [reportId]);
    expect(invoice).toEqual({
      customer_name: 'Bergblick Hotelbetriebs GmbH',
      customer_address: 'Maria-Theresien-Straße 12\n6020 Innsbruck',
      customer_uid: 'ATU13585627',
    });
    // The invoice is mailed to the organisation's billing address.
    const mail = await latestMailTo(ctx, 'rechnungen@bergblick.example.at');
    expect(mail.subject).toContain('Rechnung');
  });
});
