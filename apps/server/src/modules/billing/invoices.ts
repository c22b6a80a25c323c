import { and, desc, eq, sql } from 'drizzle-orm';
import {
  addWorkingDays,
  BILLING_MSG,
  computeFeeLine,
  eurosToCents,
  formatCents,
  formatDate,
  formatInvoiceNumber,
  INVOICE_DUE_WORKING_DAYS,
  INVOICE_KIND_LABELS,
  PLACEMENT_REVIEW_MSG,
  isReverseCharge,
  isValidUid,
  normaliseUid,
  uidCountry,
  SERVICE_FEE_PERCENT,
  viennaDate,
  type FeeLine,
  type InvoiceAddress,
  type InvoiceIssuer,
  formatDay,
  formatPercent,
} from '@pb/core';
import type { Db } from '../../db/client';
import { invoices, type PlacementReportRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { createNotifications } from '../../services/notifications/centre';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { paidNote, renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';
import {
  addressBlock,
  invoiceRecipient,
  LegalIdentityMissingError,
  organisationCustomer,
  type Customer,
} from './legal-identity';

/**
 * Issuing invoices (issue 12, docs/decisions/0021-invoices.md). Both commands run inside the
 * caller's transaction: the number is taken from invoice_counters there (its row lock queues
 * concurrent issuers; a rollback gives the number back, so numbers have no gaps), the PDF is
 * rendered and stored in the row, and the mail with the PDF attached is queued — all or nothing.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

export interface BillingContext {
  issuer: InvoiceIssuer;
  publicUrl: string;
  now: Date;
}

/** The next number of the year; call inside the issuing transaction. */
export async function takeInvoiceNumber(tx: Db, year: number): Promise<{ sequence: number; number: string }> {
  const result = await tx.execute(sql`
    INSERT INTO invoice_counters (year, last_sequence) VALUES (${year}, 1)
    ON CONFLICT (year) DO UPDATE SET last_sequence = invoice_counters.last_sequence + 1
    RETURNING last_sequence`);
  const sequence = Number((result as unknown as { rows: Array<{ last_sequence: number }> }).rows[0]!.last_sequence);
  return { sequence, number: formatInvoiceNumber(year, sequence) };
}

export type { Customer } from './legal-identity';

/**
 * The customer of a report: the address the back office gives; else the company's legal identity
 * from its organisation (issue 31); else, for reports from before it, the invoice address the
 * report named. Without any: the German 409 that asks for the legal identity.
 */
export async function customerOf(
  tx: Db,
  report: PlacementReportRow,
  given: InvoiceAddress | undefined,
): Promise<Customer> {
  if (given) {
    return { name: given.name, address: addressBlock(given, given.country), uid: given.uid, country: given.country };
  }
  const organisation = await organisationCustomer(tx, report.companyOrganisationId);
  if (organisation) return organisation;
  if (!report.street || !report.houseNr || !report.postalCode || !report.city || !report.uid) {
    throw new LegalIdentityMissingError();
  }
  if (!isValidUid(report.uid)) throw conflict(BILLING_MSG.invoiceUidInvalid);
  // Reports from before the country was asked: Austria (never reverse charge without a foreign address).
  const country = report.country ?? 'AT';
  const address = { street: report.street, houseNr: report.houseNr, postalCode: report.postalCode, city: report.city };
  return { name: report.companyName, address: addressBlock(address, country), uid: normaliseUid(report.uid), country };
}

/**
 * The customer of an issued invoice, for its corrections and re-issue. Invoices from before the
 * state was recorded (migration 0025) have none: a reverse-charge one was to the UID's state
 * (falling back to Austria would charge USt on its correction), any other to Austria.
 */
export function customerOfInvoice(original: InvoiceRow): Customer {
  const country =
    original.customerCountry ?? (original.reverseCharge ? (uidCountry(original.customerUid) ?? 'AT') : 'AT');
  return { name: original.customerName, address: original.customerAddress, uid: original.customerUid, country };
}

/** The report's fee sheet, computed again from its bonus and salary by the one core function. */
export function reportFeeLine(report: PlacementReportRow, reverseCharge: boolean) {
  return computeFeeLine(Number(report.placementBonus), eurosToCents(Number(report.actualSalary)), { reverseCharge });
}

/** The fee invoice's two lines (PDF; the e-invoice, which knows no percentage, names no salary). */
export function feeInvoiceLines(
  line: Pick<FeeLine, 'salaryCents' | 'bonusCents' | 'serviceFeeCents'>,
  bonusPercent: number | null,
): Array<{ label: string; cents: number }> {
  return [
    {
      label:
        bonusPercent === null
          ? 'Vermittlungsprämie'
          : `Vermittlungsprämie ${formatPercent(bonusPercent)} von ${formatCents(line.salaryCents)} Bruttojahresgehalt`,
      cents: line.bonusCents,
    },
    { label: `Servicegebühr ${SERVICE_FEE_PERCENT} % der Vermittlungsprämie`, cents: line.serviceFeeCents },
  ];
}

export function serviceDescription(report: PlacementReportRow): string {
  return `Personalvermittlung: erfolgreiche Besetzung der Stelle „${report.jobTitle}“ (Meldung Nr. ${report.id} vom ${formatDate(report.createdAt)}).`;
}

export async function storeAndMail(
  tx: Db,
  context: BillingContext,
  values: Omit<typeof invoices.$inferInsert, 'pdf' | 'issuer' | 'year' | 'sequence' | 'number'>,
  document: Omit<InvoiceDocument, 'number' | 'issuer'>,
  mail: (number: string) => { subject: string; paragraphs: string[] },
): Promise<InvoiceRow> {
  const year = Number(values.issuedOn.slice(0, 4));
  const { sequence, number } = await takeInvoiceNumber(tx, year);
  const pdf = await renderInvoicePdf({ ...document, number, issuer: context.issuer });
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, year, sequence, number, issuer: context.issuer, pdf })
    .returning();
  if (values.companyId) {
    // The bell; the invoice itself always goes by mail (below), whatever the setting.
    await createNotifications(
      tx,
      [
        {
          userId: values.companyId,
          kind: 'guarantee',
          title: `${values.kind === 'korrektur' ? 'Korrekturrechnung' : INVOICE_KIND_LABELS[values.kind]} ${number}`,
          body: `„${values.jobTitle}“: ${formatCents(values.grossCents)} brutto, fällig am ${formatDay(values.dueOn)}`,
          link: '/advertisements/billing',
        },
      ],
      context.now,
      { mail: false },
    );
  }
  const to = await invoiceRecipient(tx, values.placementReportId, values.companyId ?? null);
  if (to) {
    const { subject, paragraphs } = mail(number);
    const link = { href: `${context.publicUrl}/advertisements/billing`, label: 'Rechnungen ansehen' };
    await enqueueMail(tx, {
      event: `billing.${values.kind}`,
      to,
      subject,
      text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
      html: simpleHtml(paragraphs, link),
      invoiceId: row!.id,
    });
  }
  return row!;
}

