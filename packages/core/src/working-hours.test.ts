import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addCalendarDays, isAustrianWorkingDay, viennaDate, viennaLocalInstant } from './business-days';
import { addWorkingMinutes, WORKING_DAY_MINUTES, workingMinutesBetween } from './working-hours';

/**
 * Austrian office hours (issue 36): 08:00–18:00 Vienna time on working days. Every case is a
 * hand-made timeline; the instants are written in UTC with their Vienna wall-clock time beside.
 */

const at = (iso: string) => new Date(iso);
const between = (from: string, to: string) => workingMinutesBetween(at(from), at(to));
const plus = (from: string, minutes: number) => addWorkingMinutes(at(from), minutes).toISOString();

/** The definition spelled out: every Vienna day's 08:00–18:00 on a working day, measured one by one. */
function dayByDay(from: Date, to: Date): number {
  let total = 0;
  for (let day = viennaDate(from); day <= viennaDate(to); day = addCalendarDays(day, 1)) {
    if (!isAustrianWorkingDay(day)) continue;
    const open = viennaLocalInstant(day, '08:00')!.getTime();
    const close = viennaLocalInstant(day, '18:00')!.getTime();
    total += Math.max(0, Math.min(to.getTime(), close) - Math.max(from.getTime(), open));
  }
  return Math.floor(total / 60_000);
}

describe('workingMinutesBetween', () => {
  it('When a whole working day is measured, then it is WORKING_DAY_MINUTES (600) in winter and in summer', () => {
    expect(WORKING_DAY_MINUTES).toBe(600);
    // Wednesday 2 December 2026, 00:00–24:00 Vienna (CET, UTC+1).
    expect(between('2026-12-01T23:00:00Z', '2026-12-02T23:00:00Z')).toBe(600);
    // Wednesday 1 July 2026 (CEST, UTC+2).
    expect(between('2026-06-30T22:00:00Z', '2026-07-01T22:00:00Z')).toBe(600);
  });

  it('When an introduction arrives on Friday evening and is answered on Monday morning, then only the office hours count', () => {
    // Friday 4 December 2026 17:00 → Monday 7 December 09:00 (Vienna): 60 + 60 minutes.
    expect(between('2026-12-04T16:00:00Z', '2026-12-07T08:00:00Z')).toBe(120);
    // Friday 19:00 → Monday 07:59: nothing at all.
    expect(between('2026-12-04T18:00:00Z', '2026-12-07T06:59:00Z')).toBe(0);
  });

  it('When the span crosses Mariä Empfängnis (Tuesday 8 December 2026), then that day counts nothing', () => {
    // Monday 7 December 17:00 → Wednesday 9 December 09:00 (Vienna).
    expect(between('2026-12-07T16:00:00Z', '2026-12-09T08:00:00Z')).toBe(120);
    // The holiday itself, 08:00–18:00.
    expect(between('2026-12-08T07:00:00Z', '2026-12-08T17:00:00Z')).toBe(0);
  });

  it('When the span crosses Easter Monday 2027 (and the clocks going forward on Easter Sunday), then both days count nothing', () => {
    // Friday 26 March 2027 17:00 CET → Tuesday 30 March 09:00 CEST.
    expect(between('2027-03-26T16:00:00Z', '2027-03-30T07:00:00Z')).toBe(120);
  });

  it('When times lie before 08:00 or after 18:00, then only the part inside the office hours counts', () => {
    // Thursday 3 December 2026 (CET).
    expect(between('2026-12-03T05:00:00Z', '2026-12-03T06:30:00Z')).toBe(0); // 06:00–07:30
    expect(between('2026-12-03T05:00:00Z', '2026-12-03T07:30:00Z')).toBe(30); // 06:00–08:30
    expect(between('2026-12-03T16:30:00Z', '2026-12-03T19:00:00Z')).toBe(30); // 17:30–20:00
    expect(between('2026-12-03T18:00:00Z', '2026-12-04T06:00:00Z')).toBe(0); // 19:00–07:00
    expect(between('2026-12-03T09:00:00Z', '2026-12-03T09:00:59Z')).toBe(0); // under a minute
    expect(between('2026-12-03T09:00:00Z', '2026-12-03T08:00:00Z')).toBe(0); // backwards
  });

  it('When the clocks change (last Sundays of March and October), then the office hours stay 08:00–18:00 local time', () => {
    // Friday 23 October 2026 17:00 CEST → Tuesday 27 October 09:00 CET: Sunday the 25th turns the
    // clocks back, Monday the 26th is the Nationalfeiertag.
    expect(between('2026-10-23T15:00:00Z', '2026-10-27T08:00:00Z')).toBe(120);
    // Friday 26 March 2027 07:00 UTC is 08:00 CET; Tuesday 30 March 06:00 UTC is 08:00 CEST.
    expect(between('2027-03-26T07:00:00Z', '2027-03-30T06:00:00Z')).toBe(600);
    // Monday 2 November 2026 (after the change back) opens at 07:00 UTC.
    expect(between('2026-11-02T06:00:00Z', '2026-11-02T07:00:00Z')).toBe(0);
    expect(between('2026-11-02T07:00:00Z', '2026-11-02T17:00:00Z')).toBe(600);
  });
});

