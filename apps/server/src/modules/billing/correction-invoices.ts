import {
  addWorkingDays,
  computeGuaranteeRefund,
  formatCents,
  formatDay,
  REFUND_PAYOUT_WORKING_DAYS,
  viennaDate,
} from '@pb/core';
import type { Db } from '../../db/client';
import type { PlacementReportRow } from '../../db/schema';
import {
  customerOfInvoice,
  reportFeeLine,
  serviceDescription,
  storeAndMail,
  type BillingContext,
  type InvoiceRow,
} from './invoices';
import { openCentsOfReport } from './placement-money';

/**
 * Storno-/Korrekturrechnungen (issues 12 and 34): a guarantee refund and the cancellation of an
 * invoice whose amount is corrected. Each refers to its invoice, shows negative amounts and says
 * what happens to them — transferred, deducted from the open invoice or set off against the
 * corrected one.
 */

interface CorrectionContent {
  /** The amounts to take back, positive cents (the invoice shows them negative). */
  netCents: number;
  vatCents: number;
  grossCents: number;
  lines: Array<{ label: string; cents: number }>;
  note: string;
  /** What happens to the amount, by the due date: transferred, deducted or set off (printed and mailed). */
  paymentNote: (dueOn: string) => string;
  mail: (number: string, dueOn: string) => { subject: string; paragraphs: string[] };
}

/** A Storno-/Korrekturrechnung referring to `original`: its customer, negative amounts, due in 14 working days. */
async function issueCorrectionInvoice(
  tx: Db,
  report: PlacementReportRow,
  original: InvoiceRow,
  content: CorrectionContent,
  context: BillingContext,
): Promise<InvoiceRow> {
  const issuedOn = viennaDate(context.now);
  const dueOn = addWorkingDays(issuedOn, REFUND_PAYOUT_WORKING_DAYS);
  const description = serviceDescription(report);
  const customer = customerOfInvoice(original);
  const amounts = { netCents: -content.netCents, vatCents: -content.vatCents, grossCents: -content.grossCents };
  return storeAndMail(
    tx,
    context,
    {
      kind: 'korrektur',
      placementReportId: report.id,
      correctsInvoiceId: original.id,
      companyId: original.companyId,
      consultantId: original.consultantId,
      customerName: customer.name,
      customerAddress: customer.address,
      customerUid: customer.uid,
      // A correction refers to its invoice: same customer, same state, same UID check.
      customerCountry: customer.country,
      uidCheckMethod: original.uidCheckMethod,
      uidCheckedAt: original.uidCheckedAt,
      uidCheckReference: original.uidCheckReference,
      jobTitle: original.jobTitle,
      description,
      placementDate: original.placementDate,
      ...amounts,
      reverseCharge: original.reverseCharge,
      issuedOn,
      dueOn,
    },
    {
      kind: 'korrektur',
      corrects: { number: original.number, issuedOn: original.issuedOn },
      customer,
      issuedOn,
      dueOn,
      placementDate: original.placementDate,
      description,
      lines: content.lines.map((l) => ({ label: l.label, cents: -l.cents })),
      ...amounts,
      reverseCharge: original.reverseCharge,
      note: content.note,
      paymentNote: content.paymentNote(dueOn),
    },
    (number) => content.mail(number, dueOn),
  );
}

/** A guarantee refund's two lines (positive cents; the invoice shows them negative). */
export function guaranteeRefundLines(refund: { bonusCents: number; serviceFeeCents: number }) {
  return [
    { label: 'Rückerstattung 50 % der Vermittlungsprämie', cents: refund.bonusCents },
    { label: 'Rückerstattung 50 % der Servicegebühr', cents: refund.serviceFeeCents },
  ];
}

/** The cancellation's one line: the invoice's net (positive cents). */
export function stornoLines(original: Pick<InvoiceRow, 'number' | 'netCents'>) {
  return [{ label: `Storno der Rechnung Nr. ${original.number}`, cents: original.netCents }];
}

/** What a cancellation says about its amount. */
export const STORNO_PAYMENT_NOTE =
  'Der Betrag wird mit der korrigierten Rechnung verrechnet; sie nennt, was noch offen ist oder was wir erstatten.';

