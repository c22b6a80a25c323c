import * as iso11649 from 'iso-11649';
import { z } from './zod';
import { formatInvoiceNumber } from './billing';
import { eurosToCents } from './fees';
import { decimalInput } from './input';

/**
 * Money that comes in (issue 34): the structured creditor reference (RF, ISO 11649) each invoice
 * carries, reading invoice numbers and references out of a transfer's remittance text, and the
 * shapes of the back office's bank statement import and its 'unklar' queue. Cents everywhere.
 */

export const PAYMENT_MSG = {
  statementFileMissing: 'Bitte wählen Sie eine Kontoauszugsdatei (camt.053 oder camt.054, XML) aus.',
  statementOneFile: 'Bitte laden Sie einen Kontoauszug auf einmal hoch.',
  statementNotXml:
    'Die Datei ist kein XML-Dokument. Bitte laden Sie einen Kontoauszug im Format camt.053 oder camt.054 hoch.',
  statementDoctype:
    'Die Datei enthält eine DOCTYPE-Deklaration; Kontoauszüge im Format camt enthalten keine. Nichts wurde gebucht.',
  statementMalformed: (detail: string) => `Die Datei ist kein wohlgeformtes XML (${detail}). Nichts wurde gebucht.`,
  statementForeign: (found: string) =>
    `Die Datei ist kein Kontoauszug im Format camt.053 oder camt.054 (gefunden: ${found}). Nichts wurde gebucht.`,
  statementInvalid: (where: string, problem: string) => `${where}: ${problem} Nichts wurde gebucht.`,
  statementOtherAccount: (found: string, expected: string) =>
    `Der Kontoauszug gehört zum Konto ${found}, nicht zum Konto der Plattform (${expected}). Nichts wurde gebucht.`,
  statementAlreadyImported: (statementId: string, day: string) =>
    `Der Auszug „${statementId}“ wurde bereits am ${day} importiert. Nichts wurde ein zweites Mal gebucht.`,
  statementEmpty: 'Die Datei enthält keinen Auszug (Stmt bzw. Ntfctn). Nichts wurde gebucht.',
  paymentNotFound: 'Dieser Zahlungseingang existiert nicht.',
  invoiceNotFound: 'Eine Rechnung mit dieser Nummer gibt es nicht.',
  invoiceNumberInvalid: 'Bitte geben Sie die Rechnungsnummer im Format 2026-000123 an.',
  invoiceNotOpen: 'Diese Rechnung ist bereits vollständig bezahlt.',
  amountTooHigh: 'Der Betrag ist höher als der noch nicht zugeordnete Teil der Zahlung.',
  amountAboveOpen: (open: string) =>
    `Diese Rechnung ist nur noch mit ${open} offen (samt Mahnspesen). Bitte ordnen Sie höchstens diesen Betrag zu.`,
  amountInvalid: 'Bitte geben Sie einen Betrag über 0 € an.',
  nothingLeft: 'Diese Zahlung ist bereits vollständig zugeordnet oder erledigt.',
  clearReasonRequired: 'Bitte begründen Sie, warum diese Zahlung keiner Rechnung zugeordnet wird.',
} as const;

// ---------- the creditor reference ----------

// A CommonJS module: Node's own ESM loader offers it only as `default`, bundlers also by name.
const rf: typeof iso11649 = (iso11649 as { default?: typeof iso11649 }).default ?? iso11649;

/** The reference's body: the invoice number's digits (2026-000123 → 2026000123). */
function referenceBody(invoiceNumber: string): string {
  return invoiceNumber.replace(/[^0-9A-Z]/gi, '').toUpperCase();
}

/** The structured creditor reference of an invoice, electronic form: 'RF462026000123'. */
export function creditorReferenceOf(invoiceNumber: string): string {
  return rf.generate(referenceBody(invoiceNumber));
}

