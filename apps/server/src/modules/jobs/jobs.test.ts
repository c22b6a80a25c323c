import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import qs from 'qs';
import { JOB_MSG, MSG, SEARCH_FIELDS, type Job } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser } from '../../../test/factories';

/**
 * Known data: company A has 3 advertisements, company B 2 published + 1 deactivated.
 * created_at is pinned so "newest first" is known: j1 oldest … j5 newest.
 */

let ctx: TestContext;
let a: TestUser;
let b: TestUser;
let consultant: TestUser;
const d: Record<string, number> = {};
const j: Record<string, number> = {};

function textFilter(text: string) {
  return { $or: SEARCH_FIELDS.map((field) => ({ [field]: { $containsi: text } })) };
}

const VISITOR = null;

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
  ctx = await createTestContext();
  a = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH', description: 'Hotel in Tirol' });
  b = await createUser(ctx, { role: 'company', username: 'Bergbau AG' });
  consultant = await createUser(ctx, { role: 'consultant' });
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
  await ctx?.close();
});

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

describe('POST /api/jobs', () => {
  it('When a company publishes, then it owns it (whatever the body says), lists are trimmed and the first bonus exists', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: a.token,
      payload: {
        data: {
          ...jobData({
            assignment: ['  Kassa führen  ', '', '   '],
            placementBonus: undefined,
            district: String(d.Linz) as unknown as number,
          }),
          users_permissions_user: b.id,
          salary: 42000,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = (res.json() as { data: Job }).data;
    expect(job.users_permissions_user?.id).toBe(a.id);
    expect(job.assignment).toEqual(['Kassa führen']);
    expect(job.salary).toBe('42000');
    expect(job.placementBonus).toBe(0);
    const bonuses = await ctx.database.query('SELECT bonus::float8 AS bonus FROM placement_bonuses WHERE job_id = $1', [
      job.id,
    ]);
    expect(bonuses).toEqual([{ bonus: 0 }]);
    await ctx.request({
      method: 'PUT',
      url: `/api/jobs/${job.id}`,
      token: a.token,
      payload: { data: { publishedAt: null } },
    });
  });

  it('When a field is missing or a list is empty, then it answers the form message and stores nothing', async () => {
    const before = (await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]!.n;
    const variants: object[] = [
      jobData({ jobTitle: '  ' }),
      jobData({ workingTime: 'Nachtschicht' }),
      jobData({ salary: '' }),
      jobData({ location: { street: '', postcode: '', city: '' } }),
      jobData({ assignment: ['', '  '] }),
      jobData({ requirements: [] }),
      jobData({ benefits: [] }),
      jobData({ jobInfo: [] }),
      (({ district: _d, ...rest }) => rest)(jobData()),
      (({ jobTitle: _t, ...rest }) => rest)(jobData()),
    ];
    for (const data of variants) {
      const res = await ctx.request({ method: 'POST', url: '/api/jobs', token: a.token, payload: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.message).toBe(MSG.fillAllFields);
    }
    const unknownDistrict = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: a.token,
      payload: { data: jobData({ district: 999999 }) },
    });
    expect(unknownDistrict.statusCode).toBe(400);
    expect(unknownDistrict.json().error.message).toBe(JOB_MSG.unknownDistrict);
    const badBonus = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: a.token,
      payload: { data: jobData({ placementBonus: 101 }) },
    });
    expect(badBonus.statusCode).toBe(400);
    const extra = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: a.token,
      payload: { data: { ...jobData(), ownerId: 1 } },
    });
    expect(extra.statusCode).toBe(400);
    expect((await ctx.request({ method: 'POST', url: '/api/jobs', token: a.token, payload: {} })).statusCode).toBe(400);
    expect((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]!.n).toBe(before);
  });

  it('When a consultant or a visitor publishes, then 403 / 401', async () => {
    expect(
      (await ctx.request({ method: 'POST', url: '/api/jobs', token: consultant.token, payload: { data: jobData() } }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/jobs', payload: { data: jobData() } })).statusCode).toBe(
      401,
    );
  });

  it('When the bonus insert fails, then the advertisement is rolled back too', async () => {
    await ctx.database.execScript(`
      CREATE FUNCTION test_fail_bonus() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$;
      CREATE TRIGGER test_fail_bonus BEFORE INSERT ON placement_bonuses FOR EACH ROW EXECUTE FUNCTION test_fail_bonus();`);
    try {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/jobs',
        token: a.token,
        payload: { data: jobData({ jobTitle: 'Rollback-Test' }) },
      });
      expect(res.statusCode).toBe(500);
      expect(await ctx.database.query(`SELECT id FROM jobs WHERE job_title = 'Rollback-Test'`)).toEqual([]);
    } finally {
      await ctx.database.execScript(
        'DROP TRIGGER test_fail_bonus ON placement_bonuses; DROP FUNCTION test_fail_bonus();',
      );
    }
  });
});

