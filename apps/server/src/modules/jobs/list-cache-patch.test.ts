import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { desc } from 'drizzle-orm';
import type { Job } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, publishJob, type TestUser } from '../../../test/factories';
import { jobs } from '../../db/schema';
import { JobListCache } from './list-cache';
import { jobIdQuery, parseJobListQuery, visibleTo } from './repository';

/**
 * The list caches bring a kept list forward by the rows a write changed (issue 33, migration
 * 0042): after any sequence of writes — new advertisements, edits that make a row match or stop
 * matching, bonus changes, deactivations, reactivations, deletions, a moved creation time, two
 * rows in one transaction, the company's response minutes the trust run copies (issue 36) — every
 * list answers exactly what the database says, for every order the cache patches and the one it
 * computes again, at every page.
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
const created: number[] = [];

const TITLES = ['Patchprobe Koch', 'Patchprobe Controller', 'Andere Stelle', 'Controller Patch'];

const QUERIES: Array<Record<string, unknown>> = [
  { sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true } },
  { sort: 'createdAt:desc', pagination: { start: 3, limit: 4, withCount: true } },
  { sort: 'createdAt:asc', pagination: { start: 0, limit: 200, withCount: true } },
  // Without a total: a new row at the end of a short page must still join it.
  { sort: 'createdAt:asc', pagination: { start: 0, limit: 200, withCount: false } },
  { sort: 'updatedAt:desc', pagination: { start: 0, limit: 200, withCount: true } },
  { sort: 'jobTitle:asc', pagination: { start: 0, limit: 200, withCount: true } },
  { sort: 'id:desc', pagination: { start: 0, limit: 5, withCount: true } },
  { q: 'patchprobe', sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true } },
  { q: 'controller', minBonus: '15', sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true } },
  // Issue 36: the company's median reaction (null last), and the filter on it.
  { sort: 'companyResponse:asc', pagination: { start: 0, limit: 200, withCount: true } },
  { sort: 'companyResponse:asc', pagination: { start: 2, limit: 3, withCount: true } },
  { respondsWithin: '1', sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true } },
  { respondsWithin: '2', sort: 'companyResponse:asc', pagination: { start: 0, limit: 200, withCount: true } },
];

interface Listed {
  ids: number[];
  total: number | undefined;
  rows: Array<[string, number]>;
}

async function listed(query: Record<string, unknown>, token: string | undefined): Promise<Listed> {
  const res = await ctx.request({ method: 'GET', url: `/api/jobs?${qs.stringify(query)}`, token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Job[]; meta: { pagination: { total?: number } } };
  return {
    ids: body.data.map((j) => j.id),
    total: body.meta.pagination.total,
    rows: body.data.map((j) => [j.jobTitle, j.placementBonus]),
  };
}

/** What the database says for the query, without any cache. */
async function truth(query: Record<string, unknown>): Promise<Listed> {
  const q = parseJobListQuery(query, visibleTo());
  const all = await ctx.database.db
    .select({ id: jobs.id, title: jobs.jobTitle, bonus: jobs.activeBonus })
    .from(jobs)
    .where(q.where)
    .orderBy(...q.orderBy, desc(jobs.id));
  const page = all.slice(q.start, q.start + q.limit);
  return {
    ids: page.map((r) => r.id),
    total: all.length,
    rows: page.map((r) => [r.title, Number(r.bonus ?? 0)]),
  };
}

