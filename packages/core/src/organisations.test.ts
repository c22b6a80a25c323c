import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stdnum } from 'stdnum';
import {
  austrianUidCheckDigit,
  isValidOrganisationUid,
  isValidRegisterNumber,
  legalIdentitySchema,
  normaliseRegisterNumber,
  registerCheckLetter,
} from './organisations';

describe('Firmenbuchnummer', () => {
  it('When published numbers are checked, then their check letters are right', () => {
    // OMV AG, Erste Group Bank AG, voestalpine AG, Red Bull GmbH, A1 Telekom Austria AG, RBI AG.
    for (const fn of ['FN 93363z', 'FN 33209m', 'FN 66209t', 'FN 56247t', 'FN 280571f', 'FN 122119m']) {
      expect(isValidRegisterNumber(fn), fn).toBe(true);
    }
  });

  it('When any digit or the letter is changed, then the number is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
        (n, letter) => {
          const digits = String(n);
          expect(isValidRegisterNumber(`FN ${digits}${letter}`)).toBe(registerCheckLetter(digits) === letter);
        },
      ),
    );
  });

  it('When it is written loosely, then it is normalised; other shapes are refused', () => {
    expect(normaliseRegisterNumber('fn 033209 M')).toBe('FN 33209m');
    expect(normaliseRegisterNumber('33209m')).toBe('FN 33209m');
    for (const bad of ['FN', 'FN 1234567a', 'FN 12', 'ATU13585627', 'FN 0a', '']) {
      expect(isValidRegisterNumber(bad), bad).toBe(false);
    }
  });
});

describe('UID', () => {
  const oracle = stdnum.AT?.uid;
  if (!oracle) throw new Error('stdnum has no Austrian UID check');

  it('When any seven digits get a check digit, then it is the one stdnum computes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), fc.integer({ min: 0, max: 9 }), (digits, check) => {
        const uid = `ATU${digits}${check}`;
        expect(isValidOrganisationUid(uid)).toBe(oracle.validate(uid).isValid);
        expect(check === austrianUidCheckDigit(digits)).toBe(oracle.validate(uid).isValid);
      }),
      { numRuns: 2000 },
    );
  });

  it("When another member state's number is given, then its syntax is checked", () => {
    expect(isValidOrganisationUid('DE136695976')).toBe(true);
    expect(isValidOrganisationUid('DE13669597')).toBe(false);
  });
});

describe('legal identity', () => {
  const valid = {
    name: 'Bau Gruber GmbH',
    legalForm: 'GmbH',
    street: 'Ringstraße 1',
    postalCode: '1010',
    city: 'Wien',
    registerNumber: 'FN 33209m',
  };

  it('When a legal form without a Firmenbuch entry is chosen, then no Firmenbuchnummer is needed', () => {
    const parsed = legalIdentitySchema.safeParse({ ...valid, legalForm: 'Verein', registerNumber: '' });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.registerNumber).toBeNull();
  });

  it('When anything is thrown at it, then it parses or fails with German messages, never throws', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            name: fc.oneof(fc.string(), fc.constant(valid.name)),
            legalForm: fc.oneof(fc.string(), fc.constantFrom('GmbH', 'Verein', 'eU')),
            street: fc.string(),
            postalCode: fc.string(),
            city: fc.string(),
            registerNumber: fc.option(fc.string()),
            uid: fc.option(fc.string()),
            gisaNumber: fc.option(fc.string()),
            billingEmail: fc.option(fc.string()),
          },
          { requiredKeys: [] },
        ),
        (input) => {
          const parsed = legalIdentitySchema.safeParse(input);
          if (!parsed.success) {
            for (const issue of parsed.error.issues) expect(issue.message).toMatch(/[äöüßÄÖÜ]|Bitte|Die |Eine |Für /);
          }
        },
      ),
    );
  });
});
