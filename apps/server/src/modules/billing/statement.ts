import { formatIban, viennaDate, type CustomerStatement, type InvoiceIssuer, type StatementLine } from '@pb/core';
import type { PlacementReportRow } from '../../db/schema';
import type { InvoiceRow } from './invoices';

/**
 * A company's statement of account (issue 32): its invoices (+), corrections (− a guarantee refund,
 * ± a corrected amount) and payments (− what was paid, the invoices in force on the payment day),
 * summed up per placement into 'Sie zahlen' (open invoices) and 'Sie erhalten' (refunds of paid
 * ones) — never set off against each other, since no set-off is recorded and each refund is paid
 * out on its own (issue 34 records that payout).
 */

type Report = Pick<PlacementReportRow, 'id' | 'jobTitle' | 'paidAt' | 'status'>;
type Row = Pick<
  InvoiceRow,
  'id' | 'placementReportId' | 'kind' | 'number' | 'grossCents' | 'issuedOn' | 'dueOn' | 'correctsInvoiceId'
>;

/** Invoice rows by their placement report, in their order. */
export function groupByReport<T extends Pick<Row, 'placementReportId'>>(rows: T[]): Map<number, T[]> {
  const byReport = new Map<number, T[]>();
  for (const row of rows) {
    const list = byReport.get(row.placementReportId);
    if (list) list.push(row);
    else byReport.set(row.placementReportId, [row]);
  }
  return byReport;
}

/** What a report's customer owes now: its invoices, less what was paid, less what came back. */
export function outstandingCents(report: Pick<Report, 'paidAt' | 'status'>, rows: Row[]): number {
  const total = rows.reduce((sum, row) => sum + row.grossCents, 0);
  return total - paidCents(report, rows);
}

/**
 * A payment settles the invoices in force when it was booked. Amounts are corrected only before
 * payment, and a guarantee case never moves on to 'bezahlt': a paid report in 'garantiefall' was
 * refunded after its payment, by its newest correction, which the payment did not cover. (The
 * order comes from the rules, not from comparing the database's and the server's clocks.)
 */
function paidCents(report: Pick<Report, 'paidAt' | 'status'>, rows: Row[]): number {
  if (!report.paidAt) return 0;
  const total = rows.reduce((sum, row) => sum + row.grossCents, 0);
  if (report.status !== 'garantiefall') return total;
  const refund = rows.filter((r) => r.kind === 'korrektur').sort((a, b) => b.id - a.id)[0];
  return total - (refund?.grossCents ?? 0);
}

export function buildStatement(reports: Report[], rows: Row[], issuer: InvoiceIssuer): CustomerStatement {
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const rowsByReport = groupByReport(rows);
  const lines: StatementLine[] = [];
  let payCents = 0;
  let payBy: string | null = null;
  let receiveCents = 0;
  let receiveBy: string | null = null;
  const openNumbers: string[] = [];
  for (const report of reports) {
    const own = rowsByReport.get(report.id) ?? [];
    if (own.length === 0) continue;
    for (const row of own) {
      const corrects = row.correctsInvoiceId === null ? null : (numbers.get(row.correctsInvoiceId) ?? null);
      lines.push({
        date: row.issuedOn,
        kind: row.kind,
        number: row.number,
        text:
          row.kind === 'rechnung'
            ? `Rechnung für „${report.jobTitle}“`
            : `Korrekturrechnung${corrects ? ` zu Rechnung ${corrects}` : ''} („${report.jobTitle}“)`,
        cents: row.grossCents,
      });
    }
    const paid = paidCents(report, own);
    if (report.paidAt && paid !== 0)
      lines.push({
        date: viennaDate(report.paidAt),
        kind: 'zahlung',
        number: null,
        text: `Zahlung erhalten für „${report.jobTitle}“`,
        cents: -paid,
      });
    // Each placement on its own: what one owes is not set off against what another refunds.
    const outstanding = outstandingCents(report, own);
    if (outstanding > 0) {
      payCents += outstanding;
      const inForce = own.filter((r) => r.kind === 'rechnung').sort((a, b) => b.id - a.id)[0];
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
  lines.sort((a, b) => a.date.localeCompare(b.date) || (a.kind === 'zahlung' ? 1 : 0) - (b.kind === 'zahlung' ? 1 : 0));
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
            reference: openNumbers.join(', '),
          }
        : null,
    receiveCents,
    receiveBy,
  };
}