describe('PUT /api/jobs/:id and bonuses', () => {
  it('When the owner updates with a new bonus, then fields change and the history grows only on a change', async () => {
    const job = await create(a, { jobTitle: 'Kellner', placementBonus: 15 });
    const update = (data: object) =>
      ctx.request({ method: 'PUT', url: `/api/jobs/${job.id}`, token: a.token, payload: { data } });
    let res = await update(jobData({ jobTitle: 'Oberkellner', placementBonus: 18, benefits: ['Essen', ' '] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ jobTitle: 'Oberkellner', placementBonus: 18, benefits: ['Essen'] });
    res = await update(jobData({ jobTitle: 'Oberkellner', placementBonus: 18 }));
    expect(res.statusCode).toBe(200);
    res = await update(jobData({ jobTitle: 'Oberkellner', placementBonus: undefined }));
    expect(res.statusCode).toBe(200);
    res = await update({ ...jobData({ jobTitle: 'Oberkellner' }), placementBonus: null });
    expect(res.statusCode).toBe(200);
    res = await update({ ...jobData({ jobTitle: 'Oberkellner' }), placementBonus: '' });
    expect(res.json().data.placementBonus).toBe(18);
    const add = await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: a.token,
      payload: { data: { bonus: 20, advertisement: job.id } },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().data).toMatchObject({ bonus: 20, advertisement: job.id });
    const history = await ctx.request({
      method: 'GET',
      url: `/api/placement-bonuses?filters[advertisement][id][$eq]=${job.id}`,
      token: a.token,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((x: { bonus: number }) => x.bonus)).toEqual([20, 18, 15]);
    expect(history.json().meta.pagination.total).toBe(3);
    const current = await ctx.request({ method: 'GET', url: `/api/jobs/${job.id}`, token: consultant.token });
    expect(current.json().data.placementBonus).toBe(20);
    expect((await update(jobData({ jobTitle: '' }))).json().error.message).toBe(MSG.fillAllFields);
  });

  it("When company B touches company A's advertisement, then 403 and nothing changes", async () => {
    const job = await create(a, { jobTitle: 'Hausmeister' });
    const attempts = [
      ctx.request({
        method: 'PUT',
        url: `/api/jobs/${job.id}`,
        token: b.token,
        payload: { data: jobData({ jobTitle: 'Gekapert' }) },
      }),
      ctx.request({
        method: 'PUT',
        url: `/api/jobs/${job.id}`,
        token: b.token,
        payload: { data: { publishedAt: null } },
      }),
      ctx.request({
        method: 'PUT',
        url: `/api/jobs/${job.id}`,
        token: consultant.token,
        payload: { data: { publishedAt: null } },
      }),
      ctx.request({
        method: 'POST',
        url: '/api/placement-bonuses',
        token: b.token,
        payload: { data: { bonus: 50, advertisement: job.id } },
      }),
      ctx.request({
        method: 'GET',
        url: `/api/placement-bonuses?filters[advertisement][id][$eq]=${job.id}`,
        token: b.token,
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    const after = await ctx.request({ method: 'GET', url: `/api/jobs/${job.id}`, token: a.token });
    expect(after.json().data).toMatchObject({ jobTitle: 'Hausmeister', placementBonus: 15 });
    expect(after.json().data.publishedAt).not.toBeNull();
    expect(
      (
        await ctx.request({
          method: 'PUT',
          url: '/api/jobs/999999',
          token: a.token,
          payload: { data: { publishedAt: null } },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('When the owner deactivates, then it leaves every list and bonuses can no longer be added', async () => {
    const job = await create(a, { jobTitle: 'Saisonkraft' });
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/jobs/${job.id}`,
      token: a.token,
      payload: { data: { publishedAt: null } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publishedAt).toBeNull();
    expect(await titles({ filters: textFilter('saisonkraft') })).toEqual({ titles: [], total: 0 });
    const add = await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: a.token,
      payload: { data: { bonus: 30, advertisement: job.id } },
    });
    expect(add.statusCode).toBe(409);
    const reactivate = await ctx.request({
      method: 'PUT',
      url: `/api/jobs/${job.id}`,
      token: a.token,
      payload: { data: { publishedAt: '2026-01-01' } },
    });
    expect(reactivate.statusCode).toBe(400);
  });

  it('When a bonus is out of range or the advertisement is missing, then 400', async () => {
    for (const data of [
      { bonus: 101, advertisement: j.koch },
      { bonus: -1, advertisement: j.koch },
      { bonus: 'viel', advertisement: j.koch },
      { bonus: 10 },
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/placement-bonuses',
        token: a.token,
        payload: { data },
      });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/placement-bonuses', token: a.token })).statusCode).toBe(400);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/placement-bonuses?filters[advertisement][id][$eq]=${j.koch}` }))
        .statusCode,
    ).toBe(401);
  });
});
