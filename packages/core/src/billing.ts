import { z } from 'zod';
import { addCalendarDays, formatDay, type IsoDate } from './business-days';
import {
  ACTUAL_SALARY_MAX,
  CITY_MAX_LENGTH,
  GUARANTEE_DAYS,
  HOUSE_NR_MAX_LENGTH,
  PLACEMENT_BONUS_MAX,
  PLACEMENT_TEXT_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  TERMINATION_NOTICE_DAYS,
} from './constants';
import { formatEuro } from './format';
import { storedFileSchema } from './files';
import { INPUT_MSG, isSafeText } from './input';
import { MSG } from './messages';
import { placementStatusSchema } from './placements';
import { DEFAULT_YEARLY_PAYMENTS } from './salary-facts';
import { uidSchema } from './uid';

/**
 * The money after a placement (issue 12): the fee sheet, the salary facts of an
 * advertisement (§ 9 (2) GlBG), invoice and correction-invoice shapes (§ 11 UStG),
 * UID checks, guarantee claims and the earnings pages. All money is integer cents.
 *
 * Rounding: every step rounds commercially to the cent (half away from zero — all
 * amounts here are positive, so half up), in this order: bonus of the salary, service
 * fee of the bonus, USt of the net. Totals are sums of rounded parts, so a sheet's
 * lines always add up to its total, on screen, in the report and on the invoice.
 */

/** Austrian standard VAT rate, in percent (§ 10 (1) UStG). */
export const VAT_RATE_PERCENT = 20;
/** The provider's service fee, in percent of the placement bonus. */
export const SERVICE_FEE_PERCENT = 10;
/** Refunded share of both fees in a guarantee case. */
export const GUARANTEE_REFUND_PERCENT = 50;
/** Highest annual gross salary the sheet computes, in cents (the report's limit). */
export const SALARY_MAX_CENTS = ACTUAL_SALARY_MAX * 100;

export const BILLING_MSG = {
  salaryTooHigh: 'Das Jahresgehalt darf höchstens 10.000.000 € betragen.',
  bonusOutOfRange: 'Die Prämie muss zwischen 0 und 100 % liegen.',
  salaryUnparsed:
    'Aus dem Gehaltstext lässt sich kein Jahresbruttogehalt ablesen; die Prämie in € wird daher nicht berechnet.',
  reverseChargeNote: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß Art. 196 MwStSystRL.',
  invoiceAddressMissing:
    'Für diese Meldung fehlen Rechnungsadresse und UID des Unternehmens. Bitte erfassen Sie sie, bevor Sie verrechnen.',
  invoiceUidInvalid:
    'Die UID-Nummer dieser Meldung ist ungültig. Bitte erfassen Sie eine gültige UID-Nummer, bevor Sie verrechnen.',
  invoiceNotFound: 'Diese Rechnung existiert nicht.',
  noInvoiceToCorrect: 'Zu dieser Vermittlung gibt es keine Rechnung, die korrigiert werden könnte.',
  correctionNotAllowed: 'Korrigieren lässt sich nur der Betrag einer verrechneten, noch nicht bezahlten Vermittlung.',
  correctionUnchanged: 'Prämie und Jahresgehalt sind unverändert; es gibt nichts zu korrigieren.',
  correctionReasonRequired: 'Bitte begründen Sie die Korrektur.',
} as const;

// ---------- the fee sheet ----------

/** A percentage with up to two decimals as basis points (12.5 % → 1250), exact for such inputs. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** a × b / divisor, rounded half up; exact while a × b stays below 2^53 (guarded by the callers' limits). */
function mulDivRound(a: number, b: number, divisor: number): number {
  return Math.floor((a * b + divisor / 2) / divisor);
}

export interface FeeLine {
  /** Annual gross salary, cents. */
  salaryCents: number;
  /** Placement bonus: bonus % of the salary, cents. */
  bonusCents: number;
  /** Service fee: 10 % of the bonus, cents. */
  serviceFeeCents: number;
  /** What the provider invoices: bonus + service fee, cents. */
  netCents: number;
  /** USt on the net (0 with reverse charge), cents. */
  vatCents: number;
  /** Net + USt, cents. */
  totalCents: number;
}

