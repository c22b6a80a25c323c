import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0039 (issue 31): the terms become a contract per organisation. Every existing
 * organisation accepted one first version, at its founding, by its founder; nothing is open, no
 * contract ends, and the bell admits the new kind. On PGlite and PostgreSQL.
 */

describe('migration 0039: terms versions per organisation', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0039_terms_versions.sql' });
    await database.execScript(`
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Konto ' || g, 'konto-' || g || '@example.test', 'x', CASE WHEN g % 2 = 0 THEN 'company' ELSE 'consultant' END, true
      FROM generate_series(1, 6) g;
      INSERT INTO organisations (kind, name, created_by, created_at)
      SELECT CASE WHEN u.role = 'company' THEN 'company' ELSE 'agency' END, u.username, u.id,
             timestamptz '2025-03-01 10:00:00+00' + (u.id || ' days')::interval
      FROM users u;
    `);
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then every organisation accepted the first version when it was founded, by its founder', async () => {
    const versions = await database.query<{ version: string; published_at: Date; effective_at: Date }>(
      'SELECT version, published_at, effective_at FROM terms_versions',
      [],
    );
    expect(versions).toHaveLength(1);
    expect(versions[0]!.version).toBe('Erstfassung');
    const [mismatch] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM organisations o
       LEFT JOIN organisation_terms t ON t.organisation_id = o.id
       WHERE t.id IS NULL OR t.decision <> 'accepted' OR t.decided_at <> o.created_at OR t.decided_by IS DISTINCT FROM o.created_by`,
      [],
    );
    expect(mismatch!.n).toBe(0);
    const [first] = await database.query<{ at: Date }>('SELECT min(created_at) AS at FROM organisations', []);
    expect(new Date(versions[0]!.published_at).getTime()).toBe(new Date(first!.at).getTime());
    const [ended] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM organisations WHERE contract_ends_at IS NOT NULL',
      [],
    );
    expect(ended!.n).toBe(0);
  });

  it('When a version is told in the bell, then the kind is admitted', async () => {
    await database.execScript(
      `INSERT INTO notifications (user_id, kind, title, body, link)
       SELECT min(id), 'terms', 'Neue AGB', 'x', '/advertisements/organisation#agb' FROM users`,
    );
    await expect(
      database.execScript(
        `INSERT INTO notifications (user_id, kind, title, body, link) SELECT min(id), 'spam', 'x', 'x', '/' FROM users`,
      ),
    ).rejects.toThrow();
  });
});
