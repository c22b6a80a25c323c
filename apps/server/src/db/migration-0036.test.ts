import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0036 (issue 31): every conversation is between the consultant's agency and the company
 * of the advertisement; each person sees the same conversations as before, each with the same
 * unread state (now per person). On PGlite and PostgreSQL.
 */

const CONVERSATIONS = 400;

describe('migration 0036: conversations between organisations', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let before: Array<{ id: number; consultant_id: number | null; company_id: number; p1: boolean; p2: boolean }>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0034_organisations.sql' });
    await database.execScript(`
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Firma ' || g, 'firma-' || g || '@example.test', 'x', 'company', true FROM generate_series(1, 20) g;
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Beratung ' || g, 'beratung-' || g || '@example.test', 'x', 'consultant', true FROM generate_series(1, 30) g;
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'company')
      INSERT INTO jobs (owner_id, job_title, working_time, published_at)
      SELECT c.ids[1 + g % 20], 'Stelle ' || g, 'Vollzeit', now() FROM c, generate_series(1, 60) g;
      -- Conversations in every state of the two flags, some with a deleted consultant, with and without messages.
      WITH k AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'consultant')
      INSERT INTO chat_communications (job_id, consultant_id, company_id, last_message_timestamp,
                                       unread_message_p1, unread_message_p2)
      SELECT j.id, CASE WHEN g % 37 = 0 THEN NULL ELSE k.ids[1 + (g / 60) % 30] END, j.owner_id,
             now() - make_interval(hours => g), g % 2 = 0, g % 3 = 0
      FROM k, generate_series(1, ${CONVERSATIONS}) g
      JOIN jobs j ON j.id = 1 + (g * 7) % 60
      ON CONFLICT DO NOTHING;
      INSERT INTO chat_messages (chat_id, sender_id, sender_username, message, created_at)
      SELECT c.id, CASE WHEN n % 2 = 0 THEN c.consultant_id ELSE c.company_id END, 'x', 'Nachricht ' || n,
             c.last_message_timestamp - make_interval(mins => 10 - n)
      FROM chat_communications c, generate_series(1, 3) n WHERE c.id % 4 <> 0;
    `);
    before = await database.query(
      `SELECT id, consultant_id, company_id, unread_message_p1 AS p1, unread_message_p2 AS p2
       FROM chat_communications ORDER BY id`,
      [],
    );
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then each conversation is between the consultant’s agency and the advertisement’s company', async () => {
    const [row] = await database.query<{ wrong_agency: number; wrong_company: number; total: number }>(
      `SELECT
         count(*) FILTER (WHERE c.consultant_id IS NOT NULL
           AND c.agency_organisation_id IS DISTINCT FROM (SELECT organisation_id FROM organisation_members
                                                          WHERE user_id = c.consultant_id))::int AS wrong_agency,
         count(*) FILTER (WHERE c.company_organisation_id IS DISTINCT FROM j.organisation_id)::int AS wrong_company,
         count(*)::int AS total
       FROM chat_communications c JOIN jobs j ON j.id = c.job_id`,
      [],
    );
    expect(row).toEqual({ wrong_agency: 0, wrong_company: 0, total: before.length });
    expect(before.length).toBeGreaterThan(300);
  });

  it('When it runs, then each person sees the same conversations with the same unread state', async () => {
    const after = await database.query<{ id: number; user_id: number; unread: boolean }>(
      `SELECT c.id, m.user_id,
         CASE WHEN o.kind = 'agency' THEN c.last_company_message_at ELSE c.last_agency_message_at END
           > coalesce(r.read_at, '-infinity') AS unread
       FROM chat_communications c
       JOIN organisation_members m ON m.organisation_id IN (c.agency_organisation_id, c.company_organisation_id)
       JOIN organisations o ON o.id = m.organisation_id
       LEFT JOIN chat_reads r ON r.chat_id = c.id AND r.user_id = m.user_id
       ORDER BY c.id, m.user_id`,
      [],
    );
    const expected = before
      .flatMap((c) => [
        ...(c.consultant_id === null ? [] : [{ id: c.id, user_id: c.consultant_id, unread: c.p1 }]),
        { id: c.id, user_id: c.company_id, unread: c.p2 },
      ])
      .sort((a, b) => a.id - b.id || a.user_id - b.user_id);
    expect(after.map((r) => ({ ...r, unread: r.unread === true }))).toEqual(expected);
  });
});