/** The reference in groups of four, as printed: 'RF46 2026 0001 23'. */
export function formatCreditorReference(reference: string): string {
  return reference
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** A valid RF reference (any spacing or case), else false; never throws. */
export function isValidCreditorReference(text: string): boolean {
  const compact = text.replace(/\s/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return rf.validate(compact);
}

/** The invoice number a valid RF reference of ours names (RF462026000123 → 2026-000123), else null. */
export function invoiceNumberOfReference(text: string): string | null {
  if (!isValidCreditorReference(text)) return null;
  const body = text.replace(/\s/g, '').toUpperCase().slice(4);
  const match = /^(\d{4})(\d{6})$/.exec(body);
  if (!match) return null;
  return formatInvoiceNumber(Number(match[1]), Number(match[2]));
}

/**
 * The invoice numbers a remittance text names, in order, each once: RF references of ours
 * (also with spaces, as printed) and invoice numbers as printed (2026-000123) or typed without
 * the dash (2026000123, 2026 000123, 2026/000123).
 */
export function invoiceNumbersInText(text: string): { byReference: string[]; byNumber: string[] } {
  const byReference: string[] = [];
  const byNumber: string[] = [];
  const upper = text.toUpperCase();
  // Each reference runs at most to the next 'RF' and two digits: two references side by side are two.
  const starts = [...upper.matchAll(/RF\s?\d{2}/g)].map((m) => m.index);
  starts.forEach((start, i) => {
    const segment = upper.slice(start, starts[i + 1] ?? upper.length);
    const compact = (/^RF\s?\d{2}(?:\s?[0-9A-Z]){0,21}/.exec(segment)?.[0] ?? '').replace(/\s/g, '');
    // A reference followed by other words: the longest prefix that is valid.
    for (let end = compact.length; end >= 5; end -= 1) {
      const number = invoiceNumberOfReference(compact.slice(0, end));
      if (number) {
        if (!byReference.includes(number)) byReference.push(number);
        break;
      }
    }
  });
  for (const found of upper.matchAll(/(?<![0-9A-Z])(20\d{2})[-/ ]?(\d{6})(?![0-9])/g)) {
    const number = formatInvoiceNumber(Number(found[1]), Number(found[2]));
    if (!byReference.includes(number) && !byNumber.includes(number)) byNumber.push(number);
  }
  return { byReference, byNumber };
}

// ---------- bank statements and incoming payments ----------

export const BANK_MESSAGE_KINDS = ['camt.053', 'camt.054'] as const;
export type BankMessageKind = (typeof BANK_MESSAGE_KINDS)[number];

/** How a payment found its invoice: by the RF reference, by the number in the text, or by hand. */
export const ALLOCATION_METHODS = ['referenz', 'rechnungsnummer', 'manuell'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];
export const ALLOCATION_METHOD_LABELS: Record<AllocationMethod, string> = {
  referenz: 'Zahlungsreferenz',
  rechnungsnummer: 'Rechnungsnummer im Verwendungszweck',
  manuell: 'Von Hand zugeordnet',
};

/** What an allocation pays: the invoice, or the interest and fee its reminders claimed. */
/** 'vertragsstrafe': a penalty invoice of a circumvention case, paid apart from the placement's fee. */
export const ALLOCATION_PURPOSES = ['rechnung', 'mahnkosten', 'vertragsstrafe'] as const;
export type AllocationPurpose = (typeof ALLOCATION_PURPOSES)[number];

/**
 * 'zugeordnet': all of it went to invoices; 'unklar': some or all of it waits for the office
 * (no reference, an unknown number, more than was owed); 'erledigt': the office closed the rest
 * with a reason (not an invoice payment).
 */
export const PAYMENT_STATES = ['zugeordnet', 'unklar', 'erledigt'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  zugeordnet: 'Zugeordnet',
  unklar: 'Unklar',
  erledigt: 'Erledigt',
};

export const paymentAllocationSchema = z.object({
  invoiceNumber: z.string(),
  purpose: z.enum(ALLOCATION_PURPOSES),
  placementReportId: z.number(),
  cents: z.number(),
  method: z.enum(ALLOCATION_METHODS),
  allocatedAt: z.string(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

/** An incoming payment as the back office sees it. */
export const incomingPaymentSchema = z.object({
  id: z.number(),
  source: z.enum(['bank', 'manuell']),
  amountCents: z.number(),
  bookedOn: z.string(),
  valueOn: z.string().nullable(),
  debtorName: z.string().nullable(),
  debtorIban: z.string().nullable(),
  reference: z.string().nullable(),
  remittance: z.string().nullable(),
  /** The statement it came with (its bank's id), null for a payment recorded by hand. */
  statementId: z.string().nullable(),
  allocations: z.array(paymentAllocationSchema),
  /** What is not assigned to an invoice yet (or was closed with a reason), cents. */
  unallocatedCents: z.number(),
  state: z.enum(PAYMENT_STATES),
  clearedReason: z.string().nullable(),
});
export type IncomingPayment = z.infer<typeof incomingPaymentSchema>;

/** The answer to an import: what the file held and what was booked. */
export const bankStatementImportSchema = z.object({
  id: z.number(),
  kind: z.enum(BANK_MESSAGE_KINDS),
  statementIds: z.array(z.string()),
  accountIban: z.string(),
  /** Credits in EUR that were booked now. */
  booked: z.number(),
  bookedCents: z.number(),
  /** Of those, fully assigned to invoices. */
  matched: z.number(),
  /** Of those, waiting in the 'unklar' queue (wholly or in part). */
  unclear: z.number(),
  /** Entries booked before (an earlier statement or notification held them). */
  alreadyBooked: z.number(),
  /** Debits, reversals, pending entries and other currencies: not incoming payments. */
  skipped: z.number(),
  /** Placements paid in full by this import. */
  settledReports: z.array(z.number()),
  importedAt: z.string(),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

/** One imported statement in the back office's list. */
export const bankStatementSchema = z.object({
  id: z.number(),
  kind: z.enum(BANK_MESSAGE_KINDS),
  statementIds: z.array(z.string()),
  accountIban: z.string(),
  fileName: z.string(),
  booked: z.number(),
  bookedCents: z.number(),
  importedAt: z.string(),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

const centsInput = z
  .number({ error: PAYMENT_MSG.amountInvalid })
  .int(PAYMENT_MSG.amountInvalid)
  .min(1, PAYMENT_MSG.amountInvalid)
  .max(100_000_000_000, PAYMENT_MSG.amountInvalid);

/** POST /api/admin/payments/:id/allocations: assign (part of) an unclear payment to an invoice. */
const invoiceNumberInput = z
  .string({ error: PAYMENT_MSG.invoiceNumberInvalid })
  .trim()
  .regex(/^\d{4}-\d{6}$/, PAYMENT_MSG.invoiceNumberInvalid);

export const paymentAssignmentSchema = z.object({ invoiceNumber: invoiceNumberInput, cents: centsInput }).strict();
export type PaymentAssignment = z.infer<typeof paymentAssignmentSchema>;

/** The office's 'Zuordnen' form: the amount in euros as typed, sent as cents. */
export const paymentAssignmentFormSchema = z
  .object({
    invoiceNumber: invoiceNumberInput,
    euros: decimalInput(PAYMENT_MSG.amountInvalid).pipe(
      z.number().min(0.01, PAYMENT_MSG.amountInvalid).max(1_000_000_000, PAYMENT_MSG.amountInvalid),
    ),
  })
  .transform(({ invoiceNumber, euros }): PaymentAssignment => ({ invoiceNumber, cents: eurosToCents(euros) }));

/** POST /api/admin/payments/:id/clear: the rest is not an invoice payment (with the reason why). */
export const paymentClearingSchema = z
  .object({
    reason: z
      .string({ error: PAYMENT_MSG.clearReasonRequired })
      .trim()
      .min(3, PAYMENT_MSG.clearReasonRequired)
      .max(500, PAYMENT_MSG.clearReasonRequired),
  })
  .strict();
export type PaymentClearing = z.infer<typeof paymentClearingSchema>;
