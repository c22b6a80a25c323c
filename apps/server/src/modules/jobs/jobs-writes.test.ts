import { describe, expect, it } from 'vitest';
import { JOB_MSG, MSG, type Job } from '@pb/core';
import { jobData } from '../../../test/factories';
import { jobsSuite, textFilter } from '../../../test/support/jobs-suite';

/**
 * Advertisements written: publishing, updating, bonuses and deactivating, next to the suite's known data
 * (test/support/jobs-suite.ts).
 */

const { ctx, a, b, consultant, d, j, titles, create } = jobsSuite();

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