/** What accepting a guarantee claim refunds (cents, gross): the one computation the correction uses. */
export function expectedGuaranteeRefundCents(report: PlacementReportRow, original: InvoiceRow): number {
  return computeGuaranteeRefund(reportFeeLine(report, original.reverseCharge), {
    reverseCharge: original.reverseCharge,
  }).totalCents;
}

/**
 * The guarantee refund as a Storno-/Korrekturrechnung referring to the invoice: minus 50 % of the
 * bonus and of the service fee with their USt; paid out within 14 working days.
 */
export async function issueGuaranteeCorrection(
  tx: Db,
  report: PlacementReportRow,
  original: InvoiceRow,
  context: BillingContext,
): Promise<InvoiceRow> {
  const refund = computeGuaranteeRefund(reportFeeLine(report, original.reverseCharge), {
    reverseCharge: original.reverseCharge,
  });
  // What of it is transferred (paid beyond what is owed after it) and what is deducted from the open invoice.
  const openAfter = (await openCentsOfReport(tx, report.id)) - refund.totalCents;
  const transferred = Math.min(Math.max(0, -openAfter), refund.totalCents);
  const paymentNote = (dueOn: string) =>
    transferred === refund.totalCents
      ? `Den Betrag von ${formatCents(refund.totalCents)} überweisen wir bis ${formatDay(dueOn)} auf Ihr Konto.`
      : transferred === 0
        ? `Der Betrag von ${formatCents(refund.totalCents)} wird von Ihrer offenen Rechnung Nr. ${original.number} abgezogen.`
        : `Davon überweisen wir ${formatCents(transferred)} bis ${formatDay(dueOn)} auf Ihr Konto; ${formatCents(refund.totalCents - transferred)} werden von Ihrer offenen Rechnung Nr. ${original.number} abgezogen.`;
  return issueCorrectionInvoice(
    tx,
    report,
    original,
    {
      netCents: refund.netCents,
      vatCents: refund.vatCents,
      grossCents: refund.totalCents,
      lines: guaranteeRefundLines(refund),
      note: 'Garantiefall: Das Dienstverhältnis endete innerhalb der 60-tägigen Garantie. Erstattet werden 50 % der Vermittlungsprämie und 50 % der Servicegebühr.',
      paymentNote,
      mail: (number, dueOn) => ({
        subject: `Korrekturrechnung ${number} zu Rechnung ${original.number}`,
        paragraphs: [
          'Guten Tag,',
          `wir haben Ihren Garantiefall angenommen. Anbei erhalten Sie die Storno-/Korrekturrechnung Nr. ${number} zu Rechnung Nr. ${original.number}.`,
          paymentNote(dueOn),
        ],
      }),
    },
    context,
  );
}

/**
 * A corrected amount: the invoice in force is cancelled in full by a Storno-/Korrekturrechnung
 * naming it and the reason; the caller then issues the new invoice (issueInvoiceTo).
 */
export async function issueStorno(
  tx: Db,
  report: PlacementReportRow,
  original: InvoiceRow,
  reason: string,
  context: BillingContext,
): Promise<InvoiceRow> {
  return issueCorrectionInvoice(
    tx,
    report,
    original,
    {
      netCents: original.netCents,
      vatCents: original.vatCents,
      grossCents: original.grossCents,
      lines: stornoLines(original),
      note: `Storno der Rechnung Nr. ${original.number} wegen einer Korrektur des Betrags: ${reason}. Die korrigierte Rechnung erhalten Sie mit eigener Nummer.`,
      // Nothing is transferred for the cancellation itself: the corrected invoice says what is owed or refunded.
      paymentNote: () => STORNO_PAYMENT_NOTE,
      mail: (number) => ({
        subject: `Korrekturrechnung ${number} zu Rechnung ${original.number}`,
        paragraphs: [
          'Guten Tag,',
          `der Betrag der Rechnung Nr. ${original.number} wurde korrigiert (${reason}). Anbei die Storno-/Korrekturrechnung Nr. ${number}; die korrigierte Rechnung senden wir Ihnen gesondert.`,
        ],
      }),
    },
    context,
  );
}
