import { z } from './zod';
import {
  ACTUAL_SALARY_MAX,
  CITY_MAX_LENGTH,
  HOUSE_NR_MAX_LENGTH,
  PLACEMENT_BONUS_MAX,
  PLACEMENT_TEXT_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
} from './constants';
import { BILLING_MSG } from './fees';
import { guaranteeClaimSchema } from './guarantee';
import { customerStatementSchema, type StatementLineKind } from './statement';
import { DUNNING_LEVELS } from './dunning';
import { idSchema, INPUT_MSG, isSafeText } from './input';
import { MSG } from './messages';
import { placementStatusSchema } from './placements';
import { countrySchema, uidCountryMismatch, uidSchema } from './uid';

/**
 * The money after a placement (issue 12): the salary facts of an advertisement (§ 9 (2) GlBG),
 * invoice and correction-invoice shapes (§ 11 UStG), UID checks and the earnings pages. All
 * money is integer cents; the fee sheet itself (and reading a salary text, parseAnnualSalary) is
 * in fees.ts, guarantee claims and their window in guarantee.ts.
 */

// ---------- invoices ----------

/** The customer's invoice address, when the back office supplies it at 'verrechnet' (consultant reports have none). */
const addressLine = (max: number) =>
  z
    .string({ error: MSG.fillAllFields })
    .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
    .trim()
    .min(1, MSG.fillAllFields)
    .max(max, INPUT_MSG.tooLong);

export const invoiceAddressSchema = z
  .object({
    name: addressLine(PLACEMENT_TEXT_MAX_LENGTH),
    street: addressLine(PLACEMENT_TEXT_MAX_LENGTH),
    houseNr: addressLine(HOUSE_NR_MAX_LENGTH),
    postalCode: addressLine(POSTCODE_MAX_LENGTH),
    city: addressLine(CITY_MAX_LENGTH),
    uid: uidSchema,
    country: countrySchema,
  })
  .strict()
  .superRefine((address, issues) => {
    const mismatch = uidCountryMismatch(address.uid, address.country);
    if (mismatch) issues.addIssue({ code: 'custom', path: ['uid'], message: mismatch });
  });
export type InvoiceAddress = z.infer<typeof invoiceAddressSchema>;

/**
 * Body of POST /api/admin/placement-reports/:id/correction: the corrected bonus and/or salary and
 * why. The invoice in force is cancelled by a Storno-/Korrekturrechnung and a new one is issued.
 */
export const invoiceCorrectionSchema = z
  .object({
    placementBonus: z
      .number({ error: BILLING_MSG.bonusOutOfRange })
      .min(0, BILLING_MSG.bonusOutOfRange)
      .max(PLACEMENT_BONUS_MAX, BILLING_MSG.bonusOutOfRange),
    actualSalary: z
      .number({ error: BILLING_MSG.salaryTooHigh })
      .min(0, BILLING_MSG.salaryTooHigh)
      .max(ACTUAL_SALARY_MAX, BILLING_MSG.salaryTooHigh),
    reason: z
      .string({ error: BILLING_MSG.correctionReasonRequired })
      .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
      .trim()
      .min(1, BILLING_MSG.correctionReasonRequired)
      .max(500, INPUT_MSG.tooLong),
  })
  .strict();
export type InvoiceCorrection = z.infer<typeof invoiceCorrectionSchema>;

/** 'vertragsstrafe': the contractual penalty a circumvention case found (not a placement's fee). */
export const INVOICE_KINDS = ['rechnung', 'korrektur', 'vertragsstrafe'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  rechnung: 'Rechnung',
  korrektur: 'Storno-/Korrekturrechnung',
  vertragsstrafe: 'Rechnung über Vertragsstrafe',
};
// Here, not in statement.ts: that module is imported by this one, and the labels spread these.
/** A line's kind as the statement (page and PDF) names it; 'auszahlung' is a refund transferred to the customer. */
export const STATEMENT_LINE_KIND_LABELS: Record<StatementLineKind, string> = {
  ...INVOICE_KIND_LABELS,
  zahlung: 'Zahlung',
  auszahlung: 'Rückerstattung',
};

/** Sequential, gap-free per calendar year: 2026-000123. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * An invoice is 'offen' until the placement is paid ('bezahlt'), 'ueberfaellig' after its due date;
 * a correction is 'auszuzahlen' when its invoice was paid (the refund is owed) and 'verrechnet'
 * when it only lowers an invoice still open; an invoice replaced after a corrected amount is 'storniert'.
 */
export const INVOICE_STATUSES = ['offen', 'ueberfaellig', 'bezahlt', 'auszuzahlen', 'verrechnet', 'storniert'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  offen: 'Offen',
  ueberfaellig: 'Überfällig',
  bezahlt: 'Bezahlt',
  auszuzahlen: 'Rückerstattung offen',
  verrechnet: 'Mit offener Rechnung verrechnet',
  storniert: 'Storniert (ersetzt)',
};

