import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  austrianPublicHolidays,
  easterSunday,
  guaranteeDeadline,
  guaranteeRefund,
  invoiceDueDate,
  isAustrianWorkingDay,
  isWithinGuarantee,
  viennaDate,
  formatDay,
} from './business-days';
import { calculateFees } from './fees';
import { canChangePlacementStatus } from './placements';

describe('easterSunday', () => {
  it('When computing Easter for known years, then it matches the church calendar', () => {
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });
});

describe('austrianPublicHolidays', () => {
  it('When listing 2026, then all 13 statutory holidays with the movable feasts are there', () => {
    expect(austrianPublicHolidays(2026).map((h) => `${h.date} ${h.name}`)).toEqual([
      '2026-01-01 Neujahr',
      '2026-01-06 Heilige Drei Könige',
      '2026-04-06 Ostermontag',
      '2026-05-01 Staatsfeiertag',
      '2026-05-14 Christi Himmelfahrt',
      '2026-05-25 Pfingstmontag',
      '2026-06-04 Fronleichnam',
      '2026-08-15 Mariä Himmelfahrt',
      '2026-10-26 Nationalfeiertag',
      '2026-11-01 Allerheiligen',
      '2026-12-08 Mariä Empfängnis',
      '2026-12-25 Christtag',
      '2026-12-26 Stefanitag',
    ]);
  });

  it('When checking single days, then weekends and holidays are no working days but Good Friday and 24 December are', () => {
    expect(isAustrianWorkingDay('2026-04-03')).toBe(true); // Karfreitag: no statutory holiday
    expect(isAustrianWorkingDay('2026-04-06')).toBe(false); // Ostermontag
    expect(isAustrianWorkingDay('2026-04-04')).toBe(false); // Saturday
    expect(isAustrianWorkingDay('2026-12-24')).toBe(true);
    expect(isAustrianWorkingDay('2026-12-08')).toBe(false);
  });
});

describe('invoice due date (14 working days)', () => {
  it('When invoiced on Wednesday before Easter 2026, then Ostermontag is skipped: due 22.04.2026', () => {
    // 2,3 | 7,8,9,10 | 13–17 | 20,21,22  (6 April Ostermontag, weekends skipped)
    expect(addWorkingDays('2026-04-01', 14)).toBe('2026-04-22');
  });

  it('When invoiced on 14.12.2026, then Christtag, Stefanitag (Saturday) and Neujahr are skipped: due 05.01.2027', () => {
    // 15–18 | 21–24 | 28–31 | (1 Jan holiday) 4, 5
    expect(addWorkingDays('2026-12-14', 14)).toBe('2027-01-05');
  });

  it('When invoiced on 08.05.2026, then Christi Himmelfahrt and Pfingstmontag are skipped: due 01.06.2026', () => {
    expect(addWorkingDays('2026-05-08', 14)).toBe('2026-06-01');
  });

  it('When invoiced late in the evening UTC, then the Vienna calendar day counts', () => {
    expect(viennaDate('2026-03-31T22:30:00Z')).toBe('2026-04-01');
    expect(invoiceDueDate('2026-03-31T22:30:00Z')).toBe('2026-04-22');
    expect(invoiceDueDate(new Date('2026-04-01T10:00:00+02:00'))).toBe('2026-04-22');
  });

  it('When adding zero working days, then the date stays; negative counts are refused', () => {
    expect(addWorkingDays('2026-04-04', 0)).toBe('2026-04-04');
    expect(() => addWorkingDays('2026-04-04', -1)).toThrow(RangeError);
  });
});

describe('fees, refund and guarantee', () => {
  it('When the bonus is 20 % on 60,000, then the fee is 12,000 plus 1,200 service fee (spec §9)', () => {
    expect(calculateFees(20, 60_000)).toEqual({ placementFee: 12_000, serviceFee: 1_200, total: 13_200 });
  });

  it('When a guarantee case occurs, then half of both fees is refunded', () => {
    expect(guaranteeRefund(12_000, 1_200)).toEqual({ placementFee: 6_000, serviceFee: 600, total: 6_600 });
    const fees = calculateFees(19, 45_000);
    expect(fees).toEqual({ placementFee: 8_550, serviceFee: 855, total: 9_405 });
    expect(guaranteeRefund(fees.placementFee, fees.serviceFee)).toEqual({
      placementFee: 4_275,
      serviceFee: 427.5,
      total: 4_702.5,
    });
  });

  it('When a placement was reported, then the guarantee runs 60 calendar days from the reported day', () => {
    expect(guaranteeDeadline('2026-01-10T09:00:00Z')).toBe('2026-03-11');
    expect(isWithinGuarantee('2026-01-10T09:00:00Z', '2026-03-11T20:00:00Z')).toBe(true);
    expect(isWithinGuarantee('2026-01-10T09:00:00Z', '2026-03-12T08:00:00Z')).toBe(false);
  });

  it('When changing a placement status, then only gemeldet → verrechnet → bezahlt and a guarantee case after invoicing are allowed', () => {
    expect(canChangePlacementStatus('gemeldet', 'verrechnet')).toBe(true);
    expect(canChangePlacementStatus('verrechnet', 'bezahlt')).toBe(true);
    expect(canChangePlacementStatus('verrechnet', 'garantiefall')).toBe(true);
    expect(canChangePlacementStatus('bezahlt', 'garantiefall')).toBe(true);
    expect(canChangePlacementStatus('gemeldet', 'bezahlt')).toBe(false);
    expect(canChangePlacementStatus('gemeldet', 'garantiefall')).toBe(false);
    expect(canChangePlacementStatus('garantiefall', 'bezahlt')).toBe(false);
    expect(canChangePlacementStatus('bezahlt', 'verrechnet')).toBe(false);
  });
});

describe('formatDay', () => {
  it('When a calendar day is shown, then it reads dd.MM.yyyy without any time zone shift', () => {
    expect(formatDay('2026-12-15')).toBe('15.12.2026');
    expect(formatDay('2027-01-01')).toBe('01.01.2027');
  });
});
