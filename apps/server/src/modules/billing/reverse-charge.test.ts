import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import {
  companyReportBody,
  consultantReportBody,
  GERMAN_ADDRESS,
  postReport,
  reportId,
  setPlacementStatus,
} from '../../../test/support/placement-fixtures';

/**
 * Issue 28 (3), from the company's side: reverse charge (no 20 % USt) only for a customer
 * established in another EU state — a foreign UID AND an address there. The invoice records
 * the state and that the UID was checked (the syntax today).
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  consultant = await createUser(ctx, { role: 'consultant' });
  admin = await createUser(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

async function invoiceOf(id: number): Promise<Invoice> {
  const res = await ctx.request({ method: 'GET', url: '/api/admin/invoices', token: admin.token });
  return (res.json().data as Invoice[]).find((i) => i.placementReportId === id && i.kind === 'rechnung')!;
}

async function pdfText(invoice: Invoice): Promise<string> {
  const pdf = await ctx.request({ method: 'GET', url: invoice.url, token: admin.token });
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('reverse charge', () => {
  it('When an Austrian company gives a German UID with its Innsbruck address, then the report is refused naming both states — no invoice without USt', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Koch' });
    const res = await postReport(ctx, company, companyReportBody(advertisement, { uid: 'DE123456789' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Die UID-Nummer ist aus Deutschland, die Rechnungsadresse aber in Österreich. Bitte prüfen Sie Land und UID-Nummer.',
    );
    const stillAustria = await postReport(
      ctx,
      company,
      companyReportBody(advertisement, { uid: 'DE123456789', country: 'AT' }),
    );
    expect(stillAustria.statusCode).toBe(400);
    const [{ n }] = (await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM placement_reports')) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it('When a customer in Germany with a German UID reports, then the invoice is reverse charge, names Deutschland and records the UID check', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Kellner' });
    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { jobTitle: 'Kellner', ...GERMAN_ADDRESS, uid: 'de 123 456 789' }),
    );
    expect((await setPlacementStatus(ctx, admin, id, 'verrechnet')).statusCode).toBe(200);
    const invoice = await invoiceOf(id);
    expect(invoice).toMatchObject({
      reverseCharge: true,
      vatCents: 0,
      grossCents: 1_320_000,
      customerUid: 'DE123456789',
      customerCountry: 'DE',
      uidCheck: { method: 'syntax', reference: null },
    });
    const text = await pdfText(invoice);
    expect(text).toContain('80802 München Deutschland');
    expect(text).toContain('Reverse Charge');
    expect(text).toContain('Rechnungsbetrag brutto € 13.200,00');
  });

  it('When the back office invoices a consultant report with an Austrian address and a foreign UID, then it is refused; with the UID’s state it is reverse charge', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Rezeption' });
    await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload: { advertisement, message: 'Ich hätte eine passende Kandidatin.' },
    });
    const id = await reportId(ctx, consultant, consultantReportBody(advertisement, { jobTitle: 'Rezeption' }));
    const released = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/review`,
      token: admin.token,
      payload: { decision: 'freigegeben', note: 'Vom Unternehmen bestätigt.' },
    });
    expect(released.statusCode, released.body).toBe(200);
    const address = { name: 'Alpenhof GmbH', street: 'Hauptplatz', houseNr: '1', postalCode: '8010', city: 'Graz' };
    const austrian = await setPlacementStatus(ctx, admin, id, 'verrechnet', {
      invoiceAddress: { ...address, uid: 'IT12345678901' },
    });
    expect(austrian.statusCode).toBe(400);
    expect(austrian.json().error.message).toMatch(
      /UID-Nummer ist aus Italien, die Rechnungsadresse aber in Österreich/,
    );
    const italian = await setPlacementStatus(ctx, admin, id, 'verrechnet', {
      invoiceAddress: { ...address, postalCode: '39100', city: 'Bozen', uid: 'IT12345678901', country: 'IT' },
    });
    expect(italian.statusCode, italian.body).toBe(200);
    expect(await invoiceOf(id)).toMatchObject({ reverseCharge: true, customerCountry: 'IT' });
  });

  it('When a report from before the country was asked carries a foreign UID, then it is invoiced as Austrian with 20 % USt', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Barista' });
    const id = await reportId(ctx, company, companyReportBody(advertisement, { jobTitle: 'Barista' }));
    await ctx.database.query("UPDATE placement_reports SET uid = 'DE123456789', country = NULL WHERE id = $1", [id]);
    expect((await setPlacementStatus(ctx, admin, id, 'verrechnet')).statusCode).toBe(200);
    expect(await invoiceOf(id)).toMatchObject({
      reverseCharge: false,
      vatCents: 264_000,
      customerCountry: 'AT',
    });
  });
});

describe('corrections of invoices from before the state was recorded', () => {
  const correct = (id: number, body: object) =>
    ctx.request({
      method: 'POST',
      url: `/api/admin/placement-reports/${id}/correction`,
      token: admin.token,
      payload: body,
    });

  it('When the back office corrects a reverse-charge invoice issued before migration 0025 (no customer state), then the Storno and the new invoice stay reverse charge without USt and name Deutschland', async () => {
    const advertisement = await publishJob(ctx, company, { jobTitle: 'Sommelier' });
    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, {
        jobTitle: 'Sommelier',
        street: 'Leopoldstraße',
        houseNr: '7',
        postalCode: '80802',
        city: 'München',
        uid: 'DE123456789',
        country: 'DE',
      }),
    );
    expect((await setPlacementStatus(ctx, admin, id, 'verrechnet')).statusCode).toBe(200);
    // The row as an invoice issued before the customer's state was recorded (migration 0025) looks.
    await ctx.database.query('ALTER TABLE invoices DISABLE TRIGGER invoices_immutable');
    try {
      await ctx.database.query('UPDATE invoices SET customer_country = NULL WHERE placement_report_id = $1', [id]);
    } finally {
      await ctx.database.query('ALTER TABLE invoices ENABLE TRIGGER invoices_immutable');
    }
    const corrected = await correct(id, { placementBonus: 20, actualSalary: 55000, reason: 'Gehalt laut Vertrag' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const res = await ctx.request({ method: 'GET', url: '/api/admin/invoices', token: admin.token });
    const all = (res.json().data as Invoice[]).filter((i) => i.placementReportId === id);
    const storno = all.find((i) => i.kind === 'korrektur')!;
    const reissued = all.find((i) => i.kind === 'rechnung' && i.status !== 'storniert')!;
    expect(storno).toMatchObject({ reverseCharge: true, vatCents: 0, customerCountry: 'DE' });
    // 20 % of 55,000 = 11,000 + 1,100 service fee, no USt
    expect(reissued).toMatchObject({ reverseCharge: true, vatCents: 0, grossCents: 1_210_000, customerCountry: 'DE' });
    expect(await pdfText(reissued)).toContain('Reverse Charge');
  });
});
