import { sql } from 'drizzle-orm';
import { addCalendarMonths, BMD_TAX_CODES, LEDGER_ACCOUNTS, personalAccount, type IsoDate } from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The month's bookings (issue 34, docs/accounting-export.md), one neutral model the BMD and DATEV
 * writers share: each document or money movement is one line on a personal or bank account against
 * its contra account, gross with the tax it contains. Dates are Vienna days: documents by their
 * issue day, incoming payments by the bank's booking day, payouts by the day the office marked
 * them paid. Assignments of incoming money are as they stand when the export runs.
 */

export type Journal = 'AR' | 'ER' | 'BK';

export interface Booking {
  date: IsoDate;
  /** BMD's Buchungssymbol: Ausgangsrechnung, Eingangsrechnung (credit note), Bank. */
  journal: Journal;
  account: string;
  contraAccount: string;
  /** Debit (S) or credit (H) on `account`. */
  side: 'S' | 'H';
  /** Always positive, cents; the side says the direction. */
  grossCents: number;
  /** The tax contained in the gross (positive), cents. */
  taxCents: number;
  taxPercent: number | null;
  bmdTaxCode: string | null;
  document: string;
  text: string;
}

const customerAccount = (organisationId: number | null) => personalAccount('customer', organisationId);
const supplierAccount = (organisationId: number | null) => personalAccount('supplier', organisationId);

/** The first day of the month and of the next, for `date >= from AND date < to`. */
function monthBounds(month: string): { from: IsoDate; to: IsoDate } {
  const from = `${month}-01`;
  return { from, to: addCalendarMonths(from, 1) };
}

interface InvoiceLine {
  number: string;
  kind: string;
  issued_on: string;
  gross_cents: string;
  vat_cents: string;
  reverse_charge: boolean;
  customer_name: string;
  organisation_id: number | null;
}

async function invoiceBookings(db: Db, from: IsoDate, to: IsoDate): Promise<Booking[]> {
  const rows = rowsOf<InvoiceLine>(
    await db.execute(sql`
      SELECT i.number, i.kind, i.issued_on::text AS issued_on, i.gross_cents, i.vat_cents, i.reverse_charge,
             i.customer_name, r.company_organisation_id AS organisation_id
      FROM invoices i LEFT JOIN placement_reports r ON r.id = i.placement_report_id
      WHERE i.issued_on >= ${from}::date AND i.issued_on < ${to}::date
      ORDER BY i.issued_on, i.id`),
  );
  return rows.map((row) => {
    const gross = Number(row.gross_cents);
    const penalty = row.kind === 'vertragsstrafe';
    const contraAccount = penalty
      ? LEDGER_ACCOUNTS.penaltyIncome
      : row.reverse_charge
        ? LEDGER_ACCOUNTS.revenueReverseCharge
        : LEDGER_ACCOUNTS.revenueDomestic;
    return {
      date: row.issued_on,
      journal: 'AR',
      account: customerAccount(row.organisation_id),
      contraAccount,
      side: gross >= 0 ? 'S' : 'H',
      grossCents: Math.abs(gross),
      taxCents: Math.abs(Number(row.vat_cents)),
      taxPercent: penalty ? null : row.reverse_charge ? 0 : 20,
      bmdTaxCode: penalty ? null : row.reverse_charge ? BMD_TAX_CODES.reverseCharge : BMD_TAX_CODES.domestic,
      document: row.number,
      text: `${penalty ? 'Vertragsstrafe' : row.kind === 'korrektur' ? 'Korrektur' : 'Rechnung'} ${row.customer_name}`,
    };
  });
}

async function creditNoteBookings(db: Db, from: IsoDate, to: IsoDate): Promise<Booking[]> {
  const rows = rowsOf<{
    number: string;
    issued_on: string;
    gross_cents: string;
    vat_cents: string;
    vat_treatment: string;
    supplier_name: string;
    organisation_id: number | null;
  }>(
    await db.execute(sql`
      SELECT number, issued_on::text AS issued_on, gross_cents, vat_cents, vat_treatment, supplier_name,
             agency_organisation_id AS organisation_id
      FROM credit_notes WHERE issued_on >= ${from}::date AND issued_on < ${to}::date
      ORDER BY issued_on, id`),
  );
  return rows.map((row) => ({
    date: row.issued_on,
    journal: 'ER',
    account: supplierAccount(row.organisation_id),
    contraAccount: LEDGER_ACCOUNTS.agencyShares,
    side: 'H',
    grossCents: Number(row.gross_cents),
    taxCents: Number(row.vat_cents),
    taxPercent: row.vat_treatment === 'kleinunternehmer' ? 0 : 20,
    bmdTaxCode:
      row.vat_treatment === 'ust'
        ? BMD_TAX_CODES.inputDomestic
        : row.vat_treatment === 'reverse_charge'
          ? BMD_TAX_CODES.inputReverseCharge
          : null,
    document: row.number,
    text: `Gutschrift ${row.supplier_name}`,
  }));
}

