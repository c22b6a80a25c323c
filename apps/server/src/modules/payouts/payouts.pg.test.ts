import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCreditNoteNumber, viennaDate, type PayoutItem } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { settleDueShares } from './credit-notes';

/**
 * Payouts under real concurrency (PostgreSQL; the embedded database has one connection): three
 * settlement runs at once over 40 due placements issue 40 credit notes numbered without a gap,
 * one per placement; five offices building a batch of the same item at once make one batch; two
 * decisions on one transfer at once, one wins.
 */

let ctx: TestContext;
let admin: TestUser;
let agencyId: number;
const log = { warn: () => undefined };
const YEAR = Number(viennaDate(new Date()).slice(0, 4));

async function duePlacements(n: number): Promise<number[]> {
  const rows = await ctx.database.query<{ id: number }>(
    `INSERT INTO placement_reports (variant, recruiter, recruiter_mail, company_name, job_title, contact_person,
       placement_bonus, actual_salary, placement_fee, service_fee, status, paid_at, created_at, agency_organisation_id)
     SELECT 'company', 'R', 'r@example.test', 'Parallel GmbH', 'Stelle ' || g, 'x', 20, 60000, 12000, 1200,
       'bezahlt', now() - interval '10 days', now() - interval '100 days', $2
     FROM generate_series(1, $1) g RETURNING id`,
    [n, agencyId],
  );
  return rows.map((r) => Number(r.id));
}

const run = () =>
  settleDueShares(
    ctx.app.db,
    { issuer: ctx.app.config.invoiceIssuer, publicUrl: ctx.app.config.publicUrl, now: new Date() },
    log,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  const [agency] = await ctx.database.query<{ id: number }>(
    `INSERT INTO organisations (kind, name, legal_form, street, postal_code, city, register_number, uid, gisa_number)
     VALUES ('agency', 'Parallel Personal GmbH', 'GmbH', 'Ring 1', '1010', 'Wien', 'FN 33209m', 'ATU13585627', '1234')
     RETURNING id`,
  );
  agencyId = Number(agency!.id);
  await ctx.database.query(
    `INSERT INTO organisation_payout_accounts (organisation_id, account_holder, iban, self_billing_agreed_at, self_billing_terms)
     VALUES ($1, 'Parallel Personal GmbH', 'AT022050302101023600', now(), 'Zustimmung')`,
    [agencyId],
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe('payouts under concurrency', () => {
  it('When three settlement runs meet 40 due placements, then 40 credit notes are issued, one each, numbered without a gap', async () => {
    const reports = await duePlacements(40);
    const runs = await Promise.all([run(), run(), run()]);
    expect(runs.flat()).toHaveLength(40);
    const notes = await ctx.database.query<{ number: string; placement_report_id: number }>(
      'SELECT number, placement_report_id FROM credit_notes ORDER BY sequence',
    );
    expect(notes.map((n) => n.number)).toEqual(
      Array.from({ length: 40 }, (_, i) => formatCreditNoteNumber(YEAR, i + 1)),
    );
    expect(new Set(notes.map((n) => Number(n.placement_report_id)))).toEqual(new Set(reports));
    const [items] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payout_items WHERE kind = 'praemie'`,
    );
    expect(items!.n).toBe(40);
  });

  it('When five offices build a batch of the same item at once, then one batch is made', async () => {
    const list = await ctx.request({ method: 'GET', url: '/api/admin/payout-items', token: admin.token });
    const [item] = list.json().data as PayoutItem[];
    const build = () =>
      ctx.request({
        method: 'POST',
        url: '/api/admin/payout-batches',
        token: admin.token,
        payload: { data: { itemIds: [item!.id], executionDate: viennaDate(new Date()) } },
      });
    const answers = await Promise.all(Array.from({ length: 5 }, build));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const batchId = (answers.find((a) => a.statusCode === 201)!.json().data as { id: number }).id;

    const decide = (data: object) =>
      ctx.request({
        method: 'PUT',
        url: `/api/admin/payout-batches/${batchId}/items/${item!.id}`,
        token: admin.token,
        payload: { data },
      });
    const decisions = await Promise.all([
      decide({ status: 'ausgezahlt' }),
      decide({ status: 'fehlgeschlagen', reason: 'Konto erloschen' }),
    ]);
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
  });
});