/** The list cache's outcome counts from the metrics scrape (lib/metrics.ts). */
async function cacheStats(): Promise<Record<string, number>> {
  const res = await ctx.request({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  const counts: Record<string, number> = {};
  for (const m of res.body.matchAll(/^pb_job_list_cache_outcomes\{outcome="(\w+)"\} (\d+)$/gm)) {
    counts[m[1]!] = Number(m[2]);
  }
  return counts;
}

const landing = { sort: 'createdAt:desc', pagination: { limit: 20 } };

async function expectEveryListExact(): Promise<void> {
  for (const query of QUERIES) {
    const expected = await truth(query);
    const counted = (query['pagination'] as { withCount: boolean }).withCount;
    expect(await listed(query, consultant.token)).toEqual(counted ? expected : { ...expected, total: undefined });
  }
  const expected = await truth({ ...landing, pagination: { start: 0, limit: 20 } });
  expect((await listed(landing, undefined)).ids).toEqual(expected.ids);
  const count = await ctx.request({ method: 'GET', url: '/api/jobs/count', token: consultant.token });
  expect(count.json()).toBe(expected.total);
}

type Write =
  | { kind: 'publish'; title: number; bonus: number }
  | { kind: 'rename'; pick: number; title: number }
  | { kind: 'bonus'; pick: number; bonus: number }
  | { kind: 'deactivate' | 'reactivate' | 'delete' | 'backdate'; pick: number }
  | { kind: 'two in one transaction'; pick: number; title: number }
  | { kind: 'response minutes'; pick: number; minutes: number | null }
  | { kind: 'company response minutes'; pick: number; minutes: number | null };

const pick = fc.nat(1000);
const title = fc.nat(TITLES.length - 1);
const bonus = fc.integer({ min: 5, max: 30 });
const minutes = fc.oneof(fc.constant(null), fc.constantFrom(0, 600, 1_200), fc.integer({ min: 1, max: 4_000 }));
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('publish' as const), title, bonus }),
  fc.record({ kind: fc.constant('rename' as const), pick, title }),
  fc.record({ kind: fc.constant('bonus' as const), pick, bonus }),
  fc.record({ kind: fc.constantFrom('deactivate' as const, 'reactivate' as const, 'delete' as const), pick }),
  fc.record({ kind: fc.constant('backdate' as const), pick }),
  fc.record({ kind: fc.constant('two in one transaction' as const), pick, title }),
  // What the trust run writes: one advertisement's copy, or all of the company's at once.
  fc.record({ kind: fc.constant('response minutes' as const), pick, minutes }),
  fc.record({ kind: fc.constant('company response minutes' as const), pick, minutes }),
);

async function put(id: number, data: Record<string, unknown>): Promise<void> {
  const res = await ctx.request({ method: 'PUT', url: `/api/jobs/${id}`, token: company.token, payload: { data } });
  // A deleted or deactivated advertisement may refuse an edit; the lists must agree either way.
  expect([200, 404, 409], res.body).toContain(res.statusCode);
}

