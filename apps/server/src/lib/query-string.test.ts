import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { copyOf, QUERY_STRING_OPTIONS, QueryStringParser } from './query-string';

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
    type Query = { pagination: { limit: string }; filters: { id: { $in: string[] } } };
    const expected = { pagination: { limit: '20' }, filters: { id: { $in: ['1', '2'] } } };
    const miss = parser.parse(text) as Query;
    const hit = parser.parse(text) as Query;
    expect(hit).not.toBe(miss);
    expect(hit.pagination).not.toBe(miss.pagination);
    expect(hit.filters.id.$in).not.toBe(miss.filters.id.$in);
    for (const answer of [miss, hit]) {
      answer.pagination.limit = '999';
      answer.filters.id.$in.push('3');
      delete (answer as Partial<Query>).filters;
      expect(parser.parse(text)).toEqual(expected);
    }
  });

  it('keeps a bounded number of small texts and never a long or large one', () => {
    const parser = new QueryStringParser(3);
    for (let i = 0; i < 10; i += 1) parser.parse(`page=${i}`);
    expect(parser.size).toBe(3);
    const fresh = () => new QueryStringParser(3);
    const long = `q=${'x'.repeat(5000)}`;
    const longParser = fresh();
    expect(longParser.parse(long)).toEqual({ q: 'x'.repeat(5000) });
    expect(longParser.size).toBe(0);
    // Short text, many values: parsed every time, not kept.
    const many = Array.from({ length: 100 }, (_, i) => `${i}=`).join('&');
    const manyParser = fresh();
    expect(Object.keys(manyParser.parse(many))).toHaveLength(100);
    expect(manyParser.size).toBe(0);
  });

  it('keeps the limits that make a hostile query cheap, and nothing reaches a prototype', () => {
    expect(QUERY_STRING_OPTIONS).toEqual({ depth: 8, arrayLimit: 200, parameterLimit: 500, allowPrototypes: false });
    const parser = new QueryStringParser();
    const deep = `a${'[b]'.repeat(20)}=1`;
    for (let i = 0; i < 2; i += 1) {
      const parsed = parser.parse(deep) as Record<string, unknown>;
      let level = parsed['a'] as Record<string, unknown>;
      for (let depth = 1; depth < 8; depth += 1) level = level['b'] as Record<string, unknown>;
      // Below depth 8 the rest of the key is one literal segment.
      expect(Object.keys(level['b'] as object)).toEqual(['[b][b][b][b][b][b][b][b][b][b][b][b]']);
    }
    const many = Array.from({ length: 600 }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(parser.parse(many))).toHaveLength(500);
    for (const hostile of [
      '__proto__[x]=1',
      '[__proto__][x]=1',
      '%5F%5Fproto%5F%5F[x]=1',
      'constructor[prototype][x]=1',
    ]) {
      for (let i = 0; i < 2; i += 1) {
        const parsed = parser.parse(hostile);
        expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
        expect(parsed).not.toHaveProperty('x');
      }
    }
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('copies a key named __proto__ as a plain key, never as the prototype', () => {
    const source = JSON.parse('{"__proto__": {"x": "1"}, "a": ["b"]}') as Record<string, unknown>;
    const copy = copyOf(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect((copy as { x?: unknown }).x).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ x: '1' });
  });
});
