import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helpers';
import { createUser, type TestUser } from '../../test/factories';
import { AccountCache } from './auth';

/**
 * The sign-in check's account cache (services/auth.ts, migration 0023): a repeated request reads no
 * account row, and every change of what the check reads ends the cached answer at its commit —
 * whichever code path makes it (the trigger watches the table, not our commands).
 */

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  user = await createUser(ctx, { role: 'consultant' });
});

async function me(token = user.token): Promise<{ status: number; username?: string; email?: string }> {
  const res = await ctx.request({ method: 'GET', url: '/api/users/me', token });
  if (res.statusCode !== 200) return { status: res.statusCode };
  const body = res.json() as { username: string; email: string };
  return { status: 200, username: body.username, email: body.email };
}

async function execute(statement: string): Promise<void> {
  await ctx.database.query(statement);
}

describe('Account cache of the sign-in check', () => {
  it('When the same token comes again, then the account is taken from the cache', async () => {
    expect((await me()).status).toBe(200);
    const before = { ...ctx.app.accountCache.stats };
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    expect(ctx.app.accountCache.stats.hits - before.hits).toBe(2);
    expect(ctx.app.accountCache.stats.misses - before.misses).toBe(0);
  });

  it.each([
    ['the token version is raised (logout everywhere, password change)', 'token_version = token_version + 1'],
    ['the account is blocked', 'blocked = true'],
    ['the confirmation is withdrawn', 'confirmed = false'],
  ])('When %s, then the cached sign-in ends with the commit', async (_case, change) => {
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    await execute(`UPDATE users SET ${change} WHERE id = ${user.id}`);
    expect((await me()).status).toBe(401);
  });

  it('When the account is deleted, then the cached sign-in ends', async () => {
    expect((await me()).status).toBe(200);
    await execute(`DELETE FROM users WHERE id = ${user.id}`);
    expect((await me()).status).toBe(401);
  });

  it('When the side changes (the kind of the organisation the session acts for), then the next request has it', async () => {
    expect((await me()).status).toBe(200);
    const consultantOnly = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: user.token,
      payload: { data: {} },
    });
    expect(consultantOnly.statusCode).toBe(403);
    // A member's side is the kind of the active organisation (issue 31), not the account's role column.
    await execute(
      `UPDATE organisations SET kind = 'company' WHERE id = (SELECT organisation_id FROM organisation_members WHERE user_id = ${user.id})`,
    );
    const asCompany = await ctx.request({ method: 'POST', url: '/api/jobs', token: user.token, payload: { data: {} } });
    expect(asCompany.statusCode).toBe(400);
  });

  it('When a transaction that changed the account rolls back, then the cached sign-in stays valid', async () => {
    expect((await me()).status).toBe(200);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE users SET blocked = true WHERE id = ${user.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await me()).status).toBe(200);
  });

  it('When only the last login or presence changes, then cached accounts stay (no version raised)', async () => {
    expect((await me()).status).toBe(200);
    const before = { ...ctx.app.accountCache.stats };
    await execute(`UPDATE users SET last_login = now(), last_seen_at = now() WHERE id = ${user.id}`);
    expect((await me()).status).toBe(200);
    expect(ctx.app.accountCache.stats.hits - before.hits).toBe(1);
  });

  it('When one account changes, then the others are read again once and then cached again', async () => {
    const other = await createUser(ctx, { role: 'company' });
    expect((await me(other.token)).status).toBe(200);
    await execute(`UPDATE users SET username = 'Neuer Name ${user.id}' WHERE id = ${user.id}`);
    expect(await me()).toMatchObject({ status: 200, username: `Neuer Name ${user.id}` });
    const before = { ...ctx.app.accountCache.stats };
    expect((await me(other.token)).status).toBe(200);
    expect((await me(other.token)).status).toBe(200);
    expect(ctx.app.accountCache.stats.misses - before.misses).toBe(1);
    expect(ctx.app.accountCache.stats.hits - before.hits).toBe(1);
  });
});

describe('AccountCache', () => {
  const account = (username: string) => ({
    id: 1,
    username,
    email: 'a@example.test',
    role: 'consultant' as const,
    tokenVersion: 0,
    blocked: false,
    confirmed: true,
    sessionId: 's1',
    sessionTokenVersion: 0,
    secondFactor: null,
    revokedAt: null,
    lastUsedAt: new Date(0),
    memberId: null,
    memberRole: null,
    organisationId: null,
    organisationName: null,
    organisationKind: null,
  });

  it('answers only at the version an entry was read at, and an older read never replaces a newer one', () => {
    const cache = new AccountCache(10);
    cache.set('s1', 5, account('neu'));
    cache.set('s1', 4, account('alt'));
    expect(cache.get('s1', 5)?.username).toBe('neu');
    expect(cache.get('s1', 6)).toBeUndefined();
    expect(cache.get('s1', 4)).toBeUndefined();
  });

  it('keeps at most its number of entries', () => {
    const cache = new AccountCache(2);
    cache.set('s1', 1, account('a'));
    cache.set('s2', 1, account('b'));
    cache.set('s3', 1, account('c'));
    expect(cache.get('s1', 1)).toBeUndefined();
    expect(cache.get('s3', 1)?.username).toBe('c');
  });
});
