import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import qs from 'qs';
import { sql } from 'drizzle-orm';
import type { Job } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser, publishJob } from '../../../test/factories';
import { jobs } from '../../db/schema';
import { idsStatement, JobListCache } from './list-cache';

/**
 * The list caches (list-cache.ts, migration 0022) never answer older than the last committed
 * write: every kind of write that changes what a list shows is followed by a list request that
 * must see it, for the logged-in list, its total, the count and the visitors' landing answer.
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;

interface Page {
  ids: number[];
  total: number | undefined;
  bonuses: number[];
  titles: string[];
}

async function list(query: object, token: string | undefined = consultant.token): Promise<Page> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/jobs?${qs.stringify(query, { encodeValuesOnly: true })}`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Job[]; meta: { pagination: { total?: number } } };
  return {
    ids: body.data.map((j) => j.id),
    total: body.meta.pagination.total,
    bonuses: body.data.map((j) => j.placementBonus),
    titles: body.data.map((j) => j.jobTitle),
  };
}

const firstPage = { pagination: { start: 0, limit: 200, withCount: true } };
const landing = { sort: 'createdAt:desc', pagination: { limit: 20 } };

const publish = (overrides: Parameters<typeof jobData>[0] = {}) => publishJob(ctx, company, overrides);

async function change(id: number, data: Record<string, unknown>): Promise<void> {
  const res = await ctx.request({ method: 'PUT', url: `/api/jobs/${id}`, token: company.token, payload: { data } });
  expect(res.statusCode, res.body).toBe(200);
}

async function count(): Promise<number> {
  const res = await ctx.request({ method: 'GET', url: '/api/jobs/count', token: consultant.token });
  return res.json() as number;
}

beforeAll(async () => {
  ctx = await createTestContext();
  company = await createUser(ctx, { role: 'company' });
  consultant = await createUser(ctx, { role: 'consultant' });
});

afterAll(async () => {
  await ctx.close();
});

describe('advertisement list caches', () => {
  it('a new, changed, deactivated and deleted advertisement shows at once in every list', async () => {
    const a = await publish({ jobTitle: 'Cachetest Erste' });
    // Warm every cache.
    expect((await list(firstPage)).ids[0]).toBe(a);
    expect((await list(landing, undefined)).ids[0]).toBe(a);
    expect((await list({ ...firstPage, q: 'cachetest' })).total).toBe(1);
    const before = await count();

    const b = await publish({ jobTitle: 'Cachetest Zweite' });
    expect((await list(firstPage)).ids.slice(0, 2)).toEqual([b, a]);
    expect((await list(landing, undefined)).ids.slice(0, 2)).toEqual([b, a]);
    expect((await list({ ...firstPage, q: 'cachetest' })).total).toBe(2);
    expect(await count()).toBe(before + 1);

    await change(a, { ...jobData(), jobTitle: 'Umbenannt' });
    expect((await list({ ...firstPage, q: 'cachetest' })).ids).toEqual([b]);
    expect((await list(firstPage)).titles[1]).toBe('Umbenannt');

    await change(b, { publishedAt: null });
    expect((await list(firstPage)).ids).not.toContain(b);
    expect((await list(landing, undefined)).ids).not.toContain(b);
    expect((await list({ ...firstPage, q: 'cachetest' })).total).toBe(0);
    expect(await count()).toBe(before);

    await ctx.database.query('DELETE FROM jobs WHERE id = $1', [a]);
    expect((await list(firstPage)).ids).not.toContain(a);
    expect((await list(landing, undefined)).ids).not.toContain(a);
    expect(await count()).toBe(before - 1);
  });

  it('a new bonus changes the stored active bonus, the rows and the bonus filter at once', async () => {
    const id = await publish({ jobTitle: 'Bonusprobe', placementBonus: 12 });
    const withMin = { ...firstPage, q: 'bonusprobe', minBonus: '20' };
    expect((await list(withMin)).total).toBe(0);
    expect((await list({ ...firstPage, q: 'bonusprobe' })).bonuses).toEqual([12]);
    expect((await list(landing, undefined)).bonuses[0]).toBe(12);

    await change(id, { ...jobData(), jobTitle: 'Bonusprobe', placementBonus: 25 });
    expect((await list(withMin)).ids).toEqual([id]);
    expect((await list({ ...firstPage, q: 'bonusprobe' })).bonuses).toEqual([25]);
    expect((await list(landing, undefined)).bonuses[0]).toBe(25);
  });

  it('the company shown on an advertisement is current at once after its name or description changes', async () => {
    const id = await publish({ jobTitle: 'Firmenprobe' });
    const shown = async () => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/jobs?q=firmenprobe&pagination[limit]=20`,
        token: consultant.token,
      });
      const [job] = (res.json() as { data: Job[] }).data;
      expect(job?.id).toBe(id);
      return job?.users_permissions_user;
    };
    await shown();
    await ctx.database.query(`UPDATE users SET username = 'Neue Firma' WHERE id = $1`, [company.id]);
    expect(await shown()).toMatchObject({ username: 'Neue Firma' });
    // The description is the organisation's public profile (migration 0040), changed by its administrator.
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/organisation/profile',
      payload: { description: 'Neu' },
      token: company.token,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await shown())?.description).toBe('Neu');
    await ctx.database.query(`UPDATE organisations SET description = 'Neuer' WHERE created_by = $1`, [company.id]);
    expect((await shown())?.description).toBe('Neuer');
    // The address consultants see is the company's contact address, else its contact person's.
    await ctx.database.query(
      `UPDATE organisations SET contact_email = 'jobs@neue-firma.example' WHERE created_by = $1`,
      [company.id],
    );
    expect((await shown())?.email).toBe('jobs@neue-firma.example');
    await ctx.database.query(`UPDATE organisations SET contact_email = NULL WHERE created_by = $1`, [company.id]);
    expect((await shown())?.email).toBe(company.email);
  });

  it("an owner's own deactivated advertisement is in the owner's list only, not in a cached answer for others", async () => {
    const id = await publish({ jobTitle: 'Eigenprobe' });
    await change(id, { publishedAt: null });
    const byId = { filters: { id: { $eq: String(id) } } };
    expect((await list(byId, company.token)).ids).toEqual([id]);
    expect((await list(byId, consultant.token)).ids).toEqual([]);
    const other = await createUser(ctx, { role: 'company' });
    expect((await list(byId, other.token)).ids).toEqual([]);
  });

  it('the stored active bonus is always the newest record of the history, however it is written', async () => {
    const id = await publish({ jobTitle: 'Historie', placementBonus: 10 });
    const stored = async () =>
      Number((await ctx.database.query<{ b: string }>('SELECT active_bonus AS b FROM jobs WHERE id = $1', [id]))[0]!.b);
    expect(await stored()).toBe(10);
    // A record back-dated before the newest does not become active.
    await ctx.database.query(
      `INSERT INTO placement_bonuses (job_id, bonus, created_at) VALUES ($1, 30, now() - interval '1 day')`,
      [id],
    );
    expect(await stored()).toBe(10);
    const [newest] = await ctx.database.query<{ id: number }>(
      `INSERT INTO placement_bonuses (job_id, bonus, created_at) VALUES ($1, 18, now() + interval '1 second') RETURNING id`,
      [id],
    );
    expect(await stored()).toBe(18);
    await ctx.database.query('DELETE FROM placement_bonuses WHERE id = $1', [newest!.id]);
    expect(await stored()).toBe(10);
    await ctx.database.query('DELETE FROM placement_bonuses WHERE job_id = $1', [id]);
    expect(
      (await ctx.database.query<{ b: string | null }>('SELECT active_bonus AS b FROM jobs WHERE id = $1', [id]))[0]!.b,
    ).toBeNull();
  });

  it('raises the version once per writing transaction, at its commit, and not for a rolled-back one', async () => {
    const version = async () =>
      Number(
        (await ctx.database.query<{ v: string }>(`SELECT version AS v FROM list_versions WHERE name = 'jobs'`))[0]!.v,
      );
    const before = await version();
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(jobs).set({ city: sql`${jobs.city}` });
      await tx.update(jobs).set({ street: sql`${jobs.street}` });
    });
    expect(await version()).toBe(before + 1);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.update(jobs).set({ city: sql`${jobs.city}` });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before + 1);
  });

  it('keeps at most its id budget and answers evicted queries again from the database', async () => {
    for (let i = 0; i < 3; i += 1) await publish({ jobTitle: `Budget ${i}` });
    const cache = new JobListCache(ctx.database.db, {
      maxIds: 3,
      maxIdsPerQuery: 3,
      maxAnswerBytes: 1000,
      idChunkRows: 10_000,
    });
    const { jobs: version } = await ctx.app.dataVersions.read();
    const like = (t: string) => ({
      where: sql`${jobs.jobTitle} like ${t}`,
      orderBy: [sql`${jobs.createdAt} desc`],
      sortKey: null,
    });
    const first = await cache.matchingIds(like('Budget %'), version);
    expect(first.ids.length).toBe(3);
    await cache.matchingIds(like('Budget %'), version);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1 });
    // A second query pushes the first out (3 ids in all).
    await cache.matchingIds(like('Budget 1'), version);
    await cache.matchingIds(like('Budget %'), version);
    expect(cache.stats.misses).toBe(3);
    // Larger than maxIdsPerQuery: computed, never kept.
    await cache.matchingIds({ ...like('%'), where: undefined }, version);
    await cache.matchingIds({ ...like('%'), where: undefined }, version);
    expect(cache.stats.misses).toBe(5);
  });

  it('reads the ids in chunks from one snapshot, in the same order as at once', async () => {
    for (let i = 0; i < 5; i += 1) await publish({ jobTitle: `Chunk ${i}` });
    const { jobs: version } = await ctx.app.dataVersions.read();
    const query = {
      where: undefined,
      orderBy: [sql`${jobs.createdAt} desc`],
      sortKey: { expr: sql`extract(epoch from ${jobs.createdAt})`, dir: 'desc' as const },
    };
    // The same statement at once, as it ran before it was read through a cursor.
    const atOnce = (await idsStatement(ctx.database.db, query)).map((r) => r.id);
    const all = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    expect(atOnce.length).toBe(all[0]!.n);
    // Chunks of 1, of a size that divides the total (one FETCH answers nothing) and of one that does not.
    for (const idChunkRows of [1, atOnce.length, 2, 3]) {
      const cache = new JobListCache(ctx.database.db, {
        maxIds: 1000,
        maxIdsPerQuery: 1000,
        maxAnswerBytes: 1000,
        idChunkRows,
      });
      expect([...(await cache.matchingIds(query, version)).ids], `chunks of ${idChunkRows}`).toEqual(atOnce);
    }
  });
});
