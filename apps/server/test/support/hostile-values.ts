import fc from 'fast-check';

/**
 * Values hostile to the server's input handling, for the input-property test
 * (test/input-properties.test.ts): numbers, dates and text PostgreSQL or JavaScript cannot hold,
 * wrong shapes and prototype keys, and the writers that put them on the wire.
 */

/** A number literal JSON.stringify cannot write (400 digits): emitted verbatim by toJson. */
export class RawNumber {
  constructor(readonly text: string) {}
}

const DIGITS_400 = '9'.repeat(400);

function deep(levels: number): unknown {
  let value: unknown = 'tief';
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Numbers int4, float8, numeric or JavaScript cannot hold, and their text forms. */
const NUMERIC_HOSTILES: unknown[] = [
  2 ** 31,
  2 ** 31 + 1,
  2 ** 32,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  -1,
  0,
  1.5,
  -0.5,
  new RawNumber(DIGITS_400),
  new RawNumber(`-${DIGITS_400}`),
  new RawNumber(`0.${DIGITS_400}`),
  new RawNumber('1e400'),
  '2147483648',
  '4294967296',
  '-2147483649',
  DIGITS_400,
  `-${DIGITS_400}`,
  '1e400',
  'NaN',
  'Infinity',
];

/** Dates outside what PostgreSQL (or ISO 8601 with four-digit years) can hold. */
const DATE_HOSTILES: unknown[] = [
  '99999-01-01',
  '0000-01-01',
  '-004713-01-01',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20',
  '1899-12-31',
  '2020-02-30',
  '-infinity',
  'infinity',
];

/** Text PostgreSQL cannot store, or that is too long, empty or means something to SQL/LIKE/JS. */
const TEXT_HOSTILES: unknown[] = [
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\uDE00 am Anfang',
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  'x'.repeat(10_001),
  'ä'.repeat(3000),
  '%_\\',
  "'; DROP TABLE users; --",
  '__proto__',
  'constructor',
  ...DATE_HOSTILES,
];

/** Wrong shapes: other types, deep nesting, prototype keys. */
const SHAPE_HOSTILES: unknown[] = [
  true,
  false,
  null,
  [],
  {},
  deep(60),
  { ['__proto__']: { admin: true } },
  { constructor: { prototype: { admin: true } } },
];

export const HOSTILE_CONSTANTS: unknown[] = [...NUMERIC_HOSTILES, ...TEXT_HOSTILES, ...SHAPE_HOSTILES];

export const numericHostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NUMERIC_HOSTILES) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);
export const textHostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...TEXT_HOSTILES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
export const dateHostile: fc.Arbitrary<unknown> = fc.constantFrom(...DATE_HOSTILES);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(numericHostile, textHostile, fc.constantFrom(...SHAPE_HOSTILES));

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 }) },
);

export const asText = (v: unknown): string =>
  v instanceof RawNumber ? v.text : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

/** Text for a path or query: a hostile value as the client would write it. */
export const hostileText: fc.Arbitrary<string> = hostileScalar.map(asText);

/** JSON text, with lone surrogates escaped (as JSON.stringify does) and RawNumber verbatim. */
export function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encoding that also writes lone surrogates (as WTF-8 bytes) instead of throwing. */
export function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}
