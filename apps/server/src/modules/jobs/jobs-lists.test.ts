import { describe, expect, it } from 'vitest';
import { MSG, SEARCH_FIELDS, type Job } from '@pb/core';
import { jobsSuite, textFilter, VISITOR } from '../../../test/support/jobs-suite';

/**
 * Advertisements read: the list's filters, paging and shape, what visitors see, one advertisement; all
 * on the suite's known data (test/support/jobs-suite.ts).
 */

const { ctx, a, b, consultant, d, j, list, titles } = jobsSuite();

describe('GET /api/jobs filters', () => {
  it('When no filter is set, then all published advertisements come newest first with the total', async () => {
    expect(await titles({ sort: 'createdAt:desc', populate: '*' })).toEqual({
      titles: ['Pflegeassistenz', 'Lagerarbeiter', 'Softwareentwickler', 'Rezeptionist', 'Koch'],
      total: 5,
    });
    expect(await titles({ sort: 'createdAt:asc' })).toMatchObject({
      titles: ['Koch', 'Rezeptionist', 'Softwareentwickler', 'Lagerarbeiter', 'Pflegeassistenz'],
    });
  });

  it('When searching text over the six fields, then only matching published advertisements count', async () => {
    expect(await titles({ filters: textFilter('koch') })).toEqual({ titles: ['Koch'], total: 1 });
    expect(await titles({ filters: textFilter('GRAZ') })).toEqual({
      titles: ['Pflegeassistenz', 'Softwareentwickler'],
      total: 2,
    });
    expect(await titles({ filters: textFilter('typescript') })).toEqual({ titles: ['Softwareentwickler'], total: 1 });
    expect(await titles({ filters: textFilter('kommission') })).toEqual({ titles: ['Lagerarbeiter'], total: 1 });
    expect(await titles({ filters: textFilter('55.000') })).toEqual({ titles: ['Softwareentwickler'], total: 1 });
    expect(await titles({ filters: textFilter('6100') })).toEqual({ titles: ['Rezeptionist'], total: 1 });
    expect(await titles({ filters: textFilter('trinkgeld') })).toEqual({ titles: ['Rezeptionist'], total: 1 });
    expect(await titles({ filters: { location: { $containsi: 'seefeld' } } })).toEqual({
      titles: ['Rezeptionist'],
      total: 1,
    });
    expect(await titles({ filters: { location: { city: { $containsi: 'graz' } } } })).toEqual({
      titles: ['Softwareentwickler'],
      total: 1,
    });
  });

  it('When the text search names only some fields or the combined field, then the same contains rules apply', async () => {
    const some = { $or: ['jobTitle', 'salary'].map((field) => ({ [field]: { $containsi: 'KOCH' } })) };
    expect(await titles({ filters: some })).toEqual({ titles: ['Koch'], total: 1 });
    const reordered = { $or: [...SEARCH_FIELDS].reverse().map((field) => ({ [field]: { $containsi: 'graz' } })) };
    expect(await titles({ filters: reordered })).toEqual({
      titles: ['Pflegeassistenz', 'Softwareentwickler'],
      total: 2,
    });
    expect((await list({ filters: { search: { $containsi: 'trinkgeld' } } })).statusCode).toBe(400);
    expect(await titles({ filters: { $and: [textFilter('koch')] } })).toEqual({ titles: ['Koch'], total: 1 });
    expect(await titles({ filters: { ...textFilter('STRASSE'), district: { id: { $in: [d.Graz] } } } })).toEqual({
      titles: [],
      total: 0,
    });
    expect(await titles({ filters: { ...textFilter('straße'), district: { id: { $in: [d.Graz] } } } })).toEqual({
      titles: ['Pflegeassistenz', 'Softwareentwickler'],
      total: 2,
    });
    expect((await list({ filters: textFilter('x'.repeat(201)) })).statusCode).toBe(400);
    expect(await titles({ filters: { assignment: { $containsi: 'c:\\g' } } })).toEqual({
      titles: ['Rezeptionist'],
      total: 1,
    });
    expect(
      await titles({ filters: { assignment: { $containsi: 'speisen' }, $or: [{ jobTitle: { $containsi: 'koch' } }] } }),
    ).toEqual({ titles: ['Koch'], total: 1 });
  });

  it('When the search text looks like SQL or LIKE syntax, then it is matched as plain text', async () => {
    for (const text of ["' OR 1=1 --", "'; DROP TABLE jobs; --", '") OR ("1"="1']) {
      expect(await titles({ filters: textFilter(text) })).toEqual({ titles: [], total: 0 });
    }
    expect(await titles({ filters: textFilter('%') })).toEqual({ titles: ['Rezeptionist'], total: 1 });
    expect(await titles({ filters: textFilter('_') })).toEqual({ titles: ['Rezeptionist'], total: 1 });
    expect(await titles({ filters: textFilter('\\') })).toEqual({ titles: ['Rezeptionist'], total: 1 });
    expect(await titles({ filters: textFilter('C:\\G') })).toEqual({ titles: ['Rezeptionist'], total: 1 });
    // List entries are searched as text, never as JSON: no quotes, no commas between entries.
    expect(await titles({ filters: textFilter('"') })).toEqual({ titles: [], total: 0 });
    expect(await titles({ filters: textFilter('Ende", "Anfang') })).toEqual({ titles: [], total: 0 });
    expect(await titles({ filters: textFilter('EndeAnfang') })).toEqual({ titles: [], total: 0 });
    expect((await ctx.database.query('SELECT count(*)::int AS n FROM jobs'))[0]).toEqual({ n: 6 });
  });

  it('When filtering by districts with $in or $or, then the matching advertisements and total come back', async () => {
    expect(await titles({ filters: { district: { id: { $in: [d.Innsbruck] } } } })).toEqual({
      titles: ['Rezeptionist', 'Koch'],
      total: 2,
    });
    expect(
      await titles({
        filters: { $or: [{ district: { id: { $eq: d.Innsbruck } } }, { district: { id: { $eq: d.Linz } } }] },
      }),
    ).toEqual({
      titles: ['Lagerarbeiter', 'Rezeptionist', 'Koch'],
      total: 3,
    });
    expect(await titles({ filters: { district: { id: { $in: [d.Graz, d.Linz] } } } })).toMatchObject({ total: 3 });
  });

  it('When text and districts are combined with $and, then both must match', async () => {
    const both = (text: string, ids: number[]) => ({
      filters: { $and: [textFilter(text), { $or: ids.map((id) => ({ district: { id: { $eq: id } } })) }] },
    });
    expect(await titles(both('graz', [d.Graz!]))).toEqual({
      titles: ['Pflegeassistenz', 'Softwareentwickler'],
      total: 2,
    });
    expect(await titles(both('graz', [d.Innsbruck!]))).toEqual({ titles: [], total: 0 });
    expect(await titles(both('koch', [d.Innsbruck!, d.Graz!]))).toEqual({ titles: ['Koch'], total: 1 });
  });

  it("When filtering by owner, then only that company's published advertisements come", async () => {
    expect(await titles({ filters: { users_permissions_user: { id: { $eq: a.id } } } }, a.token)).toEqual({
      titles: ['Softwareentwickler', 'Rezeptionist', 'Koch'],
      total: 3,
    });
    expect(await titles({ filters: { users_permissions_user: { id: { $eq: b.id } } } }, b.token)).toEqual({
      titles: ['Pflegeassistenz', 'Lagerarbeiter'],
      total: 2,
    });
  });

  it('When filtering by id, then the owner also sees a deactivated advertisement and nobody else does', async () => {
    expect(await titles({ filters: { id: { $eq: j.altkoch } }, populate: '*' }, b.token)).toEqual({
      titles: ['Koch'],
      total: 1,
    });
    expect(await titles({ filters: { id: { $eq: j.altkoch } } }, a.token)).toEqual({ titles: [], total: 0 });
    expect(await titles({ filters: { id: { $eq: j.koch } } }, b.token)).toEqual({ titles: ['Koch'], total: 1 });
  });

  it('When paging, then start and limit cut the list and total stays the full count', async () => {
    expect(await titles({ pagination: { start: 0, limit: 2 } })).toEqual({
      titles: ['Pflegeassistenz', 'Lagerarbeiter'],
      total: 5,
    });
    expect(await titles({ pagination: { start: 4, limit: 2 } })).toEqual({ titles: ['Koch'], total: 5 });
    const res = await list({ pagination: { start: 2, limit: 2, withCount: true } });
    expect(res.json().meta.pagination).toEqual({ start: 2, limit: 2, total: 5 });
    expect((await list({})).json().meta.pagination.limit).toBe(200);
    expect((await list({ pagination: { limit: 501 } })).statusCode).toBe(400);
  });

  it('When a filter field or operator is not whitelisted, then it answers 400', async () => {
    const bad = [
      { filters: { password_hash: { $eq: 'x' } } },
      { filters: { users_permissions_user: { email: { $containsi: '@' } } } },
      { filters: { jobTitle: { $regex: '.*' } } },
      { filters: { district: { id: { $containsi: '1' } } } },
      { filters: { id: { $eq: 'abc' } } },
      { sort: 'password:asc' },
      { foo: 'bar' },
      { filters: { jobTitle: { $containsi: 'a\u0001b' } } },
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
    }
  });

  it('When an item is listed, then it has the Job shape with the active bonus and the company', async () => {
    const res = await list({ filters: { id: { $eq: j.koch } } });
    const job = (res.json() as { data: Job[] }).data[0]!;
    expect(job).toMatchObject({
      id: j.koch,
      jobTitle: 'Koch',
      workingTime: 'Vollzeit',
      assignment: ['Zubereitung von Speisen'],
      location: { street: 'Maria-Theresien-Straße 1', postcode: '6020', city: 'Innsbruck' },
      salary: '36.000',
      district: { id: d.Innsbruck, name: 'Innsbruck' },
      users_permissions_user: { id: a.id, username: 'Alpenhof GmbH', email: a.email, description: 'Hotel in Tirol' },
      placementBonus: 15,
      currentPlacementBonus: 15,
    });
    expect(job.publishedAt).not.toBeNull();
    expect(Object.keys(job.users_permissions_user!)).toEqual(['id', 'username', 'email', 'description']);
  });

  it('When counting, then /jobs/count gives the published number', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/jobs/count', token: consultant.token });
    expect(res.json()).toBe(5);
    expect((await ctx.request({ method: 'GET', url: '/api/jobs/count' })).statusCode).toBe(401);
  });
});

