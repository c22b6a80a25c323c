/**
 * CSV for Excel in German locales: semicolon separated, UTF-8 with BOM, CRLF,
 * decimal comma. Text cells that a spreadsheet would run as a formula
 * (= + - @, tab, CR at the start) get a leading apostrophe.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** `formulaGuard: false` for files a program imports (not a spreadsheet): the text stays as it is. */
export function csvText(value: string, formulaGuard = true): string {
  const guarded = formulaGuard && FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Decimal comma, no thousands separator (Excel reads it as a number). */
export function csvNumber(value: number, decimals = 2): string {
  return value.toFixed(decimals).replace('.', ',');
}

export function csvCell(value: CsvCell, formulaGuard = true): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvNumber(value);
  return csvText(value, formulaGuard);
}

/**
 * The default is for spreadsheets (BOM, formula guard). An import file for accounting software has
 * no BOM and every text as it is.
 */
export function toCsv(
  header: string[],
  rows: CsvCell[][],
  options: { bom?: boolean; formulaGuard?: boolean } = {},
): string {
  const guard = options.formulaGuard ?? true;
  const lines = [
    header.map((h) => csvText(h, guard)).join(';'),
    ...rows.map((r) => r.map((cell) => csvCell(cell, guard)).join(';')),
  ];
  return `${options.bom === false ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}
