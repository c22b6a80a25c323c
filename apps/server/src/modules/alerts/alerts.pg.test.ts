import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { startInstancePair, type InstancePair } from '../../../test/support/instances';
import { runDailyDigest } from './digest';

/**
 * Two app instances on one PostgreSQL database work off the same alert events, digests and
 * notification mails at the same time: every notice and every mail exactly once.
 */

let pair: InstancePair;
let company: TestUser;
const consultants: TestUser[] = [];

const query = <T>(sql: string, params: unknown[] = []) => pair.a.database.query<T>(sql, params);

beforeAll(async () => {
  pair = await startInstancePair('the alerts exactly-once test');
  const ctx = { app: pair.a.app, database: pair.a.database };
  company = await createUser(ctx, { role: 'company' });
  for (let i = 0; i < 5; i += 1) {
    const consultant = await createUser(ctx, { role: 'consultant' });
    consultants.push(consultant);
    for (const frequency of ['sofort', 'taeglich']) {
      const res = await pair.a.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: { authorization: `Bearer ${consultant.token}` },
        payload: { data: { name: `Alle (${frequency})`, filters: { q: 'parallel' }, frequency } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
});

afterAll(async () => {
  await pair?.close();
});

describe('alerts on two instances', () => {
  it('When both instances work the same 20 publications, digests and mails at once, then each consultant gets 20 notices, one digest and one mail', async () => {
    for (let i = 0; i < 20; i += 1) {
      const app = i % 2 === 0 ? pair.a.app : pair.b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { authorization: `Bearer ${company.token}` },
        payload: { data: jobData({ jobTitle: `Parallel ${i}` }) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await Promise.all([
      pair.a.app.alerts.worker.runOnce(),
      pair.b.app.alerts.worker.runOnce(),
      pair.a.app.alerts.worker.runOnce(),
    ]);
    const now = new Date();
    const digests = await Promise.all([runDailyDigest(pair.a.app.db, now), runDailyDigest(pair.b.app.db, now)]);
    expect(digests[0]! + digests[1]!).toBe(5);
    await Promise.all([pair.a.app.alerts.worker.runOnce(), pair.b.app.alerts.worker.runOnce()]);

    expect(await query('SELECT id FROM alert_events')).toEqual([]);
    const matches = await query<{ n: number }>('SELECT count(*)::int AS n FROM saved_search_matches');
    expect(matches[0]!.n).toBe(5 * 2 * 20);
    for (const consultant of consultants) {
      const rows = await query<{ kind: string; title: string }>(
        'SELECT kind, title FROM notifications WHERE user_id = $1 ORDER BY id',
        [consultant.id],
      );
      expect(rows.filter((r) => r.title === 'Neues Inserat für „Alle (sofort)“')).toHaveLength(20);
      expect(rows.filter((r) => r.title === '20 neue Inserate für „Alle (taeglich)“')).toHaveLength(1);
      expect(rows).toHaveLength(21);
      const mails = await query('SELECT id FROM mail_outbox WHERE to_address = $1', [consultant.email]);
      expect(mails).toHaveLength(1);
    }
  });
  it('When one digest run holds a match of a search, then a second run at once leaves that whole search to it: one digest, never two halves', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await pair.a.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { authorization: `Bearer ${company.token}` },
        payload: { data: jobData({ jobTitle: `Parallel spät ${i}` }) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await pair.a.app.alerts.worker.runOnce();
    const [held] = await query<{ search_id: number; job_id: number }>(
      `SELECT m.search_id, m.job_id FROM saved_search_matches m JOIN saved_searches s ON s.id = m.search_id
       WHERE s.frequency = 'taeglich' AND m.notified_at IS NULL ORDER BY m.search_id, m.job_id LIMIT 1`,
    );
    const pendingOf = async (searchId: number) =>
      (
        await query<{ n: number }>(
          'SELECT count(*)::int AS n FROM saved_search_matches WHERE search_id = $1 AND notified_at IS NULL',
          [searchId],
        )
      )[0]!.n;
    expect(await pendingOf(held!.search_id)).toBe(3);
    // The first run, caught in the middle: it holds one match of the search.
    const second = await pair.b.database.withSession(async (session) => {
      await session.query('BEGIN');
      // What a run holds once it took a match: the match and its search (digest.ts).
      await session.query(
        `SELECT 1 FROM saved_search_matches m JOIN saved_searches s ON s.id = m.search_id
         WHERE m.search_id = $1 AND m.job_id = $2 FOR UPDATE OF m, s`,
        [held!.search_id, held!.job_id],
      );
      try {
        return await runDailyDigest(pair.a.app.db, new Date());
      } finally {
        await session.query('ROLLBACK');
      }
    });
    expect(second).toBe(4);
    expect(await pendingOf(held!.search_id)).toBe(3);
    expect(await runDailyDigest(pair.a.app.db, new Date())).toBe(1);
    const [owner] = await query<{ user_id: number }>('SELECT user_id FROM saved_searches WHERE id = $1', [
      held!.search_id,
    ]);
    const digests = await query<{ title: string }>(
      `SELECT title FROM notifications WHERE user_id = $1 AND title LIKE '%(taeglich)“' ORDER BY id`,
      [owner!.user_id],
    );
    expect(digests.map((d) => d.title)).toEqual([
      '20 neue Inserate für „Alle (taeglich)“',
      '3 neue Inserate für „Alle (taeglich)“',
    ]);
  });
});
