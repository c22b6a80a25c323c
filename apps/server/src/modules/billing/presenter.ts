import {
  computeGuaranteeRefund,
  guaranteeDeadline,
  PLACEMENT_STATUS_LABELS,
  viennaDate,
  type GuaranteeClaim,
  type Invoice,
  type InvoiceKind,
  type InvoiceReminder,
  type InvoiceStatus,
  type PlacementEarning,
  type StoredFile,
  formatDay,
  addWorkingDays,
  AGENCY_PAYOUT_WORKING_DAYS,
  agencyShareDueFrom,
} from '@pb/core';
import type { guaranteeClaims, PlacementReportRow } from '../../db/schema';
import { reportFeeLine, type InvoiceRow } from './invoices';

/** What leaves the server about invoices, claims and placements' money. */

type ClaimRow = typeof guaranteeClaims.$inferSelect;

export function invoiceUrl(id: number): string {
  return `/api/invoices/${id}/pdf`;
}

/** The invoice's e-invoice (EN 16931, UBL 2.1). */
export function invoiceXmlUrl(id: number): string {
  return `/api/invoices/${id}/xml`;
}

/** The download name of an invoice's document: 'Rechnung-2026-000123.pdf', 'Korrekturrechnung-2026-000124.xml'. */
export function invoiceFileName(kind: InvoiceKind, number: string, extension: 'pdf' | 'xml'): string {
  return `${kind === 'korrektur' ? 'Korrekturrechnung' : 'Rechnung'}-${number}.${extension}`;
}

export function reminderUrl(id: number): string {
  return `/api/dunning-notices/${id}/pdf`;
}

/** The invoice's state today (Vienna): see INVOICE_STATUSES. `paid`: the placement is paid. */
export function invoiceStatus(
  row: Pick<InvoiceRow, 'kind' | 'dueOn'>,
  paid: boolean,
  today: string,
  superseded = false,
): InvoiceStatus {
  if (row.kind === 'korrektur') return paid ? 'auszuzahlen' : 'verrechnet';
  if (superseded) return 'storniert';
  if (paid) return 'bezahlt';
  return row.dueOn < today ? 'ueberfaellig' : 'offen';
}

export function presentInvoice(
  row: InvoiceRow,
  context: {
    paid: boolean;
    today: string;
    correctsNumber: string | null;
    superseded: boolean;
    remainingCents?: number | null;
    reminders?: Array<Omit<InvoiceReminder, 'url'>>;
  },
): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    placementReportId: row.placementReportId,
    correctsNumber: context.correctsNumber,
    customerName: row.customerName,
    customerUid: row.customerUid,
    customerCountry: row.customerCountry,
    uidCheck:
      row.uidCheckMethod && row.uidCheckedAt
        ? { method: row.uidCheckMethod, checkedAt: row.uidCheckedAt.toISOString(), reference: row.uidCheckReference }
        : null,
    jobTitle: row.jobTitle,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    netCents: row.netCents,
    vatCents: row.vatCents,
    grossCents: row.grossCents,
    reverseCharge: row.reverseCharge,
    status: invoiceStatus(row, context.paid, context.today, context.superseded),
    remainingCents: context.remainingCents ?? null,
    url: invoiceUrl(row.id),
    xmlUrl: invoiceXmlUrl(row.id),
    reminders: (context.reminders ?? []).map((r) => ({ ...r, url: reminderUrl(r.id) })),
  };
}

/** A claim; the company's note only for the company and the back office (`withNote`). */
export function presentClaim(
  row: ClaimRow,
  report: Pick<PlacementReportRow, 'jobTitle' | 'companyName'>,
  options: { withNote: boolean; documents: StoredFile[]; expectedRefundCents?: number | null },
): GuaranteeClaim {
  return {
    id: row.id,
    placementReportId: row.placementReportId,
    jobTitle: report.jobTitle,
    companyName: report.companyName,
    employmentStart: row.employmentStart,
    employmentEnd: row.employmentEnd,
    endedBy: row.endedBy,
    note: options.withNote ? row.note : null,
    status: row.status,
    reason: row.reason,
    claimedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refundCents: row.refundCents,
    refundDueOn: row.refundDueOn,
    expectedRefundCents: options.expectedRefundCents ?? null,
    documents: options.withNote ? options.documents : [],
  };
}

/**
 * When the agency can expect its share (issue 34): its credit note comes once the company has paid
 * (at the earliest on the due date) and no guarantee claim can come any more, and is paid out a
 * few working days later.
 */
function expectedPayoutOn(report: PlacementReportRow, paidOrDue: string | null): string | null {
  if (report.status === 'gemeldet' || report.status === 'verworfen' || paidOrDue === null) return null;
  const settled = agencyShareDueFrom(guaranteeDeadline(report.createdAt));
  return addWorkingDays(paidOrDue > settled ? paidOrDue : settled, AGENCY_PAYOUT_WORKING_DAYS);
}

/** One placement with its money, for either party (the claim's note only for the company). */
export function presentEarning(
  report: PlacementReportRow,
  context: {
    invoice: InvoiceRow | null;
    claim: ClaimRow | null;
    documents: StoredFile[];
    consultantName: string | null;
    today: string;
    forCompany: boolean;
  },
): PlacementEarning {
  const { invoice, claim, today } = context;
  const line = reportFeeLine(report, false);
  const refunded = report.status === 'garantiefall' ? computeGuaranteeRefund(line).bonusCents : 0;
  const invoiced = report.status === 'verrechnet' || report.status === 'bezahlt';
  const guaranteeUntil = invoiced || report.status === 'garantiefall' ? guaranteeDeadline(report.createdAt) : null;
  let statusText: string = PLACEMENT_STATUS_LABELS[report.status];
  if (claim?.status === 'offen') statusText = 'Garantiefall gemeldet (in Prüfung)';
  else if (invoiced && guaranteeUntil && today <= guaranteeUntil) {
    statusText = `${statusText} · Garantie läuft bis ${formatDay(guaranteeUntil)}`;
  }
  const paidOn = report.paidAt ? viennaDate(report.paidAt) : null;
  return {
    id: report.id,
    jobTitle: report.jobTitle,
    companyName: report.companyName,
    consultantName: context.consultantName,
    reportedAt: report.createdAt.toISOString(),
    bonusPercent: Number(report.placementBonus),
    salaryCents: line.salaryCents,
    bonusCents: line.bonusCents,
    serviceFeeCents: line.serviceFeeCents,
    status: report.status,
    statusText,
    guaranteeUntil,
    invoiceNumber: invoice?.number ?? null,
    invoiceDueOn: invoice?.dueOn ?? null,
    expectedPayoutOn: expectedPayoutOn(report, paidOn ?? invoice?.dueOn ?? null),
    paidOn,
    refundedBonusCents: refunded,
    claim: claim ? presentClaim(claim, report, { withNote: context.forCompany, documents: context.documents }) : null,
    canClaimGuarantee:
      context.forCompany && invoiced && invoice !== null && (claim === null || claim.status === 'abgelehnt'),
  };
}
