import { describe, expect, it } from 'vitest';
import type { Introduction } from '@pb/core';
import { createJob } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { TEST_PROFILE } from '../../../test/support/candidate-consent';
import { verifyRegister } from './register-verify';

/**
 * The introductions register (issue 11): commands at the same moment on PostgreSQL (skipped on PGlite).
 */

const { ctx, company, consultant, second, third, at, person, introduce, introduced, move } = introductionsSuite();

describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('Concurrent commands (PostgreSQL)', () => {
  /** Polls until the SQL returns a row (a transaction is seen waiting on a lock). */
  async function until(sqlText: string): Promise<void> {
    for (let i = 0; i < 250; i += 1) {
      if ((await ctx.database.query(sqlText)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`never: ${sqlText}`);
  }

  it('When two consultants introduce the same person at the same moment, then both are recorded and exactly one is subordinate; the same consultant twice is one 201 and one 409', async () => {
    at('2031-01-07T09:00:00Z');
    const adA = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const adB = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const candidate = person();
    const [a, b] = await Promise.all([
      introduce(consultant, { advertisement: adA.id, ...candidate, profile: TEST_PROFILE }),
      introduce(second, { advertisement: adB.id, ...candidate, profile: TEST_PROFILE }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const subordinate = [a, b].map((r) => r.json<{ data: Introduction }>().data.subordinate);
    expect(subordinate.filter(Boolean)).toHaveLength(1);
    const twiceCandidate = person();
    const twice = await Promise.all([
      introduce(third, { advertisement: adA.id, ...twiceCandidate, profile: TEST_PROFILE }),
      introduce(third, { advertisement: adA.id, ...twiceCandidate, profile: TEST_PROFILE }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  // Found by a second reviewer: a report naming one introduction and a stage change of another
  // introduction of the same person used to take the register lock and the rows in opposite
  // order — a deadlock, one of them a 500. Every command now takes the register lock first.
  it("When a report naming one consultant's introduction meets the company's stage change of another's for the same person, then both succeed", async () => {
    at('2031-01-08T09:00:00Z');
    const adA = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const adB = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const candidate = person();
    const first = (await introduced(consultant, adA.id, candidate)).data;
    const later = (await introduced(second, adB.id, candidate)).data;
    expect((await move(company, first.id, 'angebot')).statusCode).toBe(200);
    let report!: Promise<{ statusCode: number; body: string }>;
    let stage!: Promise<{ statusCode: number; body: string }>;
    await ctx.database.withSession(async (session) => {
      await session.query('BEGIN');
      // pins the report inside its transaction, at its first mail
      await session.query('LOCK TABLE mail_outbox IN SHARE MODE');
      report = ctx.request({
        method: 'POST',
        url: '/api/placement-reports',
        token: consultant.token,
        payload: {
          data: {
            variant: 'consultant',
            advertisement: adA.id,
            companyName: 'Alpenblick Hotels GmbH',
            jobTitle: 'Rezeptionist/in',
            contactPerson: 'Frau Berger',
            placementBonus: 20,
            actualSalary: 40_000,
            introduction: first.id,
          },
        },
      });
      await until(
        `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "mail_outbox"%'`,
      );
      stage = move(company, later.id, 'interview');
      await until(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
      await session.query('COMMIT');
    });
    const [reported, moved] = await Promise.all([report, stage]);
    expect(reported.statusCode, reported.body).toBe(201);
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
