import { z } from './zod';
import { addCalendarDays, addCalendarMonths, formatDay, type IsoDate } from './business-days';
import {
  ACTUAL_SALARY_MAX,
  CITY_MAX_LENGTH,
  GUARANTEE_DAYS,
  GUARANTEE_START_LATEST_MONTHS,
  HOUSE_NR_MAX_LENGTH,
  PLACEMENT_BONUS_MAX,
  PLACEMENT_TEXT_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  TERMINATION_NOTICE_DAYS,
} from './constants';
import { BILLING_MSG } from './fees';
import { formatNumber } from './format';
import { storedFileSchema } from './files';
import { INPUT_MSG, isSafeText } from './input';
import { MSG } from './messages';
import { placementStatusSchema } from './placements';
import { countrySchema, uidCountryMismatch, uidSchema } from './uid';

/**
 * The money after a placement (issue 12): the salary facts of an advertisement (§ 9 (2) GlBG),
 * invoice and correction-invoice shapes (§ 11 UStG), UID checks, guarantee claims and the
 * earnings pages. All money is integer cents; the fee sheet itself (and reading a salary text,
 * parseAnnualSalary) is in fees.ts.
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

export const INVOICE_KINDS = ['rechnung', 'korrektur'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  rechnung: 'Rechnung',
  korrektur: 'Storno-/Korrekturrechnung',
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
  /** Authorised PDF download: GET /api/invoices/:id/pdf. */
  url: z.string(),
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

// ---------- guarantee claims (spec §9: 60 days) ----------

export const GUARANTEE_ENDED_BY = ['arbeitgeber', 'arbeitnehmer', 'einvernehmlich', 'probezeit'] as const;
export type GuaranteeEndedBy = (typeof GUARANTEE_ENDED_BY)[number];
export const GUARANTEE_ENDED_BY_LABELS: Record<GuaranteeEndedBy, string> = {
  arbeitgeber: 'Kündigung oder Entlassung durch das Unternehmen',
  arbeitnehmer: 'Kündigung oder Austritt durch die Mitarbeiterin / den Mitarbeiter',
  einvernehmlich: 'Einvernehmliche Auflösung',
  probezeit: 'Lösung in der Probezeit',
};
export const GUARANTEE_NOTE_MAX = 2000;
/** Documents per claim (termination letter …), .pdf/.doc/.docx up to 5 MB each. */
export const GUARANTEE_MAX_DOCUMENTS = 5;
/** The documents name the employee: deleted this many months after the decision. */
export const GUARANTEE_DOCUMENT_RETENTION_MONTHS = 6;
export const GUARANTEE_REASON_MAX = 2000;

export const GUARANTEE_MSG = {
  dateInvalid: 'Bitte geben Sie gültige Daten an (TT.MM.JJJJ).',
  endBeforeStart: 'Das Ende des Dienstverhältnisses darf nicht vor seinem Beginn liegen.',
  endInFuture: 'Ein Garantiefall kann erst gemeldet werden, wenn das Dienstverhältnis beendet ist.',
  endedByRequired: 'Bitte geben Sie an, wer das Dienstverhältnis beendet hat.',
  noteRequired: 'Bitte beschreiben Sie den Garantiefall.',
  noteTooLong: `Die Beschreibung darf höchstens ${formatNumber(GUARANTEE_NOTE_MAX)} Zeichen lang sein.`,
  reasonRequired: 'Bitte begründen Sie die Ablehnung.',
  reasonTooLong: `Die Begründung darf höchstens ${formatNumber(GUARANTEE_REASON_MAX)} Zeichen lang sein.`,
  reportNotFound: 'Diese Vermittlung existiert nicht.',
  notInvoiced: 'Ein Garantiefall kann erst gemeldet werden, wenn die Vermittlung verrechnet ist.',
  alreadyClaimed: 'Für diese Vermittlung wurde bereits ein Garantiefall gemeldet.',
  claimNotFound: 'Dieser Garantiefall existiert nicht.',
  alreadyDecided: 'Über diesen Garantiefall wurde bereits entschieden.',
  tooManyDocuments: `Sie können höchstens ${GUARANTEE_MAX_DOCUMENTS} Dokumente zu einem Garantiefall hochladen.`,
  documentsClosed: 'Dokumente können nur ergänzt werden, solange der Garantiefall in Prüfung ist.',
  documentNotFound: 'Dokument nicht gefunden.',
  claimed: 'Ihr Garantiefall wurde gemeldet. Wir prüfen ihn und melden uns.',
} as const;

/** "Ended within 60 days of its start": the end may be at most start + 60 days. */
export function guaranteeEmploymentDeadline(employmentStart: IsoDate): IsoDate {
  return addCalendarDays(employmentStart, GUARANTEE_DAYS);
}

/** The claim must come within 7 days of the termination. */
export function guaranteeClaimDeadline(employmentEnd: IsoDate): IsoDate {
  return addCalendarDays(employmentEnd, TERMINATION_NOTICE_DAYS);
}

/**
 * The window a placement's guarantee claim must fit (spec §9): the employment cannot have
 * started before the placement (the report's day, or the named introduction's hire day when
 * that came first), not later than GUARANTEE_START_LATEST_MONTHS after it, and the guarantee
 * ends GUARANTEE_DAYS after the report — the day 'Garantie läuft bis' shows.
 */
export interface GuaranteeWindow {
  earliestStart: IsoDate;
  latestStart: IsoDate;
  guaranteeEnd: IsoDate;
}

