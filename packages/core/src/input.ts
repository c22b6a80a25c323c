import { z } from './zod';
import { MSG } from './messages';

/**
 * Input limits that PostgreSQL imposes and a request must never reach the
 * database with: int4 ids, text without U+0000 or lone UTF-16 surrogates,
 * dates that survive the trip through ISO 8601 into `timestamptz`. One rule
 * each, used by the schemas here, the server's query parser and socket events.
 */

/** Largest value of a PostgreSQL `integer` (int4) column — every id and id reference. */
export const INT4_MAX = 2_147_483_647;

/** Dates accepted in filters and bodies: four-digit years a person would mean. */
export const DATE_MIN = new Date('1900-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

export const INPUT_MSG = {
  invalidId: 'Ungültige ID.',
  invalidCharacters: 'Die Eingabe enthält ungültige Zeichen.',
  tooLong: 'Eine Eingabe ist zu lang.',
  invalidNumber: 'Ungültige Zahl.',
  invalidDate: 'Ungültiges Datum (erlaubt sind die Jahre 1900 bis 9999).',
} as const;

/** A lone UTF-16 surrogate (half of a pair): not valid Unicode, refused by PostgreSQL's jsonb. */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when PostgreSQL can store the text as it is: no U+0000, no lone surrogate. */
export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * True when any string (value or object key) anywhere in the value is unsafe.
 * Iterative, so deeply nested input cannot overflow the stack.
 */
export function hasUnsafeText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isSafeText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (typeof item === 'object' && item !== null && !isBinary(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (!isSafeText(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

function isBinary(value: object): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

/** A string PostgreSQL can store; use instead of z.string() for every text field. */
export const safeText = (message: string = INPUT_MSG.invalidCharacters) =>
  z.string().refine(isSafeText, { message, abort: true });

/** A required text field, trimmed: its own message when missing or empty, at most `max` characters. */
export const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .pipe(safeText())
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: message }).max(max, { error: INPUT_MSG.tooLong }));

/** A positive int4 id as a JSON number (ids, references such as district, advertisement, companyId, chatId). */
export const int4Id = (message: string = INPUT_MSG.invalidId) =>
  z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);

/**
 * A positive int4 id as a number or its plain decimal text ("42"), as paths, queries and forms
 * send it; never "0x10", "1e3", "01", " 1", arrays or booleans.
 */
export const idSchema = z
  .union([z.number(), z.string().regex(/^[1-9]\d{0,9}$/)], { error: INPUT_MSG.invalidId })
  .transform(Number)
  .pipe(int4Id());

/** A calendar day as 'YYYY-MM-DD' that exists, between 1900 and 2099, with the field's own message. */
export const isoDayInput = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && v < '2100-01-01';
    }, message);

/** Plain decimal text a number field accepts: at most 15 digits before and after the point. */
export const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;

/** The date a text means, or null when it is no date or lies outside DATE_MIN…DATE_MAX. */
export function parseDateInput(text: string): Date | null {
  if (text.length === 0 || text.length > 40) return null;
  return inDateRange(new Date(text));
}

/** The date itself when it is valid and within DATE_MIN…DATE_MAX, else null. */
export function inDateRange(date: Date): Date | null {
  const time = date.getTime();
  if (Number.isNaN(time) || time < DATE_MIN.getTime() || time > DATE_MAX.getTime()) return null;
  return date;
}

/** A date as ISO 8601 text (or a Date), bounded to DATE_MIN…DATE_MAX. */
export const dateInput = (message: string = INPUT_MSG.invalidDate) =>
  z.union([z.string(), z.date()], { error: message }).transform((value, ctx) => {
    const date = typeof value === 'string' ? parseDateInput(value.trim()) : inDateRange(value);
    if (date) return date;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/**
 * A number, or its plain decimal text ("15", " 12.5 "), as forms and JSON clients send it.
 * Unlike z.coerce never "", arrays, booleans, null, hex or exponent forms.
 */
export const decimalInput = (error?: string) =>
  z
    .union([z.number(), z.string().trim().regex(DECIMAL_TEXT)], error ? { error } : undefined)
    .transform(Number)
    .pipe(z.number(error ? { error } : undefined).finite());

/** First issue message of a failed parse — the one the UI shows. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.badRequest;
}
