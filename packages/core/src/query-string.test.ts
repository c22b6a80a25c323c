import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

/** The call the web made before (apps/web/src/lib/http.ts) and the server's parser expects. */
const QS_OPTIONS = { encodeValuesOnly: true, skipNulls: true } as const;

/** Any UTF-16 code unit: surrogate pairs, and halves of them alone. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

const leaf = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: codeUnit }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('createdAt:desc', '*', "!'()*~-._ &=?#+%", 'Bezirk Wien 1., Innere Stadt'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.bigInt(),
  fc.date({ noInvalidDate: true }),
  fc.constant(null),
  fc.constant(undefined),
);

const { params } = fc.letrec<{ value: unknown; params: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'query' },
    leaf,
    tie('params'),
    fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'query' }),
    fc.sparseArray(tie('value'), { maxLength: 12, depthIdentifier: 'query' }),
  ),
  params: fc.dictionary(
    fc.oneof(fc.string(), fc.constantFrom('filters', '$eq', '$or', '0', '10', 'a b')),
    tie('value'),
    {
      maxKeys: 5,
      noNullPrototype: true,
      depthIdentifier: 'query',
    },
  ),
}));

describe('toQueryString (Strapi-style query strings without qs)', () => {
  it('When given the web’s list parameters, then it writes Strapi’s bracket syntax', () => {
    expect(
      toQueryString({
        q: 'Wien & Umgebung',
        sort: 'createdAt:desc',
        pagination: { start: 0, limit: 20, withCount: true },
        populate: '*',
        filters: { id: { $eq: 1 }, $or: [{ jobTitle: { $containsi: 'Koch' } }, null, { city: { $eq: 'Graz' } }] },
        skipped: undefined,
      }),
    ).toBe(
      'q=Wien%20%26%20Umgebung&sort=createdAt%3Adesc&pagination[start]=0&pagination[limit]=20&pagination[withCount]=true' +
        '&populate=%2A&filters[id][$eq]=1&filters[$or][0][jobTitle][$containsi]=Koch&filters[$or][2][city][$eq]=Graz',
    );
  });

  it('When given any nested objects, arrays and values, then it writes exactly what qs.stringify writes', () => {
    fc.assert(
      fc.property(params, (input) => {
        expect(toQueryString(input)).toBe(qs.stringify(input, QS_OPTIONS));
      }),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('When nothing is left after dropping null and undefined, then the string is empty', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ a: null, b: undefined, c: {}, d: [] })).toBe('');
  });
});
