import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditorReferenceOf,
  formatCreditorReference,
  formatInvoiceNumber,
  invoiceNumberOfReference,
  invoiceNumbersInText,
  isValidCreditorReference,
} from './index';

describe('the RF creditor reference of an invoice (ISO 11649)', () => {
  it('When the reference is the standard example, then its check digits are valid and one changed digit is not', () => {
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidCreditorReference('RF18 5390 0754 7035')).toBe(false);
    expect(isValidCreditorReference('RF18')).toBe(false);
  });

  it('When any invoice number is turned into its reference, then the reference is valid and names that number again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 9999 }), fc.integer({ min: 1, max: 999_999 }), (year, sequence) => {
        const number = formatInvoiceNumber(year, sequence);
        const reference = creditorReferenceOf(number);
        expect(reference).toMatch(/^RF\d{2}\d{10}$/);
        expect(isValidCreditorReference(reference)).toBe(true);
        expect(invoiceNumberOfReference(formatCreditorReference(reference))).toBe(number);
        expect(invoiceNumberOfReference(reference.toLowerCase())).toBe(number);
      }),
    );
  });

  it('When one character of a reference is changed, then it names no invoice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.nat(13),
        fc.integer({ min: 1, max: 9 }),
        (sequence, at, delta) => {
          const reference = creditorReferenceOf(formatInvoiceNumber(2026, sequence));
          const position = 2 + (at % (reference.length - 2));
          const digit = (Number(reference[position]) + delta) % 10;
          const changed = reference.slice(0, position) + String(digit) + reference.slice(position + 1);
          expect(invoiceNumberOfReference(changed)).toBeNull();
        },
      ),
    );
  });
});

describe('invoice numbers in a remittance text', () => {
  const ref = creditorReferenceOf('2026-000123');

  it('When a text names references and numbers in various spellings, then each invoice is found once, references first', () => {
    const text = `Zahlung ${formatCreditorReference(ref)} sowie Rechnungen 2026-000124, RE 2026000125 und 2026/000126; nochmals 2026-000123`;
    expect(invoiceNumbersInText(text)).toEqual({
      byReference: ['2026-000123'],
      byNumber: ['2026-000124', '2026-000125', '2026-000126'],
    });
  });

  it('When two references stand side by side, with or without a word between, then both are found', () => {
    const other = creditorReferenceOf('2026-000456');
    for (const text of [`${ref} ${other}`, `${formatCreditorReference(ref)} UND ${formatCreditorReference(other)}`]) {
      expect(invoiceNumbersInText(text).byReference).toEqual(['2026-000123', '2026-000456']);
    }
  });

  it('When the text holds other long numbers (an IBAN, an amount), then they are no invoice numbers', () => {
    expect(invoiceNumbersInText('AT611904300234573201 EUR 20260001234 Kundennr 12026000123')).toEqual({
      byReference: [],
      byNumber: [],
    });
  });

  it('When a reference has a wrong check digit, then it is not taken as a reference', () => {
    const broken = `RF${ref[2] === '9' ? '0' : String(Number(ref[2]) + 1)}${ref.slice(3)}`;
    expect(invoiceNumbersInText(broken).byReference).toEqual([]);
  });

  it('When any text is read, then it never throws and finds only well-formed numbers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const found = invoiceNumbersInText(text);
        for (const number of [...found.byReference, ...found.byNumber]) expect(number).toMatch(/^\d{4}-\d{6}$/);
      }),
    );
  });
});