/**
 * The fee sheet of one annual gross salary (spec §9: 20 % on 60,000 € → 12,000 € bonus +
 * 1,200 € service fee; the provider invoices both with 20 % USt). Throws a RangeError for
 * input outside the limits: the schemas refuse such input before it gets here.
 */
export function computeFeeLine(
  bonusPercent: number,
  salaryCents: number,
  options: { reverseCharge?: boolean } = {},
): FeeLine {
  if (!Number.isFinite(bonusPercent) || bonusPercent < 0 || bonusPercent > PLACEMENT_BONUS_MAX) {
    throw new RangeError(BILLING_MSG.bonusOutOfRange);
  }
  if (!Number.isSafeInteger(salaryCents) || salaryCents < 0 || salaryCents > SALARY_MAX_CENTS) {
    throw new RangeError(BILLING_MSG.salaryTooHigh);
  }
  const bonusCents = mulDivRound(salaryCents, percentToBasisPoints(bonusPercent), 10_000);
  const serviceFeeCents = mulDivRound(bonusCents, SERVICE_FEE_PERCENT, 100);
  const netCents = bonusCents + serviceFeeCents;
  const vatCents = options.reverseCharge ? 0 : mulDivRound(netCents, VAT_RATE_PERCENT, 100);
  return { salaryCents, bonusCents, serviceFeeCents, netCents, vatCents, totalCents: netCents + vatCents };
}

export interface FeeBreakdown {
  /** Placement fee owed to the consultant: bonus % of the gross annual salary, euros. */
  placementFee: number;
  /** Provider's service fee: 10 % of the placement fee, euros. */
  serviceFee: number;
  /** Both, before USt, euros. */
  total: number;
}

/**
 * The fee sheet's bonus and service fee in euros (two decimals) for the texts and the
 * report's stored amounts: computeFeeLine in euros. 20 % on 60,000 → 12,000 + 1,200.
 */
export function calculateFees(bonusPercent: number, annualSalary: number): FeeBreakdown {
  const line = computeFeeLine(bonusPercent, eurosToCents(annualSalary));
  return { placementFee: line.bonusCents / 100, serviceFee: line.serviceFeeCents / 100, total: line.netCents / 100 };
}

/** A fee sheet over a salary range: one line per end (min = max for a single amount). */
export interface FeeSheet {
  bonusPercent: number;
  min: FeeLine;
  max: FeeLine;
}

export function computeFeeSheet(
  bonusPercent: number,
  range: SalaryRange,
  options: { reverseCharge?: boolean } = {},
): FeeSheet {
  return {
    bonusPercent,
    min: computeFeeLine(bonusPercent, range.minCents, options),
    max: computeFeeLine(bonusPercent, range.maxCents, options),
  };
}

/** Guarantee case (spec §9): 50 % of the bonus and of the service fee, each rounded half up, and the USt on them. */
export function computeGuaranteeRefund(
  line: Pick<FeeLine, 'bonusCents' | 'serviceFeeCents'>,
  options: { reverseCharge?: boolean } = {},
): Omit<FeeLine, 'salaryCents'> {
  const bonusCents = mulDivRound(line.bonusCents, GUARANTEE_REFUND_PERCENT, 100);
  const serviceFeeCents = mulDivRound(line.serviceFeeCents, GUARANTEE_REFUND_PERCENT, 100);
  const netCents = bonusCents + serviceFeeCents;
  const vatCents = options.reverseCharge ? 0 : mulDivRound(netCents, VAT_RATE_PERCENT, 100);
  return { bonusCents, serviceFeeCents, netCents, vatCents, totalCents: netCents + vatCents };
}

/** Cents as euros for display: 1234567 → "€ 12.345,67". */
export function formatCents(cents: number): string {
  return formatEuro(cents / 100);
}

/** Euros (up to two decimals, as forms and reports carry them) to integer cents. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

// ---------- the salary text ----------

/** An annual gross salary range in cents. */
export interface SalaryRange {
  minCents: number;
  maxCents: number;
}

const MONTHLY =
  /\b(monatlich|mtl\.?|pro\s+monat|je\s+monat|im\s+monat|monatsgehalt|monatsbrutto)\b|\/\s*monat|\bp\.\s*m\.?/i;
