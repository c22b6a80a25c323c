import type { Database } from '../apps/server/src/db/client';
import { backfillSalaryRanges } from '../apps/server/src/modules/alerts/salary-backfill';

/**
 * The benchmarks' marketplace: 500 companies, one consultant (each an organisation of one) and `rows` advertisements (4 %
 * deactivated, 1–3 bonus records each, all districts), generated inside the database in one
 * statement each. Shared by bench:jobs and bench:alerts.
 */

/** Realistic-looking rows, generated inside the database in one statement each. */
export async function seed(database: Database, rows: number): Promise<void> {
  await database.execScript(`
    INSERT INTO users (username, email, password_hash, role, confirmed)
    SELECT 'Bench Firma ' || g, 'bench-firma-' || g || '@example.test', 'x', 'company', true
    FROM generate_series(1, 500) g;
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
  await database.execScript(`
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
         JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'company') AS members
    )
    INSERT INTO jobs (owner_id, organisation_id, created_by_member_id, updated_by_member_id, job_title, working_time, assignment, requirements, benefits, job_info,
                      street, postcode, city, salary, district_id, published_at, created_at, updated_at)
    SELECT owners[1 + g % 500], companies[1 + g % 500], members[1 + g % 500], members[1 + g % 500],
           CASE WHEN g % 100 = 1 THEN 'Zollsachbearbeiter/in' ELSE titles[1 + (g * 7) % 30] END,
           CASE WHEN g % 5 = 0 THEN 'Teilzeit' ELSE 'Vollzeit' END,
           jsonb_build_array(tasks[1 + g % 10], tasks[1 + (g / 10) % 10]),
           jsonb_build_array(reqs[1 + g % 8], reqs[1 + (g / 8) % 8]),
           jsonb_build_array(bens[1 + g % 8], bens[1 + (g / 3) % 8]),
           jsonb_build_array('Eintritt ab sofort'),
           'Hauptstraße ' || (1 + g % 250), (1010 + g % 8900)::text, cities[1 + g % 12],
           (28 + g % 40) || '.000' || CASE WHEN g % 3 = 0 THEN ' – ' || (34 + g % 40) || '.000' ELSE '' END,
           dists[1 + (g * 13) % array_length(dists, 1)],
           CASE WHEN g % 25 = 0 THEN NULL ELSE now() - make_interval(mins => g) END,
           now() - make_interval(mins => g), now() - make_interval(mins => g)
    FROM t, generate_series(1, ${rows}) g;
  `);
  await database.execScript(`
    INSERT INTO placement_bonuses (job_id, bonus, created_at)
    SELECT id, 10 + id % 10, created_at FROM jobs;
    INSERT INTO placement_bonuses (job_id, bonus, created_at)
    SELECT id, 12 + id % 10, created_at + interval '1 day' FROM jobs WHERE id % 2 = 0;
    INSERT INTO placement_bonuses (job_id, bonus, created_at)
    SELECT id, 15 + id % 10, created_at + interval '2 days' FROM jobs WHERE id % 3 = 0;
  `);
  // Parsed salary ranges as every write keeps them (else the server's start-up backfill rewrites
  // every row while it is being measured).
  await backfillSalaryRanges(database.db, 5000);
  // The seed is history, not news: no alert events for the rows above (issue 13's triggers).
  await database.execScript('TRUNCATE alert_events');
  // What autovacuum does on a live system: statistics and the visibility map (index-only counts).
  await database.execScript('VACUUM (ANALYZE)');
}
