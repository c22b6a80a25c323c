import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from './billing';
import { guaranteeClaimRefusal, guaranteeClaimRequestSchema, guaranteeWindow } from './guarantee';
import {
  BILLING_MSG,
  calculateFees,
  computeFeeLine,
  computeFeeSheet,
  formatCents,
  parseAnnualSalary,
  SALARY_MAX_CENTS,
} from './fees';
import { salaryFactsSchema, SALARY_FACTS_MSG } from './salary-facts';
import { isReverseCharge, isValidUid, normaliseUid, uidCountryMismatch, uidSchema, UID_MSG } from './uid';

describe('the fee sheet (integer cents)', () => {
  it('When the bonus is 20 % on 60,000 €, then the bonus is 12,000 €, the service fee 1,200 €, USt 2,640 € and the total 15,840 €', () => {
    expect(computeFeeLine(20, 6_000_000)).toEqual({
      salaryCents: 6_000_000,
      bonusCents: 1_200_000,
      serviceFeeCents: 120_000,
      netCents: 1_320_000,
      vatCents: 264_000,
      totalCents: 1_584_000,
    });
    expect(calculateFees(20, 60_000)).toEqual({ placementFee: 12_000, serviceFee: 1_200, total: 13_200 });
  });

  it('When the customer owes the VAT (reverse charge), then the sheet has no USt', () => {
    const line = computeFeeLine(20, 6_000_000, { reverseCharge: true });
    expect(line.vatCents).toBe(0);
    expect(line.totalCents).toBe(1_320_000);
  });

  it('When the bonus is 0 %, then everything is 0', () => {
    expect(computeFeeLine(0, 6_000_000)).toMatchObject({
      bonusCents: 0,
      serviceFeeCents: 0,
      vatCents: 0,
      totalCents: 0,
    });
  });

  it('When a step gives half a cent, then it is rounded commercially (half up) and the lines still add up', () => {
    // 15 % of 45,555.00 € = 6,833.25 €; 10 % = 683.325 → 683.33; net 7,516.58; 20 % = 1,503.316 → 1,503.32
    expect(computeFeeLine(15, 4_555_500)).toEqual({
      salaryCents: 4_555_500,
      bonusCents: 683_325,
      serviceFeeCents: 68_333,
      netCents: 751_658,
      vatCents: 150_332,
      totalCents: 901_990,
    });
    // 12.5 % of 0.04 € = 0.005 € → 0.01 €
    expect(computeFeeLine(12.5, 4).bonusCents).toBe(1);
  });

  it('When the salary is a range, then the sheet has a line per end', () => {
    const sheet = computeFeeSheet(20, { minCents: 5_000_000, maxCents: 7_000_000 });
    expect(sheet.min.bonusCents).toBe(1_000_000);
    expect(sheet.max.bonusCents).toBe(1_400_000);
    expect(sheet.max.totalCents).toBe(1_848_000);
  });

  it('When the salary is above 10,000,000 € or the bonus outside 0–100 %, then it is refused with a German message', () => {
    expect(() => computeFeeLine(20, SALARY_MAX_CENTS + 1)).toThrow(BILLING_MSG.salaryTooHigh);
    expect(() => computeFeeLine(100.01, 100)).toThrow(BILLING_MSG.bonusOutOfRange);
    expect(() => computeFeeLine(Number.NaN, 100)).toThrow(BILLING_MSG.bonusOutOfRange);
    expect(() => computeFeeLine(20, 1.5)).toThrow(BILLING_MSG.salaryTooHigh);
    expect(computeFeeLine(100, SALARY_MAX_CENTS).totalCents).toBe(1_320_000_000);
  });

  it('When any salary and bonus within the limits are computed, then the parts are whole cents and add up exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: SALARY_MAX_CENTS }), (bp, salary) => {
        const line = computeFeeLine(bp / 100, salary);
        for (const value of Object.values(line)) expect(Number.isSafeInteger(value)).toBe(true);
        expect(line.netCents).toBe(line.bonusCents + line.serviceFeeCents);
        expect(line.totalCents).toBe(line.netCents + line.vatCents);
        // the exact value is within half a cent of the rounded one
        expect(Math.abs(line.bonusCents - (salary * bp) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('When cents are shown, then Austrian notation is used', () => {
    expect(formatCents(1_584_000).replace(/\s/g, ' ')).toBe('€ 15.840,00');
  });
});

describe('parseAnnualSalary', () => {
  const euros = (text: string, payments?: number) => {
    const range = parseAnnualSalary(text, payments);
    return range && [range.minCents / 100, range.maxCents / 100];
  };

  it('When the text is an annual amount or range in Austrian notation, then it is read as such', () => {
    expect(euros('50.000 – 70.000')).toEqual([50_000, 70_000]);
    expect(euros('50.000 - 70.000 € brutto/Jahr')).toEqual([50_000, 70_000]);
    expect(euros('€ 45.000,- brutto')).toEqual([45_000, 45_000]);
    expect(euros('52.500,50 EUR')).toEqual([52_500.5, 52_500.5]);
    expect(euros('60000')).toEqual([60_000, 60_000]);
    expect(euros('48 000 bis 55 000')).toEqual([48_000, 55_000]);
    expect(euros('50k – 65k')).toEqual([50_000, 65_000]);
  });

  it('When the text names a monthly amount, then it is multiplied by the yearly payments (14 unless it says otherwise)', () => {
    expect(euros('ab 3.200 monatlich')).toEqual([44_800, 44_800]);
    expect(euros('3.200 monatlich x14')).toEqual([44_800, 44_800]);
    expect(euros('3.000 – 3.500 brutto/Monat')).toEqual([42_000, 49_000]);
    expect(euros('2.900 mtl. brutto', 12)).toEqual([34_800, 34_800]);
    expect(euros('3.100 x 12')).toEqual([37_200, 37_200]);
  });

  it('When "14 Gehälter" only names the count of an annual figure, then the figure stays annual', () => {
    expect(euros('55.000 brutto p.a., 14 Gehälter')).toEqual([55_000, 55_000]);
  });

  it('When the text cannot be read as an annual gross, then there is no range instead of a guess', () => {
    expect(parseAnnualSalary('nach Vereinbarung')).toBeNull();
    expect(parseAnnualSalary('')).toBeNull();
    expect(parseAnnualSalary('14 Gehälter')).toBeNull();
    expect(parseAnnualSalary('70.000 – 50.000')).toBeNull();
    expect(parseAnnualSalary('40 Stunden, 3.000 bis 3.500, Bonus 5.000')).toBeNull();
    expect(parseAnnualSalary('18,50 pro Stunde')).toBeNull();
    expect(parseAnnualSalary('20.000.000')).toBeNull();
  });

  it('When any text is parsed, then it never throws and a result is a rising range within the limits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const range = parseAnnualSalary(text);
        if (range) {
          expect(range.minCents).toBeLessThanOrEqual(range.maxCents);
          expect(range.maxCents).toBeLessThanOrEqual(SALARY_MAX_CENTS);
        }
      }),
    );
  });
});