/** A reminder sent for an invoice (issue 34): its step, day, the new date to pay by, what it asked for. */
export const invoiceReminderSchema = z.object({
  id: z.number(),
  level: z.enum(DUNNING_LEVELS),
  issuedOn: z.string(),
  payBy: z.string(),
  totalCents: z.number(),
  /** Authorised PDF download: GET /api/dunning-notices/:id/pdf. */
  url: z.string(),
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

/** An issued invoice or correction invoice (company: own; back office: all). Amounts in cents; a correction's are negative. */
export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  placementReportId: z.number(),
  /** The invoice a correction refers to (its number), else null. */
  correctsNumber: z.string().nullable(),
  customerName: z.string(),
  customerUid: z.string(),
  /** The customer's state (null: invoices issued before it was recorded). */
  customerCountry: z.string().nullable(),
  /**
   * How the customer's UID was checked when the invoice was issued: 'syntax' (the EU formats)
   * today; a qualified confirmation (VIES, Stufe 2) would add its date and reference.
   */
  uidCheck: z
    .object({ method: z.enum(['syntax', 'qualified']), checkedAt: z.string(), reference: z.string().nullable() })
    .nullable(),
  jobTitle: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  netCents: z.number(),
  vatCents: z.number(),
  grossCents: z.number(),
  reverseCharge: z.boolean(),
  status: z.enum(INVOICE_STATUSES),
  /**
   * An invoice in force that is not paid: what remains of it after its corrections (a guarantee
   * refund before payment reduces it); null for corrections, replaced and paid invoices.
   */
  remainingCents: z.number().nullable(),
  /** Authorised PDF download: GET /api/invoices/:id/pdf. */
  url: z.string(),
  /** The same invoice as EN 16931 e-invoice (UBL 2.1 XML), same readers: GET /api/invoices/:id/xml. */
  xmlUrl: z.string(),
  /** The reminders sent for it, oldest first (its timeline). */
  reminders: z.array(invoiceReminderSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Issuer data printed on every invoice (from configuration, § 11 (1) UStG). */
export interface InvoiceIssuer {
  name: string;
  /** One line: street, postcode and city. */
  address: string;
  uid: string;
  /** Firmenbuchnummer and court: "FN 123456a, Handelsgericht Wien". */
  register: string;
  iban: string;
  bic: string;
  bank: string;
  email: string;
}

/** IBAN syntax and its ISO 13616 check digits (mod 97). */
export function isValidIban(iban: string): boolean {
  const normalised = iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(normalised)) return false;
  const rearranged = normalised.slice(4) + normalised.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** IBAN in groups of four for print: "AT61 1904 3002 3457 3201". */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** Socket event `guarantee:changed` to both parties and `billing:changed` to the company. */
export const billingChangedEventSchema = z.object({ placementReportId: z.number() });
export type BillingChangedEvent = z.infer<typeof billingChangedEventSchema>;

// ---------- earnings and billing pages ----------

/** One placement on 'Meine Vermittlungen' (consultant) or 'Rechnungen und Vermittlungen' (company). */
export const placementEarningSchema = z.object({
  id: z.number(),
  jobTitle: z.string(),
  companyName: z.string(),
  consultantName: z.string().nullable(),
  reportedAt: z.string(),
  bonusPercent: z.number(),
  salaryCents: z.number(),
  bonusCents: z.number(),
  serviceFeeCents: z.number(),
  status: placementStatusSchema,
  /** The status line the page shows: "Verrechnet", "Garantie läuft bis 21.01.2027", "Garantiefall" … */
  statusText: z.string(),
  /** The last day a guarantee claim may concern (60 days after the report), once invoiced. */
  guaranteeUntil: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDueOn: z.string().nullable(),
  /** Consultant: when the bonus is expected to be paid out (the invoice's due date; the payment day once paid). */
  expectedPayoutOn: z.string().nullable(),
  /** The day the company's payment was booked (Vienna), else null. */
  paidOn: z.string().nullable(),
  /** After an accepted guarantee claim: the part of the bonus refunded (cents), else 0. */
  refundedBonusCents: z.number(),
  claim: guaranteeClaimSchema.nullable(),
  /** Company: whether 'Garantiefall melden' is offered now. */
  canClaimGuarantee: z.boolean(),
});
export type PlacementEarning = z.infer<typeof placementEarningSchema>;

export const earningsYearSchema = z.object({
  year: z.number(),
  placements: z.number(),
  bonusCents: z.number(),
  refundedBonusCents: z.number(),
});
export type EarningsYear = z.infer<typeof earningsYearSchema>;

/** GET /api/earnings (consultant) and GET /api/billing (company). */
export const earningsOverviewSchema = z.object({
  placements: z.array(placementEarningSchema),
  years: z.array(earningsYearSchema),
  invoices: z.array(invoiceSchema),
  /** Company: what is still to be paid (open invoices less their corrections), cents. */
  openCents: z.number(),
  /** Company: the statement of account (null for a consultant). */
  statement: customerStatementSchema.nullable(),
});
export type EarningsOverview = z.infer<typeof earningsOverviewSchema>;

/**
 * GET /api/earnings(.csv) query (issue 31): an agency's administrators and Buchhaltung see every
 * placement of the agency and may narrow it to one member (their membership id); a consultant sees
 * their own and the filter is ignored.
 */
export const earningsQuerySchema = z.object({ member: idSchema.optional() });
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;
