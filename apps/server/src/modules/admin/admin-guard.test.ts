import { describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { createUser, jobData } from '../../../test/factories';
import { adminSuite } from '../../../test/support/admin-suite';
import { verifyPassword } from '../../lib/passwords';
import { ensureAdmin } from './admin-account';

/**
 * The back office: every /api/admin route only for admins, and who becomes an admin (never by registering;
 * admin:create with a generated or piped password).
 */

const { ctx, admin, company, consultant } = adminSuite();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('/api/admin guard', () => {
  // Every admin route with a request that an admin may make; ids point at nothing in particular.
  const routes: Array<{ method: Method; url: string; payload?: object; adminStatus: number }> = [
    { method: 'GET', url: '/api/admin/dashboard', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/placement-reports', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/placement-reports.csv', adminStatus: 200 },
    {
      method: 'PUT',
      url: '/api/admin/placement-reports/999999/status',
      payload: { status: 'verrechnet' },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/users', adminStatus: 200 },
    { method: 'PUT', url: '/api/admin/users/999999/block', payload: { blocked: true }, adminStatus: 404 },
    { method: 'POST', url: '/api/admin/users/999999/resend-confirmation', adminStatus: 404 },
    { method: 'DELETE', url: '/api/admin/users/999999', adminStatus: 404 },
    { method: 'GET', url: '/api/admin/jobs', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/jobs/999999', adminStatus: 404 },
    { method: 'POST', url: '/api/admin/jobs', payload: { companyId: 999999, data: jobData() }, adminStatus: 400 },
    { method: 'PUT', url: '/api/admin/jobs/999999', payload: { data: jobData() }, adminStatus: 404 },
    { method: 'PUT', url: '/api/admin/jobs/999999/publish', payload: { published: false }, adminStatus: 404 },
    { method: 'GET', url: '/api/admin/contact-messages', adminStatus: 200 },
    { method: 'PUT', url: '/api/admin/contact-messages/999999/handled', payload: { handled: true }, adminStatus: 404 },
    {
      method: 'POST',
      url: '/api/admin/districts',
      payload: { name: 'Testbezirk Wache', state: 'Wien' },
      adminStatus: 201,
    },
    { method: 'PUT', url: '/api/admin/districts/999999', payload: { name: 'Neu' }, adminStatus: 404 },
    { method: 'DELETE', url: '/api/admin/districts/999999', adminStatus: 404 },
    { method: 'GET', url: '/api/admin/audit-log', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/introductions', adminStatus: 200 },
    {
      method: 'POST',
      url: '/api/admin/introductions/999999/resolution',
      payload: { data: { note: 'Geklärt' } },
      adminStatus: 404,
    },
    {
      method: 'POST',
      url: '/api/admin/placement-reports/999999/correction',
      payload: { placementBonus: 10, actualSalary: 50000, reason: 'Korrektur' },
      adminStatus: 404,
    },
    {
      method: 'PUT',
      url: '/api/admin/placement-reports/999999/review',
      payload: { decision: 'freigegeben', note: 'Geprüft' },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/invoices', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/guarantee-claims', adminStatus: 200 },
    {
      method: 'PUT',
      url: '/api/admin/guarantee-claims/999999',
      payload: { data: { decision: 'angenommen' } },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/organisations', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/organisations/999999', adminStatus: 404 },
    {
      method: 'POST',
      url: '/api/admin/organisations/999999/register-checks',
      payload: { field: 'uid', value: 'ATU13585627', note: 'Geprüft' },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/terms-versions', adminStatus: 200 },
    // A company's attempt would publish for everyone: the guard stands before validation.
    { method: 'POST', url: '/api/admin/terms-versions', payload: { version: '' }, adminStatus: 400 },
    { method: 'GET', url: '/api/admin/terms-versions/999999/decisions', adminStatus: 200 },
    // Without a file: the guard answers first, then the missing multipart body.
    { method: 'POST', url: '/api/admin/bank-statements', adminStatus: 400 },
    { method: 'GET', url: '/api/admin/bank-statements', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/payments', adminStatus: 200 },
    {
      method: 'POST',
      url: '/api/admin/payments/999999/allocations',
      payload: { data: { invoiceNumber: '2026-000001', cents: 100 } },
      adminStatus: 404,
    },
    {
      method: 'POST',
      url: '/api/admin/payments/999999/clear',
      payload: { data: { reason: 'Test' } },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/payout-items', adminStatus: 200 },
    { method: 'POST', url: '/api/admin/payout-items/settle', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/payout-batches', adminStatus: 200 },
    // A company's own batch would pay it: the guard stands before validation.
    { method: 'POST', url: '/api/admin/payout-batches', payload: { data: { itemIds: [] } }, adminStatus: 400 },
    { method: 'GET', url: '/api/admin/payout-batches/999999/file', adminStatus: 404 },
    {
      method: 'PUT',
      url: '/api/admin/payout-batches/999999/items/999998',
      payload: { data: { status: 'ausgezahlt' } },
      adminStatus: 404,
    },
    { method: 'POST', url: '/api/admin/payout-batches/999999/paid', adminStatus: 404 },
    { method: 'GET', url: '/api/admin/circumvention-cases', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/accounting-export?month=2026-01&format=bmd', adminStatus: 200 },
    {
      method: 'PUT',
      url: '/api/admin/credit-notes/999999/objection',
      payload: { data: { resolution: 'Erledigt.' } },
      adminStatus: 404,
    },
    { method: 'POST', url: '/api/admin/circumvention-cases', payload: { data: {} }, adminStatus: 400 },
    {
      method: 'POST',
      url: '/api/admin/circumvention-cases/999999/decision',
      payload: { data: { decision: 'eingestellt', reasons: 'x' } },
      adminStatus: 404,
    },
    { method: 'GET', url: '/api/admin/ratings?state=pending', adminStatus: 200 },
    {
      method: 'POST',
      url: '/api/admin/ratings/999999/moderation',
      payload: { data: { part: 'comment', decision: 'approve' } },
      adminStatus: 404,
    },
  ];

  it('When the table is compared with the registered routes, then every /api/admin route is covered', () => {
    const doc = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const registered = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    const covered = new Set(
      routes.map(
        (r) =>
          `${r.method} ${r.url
            .split('?')[0]!
            .replace(/\/999999/, '/:id')
            .replace(/\/999998/, '/:itemId')}`,
      ),
    );
    expect(registered.sort()).toEqual([...covered].sort());
  });

  it.each(routes)(
    'When $method $url is called, then visitors get 401, companies and consultants 403, admins an answer',
    async (route) => {
      const visitor = await ctx.request({
        method: route.method,
        url: route.url,
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ data: null, error: { status: 401 } });
      for (const user of [company, consultant]) {
        const res = await ctx.request({
          method: route.method,
          url: route.url,
          token: user.token,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(MSG.forbidden);
      }
      const res = await ctx.request({
        method: route.method,
        url: route.url,
        token: admin.token,
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(route.adminStatus);
    },
  );

  it('When list queries carry unknown fields, operators or bad paging, then the answer is 400', async () => {
    for (const url of [
      '/api/admin/users?filters[password_hash][$eq]=x',
      '/api/admin/users?sort=passwordHash:asc',
      '/api/admin/placement-reports?filters[status][$regex]=x',
      '/api/admin/placement-reports?pagination[limit]=100000',
      '/api/admin/jobs?evil=1',
      '/api/admin/contact-messages?filters[handledAt][$null]=maybe',
      '/api/admin/audit-log?filters[id][$eq]=abc',
    ]) {
      const res = await ctx.request({ method: 'GET', url, token: admin.token });
      expect(res.statusCode, url).toBe(400);
    }
    const badBody = await ctx.request({
      method: 'PUT',
      url: '/api/admin/users/1/block',
      token: admin.token,
      payload: { blocked: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);
    const badId = await ctx.request({
      method: 'PUT',
      url: '/api/admin/users/abc/block',
      token: admin.token,
      payload: { blocked: true },
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('admin role', () => {
  it('When someone registers or updates a profile with role admin, then they never become admin', async () => {
    const register = await ctx.request({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: { username: 'Eindringling', email: 'evil@example.test', password: 'geheim123', role: 'admin' },
    });
    expect(register.statusCode).toBe(400);
    expect(await ctx.database.query(`SELECT id FROM users WHERE email = 'evil@example.test'`)).toEqual([]);
    for (const payload of [
      { role: 'admin' },
      { role: { type: 'admin' } },
      { username: 'Nordbau GmbH', role: 'admin' },
    ]) {
      const res = await ctx.request({ method: 'PUT', url: `/api/users/${company.id}`, token: company.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await ctx.database.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [company.id]);
    expect(row!.role).toBe('company');
  });

  it('When admin:create runs without a password, then a random one of at least 16 characters is generated and works', async () => {
    const result = await ensureAdmin(ctx.app.db, { email: 'Neu.Admin@Example.test', mode: 'upsert' });
    expect(result.outcome).toBe('created');
    expect(result.generatedPassword!.length).toBeGreaterThanOrEqual(16);
    const [row] = await ctx.database.query<{ role: string; confirmed: boolean; password_hash: string; email: string }>(
      'SELECT role, confirmed, password_hash, email FROM users WHERE id = $1',
      [result.userId],
    );
    expect(row).toMatchObject({ role: 'admin', confirmed: true, email: 'neu.admin@example.test' });
    expect(await verifyPassword(result.generatedPassword!, row!.password_hash)).toBe(true);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'neu.admin@example.test', password: result.generatedPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toEqual({ type: 'admin', name: 'Admin' });
  });

  it('When an existing company is promoted with a piped password, then it becomes a confirmed admin; the env start-up mode leaves it alone', async () => {
    const other = await createUser(ctx, { role: 'consultant', confirmed: false });
    const startup = await ensureAdmin(ctx.app.db, {
      email: other.email,
      password: 'sehr-geheimes-passwort',
      mode: 'create-if-missing',
    });
    expect(startup.outcome).toBe('exists');
    expect(
      (await ctx.database.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [other.id]))[0]!.role,
    ).toBe('consultant');
    const promoted = await ensureAdmin(ctx.app.db, {
      email: other.email,
      password: 'sehr-geheimes-passwort',
      mode: 'upsert',
    });
    expect(promoted).toEqual({ outcome: 'promoted', userId: other.id });
    const [row] = await ctx.database.query<{ role: string; confirmed: boolean; token_version: number }>(
      'SELECT role, confirmed, token_version FROM users WHERE id = $1',
      [other.id],
    );
    expect(row).toEqual({ role: 'admin', confirmed: true, token_version: 1 });
    await expect(
      ensureAdmin(ctx.app.db, { email: 'x@example.test', password: 'kurz', mode: 'upsert' }),
    ).rejects.toThrow(/Passwort/);
  });
});
