import {
  creditorReferenceOf,
  formatCreditorReference,
  formatIban,
  type CustomerStatement,
  type InvoiceIssuer,
  type StatementLine,
} from '@pb/core';
import type { PlacementReportRow } from '../../db/schema';
import type { InvoiceRow } from './invoices';

/**
 * A company's statement of account (issues 32, 34): its invoices (+), corrections (− a guarantee
 * refund, ± a corrected amount) and the payments assigned to them (−, on their booking day),
 * summed up per placement into 'Sie zahlen' (what is still owed) and 'Sie erhalten' (refunds of
 * paid ones) — never set off against each other, since each refund is paid out on its own.
 */

type Report = Pick<PlacementReportRow, 'id' | 'jobTitle'>;
type Row = Pick<
  InvoiceRow,
  'id' | 'placementReportId' | 'kind' | 'number' | 'grossCents' | 'issuedOn' | 'dueOn' | 'correctsInvoiceId'
>;

/**
 * What one incoming payment gave one placement (its allocations summed), or — kind 'auszahlung',
 * cents negative — a refund transferred back to the customer (a paid-out payout item).
 */
export interface ReportPayment {
  placementReportId: number;
  paymentId: number;
  bookedOn: string;
  cents: number;
  kind?: 'zahlung' | 'auszahlung';
  /** A payment of a circumvention case's penalty invoice (settled apart from the placement's fee). */
  penalty?: boolean;
}

/** Invoice rows (or payments) by their placement report, in their order. */
export function groupByReport<T extends Pick<Row, 'placementReportId'>>(rows: T[]): Map<number, T[]> {
  const byReport = new Map<number, T[]>();
  for (const row of rows) {
    const list = byReport.get(row.placementReportId);
    if (list) list.push(row);
    else byReport.set(row.placementReportId, [row]);
  }
  return byReport;
}

/**
 * A report's invoices and payments in the parts that are settled each on its own: the placement's
 * (invoice, corrections) and a circumvention case's penalty. Parts without invoices are left out.
 */
export function settlementParts(
  rows: Row[],
  payments: ReportPayment[],
): Array<{ penalty: boolean; rows: Row[]; payments: ReportPayment[] }> {
  return [false, true]
    .map((penalty) => ({
      penalty,
      rows: rows.filter((r) => (r.kind === 'vertragsstrafe') === penalty),
      payments: payments.filter((p) => (p.penalty ?? false) === penalty),
    }))
    .filter((part) => part.rows.length > 0);
}

/** What a placement's customer owes now: its invoices less what was paid (negative: a refund is owed). */
export function outstandingCents(rows: Row[], payments: ReportPayment[]): number {
  const invoiced = rows.reduce((sum, row) => sum + row.grossCents, 0);
  return invoiced - payments.reduce((sum, p) => sum + p.cents, 0);
}

/** Where to pay: one open invoice by its RF reference, several by their numbers. */
function paymentReference(openNumbers: string[]): string {
  return openNumbers.length === 1
    ? formatCreditorReference(creditorReferenceOf(openNumbers[0]!))
    : openNumbers.join(', ');
}

const INVOICE_LINE_TEXT: Record<Row['kind'], (jobTitle: string, corrects: string | null) => string> = {
  rechnung: (jobTitle) => `Rechnung für „${jobTitle}“`,
  korrektur: (jobTitle, corrects) => `Korrekturrechnung${corrects ? ` zu Rechnung ${corrects}` : ''} („${jobTitle}“)`,
  vertragsstrafe: (jobTitle) => `Vertragsstrafe wegen Umgehung („${jobTitle}“)`,
};

function invoiceLines(report: Report, own: Row[], numbers: Map<number, string>): StatementLine[] {
  return own.map((row) => ({
    date: row.issuedOn,
    kind: row.kind,
    number: row.number,
    text: INVOICE_LINE_TEXT[row.kind](
      report.jobTitle,
      row.correctsInvoiceId === null ? null : (numbers.get(row.correctsInvoiceId) ?? null),
    ),
    cents: row.grossCents,
  }));
}

function paymentLines(report: Report, paid: ReportPayment[]): StatementLine[] {
  return paid.map((payment) => ({
    date: payment.bookedOn,
    kind: payment.kind ?? 'zahlung',
    number: null,
    text:
      payment.kind === 'auszahlung'
        ? `Rückerstattung überwiesen für „${report.jobTitle}“`
        : `Zahlung erhalten für „${report.jobTitle}“${payment.penalty ? ' (Vertragsstrafe)' : ''}`,
    cents: -payment.cents,
  }));
}

export function buildStatement(
  reports: Report[],
  rows: Row[],
  payments: ReportPayment[],
  issuer: InvoiceIssuer,
): CustomerStatement {
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const rowsByReport = groupByReport(rows);
  const paymentsByReport = groupByReport(payments);
  const lines: StatementLine[] = [];
  let payCents = 0;
  let payBy: string | null = null;
  let receiveCents = 0;
  let receiveBy: string | null = null;
  const openNumbers: string[] = [];
  for (const report of reports) {
    // A penalty invoice is settled on its own, beside the placement's invoices.
    for (const { rows: own, payments: paid } of settlementParts(
      rowsByReport.get(report.id) ?? [],
      paymentsByReport.get(report.id) ?? [],
    )) {
      lines.push(...invoiceLines(report, own, numbers), ...paymentLines(report, paid));
      // Each placement on its own: what one owes is not set off against what another refunds.
      const outstanding = outstandingCents(own, paid);
      if (outstanding > 0) {
        payCents += outstanding;
        const inForce = own.filter((r) => r.kind !== 'korrektur').sort((a, b) => b.id - a.id)[0];
        if (inForce) {
          openNumbers.push(inForce.number);
          if (payBy === null || inForce.dueOn < payBy) payBy = inForce.dueOn;
        }
      }
      if (outstanding < 0) {
        receiveCents += -outstanding;
        const refund = own.filter((r) => r.kind === 'korrektur' && r.grossCents < 0).sort((a, b) => b.id - a.id)[0];
        if (refund && (receiveBy === null || refund.dueOn > receiveBy)) receiveBy = refund.dueOn;
      }
    }
  }
  lines.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.kind === 'zahlung' || a.kind === 'auszahlung' ? 1 : 0) -
        (b.kind === 'zahlung' || b.kind === 'auszahlung' ? 1 : 0),
  );
  return {
    lines,
    payCents,
    payBy,
    payTo:
      payCents > 0
        ? {
            recipient: issuer.name,
            bank: issuer.bank,
            iban: formatIban(issuer.iban),
            bic: issuer.bic,
            reference: paymentReference(openNumbers),
            structured: openNumbers.length === 1,
          }
        : null,
    receiveCents,
    receiveBy,
  };
}