describe('GET /api/jobs for visitors', () => {
  it('When a visitor asks for the landing list, then at most 20 come without private fields', async () => {
    const res = await list({ sort: 'createdAt:desc', pagination: { limit: 20 }, populate: '*' }, VISITOR);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Job[] }).data;
    expect(data.map((x) => x.jobTitle)).toEqual([
      'Pflegeassistenz',
      'Lagerarbeiter',
      'Softwareentwickler',
      'Rezeptionist',
      'Koch',
    ]);
    for (const job of data) {
      expect(job.users_permissions_user).toBeNull();
      expect(job.location.street).toBe('');
      expect([job.assignment, job.requirements, job.benefits, job.jobInfo]).toEqual([[], [], [], []]);
      expect(job.placementBonus).toBe(15);
    }
    expect((await list({}, VISITOR)).statusCode).toBe(200);
  });

  it('When a visitor asks for a total, then it is the true count of published advertisements or absent, never the page size', async () => {
    const counted = await list({ pagination: { limit: 1, withCount: 'true' } }, VISITOR);
    expect(counted.statusCode).toBe(200);
    const body = counted.json() as { data: Job[]; meta: { pagination: { total?: number } } };
    expect(body.data).toHaveLength(1);
    expect(body.meta.pagination.total).toBe(5);
    for (const query of [{ pagination: { limit: 1 } }, { pagination: { limit: 1, withCount: 'false' } }]) {
      const res = await list(query, VISITOR);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { meta: { pagination: object } }).meta.pagination).not.toHaveProperty('total');
    }
    const signedIn = await list({ pagination: { limit: 1, withCount: 'false' } });
    expect((signedIn.json() as { meta: { pagination: object } }).meta.pagination).not.toHaveProperty('total');
  });

  it('When a visitor filters, pages beyond 20 or reads one advertisement, then it gets 401', async () => {
    for (const query of [
      { pagination: { limit: 21 } },
      { pagination: { start: 20, limit: 20 } },
      { filters: textFilter('koch') },
      { sort: 'jobTitle:asc' },
    ]) {
      expect((await list(query, VISITOR)).statusCode, JSON.stringify(query)).toBe(401);
    }
    expect((await ctx.request({ method: 'GET', url: `/api/jobs/${j.koch}` })).statusCode).toBe(401);
  });
});

describe('GET /api/jobs/:id', () => {
  it("When published or own, then it is returned; someone else's deactivated one is 404", async () => {
    const own = await ctx.request({ method: 'GET', url: `/api/jobs/${j.altkoch}`, token: b.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: j.altkoch, publishedAt: null, attachments: [] });
    const other = await ctx.request({ method: 'GET', url: `/api/jobs/${j.altkoch}`, token: consultant.token });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(MSG.advertisementGone);
    expect((await ctx.request({ method: 'GET', url: '/api/jobs/abc', token: consultant.token })).statusCode).toBe(400);
  });
});