describe('workingMinutesBetween over long spans', () => {
  it('When a year is measured, then it is its working days times 600 (2027: 261 weekdays, 9 of them holidays)', () => {
    // 1 January 2027 00:00 to 1 January 2028 00:00 (Vienna); 1 May, 15 August and Christmas fall on weekends.
    expect(between('2026-12-31T23:00:00Z', '2027-12-31T23:00:00Z')).toBe(252 * 600);
    expect(dayByDay(at('2026-12-31T23:00:00Z'), at('2027-12-31T23:00:00Z'))).toBe(252 * 600);
  });

  it('When any two instants up to 400 days apart are taken, then the minutes are those counted day by day', () => {
    const instants = fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2029-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 400 * 24 * 60 }), (from, spanMinutes) => {
        const to = new Date(from.getTime() + spanMinutes * 60_000 + (from.getTime() % 60_000));
        expect(workingMinutesBetween(from, to)).toBe(dayByDay(from, to));
      }),
      { numRuns: 300 },
    );
  });
});

describe('addWorkingMinutes', () => {
  it('When minutes are added on Friday evening, then the deadline falls on Monday morning', () => {
    expect(plus('2026-12-04T16:00:00Z', 120)).toBe('2026-12-07T08:00:00.000Z'); // Mon 09:00
    // Two working days from Friday 27 November 10:00: Tuesday 1 December 10:00.
    expect(plus('2026-11-27T09:00:00Z', 2 * WORKING_DAY_MINUTES)).toBe('2026-12-01T09:00:00.000Z');
    // From Friday 4 December 10:00 the Tuesday is Mariä Empfängnis: Wednesday 10:00.
    expect(plus('2026-12-04T09:00:00Z', 2 * WORKING_DAY_MINUTES)).toBe('2026-12-09T09:00:00.000Z');
  });

  it('When the span meets Mariä Empfängnis, then the deadline moves past it', () => {
    // Monday 7 December 10:00 + 2 working days: not Tuesday (holiday), Wednesday and Thursday 10:00.
    expect(plus('2026-12-07T09:00:00Z', 2 * WORKING_DAY_MINUTES)).toBe('2026-12-10T09:00:00.000Z');
    // Five working days from Friday 4 December 10:00: Mon 7, Wed 9, Thu 10, Fri 11, Mon 14 → Monday 14 10:00.
    expect(plus('2026-12-04T09:00:00Z', 5 * WORKING_DAY_MINUTES)).toBe('2026-12-14T09:00:00.000Z');
  });

  it('When no minutes are added outside the office hours, then the clock starts at the next opening', () => {
    expect(plus('2026-12-05T10:00:00Z', 0)).toBe('2026-12-07T07:00:00.000Z'); // Saturday → Monday 08:00
    expect(plus('2026-12-03T17:30:00Z', 0)).toBe('2026-12-04T07:00:00.000Z'); // Thu 18:30 → Fri 08:00
    expect(plus('2026-12-03T09:15:00Z', 0)).toBe('2026-12-03T09:15:00.000Z'); // inside: itself
    expect(() => addWorkingMinutes(at('2026-12-03T09:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addWorkingMinutes(at('2026-12-03T09:00:00Z'), 1.5)).toThrow(RangeError);
  });

  it('When the deadline runs over Easter and the change to summer time, then it lands at 08:00 CEST local time plus the rest', () => {
    // Thursday 25 March 2027 17:00 CET + 3 working hours: 1 h Thursday, 2 h Friday → Friday 10:00 CET.
    expect(plus('2027-03-25T16:00:00Z', 180)).toBe('2027-03-26T09:00:00.000Z');
    // Friday 26 March 17:00 CET + 2 h: 1 h Friday, then Tuesday 30 March 09:00 CEST.
    expect(plus('2027-03-26T16:00:00Z', 120)).toBe('2027-03-30T07:00:00.000Z');
  });

  it('When any instant and any number of minutes are taken, then workingMinutesBetween gives the minutes back', () => {
    const instants = fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2029-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 20 * WORKING_DAY_MINUTES }), (from, minutes) => {
        const due = addWorkingMinutes(from, minutes);
        expect(due.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(workingMinutesBetween(from, due)).toBe(minutes);
      }),
      { numRuns: 500 },
    );
  });

  it('When two instants lie at least a working minute apart, then adding their working minutes to the first never passes the second', () => {
    const instants = fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2029-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 30 * 24 * 60 }), (from, spanMinutes) => {
        const to = new Date(from.getTime() + spanMinutes * 60_000);
        const minutes = workingMinutesBetween(from, to);
        expect(minutes).toBeLessThanOrEqual(spanMinutes);
        // 0 minutes from outside the office hours is the next opening, which may be after `to`.
        if (minutes === 0) return;
        expect(addWorkingMinutes(from, minutes).getTime()).toBeLessThanOrEqual(to.getTime());
      }),
      { numRuns: 500 },
    );
  });
});
