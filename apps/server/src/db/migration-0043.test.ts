import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0043 (issue 34): placements marked 'bezahlt' before payments were recorded get one
 * payment each, for what the statement of account counted as paid, assigned to the invoice in
 * force; an unpaid placement gets none. Booked money cannot be changed afterwards.
 */

describe('migration 0043: earlier payments become recorded payments', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0043_payments.sql' });
    const report = (id: number, status: string, paidAt: string | null) => `
      INSERT INTO placement_reports (id, variant, recruiter, recruiter_mail, company_name, job_title, contact_person,
                                     placement_bonus, actual_salary, placement_fee, service_fee, status, paid_at)
      VALUES (${id}, 'company', 'R', 'r@example.test', 'Firma', 'Stelle ${id}', 'K', 20, 60000, 12000, 1200,
              '${status}', ${paidAt ? `timestamptz '${paidAt}'` : 'NULL'});`;
    const invoice = (id: number, report: number, kind: string, gross: number, corrects: number | null = null) => `
      INSERT INTO invoices (id, year, sequence, number, kind, placement_report_id, corrects_invoice_id, customer_name,
                            customer_address, customer_uid, job_title, description, placement_date, net_cents,
                            vat_cents, gross_cents, reverse_charge, issued_on, due_on, issuer, pdf)
      VALUES (${id}, 2026, ${id}, '2026-${String(id).padStart(6, '0')}', '${kind}', ${report}, ${corrects}, 'Firma',
              'Adresse', 'ATU12345678', 'Stelle', 'Text', '2026-10-01', ${gross}, 0, ${gross}, false, '2026-10-01',
              '2026-10-20', '{}', '\\x00');`;
    await database.execScript(
      [
        report(1, 'bezahlt', '2026-10-15 23:30:00+00'),
        invoice(1, 1, 'rechnung', 1_584_000),
        // Paid, then a guarantee case refunded half: the payment was the whole invoice.
        report(2, 'garantiefall', '2026-10-16 08:00:00+00'),
        invoice(2, 2, 'rechnung', 1_584_000),
        invoice(3, 2, 'korrektur', -792_000, 2),
        // An amount corrected before payment: the payment settled the new invoice.
        report(3, 'bezahlt', '2026-10-17 08:00:00+00'),
        invoice(4, 3, 'rechnung', 1_584_000),
        invoice(5, 3, 'korrektur', -1_584_000, 4),
        invoice(6, 3, 'rechnung', 1_200_000),
        report(4, 'verrechnet', null),
        invoice(7, 4, 'rechnung', 1_584_000),
      ].join('\n'),
    );
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then each paid placement has one payment on its Vienna payment day, assigned to its invoice in force', async () => {
    const rows = await database.query<Record<string, unknown>>(
      `SELECT a.placement_report_id AS report, a.invoice_id AS invoice, a.cents::int AS cents, a.method,
              p.source, p.amount_cents::int AS amount, p.booked_on::text AS booked_on
         FROM payment_allocations a JOIN incoming_payments p ON p.id = a.payment_id ORDER BY report`,
      [],
    );
    expect(rows).toEqual([
      {
        report: 1,
        invoice: 1,
        cents: 1_584_000,
        method: 'manuell',
        source: 'manuell',
        amount: 1_584_000,
        booked_on: '2026-10-16',
      },
      {
        report: 2,
        invoice: 2,
        cents: 1_584_000,
        method: 'manuell',
        source: 'manuell',
        amount: 1_584_000,
        booked_on: '2026-10-16',
      },
      {
        report: 3,
        invoice: 6,
        cents: 1_200_000,
        method: 'manuell',
        source: 'manuell',
        amount: 1_200_000,
        booked_on: '2026-10-17',
      },
    ]);
  });

  it('When booked money is changed or deleted, then the database refuses', async () => {
    await expect(database.execScript('UPDATE incoming_payments SET amount_cents = 1')).rejects.toThrow(/immutable/);
    await expect(database.execScript('DELETE FROM payment_allocations')).rejects.toThrow(/immutable/);
    await expect(
      database.execScript(
        "UPDATE incoming_payments SET cleared_at = now(), cleared_reason = 'x' WHERE id = (SELECT min(id) FROM incoming_payments)",
      ),
    ).resolves.not.toThrow();
    await expect(
      database.execScript(
        "UPDATE incoming_payments SET cleared_reason = 'anders' WHERE id = (SELECT min(id) FROM incoming_payments)",
      ),
    ).rejects.toThrow(/immutable/);
  });
});
