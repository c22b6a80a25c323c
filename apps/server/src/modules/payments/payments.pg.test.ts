import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { camtXml, uploadStatement } from '../../../test/support/camt';

/**
 * Bank statement imports under real concurrency (PostgreSQL; the embedded database has one
 * connection): the same file twice at once, and a notification and a statement with the same
 * entries at once, book every credit once; the click on 'bezahlt' at the same moment records no
 * second payment for the same invoice.
 */

let ctx: TestContext;
let admin: TestUser;
let company: TestUser;
const IBAN = 'AT611904300234573201';

async function invoicedReport(title: string): Promise<Invoice & { reportId: number }> {
  const [row] = await ctx.database.query<{ id: number }>(
    `INSERT INTO placement_reports (company_id, reporter_id, variant, recruiter, recruiter_mail, company_name, job_title,
       contact_person, placement_bonus, actual_salary, placement_fee, service_fee, street, house_nr, postal_code, city, uid)
     VALUES ($1, $1, 'company', 'R', 'r@example.test', 'Parallel GmbH', $2, 'x', 20, 60000, 12000, 1200,
       'Ring', '1', '1010', 'Wien', 'ATU12345678') RETURNING id`,
    [company.id, title],
  );
  const res = await ctx.request({
    method: 'PUT',
    url: `/api/admin/placement-reports/${row!.id}/status`,
    token: admin.token,
    payload: { status: 'verrechnet' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [invoice] = await ctx.database.query<{ number: string; gross: string }>(
    `SELECT number, gross_cents AS gross FROM invoices WHERE placement_report_id = $1`,
    [row!.id],
  );
  return { number: invoice!.number, grossCents: Number(invoice!.gross), reportId: row!.id } as Invoice & {
    reportId: number;
  };
}

const upload = (xml: string) => uploadStatement(ctx, admin.token, xml);

async function allocatedTo(reportId: number): Promise<number> {
  const [row] = await ctx.database.query<{ cents: string | null }>(
    'SELECT sum(cents) AS cents FROM payment_allocations WHERE placement_report_id = $1',
    [reportId],
  );
  return Number(row?.cents ?? 0);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  company = await createUser(ctx, { role: 'company' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('bank statement imports on PostgreSQL', () => {
  it('When the same file is sent five times at once, then one import books it and four get the German 409', async () => {
    const invoice = await invoicedReport('Fünffach');
    const xml = camtXml({
      iban: IBAN,
      statementId: 'PARALLEL-1',
      credits: [{ cents: invoice.grossCents, text: [invoice.number], bankReference: 'PAR-1' }],
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(xml)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await allocatedTo(invoice.reportId)).toBe(invoice.grossCents);
    const [report] = await ctx.database.query<{ status: string }>(
      'SELECT status FROM placement_reports WHERE id = $1',
      [invoice.reportId],
    );
    expect(report?.status).toBe('bezahlt');
  });

  it('When a notification and a statement with the same entries arrive at once, then each entry is booked once', async () => {
    const invoices = await Promise.all([invoicedReport('Geteilt A'), invoicedReport('Geteilt B')]);
    const credits = invoices.map((inv, i) => ({
      cents: inv.grossCents,
      reference: undefined,
      text: [`Rechnung ${inv.number}`],
      bankReference: `SHARED-${i}`,
    }));
    const answers = await Promise.all([
      upload(camtXml({ kind: 'camt.054', iban: IBAN, credits })),
      upload(camtXml({ kind: 'camt.053', iban: IBAN, credits: [...credits].reverse() })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const booked = answers.map((a) => a.json().data.booked as number);
    expect(booked.sort()).toEqual([0, 2]);
    for (const inv of invoices) expect(await allocatedTo(inv.reportId)).toBe(inv.grossCents);
    const [payments] = await ctx.database.query<{ n: string }>(
      "SELECT count(*) AS n FROM incoming_payments WHERE entry_key LIKE 'SHARED-%'",
    );
    expect(Number(payments!.n)).toBe(2);
  });

  it('When a transfer is imported while the office clicks bezahlt, then the invoice is paid once and the rest waits as unklar', async () => {
    const invoice = await invoicedReport('Klick und Import');
    const [imported, clicked] = await Promise.all([
      upload(camtXml({ iban: IBAN, credits: [{ cents: invoice.grossCents, text: [invoice.number] }] })),
      ctx.request({
        method: 'PUT',
        url: `/api/admin/placement-reports/${invoice.reportId}/status`,
        token: admin.token,
        payload: { status: 'bezahlt' },
      }),
    ]);
    expect(imported.statusCode).toBe(201);
    // Whichever came first paid the invoice; the click after an import finds nothing to move (409).
    expect([200, 409]).toContain(clicked.statusCode);
    expect(await allocatedTo(invoice.reportId)).toBe(invoice.grossCents);
    const unclear = imported.json().data.unclear as number;
    expect(unclear).toBe(clicked.statusCode === 200 ? 1 : 0);
  });
});
