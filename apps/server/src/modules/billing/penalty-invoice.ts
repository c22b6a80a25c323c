import {
  addWorkingDays,
  CASE_MSG,
  CIRCUMVENTION_PENALTY_CENTS,
  formatCents,
  formatDay,
  INVOICE_DUE_WORKING_DAYS,
  viennaDate,
} from '@pb/core';
import type { Db } from '../../db/client';
import type { PlacementReportRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { storeAndMail, type BillingContext, type InvoiceRow } from './invoices';
import { addressBlock, organisationCustomer, type Customer } from './legal-identity';

/** The penalty invoice's one line (PDF and e-invoice). */
export const PENALTY_LINE_LABEL = 'Vertragsstrafe gemäß Punkt 10 der AGB (ein Fall der Umgehung)';

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
  // Damages, not a supply: no UID needed (decision 0035); the organisation's address, else the report's.
  const customer =
    (await organisationCustomer(tx, report.companyOrganisationId, { uidRequired: false })) ?? reportAddressee(report);
  if (!customer) throw conflict(CASE_MSG.penaltyAddressMissing);
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
    // No UID was checked for a penalty (none is needed).
    uidCheckMethod: null,
    uidCheckedAt: null,
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
      lines: [{ label: PENALTY_LINE_LABEL, cents }],
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

/** The invoice address the company's report named (reports from before organisations), UID optional. */
function reportAddressee(report: PlacementReportRow): Customer | null {
  if (!report.street || !report.postalCode || !report.city) return null;
  const country = report.country ?? 'AT';
  return {
    name: report.companyName,
    address: addressBlock(
      { street: report.street, houseNr: report.houseNr ?? undefined, postalCode: report.postalCode, city: report.city },
      country,
    ),
    uid: report.uid ?? '',
    country,
  };
}
