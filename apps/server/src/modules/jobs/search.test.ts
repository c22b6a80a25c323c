import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { SEARCH_FIELDS, SEARCH_MSG, type Job } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser } from '../../../test/factories';

/**
 * The text search parameter GET /api/jobs?q=t (decision 0017) against the six-field form
 * filters[$or][i][<field>][$containsi]=t: same rows, same order, same total, same errors.
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
const d: Record<string, number> = {};

const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_123);

const orForm = (text: string) => ({ $or: SEARCH_FIELDS.map((field) => ({ [field]: { $containsi: text } })) });
const districtOr = (ids: number[]) => ({ $or: ids.map((id) => ({ district: { id: { $eq: id } } })) });

interface Answer {
  status: number;
  ids?: number[];
  total?: number | undefined;
  message?: string;
}

async function ask(query: object, token: string | null = consultant.token): Promise<Answer> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/jobs?${qs.stringify(query, { encodeValuesOnly: true })}`,
    token: token ?? undefined,
  });
  if (res.statusCode !== 200) {
    return { status: res.statusCode, message: (res.json() as { error: { message: string } }).error.message };
  }
  const body = res.json() as { data: Job[]; meta: { pagination: { total?: number } } };
  return { status: 200, ids: body.data.map((x) => x.id), total: body.meta.pagination.total };
}

/** The same request with q and with the six-field $or (ANDed with `filters` when given). */
async function both(text: string, rest: { filters?: object; [key: string]: unknown } = {}) {
  const { filters, ...other } = rest;
  const withQ = await ask({ ...other, q: text, ...(filters ? { filters } : {}) });
  const withOr = await ask({ ...other, filters: filters ? { $and: [orForm(text), filters] } : orForm(text) });
  return { withQ, withOr };
}