describe('salary facts of an advertisement', () => {
  it('When the KV minimum is given in Austrian notation, then it is stored in cents', () => {
    expect(salaryFactsSchema.parse({ kvMinimum: '2.450,50', overpayment: true, yearlyPayments: 14 })).toEqual({
      kvMinimum: 245_050,
      overpayment: true,
      yearlyPayments: 14,
    });
    expect(salaryFactsSchema.parse({ kvMinimum: '' }).kvMinimum).toBeNull();
  });

  it('When the KV minimum or the payments are out of range, then a German message says so', () => {
    expect(salaryFactsSchema.safeParse({ kvMinimum: -1 }).error?.issues[0]?.message).toBe(
      SALARY_FACTS_MSG.kvMinimumInvalid,
    );
    expect(salaryFactsSchema.safeParse({ kvMinimum: 'viel' }).error?.issues[0]?.message).toBe(
      SALARY_FACTS_MSG.kvMinimumInvalid,
    );
    expect(salaryFactsSchema.safeParse({ yearlyPayments: 16 }).error?.issues[0]?.message).toBe(
      SALARY_FACTS_MSG.yearlyPaymentsInvalid,
    );
  });
});

describe('UID', () => {
  it('When a UID has the syntax of Austria or another EU state, then it is valid (spaces and dots ignored)', () => {
    for (const uid of [
      'ATU12345678',
      'atu 1234 5678',
      'DE123456789',
      'FR12345678901',
      'NL123456789B01',
      'IT12345678901',
    ]) {
      expect(isValidUid(uid)).toBe(true);
    }
    expect(normaliseUid('atu 1234.5678')).toBe('ATU12345678');
  });

  it('When a UID has the wrong length, prefix or is not from the EU, then it is refused with a German message', () => {
    for (const uid of ['ATU1234567', 'AT12345678', 'DE12345678', 'CHE123456789', 'XX123', '']) {
      expect(isValidUid(uid)).toBe(false);
    }
    expect(uidSchema.safeParse('ATU1234').error?.issues[0]?.message).toBe(UID_MSG.uidInvalid);
    expect(uidSchema.safeParse('').error?.issues[0]?.message).toBe(UID_MSG.uidRequired);
    expect(uidSchema.safeParse(12).error?.issues[0]?.message).toBe(UID_MSG.uidRequired);
  });

  it('When the customer has a UID of another EU state and an address there, then the invoice is reverse charge; otherwise not', () => {
    expect(isReverseCharge('DE123456789', 'DE')).toBe(true);
    expect(isReverseCharge('EL123456789', 'GR')).toBe(true);
    // The attack: a foreign UID with an Austrian address.
    expect(isReverseCharge('DE123456789', 'AT')).toBe(false);
    expect(isReverseCharge('DE123456789', 'FR')).toBe(false);
    expect(isReverseCharge('ATU12345678', 'DE')).toBe(false);
    expect(isReverseCharge('DE12', 'DE')).toBe(false);
  });

  it('When a foreign UID comes with an address in another state, then the mismatch is named; an Austrian UID fits any address', () => {
    expect(uidCountryMismatch('DE123456789', 'AT')).toMatch(/aus Deutschland, die Rechnungsadresse aber in Österreich/);
    expect(uidCountryMismatch('DE123456789', 'DE')).toBeNull();
    expect(uidCountryMismatch('ATU12345678', 'DE')).toBeNull();
    expect(uidCountryMismatch('EL123456789', 'GR')).toBeNull();
  });
});

