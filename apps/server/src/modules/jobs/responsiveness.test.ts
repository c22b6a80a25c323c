import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { TRUST_MSG, WORKING_DAY_MINUTES, type Job } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import { companyOrganisationOf, setCompanyResponse } from '../../../test/support/company-response';

/**
 * Issue 36 in the browser's list (GET /api/jobs): sort=companyResponse:asc (the company's median
 * reaction, fastest first, too little data last, then the newest id) and respondsWithin=1|2|5,
 * through the cached lists — a company's new figure (what the trust run writes onto its
 * advertisements) moves its advertisements in a kept sorted list at the next request, patched in
 * place (decision 0032), and a new advertisement carries its company's figure at once.
 */

let ctx: TestContext;
let consultant: TestUser;
const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_123);

interface Company {
  user: TestUser;
  organisationId: number;
  minutes: number | null;
  jobs: number[];
}
const companies: Record<string, Company> = {};
/** Fast and also fast (a tie: the newest id first), within 2 and 5 working days, slower, no data. */
const FIGURES: Record<string, number | null> = {
  fast: 120,
  alsoFast: 120,
  two: 1_000,
  five: 2_400,
  slow: 4_000,
  none: null,
};

async function setFigure(name: string, minutes: number | null): Promise<void> {
  const company = companies[name]!;
  company.minutes = minutes;
  await setCompanyResponse(ctx.database, company.organisationId, minutes);
}

/** GET /api/jobs as the consultant, or as a visitor (token null). */
async function ask(query: Record<string, unknown>, token: string | null = consultant.token) {
  return ctx.request({ method: 'GET', url: `/api/jobs?${qs.stringify(query)}`, token: token ?? undefined });
}

async function listed(query: Record<string, unknown>): Promise<{ ids: number[]; minutes: Array<number | null> }> {
  const res = await ask(query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Job[]; meta: { pagination: { total?: number } } };
  expect(body.meta.pagination.total).toBe(body.data.length);
  return { ids: body.data.map((j) => j.id), minutes: body.data.map((j) => j.companyResponseMinutes) };
}

/** What the list must be: every advertisement with its company's figure, in the sort's order. */
function expected(options: { sorted: boolean; within?: number }): number[] {
  const rows = Object.values(companies).flatMap((c) => c.jobs.map((id) => ({ id, minutes: c.minutes })));
  const kept =
    options.within === undefined
      ? rows
      : rows.filter((r) => r.minutes !== null && r.minutes <= options.within! * WORKING_DAY_MINUTES);
  // Published one after the other: the newest id is the newest advertisement.
  return kept
    .sort((a, b) => (options.sorted ? (a.minutes ?? Infinity) - (b.minutes ?? Infinity) : 0) || b.id - a.id)
    .map((r) => r.id);
}

async function cacheStats(): Promise<Record<string, number>> {
  const res = await ctx.request({ method: 'GET', url: '/metrics' });
  const counts: Record<string, number> = {};
  for (const m of res.body.matchAll(/^pb_job_list_cache_outcomes\{outcome="(\w+)"\} (\d+)$/gm)) {
    counts[m[1]!] = Number(m[2]);
  }
  return counts;
}

const SORTED = { sort: 'companyResponse:asc', pagination: { start: 0, limit: 200, withCount: true } };
const NEWEST = { sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true } };

beforeAll(async () => {
  ctx = await createTestContext();
  consultant = await createUser(ctx, { role: 'consultant' });
  for (const name of Object.keys(FIGURES)) {
    const user = await createUser(ctx, { role: 'company', username: `Reaktion ${name}` });
    companies[name] = {
      user,
      organisationId: await companyOrganisationOf(ctx.database, user.id),
      minutes: null,
      jobs: [],
    };
  }
  // Interleaved, so that neither the id nor the creation time follows the figure.
  for (let round = 0; round < 2; round += 1) {
    for (const [name, company] of Object.entries(companies)) {
      company.jobs.push(await publishJob(ctx, company.user, { jobTitle: `Reaktionsprobe ${name} ${round}` }));
    }
  }
  for (const [name, minutes] of Object.entries(FIGURES)) await setFigure(name, minutes);
});

afterAll(async () => {
  await ctx?.close();
});

describe('sort by company responsiveness', () => {
  it('When sorted by companyResponse:asc, then the fastest companies come first, those without data last, ties newest first', async () => {
    const sorted = await listed(SORTED);
    expect(sorted.ids).toEqual(expected({ sorted: true }));
    expect(sorted.minutes).toEqual([120, 120, 120, 120, 1_000, 1_000, 2_400, 2_400, 4_000, 4_000, null, null]);
    // Without a direction Strapi sorts ascending; the default order is untouched.
    expect((await listed({ sort: 'companyResponse' })).ids).toEqual(sorted.ids);
    expect((await listed(NEWEST)).ids).toEqual(expected({ sorted: false }));
    // A second order after it only breaks the ties.
    expect((await listed({ sort: ['companyResponse:asc', 'createdAt:asc'] })).minutes).toEqual(sorted.minutes);
  });

  it('When sorted descending, then the answer is a German 400 (it would list the companies without data first)', async () => {
    for (const sort of ['companyResponse:desc', 'companyResponse:DESC', ['createdAt:desc', 'companyResponse:desc']]) {
      const res = await ask({ sort });
      expect(res.statusCode, JSON.stringify(sort)).toBe(400);
      expect(res.json().error.message).toBe('Nach „companyResponse“ kann nur aufsteigend sortiert werden.');
    }
    // Visitors see the landing page's newest advertisements only, without the figure.
    expect((await ask({ sort: 'companyResponse:asc' }, null)).statusCode).toBe(401);
    expect((await ask({ respondsWithin: '1' }, null)).statusCode).toBe(401);
    const landing = await ask({ pagination: { limit: 20 } }, null);
    expect((landing.json() as { data: Job[] }).data.every((j) => j.companyResponseMinutes === null)).toBe(true);
  });
});

