import { parseAnnualSalary } from '@pb/core';
import type { Database } from '../apps/server/src/db/client';

/** The yearly payments of every seeded advertisement (the column's default). */
const YEARLY_PAYMENTS = 14;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The benchmarks' marketplace: `companies` companies (500 unless given; bench:jobs seeds 1,000 for
 * issue 36), one consultant (each an organisation of one) and `rows` advertisements (4 %
 * deactivated, 1–3 bonus records each, all districts, spread evenly over the companies), generated
 * inside the database in one statement each. Shared by bench:jobs and bench:alerts.
 */

/** Realistic-looking rows, generated inside the database in one statement each. */
export async function seed(database: Database, rows: number, companies = 500): Promise<void> {
  await database.execScript(`
    INSERT INTO users (username, email, password_hash, role, confirmed)
    SELECT 'Bench Firma ' || g, 'bench-firma-' || g || '@example.test', 'x', 'company', true
    FROM generate_series(1, ${companies}) g;
    INSERT INTO users (username, email, password_hash, role, confirmed)
    VALUES ('Bench Beraterin', 'bench-beraterin@example.test', 'x', 'consultant', true);
    -- Each account is an organisation of one with its person as administrator (as registration makes them).
    -- The description is the organisation's public profile (migration 0040).
    INSERT INTO organisations (kind, name, created_by, description, contact_email)
    SELECT CASE role WHEN 'company' THEN 'company' ELSE 'agency' END, username, id,
           CASE role WHEN 'company' THEN 'Benchmark-Unternehmen ' || substr(username, 13) END, email
    FROM users WHERE email LIKE 'bench-%@example.test' ORDER BY id;
    INSERT INTO organisation_members (organisation_id, user_id, role)
    SELECT o.id, o.created_by, 'administrator'
    FROM organisations o JOIN users u ON u.id = o.created_by WHERE u.email LIKE 'bench-%@example.test';
  `);
  // The advertisements in bulk (1,000,000 in minutes, not an hour): the jobs table's own indexes
  // are dropped and built again after the rows are in, and the row triggers are off (replica
  // mode) — so every derived column is written here as the triggers and writes would:
  // active_bonus is the newest bonus record's, the salary range is what the product's parser
  // makes of each salary text (computed once per distinct text below).
  const indexes = await database.query<{ name: string; definition: string }>(`
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'jobs'::regclass
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`);
  // Spread over the last 150 days, whatever their number: the product deactivates an advertisement
  // published more than 6 months ago (retention), so older ones would not be on the market.
  const secondsApart = (150 * 86_400) / rows;
  const salaries: string[] = [];
  for (let g = 0; g < 120; g += 1) {
    salaries.push(`${28 + (g % 40)}.000${g % 3 === 0 ? ` – ${34 + (g % 40)}.000` : ''}`);
  }
  const ranges = [...new Set(salaries)].map((text) => {
    const range = parseAnnualSalary(text, YEARLY_PAYMENTS);
    return `(${literal(text)}, ${range?.minCents ?? 'NULL'}::bigint, ${range?.maxCents ?? 'NULL'}::bigint)`;
  });
  await database.execScript(`
    BEGIN;
    SET LOCAL session_replication_role = replica;
    SET LOCAL maintenance_work_mem = '512MB';
    ${indexes.map((index) => `DROP INDEX ${quoteIdent(index.name)};`).join('\n')}
    CREATE TEMP TABLE seed_salary (salary text PRIMARY KEY, min_cents bigint, max_cents bigint) ON COMMIT DROP;
    INSERT INTO seed_salary VALUES ${ranges.join(', ')};
    WITH t AS (
      SELECT ARRAY['Buchhalter/in','Softwareentwickler/in','Koch/Köchin','Rezeptionist/in','Lagerleiter/in','Disponent/in',
        'Servicetechniker/in','Elektrotechniker/in','Pflegeassistenz','DGKP','Vertriebsmitarbeiter/in','Projektleiter/in',
        'Controller/in','Personalverrechner/in','Schlosser/in','Mechatroniker/in','Verkäufer/in','Filialleiter/in',
        'Marketing Manager','Key Account Manager','Data Engineer','UX Designer','Sachbearbeiter/in','Office Manager',
        'Kellner/in','Hausdame','Berufskraftfahrer/in','Staplerfahrer/in','Bautechniker/in','Einkäufer/in'] AS titles,
      ARRAY['Betreuung von Kunden','Erstellung von Angeboten','Planung und Steuerung von Projekten','Führung eines kleinen Teams',
        'Laufende Buchhaltung','Wartung von Anlagen','Kommissionierung','Dokumentation und Berichte','Zubereitung von Speisen',
        'Tourenplanung'] AS tasks,
      ARRAY['Abgeschlossene Ausbildung','Mehrjährige Berufserfahrung','Sehr gute Deutschkenntnisse','Führerschein B',
        'Teamfähigkeit','Englischkenntnisse','SAP-Kenntnisse','Reisebereitschaft'] AS reqs,
      ARRAY['Gleitzeit','Homeoffice','Firmenhandy','Essenszuschuss','Klimaticket','Weiterbildung','Firmenpension','Dienstwagen'] AS bens,
      ARRAY['Wien','Graz','Linz','Salzburg','Innsbruck','Klagenfurt','Villach','Wels','St. Pölten','Dornbirn','Steyr','Leoben'] AS cities,
      (SELECT array_agg(id ORDER BY id) FROM districts) AS dists,
      (SELECT array_agg(id ORDER BY id) FROM users WHERE role = 'company') AS owners,
      (SELECT array_agg(o.id ORDER BY o.created_by) FROM organisations o WHERE o.kind = 'company') AS companies,
      (SELECT array_agg(m.id ORDER BY m.user_id) FROM organisation_members m
         JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'company') AS members,
      (SELECT coalesce(max(id), 0) FROM jobs) AS base
    ),
    generated AS (
      SELECT g, base + g AS id, t.*,
             (28 + g % 40) || '.000' || CASE WHEN g % 3 = 0 THEN ' – ' || (34 + g % 40) || '.000' ELSE '' END AS salary
      FROM t, generate_series(1, ${rows}) g
    )
    INSERT INTO jobs (id, owner_id, organisation_id, created_by_member_id, updated_by_member_id, job_title, working_time,
                      assignment, requirements, benefits, job_info, street, postcode, city, salary, yearly_payments,
                      salary_min_cents, salary_max_cents, salary_parsed, active_bonus,
                      district_id, published_at, created_at, updated_at)
    SELECT id, owners[1 + g % ${companies}], companies[1 + g % ${companies}], members[1 + g % ${companies}],
           members[1 + g % ${companies}],
           CASE WHEN g % 100 = 1 THEN 'Zollsachbearbeiter/in' ELSE titles[1 + (g * 7) % 30] END,
           CASE WHEN g % 5 = 0 THEN 'Teilzeit' ELSE 'Vollzeit' END,
           jsonb_build_array(tasks[1 + g % 10], tasks[1 + (g / 10) % 10]),
           jsonb_build_array(reqs[1 + g % 8], reqs[1 + (g / 8) % 8]),
           jsonb_build_array(bens[1 + g % 8], bens[1 + (g / 3) % 8]),
           jsonb_build_array('Eintritt ab sofort'),
           'Hauptstraße ' || (1 + g % 250), (1010 + g % 8900)::text, cities[1 + g % 12],
           generated.salary, ${YEARLY_PAYMENTS}, s.min_cents, s.max_cents, true,
           -- The newest of the bonus records below.
           CASE WHEN id % 3 = 0 THEN 15 + id % 10 WHEN id % 2 = 0 THEN 12 + id % 10 ELSE 10 + id % 10 END,
           dists[1 + (g * 13) % array_length(dists, 1)],
           CASE WHEN g % 25 = 0 THEN NULL ELSE now() - make_interval(secs => g * ${secondsApart}) END,
           now() - make_interval(secs => g * ${secondsApart}), now() - make_interval(secs => g * ${secondsApart})
    FROM generated JOIN seed_salary s ON s.salary = generated.salary;
    SELECT setval(pg_get_serial_sequence('jobs', 'id'), (SELECT max(id) FROM jobs));
    INSERT INTO placement_bonuses (job_id, bonus, created_at)
    SELECT id, 10 + id % 10, created_at FROM jobs;
    INSERT INTO placement_bonuses (job_id, bonus, created_at)
    SELECT id, 12 + id % 10, created_at + interval '1 day' FROM jobs WHERE id % 2 = 0;
    INSERT INTO placement_bonuses (job_id, bonus, created_at)
    SELECT id, 15 + id % 10, created_at + interval '2 days' FROM jobs WHERE id % 3 = 0;
    ${indexes.map((index) => `${index.definition};`).join('\n')}
    -- The seed is history, not news: one new list version, no alert events (issue 13's triggers are off above).
    UPDATE list_versions SET version = version + 1 WHERE name = 'jobs';
    COMMIT;
  `);
  // What autovacuum does on a live system: statistics and the visibility map (index-only counts).
  await database.execScript('VACUUM (ANALYZE)');
}
