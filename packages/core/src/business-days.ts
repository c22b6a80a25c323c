import { z } from './zod';
import { GUARANTEE_DAYS, GUARANTEE_REFUND_RATE, INVOICE_DUE_WORKING_DAYS } from './constants';
import { roundCents, viennaParts } from './format';

/**
 * Calendar arithmetic of the terms (spec §9): invoices are due 14 working days
 * after invoicing, Austrian public holidays excluded; the 60-day guarantee with
 * a 50 % refund. Dates are ISO calendar days ('YYYY-MM-DD') in Vienna; the
 * arithmetic runs on UTC midnights so no daylight-saving hour can shift a day.
 */

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIso(date: IsoDate): Date {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`Invalid ISO date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

function toIso(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** A calendar day as the product shows it: '2026-12-15' → '15.12.2026' (no time zone involved). */
export function formatDay(date: IsoDate): string {
  return date.split('-').reverse().join('.');
}

/** Adds calendar days to an ISO date. */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const d = parseIso(date);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Calendar months after `date` (Vienna day), clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The calendar day an instant falls on in Vienna ('2026-03-31T22:30Z' → '2026-04-01'). */
export function viennaDate(value: string | number | Date): IsoDate {
  const { year, month, day } = viennaParts(value);
  return `${year}-${month}-${day}`;
}

/** The instant a Vienna calendar day begins (00:00 CET or CEST; midnight always exists in Vienna). */
export function viennaMidnight(date: IsoDate): Date {
  const utcMidnight = parseIso(date).getTime();
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    if (viennaDate(candidate) === date && Number(viennaParts(candidate).hour) === 0) return candidate;
  }
  throw new RangeError(`No Vienna midnight for ${date}`);
}

/**
 * The instant a Vienna wall-clock time denotes ('2027-10-31', '10:00' → 09:00Z). Null when that time
 * does not exist (the hour skipped when clocks go forward); when it exists twice (the hour repeated
 * when they go back), the first of the two.
 */
export function viennaLocalInstant(date: IsoDate, time: string): Date | null {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = parseIso(date).getTime() + (hour * 60 + minute) * 60_000;
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    const parts = viennaParts(candidate);
    if (viennaDate(candidate) === date && Number(parts.hour) === hour && Number(parts.minute) === minute) {
      return candidate;
    }
  }
  return null;
}

/** The Vienna day before the one an instant falls on: the last full day before a change at midnight. */
export function viennaDayBefore(value: string | number | Date): IsoDate {
  return addCalendarDays(viennaDate(value), -1);
}

/** Easter Sunday (Gregorian calendar, anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface Holiday {
  date: IsoDate;
  name: string;
}

/** Austria's 13 statutory public holidays of a year, in date order. */
export function austrianPublicHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const list: Holiday[] = [
    { date: fixed(1, 1), name: 'Neujahr' },
    { date: fixed(1, 6), name: 'Heilige Drei Könige' },
    { date: addCalendarDays(easter, 1), name: 'Ostermontag' },
    { date: fixed(5, 1), name: 'Staatsfeiertag' },
    { date: addCalendarDays(easter, 39), name: 'Christi Himmelfahrt' },
    { date: addCalendarDays(easter, 50), name: 'Pfingstmontag' },
    { date: addCalendarDays(easter, 60), name: 'Fronleichnam' },
    { date: fixed(8, 15), name: 'Mariä Himmelfahrt' },
    { date: fixed(10, 26), name: 'Nationalfeiertag' },
    { date: fixed(11, 1), name: 'Allerheiligen' },
    { date: fixed(12, 8), name: 'Mariä Empfängnis' },
    { date: fixed(12, 25), name: 'Christtag' },
    { date: fixed(12, 26), name: 'Stefanitag' },
  ];
  return list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

const holidayCache = new Map<number, Set<IsoDate>>();
function holidaySet(year: number): Set<IsoDate> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(austrianPublicHolidays(year).map((h) => h.date));
    holidayCache.set(year, set);
  }
  return set;
}

/** Monday to Friday and not an Austrian public holiday. */
export function isAustrianWorkingDay(date: IsoDate): boolean {
  const d = parseIso(date);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaySet(d.getUTCFullYear()).has(date);
}

/** The n-th working day after `date` (the start day itself is not counted). */
export function addWorkingDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a non-negative integer');
  let current = date;
  let left = n;
  while (left > 0) {
    current = addCalendarDays(current, 1);
    if (isAustrianWorkingDay(current)) left -= 1;
  }
  return current;
}

/** Due date of an invoice: 14 working days after the invoicing day (Vienna). */
export function invoiceDueDate(invoicedAt: string | Date): IsoDate {
  return addWorkingDays(viennaDate(invoicedAt), INVOICE_DUE_WORKING_DAYS);
}

/** Last day a guarantee case can be opened: 60 calendar days after the reported placement (Vienna). */
export function guaranteeDeadline(reportedAt: string | Date): IsoDate {
  return addCalendarDays(viennaDate(reportedAt), GUARANTEE_DAYS);
}

/** Whether `now` is still within the 60-day guarantee of a placement reported at `reportedAt`. */
export function isWithinGuarantee(reportedAt: string | Date, now: string | Date): boolean {
  return viennaDate(now) <= guaranteeDeadline(reportedAt);
}

/** What a guarantee case refunds (also the `refund` of AdminPlacementReport). */
export const guaranteeRefundSchema = z.object({ placementFee: z.number(), serviceFee: z.number(), total: z.number() });
export type GuaranteeRefund = z.infer<typeof guaranteeRefundSchema>;

/** Guarantee case: 50 % of the placement fee and 50 % of the service fee are refunded. */
export function guaranteeRefund(placementFee: number, serviceFee: number): GuaranteeRefund {
  const p = roundCents(placementFee * GUARANTEE_REFUND_RATE);
  const s = roundCents(serviceFee * GUARANTEE_REFUND_RATE);
  return { placementFee: p, serviceFee: s, total: roundCents(p + s) };
}
