/**
 * CSV for Excel in German locales: semicolon separated, UTF-8 with BOM, CRLF,
 * decimal comma. Text cells that a spreadsheet would run as a formula
 * (= + - @, tab, CR at the start) get a leading apostrophe.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvText(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Decimal comma, no thousands separator (Excel reads it as a number). */
export function csvNumber(value: number, decimals = 2): string {
  return value.toFixed(decimals).replace('.', ',');
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvNumber(value);
  return csvText(value);
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header.map(csvText).join(';'), ...rows.map((r) => r.map(csvCell).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
