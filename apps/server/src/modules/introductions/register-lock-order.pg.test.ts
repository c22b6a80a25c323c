import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, publishJob, type TestUser } from '../../../test/factories';
import { companyReportBody, postReport } from '../../../test/support/placement-fixtures';
import { TEST_PROFILE } from '../../../test/support/candidate-consent';
import { lockRegister } from './register';

/**
 * One lock order for every command that appends to the register: the register lock first, then
 * rows (the advertisement, the introductions). Account deletion and the retention run hold the
 * register and then write the advertisements of a company; a placement report or an introduction
 * that held the advertisement's row while waiting for the register would deadlock with them
 * (PostgreSQL aborts one: a 500). PostgreSQL only: it needs two connections at once.
 */

let ctx: TestContext;
let company: TestUser;
let consultant: TestUser;
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company' });
  consultant = await createUser(ctx, { role: 'consultant' });
});

afterAll(async () => {
  await ctx?.close();
});

/** Until a transaction of this database waits for the register lock (lockRegister's key). */
async function someoneWaitsForTheRegister(): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const [row] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND objid = 727276
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waited for the register lock');
}

const commands = {
  'a placement report': (advertisement: number) =>
    postReport(
      ctx,
      company,
      companyReportBody(advertisement, { candidateEmail: `reihenfolge.${(people += 1)}@example.at` }),
    ),
  'an introduction': (advertisement: number) =>
    ctx.request({
      method: 'POST',
      url: '/api/introductions',
      token: consultant.token,
      payload: {
        advertisement,
        firstName: 'Eva',
        lastName: 'Reihenfolge',
        email: `reihenfolge.${(people += 1)}@example.at`,
        profile: TEST_PROFILE,
      },
    }),
};

describe('the register lock before the advertisement', () => {
  it.each(Object.keys(commands) as Array<keyof typeof commands>)(
    'When %s waits for the register lock, then it holds no lock on the advertisement: the holder of the register can write it (no deadlock)',
    async (name) => {
      const advertisement = await publishJob(ctx, company, { placementBonus: 20 });
      let pending: ReturnType<(typeof commands)[typeof name]> | undefined;
      let advertisementLocked: unknown = null;
      await ctx.app.db.transaction(async (tx) => {
        await lockRegister(tx);
        pending = commands[name](advertisement);
        await someoneWaitsForTheRegister();
        // What account deletion and the retention run do next while holding the register.
        try {
          await tx.transaction((inner) =>
            inner.execute(sql`SELECT id FROM jobs WHERE id = ${advertisement} FOR UPDATE NOWAIT`),
          );
        } catch (error) {
          advertisementLocked = error;
        }
      });
      expect(advertisementLocked, 'the waiting command held the advertisement').toBeNull();
      const res = await pending!;
      expect(res.statusCode, res.body).toBe(201);
    },
  );
});
