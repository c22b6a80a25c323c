import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, baseRatesSchema, defaultInterest, defaultInterestRateBp, OENB_BASE_RATES } from './index';

describe('default interest per § 456 UGB', () => {
  it('When the base rate changes within a half-year, then the rate of the whole next half-year is the one on its eve', () => {
    const rates = baseRatesSchema.parse('2024-12-18:2.00, 2025-03-12:2.03,2025-06-11:1.53, 2025-07-15:1.00');
    // January to June 2025: the base rate on 31 December 2024 (2.00) + 9.2.
    expect(defaultInterestRateBp(rates, '2025-05-31')).toBe(1120);
    // July to December: the base rate on 30 June (1.53), whatever changes in July.
    expect(defaultInterestRateBp(rates, '2025-07-01')).toBe(1073);
    expect(defaultInterestRateBp(rates, '2025-12-31')).toBe(1073);
    expect(defaultInterestRateBp(rates, '2026-01-01')).toBe(1020);
  });

  it('When 15,840 € are 21 days late at 10.73 %, then the interest is 97.79 € (per day, rounded once)', () => {
    const { cents, periods } = defaultInterest(1_584_000, '2026-12-17', '2027-01-07', OENB_BASE_RATES);
    // 1,584,000 × 1073 bp × 21 days / (10,000 × 365) = 9778.70… cents
    expect(cents).toBe(9779);
    expect(periods).toEqual([{ from: '2026-12-18', to: '2027-01-07', days: 21, rateBp: 1073, cents: 9779 }]);
  });

  it('When a period spans a new half-year with another base rate, then each part is computed at its rate', () => {
    const rates = baseRatesSchema.parse('2026-01-01:2.00,2026-10-01:1.00');
    const { cents, periods } = defaultInterest(1_000_000, '2026-12-30', '2027-01-02', rates);
    // 31 December at 2.00 + 9.2 (the rate on 30 June); 1–2 January at 1.00 + 9.2 (the rate on 31 December).
    expect(periods).toEqual([
      { from: '2026-12-31', to: '2026-12-31', days: 1, rateBp: 1120, cents: 307 },
      { from: '2027-01-01', to: '2027-01-02', days: 2, rateBp: 1020, cents: 559 },
    ]);
    // 1,000,000 × 1120 / 3,650,000 = 306.8…; 2 × 1,000,000 × 1020 / 3,650,000 = 558.9…
    expect(cents).toBe(307 + 559);
  });

  it('When nothing is late or nothing is owed, then there is no interest', () => {
    expect(defaultInterest(1_000_000, '2026-12-17', '2026-12-17', OENB_BASE_RATES).cents).toBe(0);
    expect(defaultInterest(0, '2026-12-17', '2027-12-17', OENB_BASE_RATES).cents).toBe(0);
  });

  it('When interest is computed for any amount and span, then it is whole cents and grows with the days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 400 }), (cents, days) => {
        const shorter = defaultInterest(cents, '2026-03-01', addCalendarDays('2026-03-01', days), OENB_BASE_RATES);
        const longer = defaultInterest(cents, '2026-03-01', addCalendarDays('2026-03-01', days + 1), OENB_BASE_RATES);
        expect(Number.isInteger(shorter.cents)).toBe(true);
        expect(longer.cents).toBeGreaterThanOrEqual(shorter.cents);
        expect(shorter.periods.reduce((sum, p) => sum + p.days, 0)).toBe(days);
      }),
      { numRuns: 200 },
    );
  });

  it('When the base rates are written badly, then the configuration is refused', () => {
    expect(baseRatesSchema.safeParse('2025-06-11 1,53').success).toBe(false);
    expect(baseRatesSchema.parse('2025-06-11:-0.5')).toEqual([{ validFrom: '2025-06-11', rateBp: -50 }]);
  });
});