describe('invoice numbers', () => {
  it('When a number is formatted, then it is the year and six digits', () => {
    expect(formatInvoiceNumber(2026, 123)).toBe('2026-000123');
  });
});

describe('guarantee claims (60 days, 7 days)', () => {
  const claim = (employmentStart: string, employmentEnd: string) => ({ employmentStart, employmentEnd });
  /** Reported on 1 January 2026, no introduction hired earlier. */
  const reported = guaranteeWindow('2026-01-01', null);

  it('When the employment ends on day 60 after its start, then the claim holds; on day 61 it is refused naming the dates', () => {
    expect(guaranteeClaimRefusal(claim('2026-01-01', '2026-03-02'), '2026-03-02', reported)).toBeNull();
    expect(guaranteeClaimRefusal(claim('2026-01-01', '2026-03-03'), '2026-03-03', reported)).toBe(
      'Die Garantie gilt nur, wenn das Dienstverhältnis innerhalb von 60 Tagen nach seinem Beginn endet: Beginn 01.01.2026, Ende 03.03.2026, spätestens 02.03.2026.',
    );
  });

  it('When the claim comes 7 days after the end, then it holds; 8 days after, it is refused naming the last day', () => {
    expect(guaranteeClaimRefusal(claim('2026-01-01', '2026-02-01'), '2026-02-08', reported)).toBeNull();
    expect(guaranteeClaimRefusal(claim('2026-01-01', '2026-02-01'), '2026-02-09', reported)).toBe(
      'Ein Garantiefall muss innerhalb von 7 Tagen nach dem Ende des Dienstverhältnisses gemeldet werden: Ende 01.02.2026, Meldung spätestens am 08.02.2026.',
    );
  });

  it('When the end is before the start or still ahead, then the claim is refused', () => {
    expect(guaranteeClaimRefusal(claim('2026-02-01', '2026-01-31'), '2026-02-02', reported)).toMatch(
      /nicht vor seinem Beginn/,
    );
    expect(guaranteeClaimRefusal(claim('2026-02-01', '2026-02-10'), '2026-02-05', reported)).toMatch(
      /erst gemeldet werden/,
    );
  });

  it('When the employment started before the placement (report or earlier hire), then the claim is refused naming the day', () => {
    // The attack: a start 56 days before the report, to fit an old employment into the 60 days.
    expect(guaranteeClaimRefusal(claim('2025-11-06', '2025-12-20'), '2025-12-22', reported)).toBe(
      'Ein Garantiefall betrifft nur das vermittelte Dienstverhältnis: Es kann nicht vor der Vermittlung am 01.01.2026 begonnen haben (angegebener Beginn 06.11.2025).',
    );
    // The introduction was 'eingestellt' on 20 December, the report came on 1 January.
    const hiredFirst = guaranteeWindow('2026-01-01', '2025-12-20');
    expect(guaranteeClaimRefusal(claim('2025-12-20', '2026-01-10'), '2026-01-12', hiredFirst)).toBeNull();
    expect(guaranteeClaimRefusal(claim('2025-12-19', '2026-01-10'), '2026-01-12', hiredFirst)).toMatch(
      /vor der Vermittlung am 20\.12\.2025/,
    );
  });

  it('When the placement was reported long ago, then a claim about a recent employment is refused', () => {
    // The attack: reported 300 days ago, a start 20 days ago and an end 5 days ago.
    const old = guaranteeWindow('2025-03-01', null);
    expect(guaranteeClaimRefusal(claim('2025-12-07', '2025-12-22'), '2025-12-27', old)).toMatch(
      /mehr als 6 Monate nach der Vermittlung beginnt, ist nicht das gemeldete: Beginn 07\.12\.2025, spätestens 01\.09\.2025/,
    );
    // A start within 6 months, but the employment ended after the guarantee (report + 60 days).
    expect(guaranteeClaimRefusal(claim('2025-04-20', '2025-05-15'), '2025-05-16', old)).toBe(
      'Die Garantie dieser Vermittlung endete am 30.04.2025; das Dienstverhältnis endete danach (15.05.2025).',
    );
    expect(guaranteeClaimRefusal(claim('2025-04-20', '2025-04-30'), '2025-05-07', old)).toBeNull();
  });

  it('When the request has impossible dates, unknown fields or no note, then the schema refuses it in German', () => {
    const ok = {
      employmentStart: '2026-01-01',
      employmentEnd: '2026-02-01',
      endedBy: 'arbeitgeber',
      note: 'Kündigung',
    };
    expect(guaranteeClaimRequestSchema.safeParse(ok).success).toBe(true);
    expect(
      guaranteeClaimRequestSchema.safeParse({ ...ok, employmentEnd: '2026-02-30' }).error?.issues[0]?.message,
    ).toMatch(/gültige Daten/);
    expect(guaranteeClaimRequestSchema.safeParse({ ...ok, note: '  ' }).error?.issues[0]?.message).toMatch(
      /beschreiben/,
    );
    expect(guaranteeClaimRequestSchema.safeParse({ ...ok, endedBy: 'x' }).error?.issues[0]?.message).toMatch(
      /wer das Dienstverhältnis/,
    );
    expect(guaranteeClaimRequestSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});
