import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { migrate } from './migrate';

/**
 * Migration 0038 (issue 31): every placement report is about the advertisement's company and the
 * placing agency — the named introduction's, the reporting consultant's, or the one whose consultant
 * a company's report names by e-mail; invoices stay untouched (immutable). Each person's money pages
 * hold the same placements through their organisation as before through their account. On PGlite
 * and PostgreSQL.
 */

describe('migration 0038: placements belong to organisations', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let before: Array<{ id: number; company_id: number | null; consultant: number | null }>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database, () => {}, { before: '0034_organisations.sql' });
    await database.execScript(`
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Firma ' || g, 'firma-' || g || '@example.test', 'x', 'company', true FROM generate_series(1, 8) g;
      INSERT INTO users (username, email, password_hash, role, confirmed)
      SELECT 'Beratung ' || g, 'beratung-' || g || '@example.test', 'x', 'consultant', true FROM generate_series(1, 12) g;
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'company')
      INSERT INTO jobs (owner_id, job_title, working_time, published_at)
      SELECT c.ids[1 + g % 8], 'Stelle ' || g, 'Vollzeit', now() FROM c, generate_series(1, 30) g;
      WITH k AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'consultant')
      INSERT INTO introductions (job_id, company_id, consultant_id, job_title, company_name, consultant_name, bonus,
                                 introduced_at, email, consent_at, status_changed_at)
      SELECT j.id, j.owner_id, k.ids[1 + g % 12], 'Stelle', 'Firma', 'Beratung', 10, now(),
             'k' || g || '@example.at', now(), now()
      FROM k, generate_series(1, 60) g JOIN jobs j ON j.id = 1 + g % 30;
      -- Consultants' reports, companies' reports naming an introduction, and companies' reports
      -- naming the placing consultant only by the recruiter e-mail.
      WITH k AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'consultant')
      INSERT INTO placement_reports (job_id, reporter_id, company_id, variant, recruiter, recruiter_mail, company_name,
                                     job_title, contact_person, placement_bonus, actual_salary, placement_fee,
                                     service_fee, introduction_id)
      SELECT j.id,
             CASE WHEN g % 3 = 0 THEN k.ids[1 + g % 12] ELSE j.owner_id END,
             j.owner_id,
             CASE WHEN g % 3 = 0 THEN 'consultant' ELSE 'company' END,
             'R', CASE WHEN g % 3 = 2 THEN 'Beratung-' || (1 + g % 12) || '@Example.test' ELSE 'r@example.test' END,
             'Firma', 'Stelle', 'x', 20, 60000, 12000, 1200,
             CASE WHEN g % 3 = 1 THEN (SELECT min(id) FROM introductions i WHERE i.job_id = j.id) END
      FROM k, generate_series(1, 90) g JOIN jobs j ON j.id = 1 + g % 30;
    `);
    // Whose placement each was before: the company account, and the consultant 'Meine Vermittlungen' counted.
    before = await database.query(
      `SELECT r.id, r.company_id,
         CASE WHEN r.variant = 'consultant' THEN r.reporter_id
              ELSE coalesce(i.consultant_id, (SELECT u.id FROM users u WHERE u.role = 'consultant'
                                              AND lower(u.email) = lower(r.recruiter_mail))) END AS consultant
       FROM placement_reports r LEFT JOIN introductions i ON i.id = r.introduction_id ORDER BY r.id`,
      [],
    );
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('When it runs, then each placement is the company’s of its advertisement and the placing consultant’s agency', async () => {
    const after = await database.query<{ id: number; company_member: number | null; agency_member: number | null }>(
      `SELECT r.id,
         (SELECT m.user_id FROM organisation_members m WHERE m.organisation_id = r.company_organisation_id) AS company_member,
         (SELECT m.user_id FROM organisation_members m WHERE m.organisation_id = r.agency_organisation_id) AS agency_member
       FROM placement_reports r ORDER BY r.id`,
      [],
    );
    expect(after).toEqual(before.map((b) => ({ id: b.id, company_member: b.company_id, agency_member: b.consultant })));
    expect(before.filter((b) => b.consultant !== null)).toHaveLength(90);
    const [unmatched] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM placement_reports r
       WHERE r.reported_by_member_id IS DISTINCT FROM
         (SELECT m.id FROM organisation_members m WHERE m.user_id = r.reporter_id)`,
      [],
    );
    expect(unmatched!.n).toBe(0);
  });
});