export function guaranteeWindow(reportDay: IsoDate, hireDay: IsoDate | null): GuaranteeWindow {
  const earliestStart = hireDay !== null && hireDay < reportDay ? hireDay : reportDay;
  return {
    earliestStart,
    latestStart: addCalendarMonths(reportDay, GUARANTEE_START_LATEST_MONTHS),
    guaranteeEnd: addCalendarDays(reportDay, GUARANTEE_DAYS),
  };
}

/**
 * The terms' check of a guarantee claim (spec §9), null when it holds, else the German
 * refusal naming the rule and the dates. `claimedOn` is the claim's day in Vienna (today when
 * it is filed, its filing day when the back office decides), `window` the placement's.
 */
export function guaranteeClaimRefusal(
  claim: { employmentStart: IsoDate; employmentEnd: IsoDate },
  claimedOn: IsoDate,
  window: GuaranteeWindow,
): string | null {
  const { employmentStart: start, employmentEnd: end } = claim;
  if (end < start) return GUARANTEE_MSG.endBeforeStart;
  if (end > claimedOn) return GUARANTEE_MSG.endInFuture;
  if (start < window.earliestStart) {
    return `Ein Garantiefall betrifft nur das vermittelte Dienstverhältnis: Es kann nicht vor der Vermittlung am ${formatDay(window.earliestStart)} begonnen haben (angegebener Beginn ${formatDay(start)}).`;
  }
  if (start > window.latestStart) {
    return `Ein Dienstverhältnis, das mehr als ${GUARANTEE_START_LATEST_MONTHS} Monate nach der Vermittlung beginnt, ist nicht das gemeldete: Beginn ${formatDay(start)}, spätestens ${formatDay(window.latestStart)}.`;
  }
  const lastEnd = guaranteeEmploymentDeadline(start);
  if (end > lastEnd) {
    return `Die Garantie gilt nur, wenn das Dienstverhältnis innerhalb von ${GUARANTEE_DAYS} Tagen nach seinem Beginn endet: Beginn ${formatDay(start)}, Ende ${formatDay(end)}, spätestens ${formatDay(lastEnd)}.`;
  }
  if (end > window.guaranteeEnd) {
    return `Die Garantie dieser Vermittlung endete am ${formatDay(window.guaranteeEnd)}; das Dienstverhältnis endete danach (${formatDay(end)}).`;
  }
  const lastClaim = guaranteeClaimDeadline(end);
  if (claimedOn > lastClaim) {
    return `Ein Garantiefall muss innerhalb von ${TERMINATION_NOTICE_DAYS} Tagen nach dem Ende des Dienstverhältnisses gemeldet werden: Ende ${formatDay(end)}, Meldung spätestens am ${formatDay(lastClaim)}.`;
  }
  return null;
}

const isoDateInput = z
  .string({ error: GUARANTEE_MSG.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, GUARANTEE_MSG.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
  }, GUARANTEE_MSG.dateInvalid);

/** Body of POST /api/placements/:id/guarantee-claim. */
export const guaranteeClaimRequestSchema = z
  .object({
    employmentStart: isoDateInput,
    employmentEnd: isoDateInput,
    endedBy: z.enum(GUARANTEE_ENDED_BY, { error: GUARANTEE_MSG.endedByRequired }),
    note: z
      .string({ error: GUARANTEE_MSG.noteRequired })
      .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
      .trim()
      .min(1, GUARANTEE_MSG.noteRequired)
      .max(GUARANTEE_NOTE_MAX, GUARANTEE_MSG.noteTooLong),
  })
  .strict();
export type GuaranteeClaimRequest = z.infer<typeof guaranteeClaimRequestSchema>;

export const GUARANTEE_CLAIM_STATUSES = ['offen', 'angenommen', 'abgelehnt'] as const;
export type GuaranteeClaimStatus = (typeof GUARANTEE_CLAIM_STATUSES)[number];
export const GUARANTEE_CLAIM_STATUS_LABELS: Record<GuaranteeClaimStatus, string> = {
  offen: 'In Prüfung',
  angenommen: 'Angenommen',
  abgelehnt: 'Abgelehnt',
};

/** Body of PUT /api/admin/guarantee-claims/:id: accept, or reject with a reason. */
export const guaranteeDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('angenommen') }).strict(),
    z
      .object({
        decision: z.literal('abgelehnt'),
        reason: z
          .string({ error: GUARANTEE_MSG.reasonRequired })
          .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
          .trim()
          .min(1, GUARANTEE_MSG.reasonRequired)
          .max(GUARANTEE_REASON_MAX, GUARANTEE_MSG.reasonTooLong),
      })
      .strict(),
  ],
  { error: 'Bitte wählen Sie „angenommen“ oder „abgelehnt“.' },
);
export type GuaranteeDecisionRequest = z.infer<typeof guaranteeDecisionSchema>;

/** A guarantee claim as the company, the consultant (without the note) and the back office see it. */
export const guaranteeClaimSchema = z.object({
  id: z.number(),
  placementReportId: z.number(),
  jobTitle: z.string(),
  companyName: z.string(),
  employmentStart: z.string(),
  employmentEnd: z.string(),
  endedBy: z.enum(GUARANTEE_ENDED_BY),
  note: z.string().nullable(),
  status: z.enum(GUARANTEE_CLAIM_STATUSES),
  reason: z.string().nullable(),
  claimedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Accepted: the refund (cents, gross) and when it is paid out at the latest. */
  refundCents: z.number().nullable(),
  refundDueOn: z.string().nullable(),
  /** The company's documents (company and back office only; [] for the consultant). */
  documents: z.array(storedFileSchema),
});
export type GuaranteeClaim = z.infer<typeof guaranteeClaimSchema>;

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
});
export type EarningsOverview = z.infer<typeof earningsOverviewSchema>;
