import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0035 (issue 31): every advertisement belongs to the company organisation of the account
 * that published it, the same person sees the same advertisements as before (own list, deactivated
 * ones), and the advertisements of a deleted account keep no organisation. On PostgreSQL with
 * 100,000 advertisements (PGlite: 5,000, the same rules).
 */

const postgres = process.env.TEST_DB_DRIVER === 'postgres';
const ADVERTISEMENTS = postgres ? 100_000 : 5_000;
const COMPANIES = 300;

describe('migration 0035: advertisements belong to the company', () => {
  let database: Database;
  let drop: () => Promise<void>;
  /** Per company account: its advertisements (all, and the deactivated ones) before the migration. */
  let before: Map<number, { all: number; deactivated: number; checksum: string }>;

  const perOwner = async (key: 'owner_id' | 'organisation_id') => {
    const rows = await database.query<{ account: number; all: number; deactivated: number; checksum: string }>(
      `SELECT ${key === 'owner_id' ? 'j.owner_id' : 'o.created_by'} AS account, count(*)::int AS all,
              count(*) FILTER (WHERE j.published_at IS NULL)::int AS deactivated,
              md5(string_agg(j.id::text, ',' ORDER BY j.id)) AS checksum
       FROM jobs j ${key === 'owner_id' ? '' : 'JOIN organisations o ON o.id = j.organisation_id'}
       WHERE j.${key} IS NOT NULL GROUP BY 1`,
      [],
    );
    return new Map(rows.map((r) => [r.account, { all: r.all, deactivated: r.deactivated, checksum: r.checksum }]));
  };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0034_organisations.sql' });
    await database.execScript(`
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Firma ' || g, 'firma-' || g || '@example.test', 'x', 'company', true FROM generate_series(1, ${COMPANIES}) g;
      INSERT INTO users (username, email, password_hash, role, confirmed)
      VALUES ('Beraterin', 'beraterin@example.test', 'x', 'consultant', true);
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'company')
      INSERT INTO jobs (owner_id, job_title, working_time, published_at, created_at, updated_at)
      SELECT CASE WHEN g % 97 = 0 THEN NULL ELSE c.ids[1 + g % ${COMPANIES}] END, 'Stelle ' || g, 'Vollzeit',
             CASE WHEN g % 25 = 0 THEN NULL ELSE now() END,
             now() - make_interval(mins => g), '2025-06-01T08:00:00Z'
      FROM c, generate_series(1, ${ADVERTISEMENTS}) g;
    `);
    before = await perOwner('owner_id');
    await migrate(database);
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then each account’s advertisements — deactivated ones too — are exactly its organisation’s', async () => {
    expect(before.size).toBe(COMPANIES);
    expect(await perOwner('organisation_id')).toEqual(before);
  });

  it('When it runs, then the publishing administrator is the author and nothing else of an advertisement changed', async () => {
    const [row] = await database.query<{ wrong: number; without: number; touched: number; total: number }>(
      `SELECT count(*) FILTER (WHERE j.owner_id IS NOT NULL AND m.user_id IS DISTINCT FROM j.owner_id)::int AS wrong,
              count(*) FILTER (WHERE j.owner_id IS NULL AND (j.organisation_id IS NOT NULL
                                OR j.created_by_member_id IS NOT NULL))::int AS without,
              count(*) FILTER (WHERE j.updated_at <> '2025-06-01T08:00:00Z')::int AS touched,
              count(*)::int AS total
       FROM jobs j LEFT JOIN organisation_members m ON m.id = j.created_by_member_id`,
      [],
    );
    expect(row).toEqual({ wrong: 0, without: 0, touched: 0, total: ADVERTISEMENTS });
  });

  it('When a company’s own list is read by organisation, then the index answers it', async () => {
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM jobs WHERE organisation_id = 7 ORDER BY created_at DESC, id DESC LIMIT 20`,
      [],
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('jobs_organisation_idx');
  });
});
