import {
  addCalendarDays,
  austrianPublicHolidays,
  isAustrianWorkingDay,
  viennaDate,
  viennaLocalInstant,
  type IsoDate,
} from './business-days';

/**
 * Austrian working hours (issue 36): how long a company took to react, counted only in office
 * hours — WORKING_HOURS_START to WORKING_HOURS_END, Vienna time, on Austrian working days
 * (business-days.ts: Monday to Friday without the 13 public holidays). An introduction sent on
 * Friday evening and answered on Monday at 09:00 took one working hour, not 63 hours.
 */

/** Office hours, Vienna wall-clock time: 08:00 to 18:00. */
export const WORKING_HOURS_START = 8;
export const WORKING_HOURS_END = 18;
/** One working day in minutes (10 hours): the unit the sentences count in. */
export const WORKING_DAY_MINUTES = (WORKING_HOURS_END - WORKING_HOURS_START) * 60;

const pad = (n: number) => String(n).padStart(2, '0');
const START = `${pad(WORKING_HOURS_START)}:00`;
const END = `${pad(WORKING_HOURS_END)}:00`;

type OfficeHours = { open: number; close: number } | null;
/** One entry per calendar day ever asked for: a few hundred a year, computed once. */
const officeHoursCache = new Map<IsoDate, OfficeHours>();

/** The office hours of one Vienna day as instants, or null on a weekend or public holiday. */
function officeHours(day: IsoDate): OfficeHours {
  let hours = officeHoursCache.get(day);
  if (hours === undefined) {
    // 08:00 and 18:00 exist on every day: the clocks change at 02:00/03:00.
    hours = isAustrianWorkingDay(day)
      ? { open: viennaLocalInstant(day, START)!.getTime(), close: viennaLocalInstant(day, END)!.getTime() }
      : null;
    officeHoursCache.set(day, hours);
  }
  return hours;
}

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of an ISO date (UTC arithmetic: no daylight-saving hour shifts a day). */
const dayNumber = (day: IsoDate) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** Monday to Friday among the day numbers [a, b] (1970-01-01, day 0, was a Thursday). */
function weekdaysIn(a: number, b: number): number {
  if (b < a) return 0;
  // Weekdays in [0, n): full weeks plus the first (n mod 7) days counted from Thursday.
  const before = (n: number) => {
    const weeks = Math.floor(n / 7);
    const rest = n - weeks * 7;
    // From Thursday: Thu, Fri are weekdays, Sat, Sun not, then Mon–Wed.
    const partial = [0, 1, 2, 2, 2, 3, 4][rest]!;
    return weeks * 5 + partial;
  };
  return before(b + 1) - before(a);
}
const holidayNumbers = new Map<number, number[]>();
/** The Austrian public holidays of a year falling on Monday to Friday, as day numbers. */
function weekdayHolidays(year: number): number[] {
  let days = holidayNumbers.get(year);
  if (!days) {
    days = austrianPublicHolidays(year)
      .map((h) => dayNumber(h.date))
      .filter((n) => {
        const weekday = (n + 4) % 7; // 0 = Sunday
        return weekday !== 0 && weekday !== 6;
      });
    holidayNumbers.set(year, days);
  }
  return days;
}
/** Austrian working days strictly between two days (exclusive of both). */
function workingDaysBetween(first: IsoDate, last: IsoDate): number {
  const a = dayNumber(first) + 1;
  const b = dayNumber(last) - 1;
  if (b < a) return 0;
  let holidays = 0;
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year += 1) {
    holidays += weekdayHolidays(year).filter((n) => n >= a && n <= b).length;
  }
  return weekdaysIn(a, b) - holidays;
}

/** Office milliseconds of one Vienna day within [start, end]. */
function officeOverlap(day: IsoDate, start: number, end: number): number {
  const hours = officeHours(day);
  if (!hours) return 0;
  return Math.max(0, Math.min(end, hours.close) - Math.max(start, hours.open));
}

/**
 * Whole minutes of office hours between two instants (0 when `to` is not after `from`). The first
 * and the last day are measured; every working day between them has its 600 minutes (08:00 and
 * 18:00 exist on every day), so a span of months costs no more than one of days.
 */
export function workingMinutesBetween(from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  const first = viennaDate(from);
  const last = viennaDate(to);
  if (first === last) return Math.floor(officeOverlap(first, start, end) / 60_000);
  const total =
    officeOverlap(first, start, end) +
    officeOverlap(last, start, end) +
    workingDaysBetween(first, last) * WORKING_DAY_MINUTES * 60_000;
  return Math.floor(total / 60_000);
}

/**
 * The instant `minutes` office minutes after `from`: where the clock of a deadline counted in
 * working hours runs out (0 minutes: `from` itself, or the next opening when `from` is outside).
 */
export function addWorkingMinutes(from: Date, minutes: number): Date {
  if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError('minutes must be a non-negative integer');
  let left = minutes * 60_000;
  let cursor = from.getTime();
  for (let day = viennaDate(from); ; day = addCalendarDays(day, 1)) {
    const hours = officeHours(day);
    if (!hours || cursor >= hours.close) continue;
    const begin = Math.max(cursor, hours.open);
    if (begin + left <= hours.close) return new Date(begin + left);
    left -= hours.close - begin;
    cursor = hours.close;
  }
}