beforeAll(async () => {
  ctx = await createTestContext();
  company = await createUser(ctx, { role: 'company', username: 'Suchtest GmbH' });
  consultant = await createUser(ctx, { role: 'consultant' });
  for (const name of ['Innsbruck', 'Graz', 'Linz']) {
    const [row] = await ctx.database.query<{ id: number }>('SELECT id FROM districts WHERE name = $1', [name]);
    d[name] = row!.id;
  }
  const rows = [
    { jobTitle: 'Koch', assignment: ['Zubereitung von Speisen'], city: 'Innsbruck', district: d.Innsbruck! },
    { jobTitle: 'KÖCHIN', benefits: ['Große Küche', '100% Trinkgeld'], city: 'Graz', district: d.Graz! },
    { jobTitle: 'Straßenbahnfahrer', requirements: ['Führerschein D'], city: 'Linz', district: d.Linz! },
    { jobTitle: 'Grafiker', benefits: ['Zimmer_mit_Aussicht'], city: 'GRAZ', district: d.Graz! },
    { jobTitle: 'Ölheizungstechniker', assignment: ['Wartung', 'Ölfeuerung'], city: 'Seefeld', district: d.Innsbruck! },
    { jobTitle: 'Buchhalterin', requirements: ['Erfahrung mit C:\\Daten'], city: 'Graz', district: d.Graz! },
    { jobTitle: 'Koch (Saison)', salary: '2.400 € brutto', city: 'Linz', district: d.Linz! },
    { jobTitle: ' Kellner ', benefits: ['Gleitzeit'], city: 'Innsbruck', district: d.Innsbruck! },
  ];
  const ids: number[] = [];
  for (const { city, ...row } of rows) {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: company.token,
      payload: { data: jobData({ ...row, location: { street: 'Hauptstraße 1', postcode: '1010', city } }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push((res.json() as { data: Job }).data.id);
  }
  // The last two share a created_at: the id breaks the tie in both forms.
  for (const [i, id] of ids.entries()) {
    await ctx.database.query(
      `UPDATE jobs SET created_at = '2026-11-01T12:00:00Z'::timestamptz - make_interval(days => $1) WHERE id = $2`,
      [Math.min(i, 6), id],
    );
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/jobs?q= (the text search parameter)', () => {
  const terms = [
    'koch',
    'KOCH',
    'kÖcH',
    'köchin',
    'ÖL',
    'öl',
    'straße',
    'STRASSE',
    'ß',
    'Große',
    'graz',
    '%',
    '100%',
    '_',
    'zimmer_mit',
    '\\',
    'c:\\daten',
    ' koch',
    'koch ',
    ' kellner ',
    '  ',
    '',
    '2.400 €',
    "' OR 1=1 --",
    'nichts-passt',
  ];

  it('When searching with q, then it returns exactly the ids, order and total of the six-field $or', async () => {
    for (const text of terms) {
      const { withQ, withOr } = await both(text);
      expect(withQ.status, JSON.stringify(text)).toBe(200);
      expect(withQ, JSON.stringify(text)).toEqual(withOr);
    }
    // A few anchors, so that "both equally wrong" cannot pass.
    expect((await both('koch')).withQ.total).toBe(2);
    expect((await both('ÖL')).withQ.total).toBe(1);
    expect((await both('%')).withQ.total).toBe(1);
    expect((await both('_')).withQ.total).toBe(1);
    expect((await both('')).withQ.total).toBe(8);
    expect((await both(' koch')).withQ.total).toBe(0);
  });

  it('When q is combined with district filters, sorting and paging, then both forms still agree', async () => {
    const districts = [
      { district: { id: { $in: [d.Graz] } } },
      districtOr([d.Innsbruck!, d.Linz!]),
      { district: { id: { $eq: d.Linz } } },
    ];
    for (const text of ['koch', 'GRAZ', 'ß', '', '%', 'e']) {
      for (const filters of districts) {
        const { withQ, withOr } = await both(text, { filters });
        expect(withQ.status).toBe(200);
        expect(withQ, JSON.stringify({ text, filters })).toEqual(withOr);
      }
      for (const pagination of [
        { start: 0, limit: 2, withCount: true },
        { start: 2, limit: 2 },
        { page: 2, pageSize: 3 },
      ]) {
        for (const sort of ['createdAt:desc', 'createdAt:asc', 'jobTitle:asc']) {
          const { withQ, withOr } = await both(text, { pagination, sort });
          expect(withQ.status).toBe(200);
          expect(withQ, JSON.stringify({ text, pagination, sort })).toEqual(withOr);
        }
      }
    }
    expect((await both('graz', { filters: { district: { id: { $in: [d.Graz] } } } })).withQ.ids).toHaveLength(3);
  });

  it('When q is too long, not text or has control characters, then 400 with a German message', async () => {
    const tooLong = await both('x'.repeat(201));
    expect(tooLong.withQ).toEqual({ status: 400, message: SEARCH_MSG.tooLong });
    expect(tooLong.withOr).toEqual({ status: 400, message: SEARCH_MSG.tooLong });
    expect((await ask({ q: 'x'.repeat(200) })).status).toBe(200);
    expect(await ask({ q: 'a\u0001b' })).toEqual({ status: 400, message: SEARCH_MSG.invalid });
    expect(await ask({ q: ['a', 'b'] })).toEqual({ status: 400, message: SEARCH_MSG.invalid });
    expect(await ask({ q: { $containsi: 'a' } })).toEqual({ status: 400, message: SEARCH_MSG.invalid });
    expect((await ask({ filters: { q: 'koch' } })).status).toBe(400);
    // Visitors may not search (landing page only), as with filters.
    expect((await ask({ q: 'koch' }, null)).status).toBe(401);
  });

  it('When the OpenAPI document is read, then GET /api/jobs lists q with its maximum length', async () => {
    const doc = ctx.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema?: object }> }>>;
    };
    const q = doc.paths['/api/jobs']?.['get']?.parameters?.find((p) => p.name === 'q');
    expect(q).toMatchObject({ in: 'query', schema: { type: 'string', maxLength: 200 } });
  });

  it('Property: for random search texts, q and the six-field $or give the same answer', async () => {
    const chars = [...'kochgrazKOCHGRAZöÖäÄüÜßẞeEsS%_\\ .:-€0124()'];
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...chars), maxLength: 6 }),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom(undefined, d.Graz!, d.Innsbruck!), async (t, district) => {
        const filters = district === undefined ? undefined : { district: { id: { $eq: district } } };
        const { withQ, withOr } = await both(t, filters ? { filters } : {});
        // Refusals name the parameter or the field; status, rows and total must agree.
        expect({ ...withQ, message: undefined }, JSON.stringify(t)).toEqual({ ...withOr, message: undefined });
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
