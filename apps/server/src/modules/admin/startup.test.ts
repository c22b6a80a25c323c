import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { enrolTotp } from '../../../test/support/two-factor-fixtures';
import { ensureEnvAdmin } from './startup';

describe('ADMIN_EMAIL / ADMIN_PASSWORD on start', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { ADMIN_EMAIL: 'Ops@Example.test', ADMIN_PASSWORD: 'start-passwort-123' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When the server starts with ADMIN_EMAIL and ADMIN_PASSWORD, then that admin exists once, can log in and enters the back office after setting up a second factor; a restart changes nothing', async () => {
    await ensureEnvAdmin(ctx.app);
    await ensureEnvAdmin(ctx.app);
    const rows = await ctx.database.query<{ role: string; confirmed: boolean }>(
      `SELECT role, confirmed FROM users WHERE email = 'ops@example.test'`,
    );
    expect(rows).toEqual([{ role: 'admin', confirmed: true }]);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'ops@example.test', password: 'start-passwort-123' },
    });
    expect(login.statusCode).toBe(200);
    const jwt = login.json().jwt as string;
    // Decision 0028: the back office first asks for a second factor.
    const before = await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: jwt });
    expect(before.statusCode).toBe(403);
    expect(before.json().error.name).toBe('SecondFactorRequired');
    const admin = { id: login.json().user.id as number, jwt, username: 'Ops', email: 'ops@example.test' };
    await enrolTotp(ctx, { ...admin, password: 'start-passwort-123' }, new Date());
    const dashboard = await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: jwt });
    expect(dashboard.statusCode).toBe(200);
    const audit = await ctx.database.query<{ action: string }>(`SELECT action FROM audit_log`);
    expect(audit).toEqual([{ action: 'admin.create' }]);
  });
});
