import { ACTUAL_SALARY_MAX, DEFAULT_YEARLY_PAYMENTS, PLACEMENT_BONUS_MAX } from './constants';
import { formatEuro } from './format';

/**
 * The fee sheet (issue 12): what a placement costs, in integer cents, and the billing texts
 * (BILLING_MSG, also billing.ts's). No schemas here — billing.ts has the invoices' and claims' —
 * so the landing page's fee example loads no zod.
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
  penaltyNote:
    'Vertragsstrafe gemäß Punkt 10 der AGB (Umgehungsverbot). Als Schadenersatz ohne Leistungsaustausch nicht umsatzsteuerbar.',
  invoiceAddressMissing:
    'Für diese Meldung fehlen Rechnungsadresse und UID des Unternehmens. Die Administratoren des Unternehmens wurden gebeten, die Rechnungsdaten ihrer Organisation zu ergänzen; Sie können sie auch hier erfassen.',
  invoiceUidInvalid:
    'Die UID-Nummer dieser Meldung ist ungültig. Bitte erfassen Sie eine gültige UID-Nummer, bevor Sie verrechnen.',
  invoiceNotFound: 'Diese Rechnung existiert nicht.',
  reminderNotFound: 'Dieses Mahnschreiben existiert nicht.',
  noInvoiceToCorrect: 'Zu dieser Vermittlung gibt es keine Rechnung, die korrigiert werden könnte.',
  correctionNotAllowed:
    'Korrigieren lässt sich nur der Betrag einer verrechneten oder bezahlten Vermittlung, nicht der eines Garantiefalls.',
  correctionAfterCreditNote:
    'Die Vermittlungsprämie dieser Vermittlung ist bereits mit Gutschrift an die Personalberatung abgerechnet. Einen geänderten Betrag korrigieren Sie bitte gemeinsam mit der Gutschrift über die Buchhaltung.',
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

/** Austrian USt on a net amount in cents, rounded half up (the one rounding invoices and credit notes use). */
export function vatCentsOf(netCents: number): number {
  return mulDivRound(netCents, VAT_RATE_PERCENT, 100);
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
  const vatCents = options.reverseCharge ? 0 : vatCentsOf(netCents);
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
  const vatCents = options.reverseCharge ? 0 : vatCentsOf(netCents);
  return { bonusCents, serviceFeeCents, netCents, vatCents, totalCents: netCents + vatCents };
}

/** Cents as euros for display: 1234567 → "€ 12.345,67". */
export function formatCents(cents: number): string {
  return formatEuro(cents / 100);
}

/** Euros (up to two decimals, as forms and reports carry them) to integer cents. */
/** Cents as exact decimal text without thousands separators: 123456 → '1234,56' (or '1234.56'). */
export function centsDecimal(cents: number, separator: ',' | '.' = ','): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}${separator}${String(abs % 100).padStart(2, '0')}`;
}

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** An annual gross salary range in cents. */
export interface SalaryRange {
  minCents: number;
  maxCents: number;
}

// ---------- the salary text (the sheet's input; also the browser's € filter) ----------

const MONTHLY =
  /\b(monatlich|mtl\.?|pro\s+monat|je\s+monat|im\s+monat|monatsgehalt|monatsbrutto)\b|\/\s*monat|\bp\.\s*m\.?/i;
/** "x 14", "14x", "14 mal": a monthly amount times the payments; "14 Gehälter" only names the count. */
const PAYMENT_TIMES = /(?:\bx\s*(1[2-5])\b|\b(1[2-5])\s*(?:x|mal)\b)/i;
// Umlauts as escapes: a regular expression is the one place the server build cannot make ASCII
// (scripts/build.mjs), and one non-ASCII character doubles the memory of the whole module's source.
const PAYMENT_COUNT = /\b(1[2-5])\s*(?:geh\u00e4lter|monatsgeh\u00e4lter|bez\u00fcge)/i;
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
