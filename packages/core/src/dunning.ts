import { z } from './zod';
import { addCalendarDays, type IsoDate } from './business-days';

/**
 * Reminding a late payer (issue 34): the steps after the due date, default interest per § 456 UGB
 * (9.2 percentage points above the OeNB base rate; the base rate on the last day of a half-year
 * applies to the whole next half-year) computed day by day on the open amount, and the 40 € flat
 * fee for collection costs per § 458 UGB from the first 'Mahnung' on. Money in integer cents.
 */

export const DUNNING_LEVELS = ['zahlungserinnerung', 'mahnung1', 'mahnung2'] as const;
export type DunningLevel = (typeof DUNNING_LEVELS)[number];
export const DUNNING_LEVEL_LABELS: Record<DunningLevel, string> = {
  zahlungserinnerung: 'Zahlungserinnerung',
  mahnung1: '1. Mahnung',
  mahnung2: '2. Mahnung',
};

/** The file name of a reminder: '1-Mahnung-2026-000123.pdf' (mail attachment and download alike). */
export function reminderFileName(level: DunningLevel, invoiceNumber: string): string {
  return `${DUNNING_LEVEL_LABELS[level].replace('. ', '-').replace(/\s+/g, '-')}-${invoiceNumber}.pdf`;
}

/** One step: sent this many calendar days after the due date; interest and the flat fee from 'Mahnung' on. */
export interface DunningStep {
  level: DunningLevel;
  daysAfterDue: number;
  claimsInterest: boolean;
  claimsFlatFee: boolean;
}

/** Days after the due date of each step, in order (configuration DUNNING_DAYS, e.g. '7,21,35'). */
export function dunningSteps(days: readonly [number, number, number]): DunningStep[] {
  return DUNNING_LEVELS.map((level, i) => ({
    level,
    daysAfterDue: days[i]!,
    claimsInterest: level !== 'zahlungserinnerung',
    claimsFlatFee: level !== 'zahlungserinnerung',
  }));
}

export const DEFAULT_DUNNING_DAYS: readonly [number, number, number] = [7, 21, 35];
/** § 456 UGB: 9.2 percentage points above the base rate, in basis points. */
export const DEFAULT_INTEREST_MARGIN_BP = 920;
/** A reminder gives this many calendar days to pay. */
export const DUNNING_PAY_DAYS = 10;
/** § 458 UGB: at least 40 € for the costs of collection. */
export const DUNNING_FLAT_FEE_CENTS = 4000;
/** Days an interest year has (act/365, as the courts compute § 456 UGB interest). */
const DAYS_PER_YEAR = 365;

/** A base rate from its first day on, in basis points (may be negative). */
export interface BaseRate {
  validFrom: IsoDate;
  rateBp: number;
}

/**
 * The OeNB base rate (Basiszinssatz) since 2023, as published; later changes are added by
 * configuration (BASE_RATES). It follows the ECB's main refinancing rate at 0.62 points below.
 */
export const OENB_BASE_RATES: readonly BaseRate[] = [
  { validFrom: '2022-12-21', rateBp: 188 },
  { validFrom: '2023-02-08', rateBp: 238 },
  { validFrom: '2023-03-22', rateBp: 288 },
  { validFrom: '2023-05-10', rateBp: 313 },
  { validFrom: '2023-06-21', rateBp: 338 },
  { validFrom: '2023-08-02', rateBp: 363 },
  { validFrom: '2023-09-20', rateBp: 388 },
  { validFrom: '2024-06-12', rateBp: 363 },
  { validFrom: '2024-09-18', rateBp: 303 },
  { validFrom: '2024-10-23', rateBp: 278 },
  { validFrom: '2024-12-18', rateBp: 253 },
  { validFrom: '2025-02-05', rateBp: 228 },
  { validFrom: '2025-03-12', rateBp: 203 },
  { validFrom: '2025-04-23', rateBp: 178 },
  { validFrom: '2025-06-11', rateBp: 153 },
];

/** 'YYYY-MM-DD:rate %' pairs, comma-separated ('2025-06-11:1.53'); a rate with up to two decimals. */
export const baseRatesSchema = z
  .string()
  .trim()
  .transform((text, issue) => {
    const rates: BaseRate[] = [];
    for (const part of text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const match = /^(\d{4}-\d{2}-\d{2}):(-?\d{1,2}(?:\.\d{1,2})?)$/.exec(part);
      if (!match) {
        issue.addIssue({ code: 'custom', message: `not 'YYYY-MM-DD:percent': ${part}` });
        return z.NEVER;
      }
      rates.push({ validFrom: match[1]!, rateBp: Math.round(Number(match[2]) * 100) });
    }
    return rates.sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  });

/** The base rate in force on `day` (the newest that began on or before it); 0 before the first. */
export function baseRateOn(rates: readonly BaseRate[], day: IsoDate): number {
  let rate = 0;
  for (const r of rates) if (r.validFrom <= day) rate = r.rateBp;
  return rate;
}

/** The last day of the half-year before the one `day` lies in: 2026-11-26 → 2026-06-30. */
function endOfPreviousHalfYear(day: IsoDate): IsoDate {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) <= 6 ? `${year - 1}-12-31` : `${year}-06-30`;
}

/** § 456 UGB: the rate for `day`, in basis points — the base rate on the last day of the previous half-year plus the margin. */
export function defaultInterestRateBp(
  rates: readonly BaseRate[],
  day: IsoDate,
  marginBp = DEFAULT_INTEREST_MARGIN_BP,
): number {
  return baseRateOn(rates, endOfPreviousHalfYear(day)) + marginBp;
}

export interface InterestPeriod {
  from: IsoDate;
  to: IsoDate;
  days: number;
  rateBp: number;
  /** This period's interest, rounded once to the cent. */
  cents: number;
}

/**
 * Default interest on `principalCents` for every day after `dueOn` up to and including `until`:
 * per day principal × rate / 365, summed exactly within each period of one rate and rounded once
 * per period to the cent (half up); the total is the sum of the periods the reminder prints.
 */
export function defaultInterest(
  principalCents: number,
  dueOn: IsoDate,
  until: IsoDate,
  rates: readonly BaseRate[],
  marginBp = DEFAULT_INTEREST_MARGIN_BP,
): { cents: number; periods: InterestPeriod[] } {
  const periods: Array<InterestPeriod & { exact: bigint }> = [];
  if (principalCents <= 0 || until <= dueOn) return { cents: 0, periods: [] };
  for (let day = addCalendarDays(dueOn, 1); day <= until; day = addCalendarDays(day, 1)) {
    const rateBp = defaultInterestRateBp(rates, day, marginBp);
    const daily = BigInt(principalCents) * BigInt(rateBp);
    const last = periods[periods.length - 1];
    if (last && last.rateBp === rateBp) {
      last.to = day;
      last.days += 1;
      last.exact += daily;
    } else periods.push({ from: day, to: day, days: 1, rateBp, cents: 0, exact: daily });
  }
  const divisor = 10_000n * BigInt(DAYS_PER_YEAR);
  const round = (n: bigint) =>
    n >= 0n ? (n * 2n + divisor) / (2n * divisor) : -((-n * 2n + divisor) / (2n * divisor));
  const rounded = periods.map(({ exact, ...period }) => ({ ...period, cents: Number(round(exact)) }));
  return { cents: rounded.reduce((sum, p) => sum + p.cents, 0), periods: rounded };
}
