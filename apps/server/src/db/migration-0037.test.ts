import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0037 (issue 31): every introduction belongs to the consultant's agency and was made to
 * the advertisement's company; the introducing member is recorded. Each person sees the same
 * introductions through their organisation as before through their account — also those of a
 * deleted consultant (the claim stays the agency's) and those whose advertisement is gone. On
 * PGlite and PostgreSQL.
 */

const INTRODUCTIONS = 300;

describe('migration 0037: introductions belong to organisations', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let before: Array<{ id: number; consultant_id: number | null; company_id: number | null }>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0034_organisations.sql' });
    await database.execScript(`
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Firma ' || g, 'firma-' || g || '@example.test', 'x', 'company', true FROM generate_series(1, 15) g;
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Beratung ' || g, 'beratung-' || g || '@example.test', 'x', 'consultant', true FROM generate_series(1, 25) g;
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'company')
      INSERT INTO jobs (owner_id, job_title, working_time, published_at)
      SELECT c.ids[1 + g % 15], 'Stelle ' || g, 'Vollzeit', now() FROM c, generate_series(1, 40) g;
      WITH k AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'consultant')
      INSERT INTO chat_communications (job_id, consultant_id, company_id, last_message_timestamp)
      SELECT j.id, k.ids[1 + g % 25], j.owner_id, now()
      FROM k, generate_series(1, 400) g JOIN jobs j ON j.id = 1 + (g * 7) % 40
      ON CONFLICT DO NOTHING;
      -- Introductions through a conversation, some without one (made before conversations were
      -- linked), some of a deleted consultant (consultant_id null) and some whose advertisement is gone.
      INSERT INTO introductions (job_id, company_id, consultant_id, conversation_id, job_title, company_name,
                                 consultant_name, bonus, introduced_at, email, consent_at, status_changed_at)
      SELECT c.job_id, c.company_id, CASE WHEN g % 29 = 0 THEN NULL ELSE c.consultant_id END,
             CASE WHEN g % 5 = 0 THEN NULL ELSE c.id END, 'Stelle', 'Firma', 'Beratung', 10,
             now() - make_interval(days => g), 'k' || g || '@example.at', now(), now()
      FROM generate_series(1, ${INTRODUCTIONS}) g
      JOIN chat_communications c ON c.id = 1 + g % (SELECT count(*) FROM chat_communications);
    `);
    before = await database.query(`SELECT id, consultant_id, company_id FROM introductions ORDER BY id`, []);
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then each introduction is the agency’s of its consultant, made to the company of its advertisement', async () => {
    const [row] = await database.query<{
      wrong_agency: number;
      wrong_company: number;
      wrong_member: number;
      no_agency: number;
      total: number;
    }>(
      `SELECT
         count(*) FILTER (WHERE i.consultant_id IS NOT NULL AND i.agency_organisation_id IS DISTINCT FROM
           (SELECT organisation_id FROM organisation_members WHERE user_id = i.consultant_id))::int AS wrong_agency,
         count(*) FILTER (WHERE i.company_organisation_id IS DISTINCT FROM j.organisation_id)::int AS wrong_company,
         count(*) FILTER (WHERE i.consultant_id IS NOT NULL AND i.introduced_by_member_id IS DISTINCT FROM
           (SELECT id FROM organisation_members WHERE user_id = i.consultant_id))::int AS wrong_member,
         count(*) FILTER (WHERE i.agency_organisation_id IS NULL AND i.conversation_id IS NOT NULL)::int AS no_agency,
         count(*)::int AS total
       FROM introductions i JOIN jobs j ON j.id = i.job_id`,
      [],
    );
    expect(row).toEqual({ wrong_agency: 0, wrong_company: 0, wrong_member: 0, no_agency: 0, total: before.length });
    expect(before.length).toBe(INTRODUCTIONS);
  });

  it('When it runs, then each person sees the same introductions through their organisation', async () => {
    const after = await database.query<{ id: number; user_id: number }>(
      `SELECT i.id, m.user_id
       FROM introductions i
       JOIN organisation_members m ON m.organisation_id IN (i.agency_organisation_id, i.company_organisation_id)
       ORDER BY i.id, m.user_id`,
      [],
    );
    // A deleted consultant's introduction made through a conversation stays with the agency (the
    // account's organisation of one), which is what the consultant saw before.
    const conversationAgency = await database.query<{ id: number; user_id: number }>(
      `SELECT i.id, c.consultant_id AS user_id FROM introductions i
       JOIN chat_communications c ON c.id = i.conversation_id
       WHERE i.consultant_id IS NULL ORDER BY i.id`,
      [],
    );
    const expected = [
      ...before.flatMap((i) => [
        ...(i.consultant_id === null ? [] : [{ id: i.id, user_id: i.consultant_id }]),
        ...(i.company_id === null ? [] : [{ id: i.id, user_id: i.company_id }]),
      ]),
      ...conversationAgency,
    ].sort((a, b) => a.id - b.id || a.user_id - b.user_id);
    expect(after).toEqual(expected);
  });
});
