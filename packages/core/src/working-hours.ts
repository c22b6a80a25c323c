import { addCalendarDays, isAustrianWorkingDay, viennaDate, viennaLocalInstant, type IsoDate } from './business-days';

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

/** Whole minutes of office hours between two instants (0 when `to` is not after `from`). */
export function workingMinutesBetween(from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  let total = 0;
  for (let day = viennaDate(from); day <= viennaDate(to); day = addCalendarDays(day, 1)) {
    const hours = officeHours(day);
    if (!hours) continue;
    const overlap = Math.min(end, hours.close) - Math.max(start, hours.open);
    if (overlap > 0) total += overlap;
  }
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
