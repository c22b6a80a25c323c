import { describe, expect, it } from 'vitest';
import { termsEffectiveAt, termsLastDayText } from './terms';
import { viennaMidnight } from './business-days';

/** The six weeks of spec §9 in Vienna time: objections through the 42nd day, the version applies at midnight after. */
describe('terms deadlines', () => {
  it.each([
    // published → applies (UTC instant) → last day to object
    ['2026-11-20T09:00:00Z', '2027-01-01T23:00:00.000Z', '01.01.2027'],
    // 23:30 in Vienna is still the 20th: the day counts, not the UTC date
    ['2026-02-20T22:30:00Z', '2026-04-03T22:00:00.000Z', '03.04.2026'],
    // across the change to summer time the deadline stays at midnight
    ['2026-03-01T12:00:00Z', '2026-04-12T22:00:00.000Z', '12.04.2026'],
    // and across the change back
    ['2026-09-20T08:00:00Z', '2026-11-01T23:00:00.000Z', '01.11.2026'],
  ])(
    'When a version is published at %s, then it applies at %s and may be objected to until %s',
    (published, applies, lastDay) => {
      const effectiveAt = termsEffectiveAt(new Date(published));
      expect(effectiveAt.toISOString()).toBe(applies);
      expect(termsLastDayText(effectiveAt)).toBe(lastDay);
    },
  );

  it('When a Vienna day begins, then it is 00:00 in Vienna whether winter or summer time', () => {
    expect(viennaMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(viennaMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(viennaMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(viennaMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });
});
