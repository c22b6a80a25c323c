import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFeeLine, eurosToCents, PLACEMENT_BONUS_MAX } from '@pb/core';
import { decimal, parseAddress, registerNumberOf } from './e-invoice-parts';
import { feeSplitOf } from './e-invoice-source';

/**
 * The e-invoice's arithmetic and texts without a database: the fee split of a stored net, amounts
 * from integer cents, postal addresses from the invoice's address texts.
 */

describe('e-invoice parts', () => {
  it('When any fee invoice’s net is split, then it gives back the bonus and service fee the fee sheet computed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: PLACEMENT_BONUS_MAX * 100 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (basisPoints, salaryCents) => {
          const line = computeFeeLine(basisPoints / 100, salaryCents);
          expect(feeSplitOf(line.netCents)).toMatchObject({
            bonusCents: line.bonusCents,
            serviceFeeCents: line.serviceFeeCents,
            netCents: line.netCents,
          });
        },
      ),
      { numRuns: 2000 },
    );
    expect(feeSplitOf(computeFeeLine(20, eurosToCents(60000)).netCents)).toMatchObject({
      bonusCents: 1_200_000,
      serviceFeeCents: 120_000,
    });
    // 5 ct: a bonus of 4 ct gives 4, of 5 ct gives 6 — no fee sheet has a net of 5 ct.
    expect(feeSplitOf(5)).toBeNull();
  });

  it('When cents are written, then they are exact decimals with two places, also negative and beyond float precision', () => {
    expect([0, 5, -5, 100, 123_456, -792_000, 900_719_925_474_099].map(decimal)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '1234.56',
      '-7920.00',
      '9007199254740.99',
    ]);
    expect(() => decimal(0.5)).toThrow(RangeError);
  });

  it('When addresses are read, then street, postcode, city and country come apart; what fits nothing stays text', () => {
    expect(parseAddress('Mariahilfer Straße 1, 1060 Wien', 'AT')).toEqual({
      street: 'Mariahilfer Straße 1',
      more: [],
      postalZone: '1060',
      city: 'Wien',
      country: 'AT',
    });
    expect(parseAddress('Leopoldstraße 5\n80802 München\nDeutschland', 'DE')).toMatchObject({
      street: 'Leopoldstraße 5',
      postalZone: '80802',
      city: 'München',
      country: 'DE',
    });
    expect(parseAddress('Damrak 1\nz. Hd. Buchhaltung\n1012 AB Amsterdam\nNiederlande', 'NL')).toEqual({
      street: 'Damrak 1',
      more: ['z. Hd. Buchhaltung'],
      postalZone: '1012 AB',
      city: 'Amsterdam',
      country: 'NL',
    });
    expect(parseAddress('Hauptplatz', 'AT')).toMatchObject({ street: null, postalZone: null, city: 'Hauptplatz' });
    expect(registerNumberOf('FN 123456a, Handelsgericht Wien')).toBe('FN 123456a');
    expect(registerNumberOf('Handelsgericht Wien')).toBeNull();
  });
});
