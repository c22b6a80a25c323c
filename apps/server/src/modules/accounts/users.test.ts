import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, login, type TestAccount } from '../../../test/support/account-fixtures';

describe('users: own account, deletion', () => {
  let ctx: TestContext;
  let company: TestAccount;
  let consultant: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    ctx = await createTestContext();
    company = await createAccount(ctx, 'company', 'Firma Eins');
    consultant = await createAccount(ctx, 'consultant', 'Berater Eins');
    other = await createAccount(ctx, 'consultant', 'Berater Zwei');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const put = (account: TestAccount, payload: unknown, id = account.id) =>
    ctx.request({ method: 'PUT', url: `/api/users/${id}`, payload: payload as object, token: account.jwt });
  const userRow = async (id: number) =>
    (await ctx.database.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]))[0];

  it('When the own id is filtered with populate=*, then the own AuthUser with role name comes back as a plain array', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/users?filters[id][$eq]=${company.id}&populate=*`,
      token: company.jwt,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ id: company.id, role: { type: 'company', name: 'Company' } });
    expect(body[0].password_hash).toBeUndefined();
  });

  it('When another user id is filtered, then 403; visitors get 401', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/users?filters[id][$eq]=${consultant.id}&populate=*`,
      token: company.jwt,
    });
    expect(res.statusCode).toBe(403);
    const shorthand = await ctx.request({
      method: 'GET',
      url: `/api/users?filters[id]=${consultant.id}`,
      token: company.jwt,
    });
    expect(shorthand.statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/users?filters[id][$eq]=${company.id}` })).statusCode).toBe(
      401,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/users?filters[public][$eq]=true' })).statusCode).toBe(401);
    // The list of other people is gone (the directory lists agencies, GET /api/agencies).
    const list = await ctx.request({ method: 'GET', url: '/api/users', token: company.jwt });
    expect(list.statusCode).toBe(403);
  });

  it('When private fields are filtered or sorted, or unknown operators used, then 400 leaking nothing', async () => {
    const urls = [
      '/api/users?filters[password][$startsWith]=a',
      '/api/users?filters[password_hash][$eq]=x',
      '/api/users?filters[email][$eq]=berater.eins@example.at',
      '/api/users?filters[resetPasswordToken][$null]=false',
      '/api/users?filters[confirmationToken][$notNull]=true',
      '/api/users?filters[id][$gt]=0',
      '/api/users?filters[public][$eq]=true',
      '/api/users?filters[$or][0][email][$containsi]=a',
      '/api/users?sort=password:asc',
      '/api/users?sort=email:asc',
      '/api/users?filters[id][$eq]=abc',
      '/api/users?foo=bar',
    ];
    for (const url of urls) {
      const res = await ctx.request({ method: 'GET', url, token: consultant.jwt });
      expect(res.statusCode, url).toBe(400);
      const text = res.body;
      expect(text).not.toContain('scrypt');
      expect(text).not.toContain('@example.at');
      expect(res.json().data).toBeNull();
    }
  });

  it('When the fields of the former per-person profile are sent, then 400: they belong to the organisation now', async () => {
    const before = await userRow(company.id);
    for (const payload of [
      { public: true },
      { services: ['Recruiting'] },
      { description: 'Neu' },
      { profile_img: null },
      { profile_img_id: '' },
      { publicDirectoryConsent: true },
    ]) {
      const res = await put(company, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await userRow(company.id)).toEqual(before);
  });

  it('When role, confirmed, blocked, password or unknown keys are sent, then 400 and nothing changes', async () => {
    const before = await userRow(consultant.id);
    for (const payload of [
      { role: 'admin' },
      { role: { type: 'admin' } },
      { confirmed: false },
      { blocked: true },
      { password: 'neu12345' },
      { tokenVersion: 5 },
      { username: 'Neu', isAdmin: true },
      { services: 'a,b' },
      { public: 'yes' },
      { username: 42 },
      [],
    ]) {
      const res = await put(consultant, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await userRow(consultant.id)).toEqual(before);
  });

  it("When someone updates or deletes another user's profile, then 403 and nothing changes; garbage ids are 400", async () => {
    const before = await userRow(other.id);
    expect((await put(consultant, { username: 'Gekapert' }, other.id)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/users/${other.id}`, token: consultant.jwt })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.request({ method: 'PUT', url: `/api/users/${other.id}`, payload: { username: 'X' } })).statusCode,
    ).toBe(401);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await ctx.request({
        method: 'PUT',
        url: `/api/users/${id}`,
        payload: { username: 'X' },
        token: consultant.jwt,
      });
      expect(res.statusCode, id).toBe(400);
      const del = await ctx.request({ method: 'DELETE', url: `/api/users/${id}`, token: consultant.jwt });
      expect(del.statusCode, id).toBe(400);
    }
    expect(await userRow(other.id)).toEqual(before);
    expect(await userRow(consultant.id)).toBeDefined();
  });

  it('When a user saves name and address, then the own account answers without profile fields; anyone else is 404', async () => {
    const res = await put(consultant, { username: 'Berater Eins', email: 'berater.eins@example.at' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([
      'blocked',
      'confirmed',
      'createdAt',
      'email',
      'id',
      'last_login',
      'organisation',
      'pendingEmail',
      'role',
      'username',
    ]);
    // Someone else's account looks exactly like a missing one.
    for (const id of [other.id, consultant.id]) {
      expect((await ctx.request({ method: 'GET', url: `/api/users/${id}`, token: company.jwt })).statusCode).toBe(404);
    }
    const own = await ctx.request({ method: 'GET', url: `/api/users/${company.id}`, token: company.jwt });
    expect(own.json().role.name).toBe('Company');
    expect((await ctx.request({ method: 'GET', url: '/api/users/abc', token: company.jwt })).statusCode).toBe(400);
  });

  it('When the user name or e-mail belongs to someone else, then 400 with the profile save message and nothing changes', async () => {
    const before = await userRow(company.id);
    for (const payload of [{ username: 'BERATER ZWEI' }, { email: 'Berater.Zwei@example.at' }]) {
      const res = await put(company, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.profileSaveFailed);
    }
    expect(await userRow(company.id)).toEqual(before);
  });

  it('When last_login is sent, then the server time is stored, not the client value', async () => {
    const res = await put(company, { last_login: '1999-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(200);
    const stored = new Date(res.json().last_login as string);
    expect(stored.getUTCFullYear()).toBeGreaterThan(2000);
  });

  it('When a user deletes the own account, then ads are deactivated, the image and tokens are gone, and login fails', async () => {
    const company2 = await createAccount(ctx, 'company', 'Firma Weg');
    const [job] = await ctx.database.query<{ id: number }>(
      `INSERT INTO jobs (owner_id, job_title, working_time, published_at) VALUES ($1, 'Maurer', 'Vollzeit', now()) RETURNING id`,
      [company2.id],
    );
    const res = await ctx.request({ method: 'DELETE', url: `/api/users/${company2.id}`, token: company2.jwt });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: company2.id });
    const [jobRow] = await ctx.database.query<{ owner_id: number | null; published_at: Date | null }>(
      'SELECT owner_id, published_at FROM jobs WHERE id = $1',
      [job!.id],
    );
    expect(jobRow).toEqual({ owner_id: null, published_at: null });
    expect(await ctx.database.query('SELECT id FROM users WHERE id = $1', [company2.id])).toHaveLength(0);
    expect(await ctx.database.query('SELECT id FROM auth_tokens WHERE user_id = $1', [company2.id])).toHaveLength(0);
    expect((await login(ctx, company2.email, company2.password)).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: company2.jwt })).statusCode).toBe(401);
  });
});
