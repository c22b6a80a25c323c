import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { createUser, type TestUser } from '../factories';
import { ensureAdmin } from '../../src/modules/admin/admin-account';
import { sessionToken } from './sessions';

/**
 * The back office's suite (src/modules/admin/admin-*.test.ts). Each file calls adminSuite() once
 * at its top level: it registers the file's beforeAll (a test context, the admin made by
 * admin:create, the company 'Nordbau GmbH' and the consultant 'Berater Eins') and afterAll. The
 * context and the users are filled in place by beforeAll, so a file can take them apart at its
 * top; every file gets its own (the API projects share one module graph per worker: nothing here
 * is module state).
 */
export function adminSuite() {
  const ctx = {} as TestContext;
  const admin = {} as TestUser;
  const company = {} as TestUser;
  const consultant = {} as TestUser;

  beforeAll(async () => {
    Object.assign(ctx, await createTestContext());
    const created = await ensureAdmin(ctx.app.db, { email: 'chefin@example.test', mode: 'upsert' });
    Object.assign(admin, {
      id: created.userId,
      token: await sessionToken(ctx.database, ctx.app.jwt, created.userId, { secondFactor: true }),
      email: 'chefin@example.test',
      username: 'Backoffice chefin',
    });
    Object.assign(company, await createUser(ctx, { role: 'company', username: 'Nordbau GmbH' }));
    Object.assign(consultant, await createUser(ctx, { role: 'consultant', username: 'Berater Eins' }));
  });
  afterAll(async () => {
    await ctx.close?.();
  });

  return { ctx, admin, company, consultant };
}