/**
 * Issues the provider's invoice for a report ('verrechnet'): bonus + 10 % service fee, 20 % USt
 * (none with a UID of another EU state: reverse charge), due 14 Austrian working days later.
 */
export async function issueInvoice(
  tx: Db,
  report: PlacementReportRow,
  given: InvoiceAddress | undefined,
  context: BillingContext,
): Promise<InvoiceRow> {
  return issueInvoiceTo(tx, report, await customerOf(tx, report, given), context);
}

/**
 * The invoice of a report's current amounts to `customer` (also the re-issue after a corrected
 * amount). `paidCents`: what the company already paid on the cancelled invoice — the re-issue
 * asks only for the rest (or says what is refunded), and its payment code carries the rest.
 */
export async function issueInvoiceTo(
  tx: Db,
  report: PlacementReportRow,
  customer: Customer,
  context: BillingContext,
  paidCents = 0,
): Promise<InvoiceRow> {
  const reverseCharge = isReverseCharge(customer.uid, customer.country);
  const line = reportFeeLine(report, reverseCharge);
  // Never silently: a 0 € placement is the office's decision to discard, not an invoice.
  if (line.netCents === 0) throw conflict(PLACEMENT_REVIEW_MSG.zeroAmount);
  const issuedOn = viennaDate(context.now);
  const dueOn = addWorkingDays(issuedOn, INVOICE_DUE_WORKING_DAYS);
  const description = serviceDescription(report);
  const lines = feeInvoiceLines(line, Number(report.placementBonus));
  return storeAndMail(
    tx,
    context,
    {
      kind: 'rechnung',
      placementReportId: report.id,
      correctsInvoiceId: null,
      companyId: report.companyId,
      consultantId: report.variant === 'consultant' ? report.reporterId : null,
      customerName: customer.name,
      customerAddress: customer.address,
      customerUid: customer.uid,
      customerCountry: customer.country,
      // The UID was checked for its state's syntax (uidSchema); a qualified check would record its reference.
      uidCheckMethod: 'syntax',
      uidCheckedAt: context.now,
      jobTitle: report.jobTitle,
      description,
      placementDate: viennaDate(report.createdAt),
      netCents: line.netCents,
      vatCents: line.vatCents,
      grossCents: line.totalCents,
      reverseCharge,
      issuedOn,
      dueOn,
    },
    {
      kind: 'rechnung',
      corrects: null,
      customer,
      issuedOn,
      dueOn,
      placementDate: viennaDate(report.createdAt),
      description,
      lines,
      netCents: line.netCents,
      vatCents: line.vatCents,
      grossCents: line.totalCents,
      reverseCharge,
      note: null,
      paidCents,
    },
    (number) => ({
      subject: `Rechnung ${number} – ${report.jobTitle}`,
      paragraphs: [
        'Guten Tag,',
        `anbei erhalten Sie unsere Rechnung Nr. ${number} für die Besetzung der Stelle „${report.jobTitle}“ über ${formatCents(line.totalCents)} (brutto), fällig am ${formatDay(dueOn)}.`,
        ...(paidCents > 0 ? [paidNote(line.totalCents, paidCents, dueOn)] : []),
        'Sie finden die Rechnung auch jederzeit unter „Rechnungen“ in Ihrem Konto.',
      ],
    }),
  );
}

/** The invoice in force for a report: its newest 'rechnung' (a corrected amount replaces the earlier one). */
export async function invoiceOfReport(tx: Db, reportId: number): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.placementReportId, reportId), eq(invoices.kind, 'rechnung')))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ?? null;
}