async function apply(w: Write): Promise<void> {
  const id = created[w.kind === 'publish' ? 0 : w.pick % Math.max(1, created.length)];
  switch (w.kind) {
    case 'publish':
      created.push(await publishJob(ctx, company, { jobTitle: TITLES[w.title]!, placementBonus: w.bonus }));
      return;
    case 'rename':
      return put(id!, jobData({ jobTitle: TITLES[w.title]! }));
    case 'bonus':
      return put(id!, jobData({ jobTitle: TITLES[w.pick % TITLES.length]!, placementBonus: w.bonus }));
    case 'deactivate':
      return put(id!, { publishedAt: null });
    case 'reactivate':
      await ctx.database.query('UPDATE jobs SET published_at = now() WHERE id = $1', [id]);
      return;
    case 'delete':
      await ctx.database.query('DELETE FROM jobs WHERE id = $1', [id]);
      return;
    case 'backdate':
      await ctx.database.query(`UPDATE jobs SET created_at = created_at - interval '3 days' WHERE id = $1`, [id]);
      return;
    case 'two in one transaction': {
      const other = created[(w.pick + 1) % created.length];
      await ctx.database.db.transaction(async (tx) => {
        await tx.execute(`UPDATE jobs SET job_title = '${TITLES[w.title]}' WHERE id = ${Number(id)}`);
        await tx.execute(`UPDATE jobs SET active_bonus = 25 WHERE id = ${Number(other)}`);
      });
      return;
    }
    case 'response minutes':
      await ctx.database.query('UPDATE jobs SET company_response_minutes = $2 WHERE id = $1', [id, w.minutes]);
      return;
    case 'company response minutes':
      await ctx.database.query(
        `UPDATE jobs SET company_response_minutes = $1
         WHERE organisation_id = (SELECT organisation_id FROM jobs WHERE id = $2)
           AND company_response_minutes IS DISTINCT FROM $1`,
        [w.minutes, id],
      );
      return;
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  company = await createUser(ctx, { role: 'company' });
  consultant = await createUser(ctx, { role: 'consultant' });
  for (let i = 0; i < 8; i += 1) {
    created.push(await publishJob(ctx, company, { jobTitle: TITLES[i % TITLES.length]!, placementBonus: 10 + i * 2 }));
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('list caches brought forward by what a write changed', () => {
  it('every list, page and order stays exact after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        // Warm every kept list and answer, then write, then every list must be exact.
        await expectEveryListExact();
        for (const w of writes) {
          await apply(w);
          await expectEveryListExact();
        }
      }),
      { numRuns: 12 },
    );
    // The lists were brought forward, not computed again each time.
    expect((await cacheStats()).patched).toBeGreaterThan(10);
  });

  it('a write to one advertisement keeps the answers it cannot appear in', async () => {
    const search = {
      q: 'nirgendwo-sonst',
      sort: 'createdAt:desc',
      pagination: { start: 0, limit: 20, withCount: true },
    };
    const only = await publishJob(ctx, company, { jobTitle: 'Nirgendwo-sonst Stelle' });
    expect((await listed(search, consultant.token)).ids).toEqual([only]);
    const { kept = 0, recomputed = 0 } = await cacheStats();
    // Another advertisement changes its bonus, one is published: the search's answer is kept as it was.
    await put(created[0]!, jobData({ jobTitle: TITLES[0]!, placementBonus: 29 }));
    await publishJob(ctx, company, { jobTitle: 'Ganz andere Stelle' });
    expect((await listed(search, consultant.token)).ids).toEqual([only]);
    const after = await cacheStats();
    expect(after.kept).toBe(kept + 1);
    expect(after.recomputed).toBe(recomputed);
    // A change to its own row is shown at once.
    await put(only, jobData({ jobTitle: 'Nirgendwo-sonst Stelle', placementBonus: 21 }));
    expect((await listed(search, consultant.token)).rows).toEqual([['Nirgendwo-sonst Stelle', 21]]);
  });

  it('computes every list again after a change that names no row (what TRUNCATE records)', async () => {
    const target = await publishJob(ctx, company, { jobTitle: 'Noch ohne Suchwort' });
    created.push(target);
    await expectEveryListExact();
    await ctx.database.db.transaction(async (tx) => {
      // A write the row triggers do not see (replica mode), announced as job 0 under a new version.
      await tx.execute(`SET LOCAL session_replication_role = replica`);
      await tx.execute(`UPDATE jobs SET job_title = 'Patchprobe unangekündigt' WHERE id = ${Number(target)}`);
      await tx.execute(`SET LOCAL session_replication_role = origin`);
      await tx.execute(`INSERT INTO job_list_changes (version, job_id)
        SELECT version, 0 FROM list_versions WHERE name = 'jobs'`);
      await tx.execute(`UPDATE list_versions SET version = version + 1 WHERE name = 'jobs'`);
      await tx.execute(`UPDATE job_list_changes SET version = version + 1 WHERE job_id = 0
        AND version = (SELECT version - 1 FROM list_versions WHERE name = 'jobs')`);
    });
    await expectEveryListExact();
    expect((await listed(QUERIES[6]!, consultant.token)).ids).toContain(target);
  });

  it('a cache whose kept changes were forgotten computes its list again, exactly', async () => {
    const cache = new JobListCache(ctx.database.db, undefined, { maxChanges: 2 });
    const query = jobIdQuery(parseJobListQuery({ sort: 'createdAt:desc' }, visibleTo()));
    const version = async () => (await ctx.app.dataVersions.read()).jobs;
    const before = await cache.matchingIds(query, await version());
    for (let i = 0; i < 5; i += 1) created.push(await publishJob(ctx, company, { jobTitle: `Vergessen ${i}` }));
    const after = await cache.matchingIds(query, await version());
    expect(after.ids.length).toBe(before.ids.length + 5);
    expect(Array.from(after.ids)).toEqual((await truth({ sort: 'createdAt:desc', pagination: { limit: 200 } })).ids);
  });
});
