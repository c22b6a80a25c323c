import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { prepareDatabase } from '../../db/setup';

describe('GET /api/districts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When asked with populate=*, then it returns all 116 districts sorted by name in the collection shape', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/districts?populate=*' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.pagination).toEqual({ start: 0, limit: 500, total: 116 });
    expect(body.data).toHaveLength(116);
    const names = body.data.map((d: { name: string }) => d.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de-AT').compare));
    expect(names).toEqual(
      expect.arrayContaining(['Graz', 'Wien 1., Innere Stadt', 'Wien 23., Liesing', 'Sankt Pölten', 'Bregenz']),
    );
    expect(body.data.find((d: { name: string }) => d.name === 'Graz')).toMatchObject({ state: 'Steiermark' });
  });

  it('When the seed runs again, then nothing is duplicated', async () => {
    await prepareDatabase(ctx.database);
    const res = await ctx.request({ method: 'GET', url: '/api/districts/count' });
    expect(res.json()).toBe(116);
  });

  it('When filtering on a field or operator that is not whitelisted, then it is a 400', async () => {
    for (const url of [
      '/api/districts?filters[created_at][$eq]=1',
      '/api/districts?filters[name][$regex]=.*',
      '/api/districts?sort=password:asc',
      '/api/districts?pagination[limit]=100000',
      '/api/districts?filters[id][$eq]=abc',
      '/api/districts?evil=1',
    ]) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data).toBeNull();
    }
  });

  it('When filtering by state, then only that state is returned', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/districts?filters[state][$eq]=Wien' });
    expect(res.json().meta.pagination.total).toBe(23);
  });

  it('When a single district is requested, then it is returned, and unknown ids are 404', async () => {
    const list = (await ctx.request({ method: 'GET', url: '/api/districts' })).json();
    const first = list.data[0];
    expect((await ctx.request({ method: 'GET', url: `/api/districts/${first.id}` })).json().data).toEqual(first);
    expect((await ctx.request({ method: 'GET', url: '/api/districts/999999' })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/districts/abc' })).statusCode).toBe(400);
  });
});
