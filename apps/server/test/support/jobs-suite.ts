import { afterAll, beforeAll, expect } from 'vitest';
import qs from 'qs';
import { SEARCH_FIELDS, type Job } from '@pb/core';
import { createTestContext, type TestContext } from '../helpers';
import { createUser, jobData, type TestUser } from '../factories';

/**
 * The advertisements' suite (src/modules/jobs/jobs-*.test.ts). Each file calls jobsSuite() once at
 * its top level: it registers the file's beforeAll and afterAll and returns the known data with the
 * helpers. Known data: company A has 3 advertisements, company B 2 published + 1 deactivated.
 * created_at is pinned so "newest first" is known: j1 oldest … j5 newest.
 *
 * The context, the users and the id maps are filled in place by beforeAll, so a file can take them
 * apart at its top; every file gets its own (the API projects share one module graph per worker:
 * nothing here is module state).
 */
export function jobsSuite() {
  const ctx = {} as TestContext;
  const a = {} as TestUser;
  const b = {} as TestUser;
  const consultant = {} as TestUser;
  const d: Record<string, number> = {};
  const j: Record<string, number> = {};

  async function list(query: object, token: string | null = consultant.token) {
    return ctx.request({
      method: 'GET',
      url: `/api/jobs?${qs.stringify(query, { encodeValuesOnly: true })}`,
      token: token ?? undefined,
    });
  }

  async function titles(query: object, token: string = consultant.token): Promise<{ titles: string[]; total: number }> {
    const res = await list(query, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Job[]; meta: { pagination: { total: number } } };
    return { titles: body.data.map((x) => x.jobTitle), total: body.meta.pagination.total };
  }

  async function create(user: TestUser, overrides: Parameters<typeof jobData>[0] = {}) {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: user.token,
      payload: { data: jobData(overrides) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Job }).data;
  }

  beforeAll(async () => {
    Object.assign(ctx, await createTestContext());
    Object.assign(
      a,
      await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH', description: 'Hotel in Tirol' }),
    );
    Object.assign(b, await createUser(ctx, { role: 'company', username: 'Bergbau AG' }));
    Object.assign(consultant, await createUser(ctx, { role: 'consultant' }));
    for (const name of ['Innsbruck', 'Graz', 'Linz']) {
      const [row] = await ctx.database.query<{ id: number }>('SELECT id FROM districts WHERE name = $1', [name]);
      d[name] = row!.id;
    }
    j.koch = (
      await create(a, {
        jobTitle: 'Koch',
        assignment: ['Zubereitung von Speisen'],
        location: { street: 'Maria-Theresien-Straße 1', postcode: '6020', city: 'Innsbruck' },
        salary: '36.000',
        district: d.Innsbruck!,
      })
    ).id;
    j.rezeption = (
      await create(a, {
        jobTitle: 'Rezeptionist',
        assignment: ['Ordner C:\\Gäste pflegen', 'Ende', 'Anfang'],
        benefits: ['100% Trinkgeld', 'Zimmer_mit_Aussicht'],
        location: { street: 'Dorfplatz 3', postcode: '6100', city: 'Seefeld' },
        salary: '30.000',
        district: d.Innsbruck!,
      })
    ).id;
    j.software = (
      await create(a, {
        jobTitle: 'Softwareentwickler',
        requirements: ['TypeScript', 'PostgreSQL'],
        location: { street: 'Annenstraße 10', postcode: '8020', city: 'Graz' },
        salary: '55.000 – 65.000',
        district: d.Graz!,
      })
    ).id;
    j.lager = (
      await create(b, {
        jobTitle: 'Lagerarbeiter',
        assignment: ['Kommissionierung'],
        location: { street: 'Hafenstraße 7', postcode: '4020', city: 'Linz' },
        salary: '32.000',
        district: d.Linz!,
      })
    ).id;
    j.pflege = (
      await create(b, {
        jobTitle: 'Pflegeassistenz',
        location: { street: 'Grazer Straße 5', postcode: '8045', city: 'Weinitzen' },
        salary: '38.000',
        district: d.Graz!,
      })
    ).id;
    j.altkoch = (await create(b, { jobTitle: 'Koch', district: d.Innsbruck! })).id;
    const off = await ctx.request({
      method: 'PUT',
      url: `/api/jobs/${j.altkoch}`,
      token: b.token,
      payload: { data: { publishedAt: null } },
    });
    expect(off.statusCode).toBe(200);
    // Pin the order: koch oldest … pflege newest.
    const order = [j.koch, j.rezeption, j.software, j.lager, j.pflege, j.altkoch];
    for (const [i, id] of order.entries()) {
      await ctx.database.query(`UPDATE jobs SET created_at = now() - make_interval(days => $1) WHERE id = $2`, [
        10 - i,
        id,
      ]);
    }
  });

  afterAll(async () => {
    await ctx.close?.();
  });

  return { ctx, a, b, consultant, d, j, list, titles, create };
}

export function textFilter(text: string) {
  return { $or: SEARCH_FIELDS.map((field) => ({ [field]: { $containsi: text } })) };
}

/** `list`'s token for a visitor. */
export const VISITOR = null;