describe('filter by company responsiveness', () => {
  it('When respondsWithin is 1, 2 or 5, then only advertisements of companies whose median is within that many working days come back', async () => {
    for (const within of [1, 2, 5]) {
      expect((await listed({ ...NEWEST, respondsWithin: String(within) })).ids, `${within}`).toEqual(
        expected({ sorted: false, within }),
      );
      expect((await listed({ ...SORTED, respondsWithin: String(within) })).ids).toEqual(
        expected({ sorted: true, within }),
      );
    }
    // With the other filters: the text search narrows further.
    expect((await listed({ ...SORTED, respondsWithin: '2', q: 'reaktionsprobe two' })).ids).toEqual(
      [...companies['two']!.jobs].reverse(),
    );
  });

  it('When respondsWithin is anything else, then the answer is a German 400', async () => {
    for (const value of ['3', 'abc', '0', '10', '', '1.5', '-1', ' 2x']) {
      const res = await ask({ respondsWithin: value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().error.message, JSON.stringify(value)).toBe(TRUST_MSG.invalidRespondsWithin);
    }
    // Given twice: the route's query schema refuses it first, as for the other filters.
    const twice = await ask({ respondsWithin: ['1', '2'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe('Ungültige Anfrage.');
  });
});

describe('a kept sorted list follows the figures', () => {
  it('When one company becomes slow, another fast and a third drops to too little data, then the next request shows the new order, patched in place', async () => {
    const filtered = { ...SORTED, respondsWithin: '2' };
    // Warm the kept lists and answers.
    expect((await listed(SORTED)).ids).toEqual(expected({ sorted: true }));
    expect((await listed(filtered)).ids).toEqual(expected({ sorted: true, within: 2 }));
    expect((await listed(NEWEST)).ids).toEqual(expected({ sorted: false }));
    const before = await cacheStats();

    await setFigure('fast', 5_000);
    await setFigure('none', 60);
    const sorted = await listed(SORTED);
    expect(sorted.ids).toEqual(expected({ sorted: true }));
    expect(sorted.ids.slice(0, 2)).toEqual([...companies['none']!.jobs].reverse());
    expect(sorted.minutes.slice(-2)).toEqual([5_000, 5_000]);
    expect((await listed(filtered)).ids).toEqual(expected({ sorted: true, within: 2 }));

    // Too little data now: last, behind the slowest.
    await setFigure('two', null);
    const dropped = await listed(SORTED);
    expect(dropped.ids).toEqual(expected({ sorted: true }));
    expect(dropped.ids.slice(-2)).toEqual([...companies['two']!.jobs].reverse());
    expect((await listed(filtered)).ids).toEqual(expected({ sorted: true, within: 2 }));
    // The other orders show the new figures on the same rows.
    const newest = await listed(NEWEST);
    expect(newest.ids).toEqual(expected({ sorted: false }));
    expect(newest.minutes[newest.ids.indexOf(companies['two']!.jobs[0]!)]).toBeNull();

    const after = await cacheStats();
    expect(after['patched']! - (before['patched'] ?? 0)).toBeGreaterThanOrEqual(4);
    expect(after['recomputed']).toBe(before['recomputed']);
  });

  it('When a company with a figure publishes, then the new advertisement carries the figure at once', async () => {
    await listed(SORTED);
    const five = companies['five']!;
    five.jobs.push(await publishJob(ctx, five.user, { jobTitle: 'Reaktionsprobe five neu' }));
    const sorted = await listed(SORTED);
    expect(sorted.ids).toEqual(expected({ sorted: true }));
    expect(sorted.minutes[sorted.ids.indexOf(five.jobs.at(-1)!)]).toBe(2_400);
    expect((await listed({ ...NEWEST, respondsWithin: '5' })).ids[0]).toBe(five.jobs.at(-1));
  });

  it('Property: after any sequence of figure changes, the sorted and filtered lists equal the figures', async () => {
    const names = Object.keys(companies);
    const figure = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 6_000 }), fc.constantFrom(600, 1_200, 3_000));
    const change = fc.record({ name: fc.constantFrom(...names), minutes: figure });
    const query = fc.record({
      within: fc.constantFrom(undefined, 1, 2, 5),
      sorted: fc.boolean(),
      start: fc.integer({ min: 0, max: 4 }),
      limit: fc.integer({ min: 1, max: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), query, async (changes, q) => {
        const paged = {
          ...(q.sorted ? SORTED : NEWEST),
          pagination: { start: q.start, limit: q.limit, withCount: true },
          ...(q.within === undefined ? {} : { respondsWithin: String(q.within) }),
        };
        // Warm first, so that the changes are patched into a kept list.
        await ask(paged);
        for (const c of changes) await setFigure(c.name, c.minutes);
        const all = expected({ sorted: q.sorted, ...(q.within === undefined ? {} : { within: q.within }) });
        const res = await ask(paged);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { data: Job[]; meta: { pagination: { total?: number } } };
        expect(body.data.map((j) => j.id)).toEqual(all.slice(q.start, q.start + q.limit));
        expect(body.meta.pagination.total).toBe(all.length);
      }),
      { seed: SEED, numRuns: 25 },
    );
  });
});
