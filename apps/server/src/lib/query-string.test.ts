import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { QUERY_STRING_OPTIONS, QueryStringParser } from './query-string';

/** Deep equality that also compares each object's prototype and the order of its keys. */
function sameShape(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameShape(v, b[i]));
  if (a !== null && typeof a === 'object') {
    if (b === null || typeof b !== 'object' || Array.isArray(b)) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    const keys = Object.keys(a);
    if (keys.join('\u0000') !== Object.keys(b).join('\u0000')) return false;
    return keys.every((k) => sameShape((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return Object.is(a, b);
}

/** Query texts as browsers and attackers send them: nested keys, arrays, encodings, junk. */
const queryText = (() => {
  const word = fc.string({
    unit: fc.constantFrom('a', 'b', 'z', '0', '7', '_', '-', '%', '2', 'B', 'ä', '$'),
    maxLength: 6,
  });
  const key = fc
    .tuple(word, fc.array(fc.oneof(word, fc.constant('')), { maxLength: 4 }))
    .map(([head, path]) => head + path.map((p) => `[${p}]`).join(''));
  const value = fc.oneof(
    word,
    fc.string({ maxLength: 8 }),
    fc.constantFrom('createdAt%3Adesc', '%2A', '3%2C45', '%E0%A4%A'),
  );
  const pair = fc.oneof(
    fc.tuple(key, value).map(([k, v]) => `${k}=${v}`),
    key,
    fc.constantFrom('__proto__[x]=1', 'constructor[prototype][x]=1', 'a[9999]=1', '=', '&&'),
  );
  return fc.oneof(
    fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&')),
    fc.string({ maxLength: 40 }),
  );
})();

describe('QueryStringParser', () => {
  it('answers exactly what qs answers, whether the text was kept or not', () => {
    const parser = new QueryStringParser(50);
    fc.assert(
      fc.property(queryText, (text) => {
        const expected = qs.parse(text, QUERY_STRING_OPTIONS);
        expect(sameShape(parser.parse(text), expected)).toBe(true);
        // The second time from the kept result.
        expect(sameShape(parser.parse(text), expected)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('gives every request its own copy: changing one answer changes no later one', () => {
    const parser = new QueryStringParser();
    const text = 'pagination%5Blimit%5D=20&filters%5Bid%5D%5B%24in%5D%5B0%5D=1&filters%5Bid%5D%5B%24in%5D%5B1%5D=2';
    const first = parser.parse(text) as { pagination: { limit: string }; filters: { id: { $in: string[] } } };
    first.pagination.limit = '999';
    first.filters.id.$in.push('3');
    delete (first as Record<string, unknown>)['filters'];
    expect(parser.parse(text)).toEqual({ pagination: { limit: '20' }, filters: { id: { $in: ['1', '2'] } } });
  });

  it('keeps at most its number of texts and never a very long one', () => {
    const parser = new QueryStringParser(3);
    for (let i = 0; i < 10; i += 1) parser.parse(`page=${i}`);
    expect(parser.size).toBe(3);
    const long = `q=${'x'.repeat(5000)}`;
    const small = new QueryStringParser(3);
    expect(small.parse(long)).toEqual({ q: 'x'.repeat(5000) });
    expect(small.size).toBe(0);
  });

  it('keeps the limits that make a hostile query cheap', () => {
    const parser = new QueryStringParser();
    const deep = `a${'[b]'.repeat(20)}=1`;
    expect(sameShape(parser.parse(deep), qs.parse(deep, QUERY_STRING_OPTIONS))).toBe(true);
    const many = Array.from({ length: 600 }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(parser.parse(many))).toHaveLength(500);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(parser.parse('__proto__[x]=1')).not.toHaveProperty('x');
  });
});