interface IncomingPart {
  payment_id: number;
  booked_on: string;
  source: 'bank' | 'manuell';
  debtor: string | null;
  cleared_reason: string | null;
  purpose: 'rechnung' | 'mahnkosten' | 'vertragsstrafe' | null;
  cents: string;
  number: string | null;
  organisation_id: number | null;
}

/**
 * Each payment's parts: what paid invoices (against the customer; a payment the office recorded by
 * hand on its clearing account instead of the bank), what paid reminders' interest and fee (income,
 * never invoiced), and what is left unassigned (the unclear account, with the office's reason once
 * it closed it).
 */
async function incomingBookings(db: Db, from: IsoDate, to: IsoDate): Promise<Booking[]> {
  const rows = rowsOf<IncomingPart>(
    await db.execute(sql`
      SELECT p.id AS payment_id, p.booked_on::text AS booked_on, p.source, p.debtor_name AS debtor,
             p.cleared_reason, a.purpose, sum(a.cents) AS cents, i.number, r.company_organisation_id AS organisation_id
      FROM incoming_payments p
      JOIN payment_allocations a ON a.payment_id = p.id
      JOIN invoices i ON i.id = a.invoice_id
      LEFT JOIN placement_reports r ON r.id = a.placement_report_id
      WHERE p.booked_on >= ${from}::date AND p.booked_on < ${to}::date
      GROUP BY p.id, p.booked_on, p.source, p.debtor_name, p.cleared_reason, a.purpose, i.number, r.company_organisation_id
      UNION ALL
      SELECT p.id, p.booked_on::text, p.source, p.debtor_name, p.cleared_reason, NULL,
             p.amount_cents - coalesce((SELECT sum(a.cents) FROM payment_allocations a WHERE a.payment_id = p.id), 0),
             NULL, NULL
      FROM incoming_payments p
      WHERE p.booked_on >= ${from}::date AND p.booked_on < ${to}::date
        AND p.amount_cents > coalesce((SELECT sum(a.cents) FROM payment_allocations a WHERE a.payment_id = p.id), 0)
      ORDER BY 2, 1`),
  );
  return rows.map((row) => ({
    date: row.booked_on,
    journal: 'BK',
    account: row.source === 'manuell' ? LEDGER_ACCOUNTS.manualPayments : LEDGER_ACCOUNTS.bank,
    contraAccount:
      row.purpose === null
        ? LEDGER_ACCOUNTS.unclearPayments
        : row.purpose === 'mahnkosten'
          ? LEDGER_ACCOUNTS.dunningCharges
          : customerAccount(row.organisation_id),
    side: 'S',
    grossCents: Number(row.cents),
    taxCents: 0,
    taxPercent: null,
    bmdTaxCode: null,
    document: row.number ?? `Z-${row.payment_id}`,
    text: [
      row.purpose === 'mahnkosten' ? 'Mahnspesen/Verzugszinsen' : 'Zahlungseingang',
      row.debtor ?? '',
      row.purpose === null && row.cleared_reason ? `(${row.cleared_reason})` : '',
    ]
      .filter(Boolean)
      .join(' '),
  }));
}

async function payoutBookings(db: Db, from: IsoDate, to: IsoDate): Promise<Booking[]> {
  const rows = rowsOf<{
    paid_on: string;
    kind: string;
    cents: string;
    payee: string;
    organisation_id: number | null;
    document: string | null;
    end_to_end_id: string;
  }>(
    await db.execute(sql`
      SELECT (b.decided_at AT TIME ZONE 'Europe/Vienna')::date::text AS paid_on, i.kind, b.amount_cents AS cents,
             i.payee_name AS payee, i.organisation_id, coalesce(c.number, inv.number) AS document, b.end_to_end_id
      FROM payout_batch_items b
      JOIN payout_items i ON i.id = b.payout_item_id
      LEFT JOIN credit_notes c ON c.id = i.credit_note_id
      LEFT JOIN invoices inv ON inv.id = i.invoice_id
      WHERE b.status = 'ausgezahlt'
        AND (b.decided_at AT TIME ZONE 'Europe/Vienna')::date >= ${from}::date
        AND (b.decided_at AT TIME ZONE 'Europe/Vienna')::date < ${to}::date
      ORDER BY b.decided_at, i.id`),
  );
  return rows.map((row) => ({
    date: row.paid_on,
    journal: 'BK',
    account: LEDGER_ACCOUNTS.bank,
    contraAccount: row.kind === 'praemie' ? supplierAccount(row.organisation_id) : customerAccount(row.organisation_id),
    side: 'H',
    grossCents: Number(row.cents),
    taxCents: 0,
    taxPercent: null,
    bmdTaxCode: null,
    document: row.document ?? row.end_to_end_id,
    text: `${row.kind === 'praemie' ? 'Auszahlung' : 'Rückerstattung'} ${row.payee}`,
  }));
}

/** Every booking of the month, in the order the journals are usually entered. */
export async function monthBookings(db: Db, month: string): Promise<Booking[]> {
  const { from, to } = monthBounds(month);
  return [
    ...(await invoiceBookings(db, from, to)),
    ...(await creditNoteBookings(db, from, to)),
    ...(await incomingBookings(db, from, to)),
    ...(await payoutBookings(db, from, to)),
  ];
}
