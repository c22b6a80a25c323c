import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { createUser, jobData, type TestUser } from './factories';

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
      await ctx.database.query('UPDATE organisations SET public = true WHERE created_by = $1', [user.id]);
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

  it('When listed agencies are sorted by name, then umlauts sort with their base letter, also across pages', async () => {
    const page = async (start: number) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/agencies?pagination[start]=${start}&pagination[limit]=4`,
        token: consultants[0]!.token,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: Array<{ name: string }> }).data.map((u) => u.name);
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

  it('When the back office sorts placement reports by company, then the order is German too', async () => {
    const companies = ['Zotter GmbH', 'Öko Bau', 'Oberbank AG', 'Ärzte AG', 'Apfel KG'];
    for (const companyName of companies) {
      await ctx.database.query(
        `INSERT INTO placement_reports (variant, recruiter, recruiter_mail, company_name, job_title, contact_person,
           placement_bonus, actual_salary, placement_fee, service_fee)
         VALUES ('company', 'Ute Übel', 'ute@example.test', $1, 'Kollationstest', 'Änne Ahrens', 15, 40000, 6000, 600)`,
        [companyName],
      );
    }
    const res = await ctx.request({
      method: 'GET',
      url: '/api/admin/placement-reports?filters[jobTitle][$eq]=Kollationstest&sort=companyName:asc',
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as { data: Array<{ companyName: string }> }).data.map((r) => r.companyName);
    expect(names).toEqual([...companies].sort(german.compare));
  });

  it('When advertisements are sorted by title, then the order is German for the back office and signed-in users', async () => {
    const company = await createUser(ctx, { role: 'company', username: 'Ärztezentrum Ötztal' });
    const titles = ['Zimmerer', 'Ärztin', 'Baggerfahrer', 'Apotheker', 'Übersetzerin', 'Uhrmacher'];
    for (const jobTitle of titles) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/jobs',
        token: company.token,
        payload: { data: jobData({ jobTitle }) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const expected = [...titles].sort(german.compare);
    for (const [url, token] of [
      [`/api/admin/jobs?filters[users_permissions_user][$eq]=${company.id}&sort=jobTitle:asc`, admin.token],
      [`/api/jobs?filters[users_permissions_user][$eq]=${company.id}&sort=jobTitle:asc`, consultants[0]!.token],
    ] as const) {
      const res = await ctx.request({ method: 'GET', url, token });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { data: Array<{ jobTitle: string }> }).data.map((j) => j.jobTitle)).toEqual(expected);
    }
  });
});
