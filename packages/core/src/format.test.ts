import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fileSizeText,
  fileTypeLabel,
  formatDate,
  formatDateTime,
  formatEuro,
  formatNumber,
  formatNumberUpTo,
  initials,
  serviceFeePercent,
  shortenFileName,
  truncateTitle,
} from './format';

describe('initials', () => {
  it('When a name has two or more words, then it takes the first letters of the first two', () => {
    expect(initials('Muster GmbH')).toBe('MG');
    expect(initials('anna maria huber')).toBe('AM');
    expect(initials('  Österreich   Bau  ')).toBe('ÖB');
  });

  it('When a name has one word, then it gives one letter', () => {
    expect(initials('Muster')).toBe('M');
  });

  it('When the name is empty or missing, then it gives an empty string', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(undefined)).toBe('');
  });
});

describe('truncateTitle', () => {
  it('When a title has at most 40 characters, then it stays whole', () => {
    const forty = 'a'.repeat(40);
    expect(truncateTitle(forty)).toBe(forty);
    expect(truncateTitle('Buchhalter')).toBe('Buchhalter');
  });

  it('When a title is longer than 40 characters, then it is cut at 40 with "..."', () => {
    const title = 'Senior Softwareentwickler Java und Kotlin im Zahlungsverkehr';
    expect(truncateTitle(title)).toBe(`${title.slice(0, 40)}...`);
    expect(truncateTitle('b'.repeat(41))).toBe(`${'b'.repeat(40)}...`);
  });
});

describe('shortenFileName', () => {
  it('When a file name has at most 30 characters, then it is shown whole', () => {
    expect(shortenFileName('Lebenslauf.pdf')).toBe('Lebenslauf.pdf');
    const thirty = `${'x'.repeat(26)}.pdf`;
    expect(thirty).toHaveLength(30);
    expect(shortenFileName(thirty)).toBe(thirty);
  });

  it('When a file name is longer, then it shows the first 20, "...", the last 2 of the base and the extension', () => {
    expect(shortenFileName('Bewerbungsunterlagen_Maria_Huber_2024.docx')).toBe('Bewerbungsunterlagen...24.docx');
    const noExtension = 'abcdefghijklmnopqrstuvwxyz0123456789';
    expect(shortenFileName(noExtension)).toBe('abcdefghijklmnopqrst...89');
  });
});

describe('fileSizeText', () => {
  it('When the size is below 1000 KB, then it is shown in KB', () => {
    expect(fileSizeText(512_000)).toBe('512,00 KB');
    expect(fileSizeText(999_990)).toBe('999,99 KB');
    expect(fileSizeText(1_500)).toBe('1,50 KB');
  });

  it('When the size is 1000 KB or more, then it is shown in MB with 2 decimals', () => {
    expect(fileSizeText(1_000_000)).toBe('1,00 MB');
    expect(fileSizeText(5_242_880)).toBe('5,24 MB');
    // just below 1000 KB but rounding to 1000,00 → shown in MB, never "1.000,00 KB"
    expect(fileSizeText(999_999)).toBe('1,00 MB');
  });
});

describe('fileTypeLabel', () => {
  it.each([
    ['pdf', 'PDF'],
    ['Lebenslauf.PDF', 'PDF'],
    ['doc', 'Word Document'],
    ['brief.docx', 'Word Document'],
    ['xls', 'Excel Document'],
    ['tabelle.xlsx', 'Excel Document'],
    ['ppt', 'Powerpoint Document'],
    ['folien.pptx', 'Powerpoint Document'],
    ['bild.png', 'File'],
    ['', 'File'],
  ])('When the file is "%s", then the label is %s', (input, label) => {
    expect(fileTypeLabel(input)).toBe(label);
  });
});

describe('formatDate and formatDateTime', () => {
  it('When a winter date is formatted, then it uses Vienna time (UTC+1) and dd.MM.yyyy / HH:mm', () => {
    expect(formatDate('2024-01-05T23:30:00Z')).toBe('06.01.2024');
    expect(formatDateTime('2024-01-05T23:30:00Z')).toBe('00:30, 06.01.2024');
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 31, 8, 5)))).toBe('09:05, 31.12.2024');
  });

  it('When a summer date is formatted, then it uses Vienna summer time (UTC+2)', () => {
    expect(formatDateTime('2024-07-15T22:15:00Z')).toBe('00:15, 16.07.2024');
    expect(formatDate('2024-07-15T21:59:00Z')).toBe('15.07.2024');
  });

  it('When the input is a millisecond timestamp, then it is formatted the same way', () => {
    expect(formatDate(Date.UTC(2025, 2, 9, 12))).toBe('09.03.2025');
  });
});

describe('formatNumber', () => {
  it('When numbers are formatted with different decimals in turn, then each call keeps its own decimals', () => {
    expect(formatNumber(1.5)).toBe('2');
    expect(formatNumber(1.5, 2)).toBe('1,50');
    expect(formatNumber(0.25, 1)).toBe('0,3');
    expect(formatNumber(1.5)).toBe('2');
    expect(formatNumber(1.5, 2)).toBe('1,50');
  });
});

describe('serviceFeePercent and formatEuro', () => {
  it('When amounts are formatted in euro, then Austrian notation is used', () => {
    expect(formatEuro(12_000).replace(/\s/g, ' ')).toBe('€ 12.000,00');
  });

  it('When the bonus is 19 %, then the service fee is 1.9 % of the salary', () => {
    expect(serviceFeePercent(19)).toBe(1.9);
    expect(serviceFeePercent(20)).toBe(2);
    expect(serviceFeePercent(0)).toBe(0);
  });
});

describe('formatNumber and formatEuro without Intl', () => {
  const intlNumber = (decimals: number) =>
    new Intl.NumberFormat('de-AT', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const intlEuro = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' });
  // Money-like values (cents and their ties), big and tiny ones, and any double at all.
  const values = fc.oneof(
    fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).map((cents) => cents / 100),
    fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((n) => n / 1000 + 0.0005),
    fc.integer({ min: -99_999_999, max: 99_999_999 }).map((n) => n + 0.5),
    fc.double({ min: -1e15, max: 1e15, noNaN: true }),
    fc.double({ min: -1e-3, max: 1e-3, noNaN: true }),
    fc.constantFrom(0, -0, 1.005, 2.675, 0.125, 999.995, 9_999_999.995, 1e-7, -1e-7, 999_999_999_999_999),
  );

  it('When any value is formatted, then the text is exactly what Intl.NumberFormat de-AT writes', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 6 }), (value, decimals) => {
        expect(formatNumber(value, decimals)).toBe(intlNumber(decimals).format(value));
        expect(formatEuro(value)).toBe(intlEuro.format(value));
        expect(formatNumberUpTo(value, decimals)).toBe(
          new Intl.NumberFormat('de-AT', { maximumFractionDigits: decimals }).format(value),
        );
      }),
      { numRuns: 5_000 },
    );
  }, 30_000);

  it('When a value is outside what it writes itself, then Intl writes it', () => {
    for (const value of [NaN, Infinity, -Infinity, 1e15, -2e20, 1e21]) {
      expect(formatNumber(value, 2)).toBe(intlNumber(2).format(value));
      expect(formatEuro(value)).toBe(intlEuro.format(value));
    }
    expect(formatNumber(1.23456789, 8)).toBe(intlNumber(8).format(1.23456789));
  });
});
