import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { createUser, type TestUser } from './factories';

/**
 * Names are listed in German order (ä with a, ü with u, case ignored first) on
 * both drivers, sorted in the database so that paging stays right.
 */
const german = new Intl.Collator('de-AT');
const NAMES = ['Zoe Zeller', 'Ömer Öztürk', 'anton auer', 'Änne Ahrens', 'Oskar Ortner', 'Ulrike Ueberall', 'Ute Übel'];

describe('German collation of listed names', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const consultants: TestUser[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin', username: 'admin-collation' });
    for (const username of NAMES) {
      const user = await createUser(ctx, { role: 'consultant', username });
      await ctx.database.query('UPDATE users SET public = true WHERE id = $1', [user.id]);
      consultants.push(user);
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When districts are listed, then Gänserndorf comes before Gmünd, Gmunden and Grieskirchen, and all follow de-AT order', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/districts?pagination[limit]=500' });
    const names = (res.json() as { data: Array<{ name: string }> }).data.map((d) => d.name);
    const g = names.filter((n) => ['Gänserndorf', 'Gmünd', 'Gmunden', 'Grieskirchen'].includes(n));
    expect(g).toEqual(['Gänserndorf', 'Gmünd', 'Gmunden', 'Grieskirchen']);
    expect(names).toEqual([...names].sort(german.compare));
  });

  it('When public consultants are sorted by name, then umlauts sort with their base letter, also across pages', async () => {
    const page = async (start: number) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/users?filters[public][$eq]=true&sort=username:asc&pagination[start]=${start}&pagination[limit]=4`,
        token: consultants[0]!.token,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ username: string }>).map((u) => u.username);
    };
    const names = [...(await page(0)), ...(await page(4))];
    expect(names).toEqual([...NAMES].sort(german.compare));
  });

  it('When the back office sorts users by name, then the order is German too', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/admin/users?filters[role][$eq]=consultant&sort=username:asc',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { data: Array<{ username: string }> }).data.map((u) => u.username);
    expect(names).toEqual([...NAMES].sort(german.compare));
  });
});
