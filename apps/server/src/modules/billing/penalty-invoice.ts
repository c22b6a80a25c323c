import {
  addWorkingDays,
  CIRCUMVENTION_PENALTY_CENTS,
  formatCents,
  formatDay,
  INVOICE_DUE_WORKING_DAYS,
  viennaDate,
} from '@pb/core';
import type { Db } from '../../db/client';
import type { PlacementReportRow } from '../../db/schema';
import { customerOf, storeAndMail, type BillingContext, type InvoiceRow } from './invoices';

/**
 * The contractual penalty of a circumvention case (terms point 10): one invoice of
 * CIRCUMVENTION_PENALTY_CENTS to the company's legal identity, in the invoice series, without
 * USt (damages, not a supply: decision 0035), due like every invoice and payable with its code.
 * Runs in the deciding transaction; the mail with the PDF goes through the outbox.
 */
export async function issuePenaltyInvoice(
  tx: Db,
  report: PlacementReportRow,
  caseId: number,
  context: BillingContext,
): Promise<InvoiceRow> {
  const customer = await customerOf(tx, report, undefined);
  const issuedOn = viennaDate(context.now);
  const dueOn = addWorkingDays(issuedOn, INVOICE_DUE_WORKING_DAYS);
  const cents = CIRCUMVENTION_PENALTY_CENTS;
  const description = `Vertragsstrafe wegen Umgehung der Plattform bei der Besetzung der Stelle „${report.jobTitle}“ (Umgehungsverfahren Nr. ${caseId}, Meldung Nr. ${report.id}).`;
  const values = {
    kind: 'vertragsstrafe' as const,
    placementReportId: report.id,
    correctsInvoiceId: null,
    companyId: report.companyId,
    consultantId: null,
    customerName: customer.name,
    customerAddress: customer.address,
    customerUid: customer.uid,
    customerCountry: customer.country,
    uidCheckMethod: 'syntax' as const,
    uidCheckedAt: context.now,
    jobTitle: report.jobTitle,
    description,
    placementDate: viennaDate(report.createdAt),
    netCents: cents,
    vatCents: 0,
    grossCents: cents,
    reverseCharge: false,
    issuedOn,
    dueOn,
  };
  return storeAndMail(
    tx,
    context,
    values,
    {
      kind: 'vertragsstrafe',
      corrects: null,
      customer,
      issuedOn,
      dueOn,
      placementDate: values.placementDate,
      description,
      lines: [{ label: 'Vertragsstrafe gemäß Punkt 10 der AGB (ein Fall der Umgehung)', cents }],
      netCents: cents,
      vatCents: 0,
      grossCents: cents,
      reverseCharge: false,
      note: null,
    },
    (number) => ({
      subject: `Rechnung über Vertragsstrafe ${number} – ${report.jobTitle}`,
      paragraphs: [
        'Guten Tag,',
        `im Umgehungsverfahren Nr. ${caseId} haben wir eine Umgehung der Plattform festgestellt. Anbei erhalten Sie unsere Rechnung Nr. ${number} über die Vertragsstrafe von ${formatCents(cents)}, fällig am ${formatDay(dueOn)}.`,
        'Die Begründung der Entscheidung finden Sie unter „Umgehungsverfahren“ in Ihrem Konto.',
      ],
    }),
  );
}
