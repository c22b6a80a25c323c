import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { takeInvoiceNumber } from './invoices';

/**
 * Invoice numbers under concurrency on PostgreSQL (real parallel transactions, which the
 * single-connection embedded database cannot have): never a duplicate, never a gap.
 */

let ctx: TestContext;
let admin: TestUser;
let company: TestUser;

async function insertReports(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const [row] = await ctx.database.query<{ id: number }>(
      `INSERT INTO placement_reports (company_id, reporter_id, variant, recruiter, recruiter_mail, company_name, job_title,
         contact_person, placement_bonus, actual_salary, placement_fee, service_fee, street, house_nr, postal_code, city, uid)
       VALUES ($1, $1, 'company', 'R', 'r@example.test', 'Parallel GmbH', $2, 'x', 20, 60000, 12000, 1200,
         'Ring', '1', '1010', 'Wien', 'ATU12345678') RETURNING id`,
      [company.id, `Stelle ${i}`],
    );
    ids.push(row!.id);
  }
  return ids;
}

const invoice = (id: number) =>
  ctx.request({
    method: 'PUT',
    url: `/api/admin/placement-reports/${id}/status`,
    token: admin.token,
    payload: { status: 'verrechnet' },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  company = await createUser(ctx, { role: 'company' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('invoice numbering on PostgreSQL', () => {
  it('When 40 requests invoice 30 reports at once (10 of them twice), then there are 30 invoices numbered 1–30 without duplicate or gap', async () => {
    const ids = await insertReports(30);
    const requests = [...ids, ...ids.slice(0, 10)].map((id) => invoice(id));
    const answers = await Promise.all(requests);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    const rows = await ctx.database.query<{ sequence: number; number: string }>(
      'SELECT sequence, number FROM invoices ORDER BY sequence',
    );
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const year = Number(rows[0]!.number.slice(0, 4));
    expect(rows.map((r) => r.number)).toEqual(rows.map((r) => formatInvoiceNumber(year, r.sequence)));
    const numbers = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(30);
  });

  it('When an issuing transaction rolls back after taking a number, then the next invoice gets that number (no gap)', async () => {
    const before = await ctx.database.query<{ last: number }>('SELECT last_sequence AS last FROM invoice_counters');
    const last = before[0]!.last;
    await expect(
      ctx.app.db.transaction(async (tx) => {
        const taken = await takeInvoiceNumber(tx, 2099);
        expect(taken.sequence).toBe(1);
        await takeInvoiceNumber(tx, Number(new Date().getUTCFullYear()));
        throw new Error('rendering failed');
      }),
    ).rejects.toThrow('rendering failed');
    const [id] = await insertReports(1);
    const res = await invoice(id!);
    expect(res.statusCode, res.body).toBe(200);
    expect(Number((res.json().data.invoiceNumber as string).slice(5))).toBe(last + 1);
    const future = await ctx.database.query('SELECT 1 FROM invoice_counters WHERE year = 2099');
    expect(future).toEqual([]);
  });
});
