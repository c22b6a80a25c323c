import { CHAT_TITLE_MAX_LENGTH, FILE_NAME_FULL_MAX, SERVICE_FEE_RATE } from './constants';

/** First letters of the first two words, upper-cased ("Muster GmbH" → "MG"). */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Title cut at 40 characters with '...' (spec §9). */
export function truncateTitle(title: string, max = CHAT_TITLE_MAX_LENGTH): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

/**
 * File names up to 30 characters stay whole; longer ones show the first 20,
 * '...', the last 2 characters of the base name and the extension (spec §9).
 */
export function shortenFileName(fileName: string): string {
  if (fileName.length <= FILE_NAME_FULL_MAX) return fileName;
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ext = dot > 0 ? fileName.slice(dot) : '';
  return `${base.slice(0, 20)}...${base.slice(-2)}${ext}`;
}

/**
 * Size text: below 1000 KB in KB, otherwise MB with 2 decimals (spec §9).
 * Input in bytes; decimal units (1 KB = 1000 bytes) as the upload store reports them.
 */
export function fileSizeText(bytes: number): string {
  const kb = bytes / 1000;
  // compare after rounding so 999,999 KB is not shown as "1.000,00 KB"
  if (roundCents(kb) < 1000) return `${formatNumber(kb, 2)} KB`;
  return `${formatNumber(kb / 1000, 2)} MB`;
}

const FILE_TYPE_LABELS: Array<[RegExp, string]> = [
  [/^(pdf)$/i, 'PDF'],
  [/^(doc|docx)$/i, 'Word Document'],
  [/^(xls|xlsx)$/i, 'Excel Document'],
  [/^(ppt|pptx)$/i, 'Powerpoint Document'],
];

/** Type label of a file by its extension (spec §9). */
export function fileTypeLabel(extOrName: string): string {
  const ext = extOrName.includes('.') ? extOrName.slice(extOrName.lastIndexOf('.') + 1) : extOrName;
  for (const [pattern, label] of FILE_TYPE_LABELS) if (pattern.test(ext)) return label;
  return 'File';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** dd.MM.yyyy in Vienna time. */
export function formatDate(value: string | number | Date): string {
  const p = viennaParts(value);
  return `${p.day}.${p.month}.${p.year}`;
}

/** HH:mm, dd.MM.yyyy in Vienna time. */
export function formatDateTime(value: string | number | Date): string {
  const p = viennaParts(value);
  return `${p.hour}:${p.minute}, ${p.day}.${p.month}.${p.year}`;
}

/** A deadline to the minute, as a sentence says it: '15.03.2027, 10:00 Uhr' (Vienna time). */
export function formatDeadline(value: string | number | Date): string {
  const p = viennaParts(value);
  return `${p.day}.${p.month}.${p.year}, ${p.hour}:${p.minute} Uhr`;
}

/*
 * Intl formatters are expensive to construct (locale and time-zone data; the first one also starts
 * ICU), and module evaluation is on a page's critical path in the browser: each formatter is made
 * on first use and then kept, one per set of options.
 */
let viennaFormatter: Intl.DateTimeFormat | undefined;

function vienna(): Intl.DateTimeFormat {
  viennaFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return viennaFormatter;
}

/** Calendar and clock parts of an instant in Vienna time (zero-padded strings). */
export function viennaParts(value: string | number | Date) {
  const date = value instanceof Date ? value : new Date(value);
  const parts: Record<string, string> = {};
  for (const part of vienna().formatToParts(date)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? pad(0),
    day: parts.day ?? pad(0),
    hour: parts.hour ?? pad(0),
    minute: parts.minute ?? pad(0),
  };
}

/**
 * Austrian (de-AT) number text exactly as Intl.NumberFormat writes it — format.test.ts compares
 * the two over many values — but without Intl: the first Intl number format of a page loads the
 * locale's data, ~30 ms (120 ms at 4x CPU), and the landing page's hero paid it before its first
 * paint (issue 14). Like ICU, it rounds the shortest decimal that reads back as the value (what
 * String() writes: 1.005 → 1,01), half away from zero. Values it does not cover (not finite,
 * |value| ≥ 10^15, more than 5 decimals) go to Intl.
 */
function austrianDigits(value: number, decimals: number, group: string): string | null {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude >= 1e15 || decimals > 5) return null;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // Below 1e-6 String() writes an exponent; such a value rounds to zero at ≤ 5 decimals.
  const shortest = magnitude < 1e-6 ? '0' : String(magnitude);
  const [whole = '0', fraction = ''] = shortest.split('.');
  let digits = whole + fraction.padEnd(decimals, '0').slice(0, decimals);
  if ((fraction[decimals] ?? '0') >= '5') {
    // Add one in the last kept place, carrying to the left.
    const out = digits.split('');
    let at = out.length - 1;
    while (at >= 0 && out[at] === '9') out[at--] = '0';
    if (at >= 0) out[at] = String(Number(out[at]) + 1);
    else out.unshift('1');
    digits = out.join('');
  }
  const wholeDigits = digits.slice(0, digits.length - decimals);
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${decimals > 0 ? `,${digits.slice(digits.length - decimals)}` : ''}`;
}

/** Intl's formats, for the values austrianDigits() leaves to it. */
const numberFormatters = new Map<number, Intl.NumberFormat>();
let euroFormatter: Intl.NumberFormat | undefined;

/** German number text with a fixed number of decimals ("12 000,00": de-AT groups with a no-break space). */
export function formatNumber(value: number, decimals = 0): string {
  const text = austrianDigits(value, decimals, '\u00a0');
  if (text !== null) return text;
  let formatter = numberFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-AT', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormatters.set(decimals, formatter);
  }
  return formatter.format(value);
}

/** German number text with at most `maxDecimals` decimals, trailing zeros dropped: 19 → "19", 1.9 → "1,9". */
export function formatNumberUpTo(value: number, maxDecimals: number): string {
  const text = austrianDigits(value, maxDecimals, '\u00a0');
  if (text !== null) return maxDecimals > 0 ? text.replace(/,?0+$/, '') : text;
  return new Intl.NumberFormat('de-AT', { maximumFractionDigits: maxDecimals }).format(value);
}

/** Euro amount in Austrian notation ("€ 12.000,00": the currency groups with a dot). */
export function formatEuro(value: number): string {
  const text = austrianDigits(value, 2, '.');
  if (text !== null) return text.startsWith('-') ? `-€\u00a0${text.slice(1)}` : `€\u00a0${text}`;
  euroFormatter ??= new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' });
  return euroFormatter.format(value);
}

/** Round to cents without binary-float surprises (0.1 * 3 etc.). */
export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** The service fee expressed in percent of the salary: 19 % → 1.9 %. */
export function serviceFeePercent(bonusPercent: number): number {
  return roundCents(bonusPercent * SERVICE_FEE_RATE);
}

/** A bonus as the mails and pages show it: "20 %", "12,50 %". */
export function formatPercent(n: number): string {
  return `${formatNumber(n, Number.isInteger(n) ? 0 : 2)} %`;
}
