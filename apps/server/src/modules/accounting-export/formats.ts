import iconv from 'iconv-lite';
import { centsDecimal, type IsoDate } from '@pb/core';
import { toCsv, type CsvCell } from '../../services/csv';
import type { Booking } from './bookings';

/**
 * The two files a tax adviser imports (docs/accounting-export.md). BMD NTCS: its booking import
 * ('Buchungsimport') CSV with BMD's field names, UTF-8, semicolons, amounts with decimal comma,
 * direction by buchcode (1 Soll, 2 Haben on konto) and tax signed as BMD expects (negative when it
 * is owed on a debit of the customer). DATEV: the 'Buchungsstapel' in EXTF format version 700,
 * category 21, Windows-1252 — its header line, the column names and the first 14 columns.
 */

const day = (date: IsoDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

export const BMD_COLUMNS = [
  'satzart',
  'konto',
  'gkonto',
  'belegnr',
  'belegdatum',
  'buchsymbol',
  'buchcode',
  'prozent',
  'steuercode',
  'betrag',
  'steuer',
  'text',
] as const;

export function bmdCsv(bookings: Booking[]): Buffer {
  const rows: CsvCell[][] = bookings.map((b) => [
    '0',
    b.account,
    b.contraAccount,
    cut(b.document, 20),
    day(b.date),
    b.journal,
    b.side === 'S' ? '1' : '2',
    b.taxPercent === null ? '' : centsDecimal(b.taxPercent * 100),
    b.bmdTaxCode ?? '',
    centsDecimal(b.grossCents),
    b.taxCents === 0 ? '' : centsDecimal(b.side === 'S' ? -b.taxCents : b.taxCents),
    cut(b.text, 60),
  ]);
  return Buffer.from(toCsv([...BMD_COLUMNS], rows, { bom: false, formulaGuard: false }), 'utf8');
}

export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
] as const;

export interface DatevHeader {
  consultantNumber: number;
  clientNumber: number;
  month: string;
  createdAt: Date;
}

/** DATEV's first line: format, version, category, the adviser and client, the period. */
function datevHeaderLine(header: DatevHeader): string {
  const { month } = header;
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const stamp = header.createdAt
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 17);
  return [
    quoted('EXTF'),
    '700',
    '21',
    quoted('Buchungsstapel'),
    '13',
    stamp,
    '',
    quoted('PB'),
    quoted('Praemienboerse'),
    quoted(''),
    String(header.consultantNumber),
    String(header.clientNumber),
    `${month.slice(0, 4)}0101`,
    // Ledger accounts have four digits; personal accounts one more (LEDGER_ACCOUNTS, PERSONAL_ACCOUNTS).
    '4',
    `${month.replace('-', '')}01`,
    `${month.replace('-', '')}${String(last).padStart(2, '0')}`,
    quoted(`Prämienbörse ${month}`),
    quoted(''),
    '1',
    '0',
    '0',
    quoted('EUR'),
  ].join(';');
}

export function datevCsv(bookings: Booking[], header: DatevHeader): Buffer {
  // DATEV wants its text fields in quotes and its numbers bare: written here, not by the spreadsheet CSV.
  const rows = bookings.map((b) =>
    [
      centsDecimal(b.grossCents),
      quoted(b.side),
      quoted('EUR'),
      '',
      '',
      '',
      b.account,
      b.contraAccount,
      '',
      `${b.date.slice(8, 10)}${b.date.slice(5, 7)}`,
      quoted(cut(b.document.replace(/[^A-Za-z0-9$%&*+\-/]/g, ''), 36)),
      quoted(''),
      '',
      quoted(cut(b.text.replace(/[\r\n]+/g, ' '), 60)),
    ].join(';'),
  );
  const lines = [datevHeaderLine(header), DATEV_COLUMNS.join(';'), ...rows];
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}