/** "x 14", "14x", "14 mal": a monthly amount times the payments; "14 Gehälter" only names the count. */
const PAYMENT_TIMES = /(?:\bx\s*(1[2-5])\b|\b(1[2-5])\s*(?:x|mal)\b)/i;
const PAYMENT_COUNT = /\b(1[2-5])\s*(?:gehälter|monatsgehälter|bezüge)/i;
const AMOUNT = /\d{1,3}(?:[.\s\u00a0]\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?(?:\s*k\b)?/gi;
/** Below this an "annual" amount is not an annual salary (e.g. an hourly wage): no guess. */
const ANNUAL_MIN_EUR = 1_000;

/**
 * The annual gross range a salary text states, or null where it does not say so clearly.
 * Austrian notation ('.' or a space groups thousands, ',' starts cents, '50k' = 50.000):
 * "50.000 – 70.000" → 50,000–70,000; "€ 45.000,- brutto" → 45,000; "ab 3.200 monatlich"
 * → 3,200 × the yearly payments (14 unless the text says e.g. "x 14"). More than two
 * amounts, amounts that are not a rising range, or hourly-looking figures give null.
 */
export function parseAnnualSalary(
  salary: string,
  yearlyPayments: number = DEFAULT_YEARLY_PAYMENTS,
): SalaryRange | null {
  const times = PAYMENT_TIMES.exec(salary);
  const count = PAYMENT_COUNT.exec(salary);
  const payments = times ? Number(times[1] ?? times[2]) : count ? Number(count[1]) : yearlyPayments;
  const monthly = times !== null || MONTHLY.test(salary);
  let text = salary;
  for (const marker of [times, count]) if (marker) text = text.replace(marker[0], ' ');
  const amounts: number[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const raw = match[0];
    const thousands = /k$/i.test(raw);
    const numeric = Number(
      raw
        .replace(/\s*k$/i, '')
        .replace(/[.\s\u00a0]/g, '')
        .replace(',', '.'),
    );
    if (!Number.isFinite(numeric) || numeric <= 0) continue;
    amounts.push(thousands ? numeric * 1000 : numeric);
  }
  if (amounts.length === 0 || amounts.length > 2) return null;
  const low = amounts[0]!;
  const high = amounts[1] ?? low;
  if (high < low) return null;
  const factor = monthly ? payments : 1;
  const minCents = Math.round(low * 100) * factor;
  const maxCents = Math.round(high * 100) * factor;
  if (minCents < ANNUAL_MIN_EUR * 100 || maxCents > SALARY_MAX_CENTS) return null;
  return { minCents, maxCents };
}

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
  })
  .strict();
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
  noteTooLong: `Die Beschreibung darf höchstens ${GUARANTEE_NOTE_MAX.toLocaleString('de-AT')} Zeichen lang sein.`,
  reasonRequired: 'Bitte begründen Sie die Ablehnung.',
  reasonTooLong: `Die Begründung darf höchstens ${GUARANTEE_REASON_MAX.toLocaleString('de-AT')} Zeichen lang sein.`,
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
 * The terms' check of a guarantee claim (spec §9), null when it holds, else the German
 * refusal naming the rule and the dates. `today` is the claim's day in Vienna.
 */
export function guaranteeClaimRefusal(
  claim: { employmentStart: IsoDate; employmentEnd: IsoDate },
  today: IsoDate,
): string | null {
  const { employmentStart: start, employmentEnd: end } = claim;
  if (end < start) return GUARANTEE_MSG.endBeforeStart;
  if (end > today) return GUARANTEE_MSG.endInFuture;
  const lastEnd = guaranteeEmploymentDeadline(start);
  if (end > lastEnd) {
    return `Die Garantie gilt nur, wenn das Dienstverhältnis innerhalb von ${GUARANTEE_DAYS} Tagen nach seinem Beginn endet: Beginn ${formatDay(start)}, Ende ${formatDay(end)}, spätestens ${formatDay(lastEnd)}.`;
  }
  const lastClaim = guaranteeClaimDeadline(end);
  if (today > lastClaim) {
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
