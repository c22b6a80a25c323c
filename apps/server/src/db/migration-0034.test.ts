import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0034 (issue 31): every company and consultant account becomes an organisation of one
 * with its person as administrator, and every open session acts for it; back-office admins stay
 * outside any organisation. Runs on PGlite and PostgreSQL.
 */

describe('migration 0034: organisations of one', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0034_organisations.sql' });
    await database.query(
      `INSERT INTO users (id, username, email, password_hash, role, confirmed, created_at) VALUES
         (1, 'Bau Gruber', 'bau@example.at', 'x', 'company', true, '2025-01-02T08:00:00Z'),
         (2, 'Talente Huber', 'talente@example.at', 'x', 'consultant', true, '2025-02-03T08:00:00Z'),
         (3, 'Backoffice', 'office@example.at', 'x', 'admin', true, '2025-03-04T08:00:00Z'),
         (4, 'Noch Offen', 'offen@example.at', 'x', 'company', false, '2025-04-05T08:00:00Z')`,
      [],
    );
    await database.query(
      `INSERT INTO user_sessions (id, user_id, token_version, device, place, device_key, expires_at) VALUES
         ('s-company', 1, 0, 'Gerät', '127.0.0.0/24', 'k1', now() + interval '1 day'),
         ('s-agency', 2, 0, 'Gerät', '127.0.0.0/24', 'k2', now() + interval '1 day'),
         ('s-admin', 3, 0, 'Gerät', '127.0.0.0/24', 'k3', now() + interval '1 day')`,
      [],
    );
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then each company and consultant administers an organisation named and dated as the account', async () => {
    const rows = await database.query<{ user_id: number; kind: string; name: string; role: string; created_at: Date }>(
      `SELECT m.user_id, o.kind, o.name, m.role, o.created_at
       FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id ORDER BY m.user_id`,
      [],
    );
    expect(rows.map((r) => [r.user_id, r.kind, r.name, r.role, new Date(r.created_at).toISOString()])).toEqual([
      [1, 'company', 'Bau Gruber', 'administrator', '2025-01-02T08:00:00.000Z'],
      [2, 'agency', 'Talente Huber', 'administrator', '2025-02-03T08:00:00.000Z'],
      [4, 'company', 'Noch Offen', 'administrator', '2025-04-05T08:00:00.000Z'],
    ]);
  });

  it('When it runs, then open sessions act for their organisation and the back office for none', async () => {
    const rows = await database.query<{ id: string; name: string | null }>(
      `SELECT s.id, o.name FROM user_sessions s
       LEFT JOIN organisation_members m ON m.id = s.organisation_member_id
       LEFT JOIN organisations o ON o.id = m.organisation_id ORDER BY s.id`,
      [],
    );
    expect(rows).toEqual([
      { id: 's-admin', name: null },
      { id: 's-agency', name: 'Talente Huber' },
      { id: 's-company', name: 'Bau Gruber' },
    ]);
  });

  it('When a membership changes, then the accounts version rises at commit (every instance re-reads sessions)', async () => {
    const version = async () =>
      (await database.query<{ version: string }>(`SELECT version FROM list_versions WHERE name = 'accounts'`, []))[0]!
        .version;
    const before = await version();
    await database.query(`UPDATE organisation_members SET role = 'accounting' WHERE user_id = 4`, []);
    expect(Number(await version())).toBe(Number(before) + 1);
    await database.query(`UPDATE organisation_members SET last_active_at = now() WHERE user_id = 4`, []);
    expect(Number(await version())).toBe(Number(before) + 1);
  });
});
