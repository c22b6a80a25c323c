/**
 * npm run bench:alerts [-- --rows 100000 --searches 10000 --publish 50]
 *
 * Issue 13's target: with 100,000 advertisements and 10,000 saved searches, a new advertisement
 * is matched in under a second. Seeds a throw-away PostgreSQL database (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres) with the advertisements of bench:jobs and
 * 10,000 saved searches of every filter kind (owned by 2,000 consultants), then publishes new
 * advertisements one by one through the real command and times what the alert worker does with
 * each: the one matching statement over all searches, and the whole event (matching, the
 * high-water rows, notifications with their settings) in its transaction. Also on PGlite
 * (--only pglite|postgres). Prints a table; nothing here asserts timings.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/db/setup';
import { processAlertEvents } from '../apps/server/src/modules/alerts/events';
import { backfillSalaryRanges } from '../apps/server/src/modules/alerts/salary-backfill';
import { matchingSearchesSql } from '../apps/server/src/modules/alerts/saved-searches';
import { publishJob } from '../apps/server/src/modules/jobs/service';
import { seed } from './seed-jobs';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const ROWS = Number(arg('rows', '100000'));
const SEARCHES = Number(arg('searches', '10000'));
const PUBLISH = Number(arg('publish', '50'));
const ONLY = arg('only', 'all');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * 10,000 searches: each names a text, districts or a state (a search without any would match
 * everything), some also a minimum bonus in % or €, or part-time.
 */
async function seedSearches(database: Database, searches: number): Promise<void> {
  await database.execScript(`
    INSERT INTO users (username, email, password_hash, role, confirmed)
    SELECT 'Bench Berater ' || g, 'bench-berater-' || g || '@example.test', 'x', 'consultant', true
    FROM generate_series(1, 2000) g;
    WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'bench-berater-%'),
         d AS (SELECT array_agg(id ORDER BY id) AS ids FROM districts),
         s AS (SELECT ARRAY['Burgenland','Kärnten','Niederösterreich','Oberösterreich','Salzburg','Steiermark','Tirol',
                            'Vorarlberg','Wien'] AS names),
         w AS (SELECT ARRAY['techniker','buchhalter','koch','pflege','lager','vertrieb','projekt','controller','elektro',
                            'filial','marketing','data','kellner','bau','einkauf','sachbearbeiter'] AS words)
    INSERT INTO saved_searches (user_id, name, filters, q_pattern, district_ids, states, min_bonus, min_bonus_cents,
                                working_time, frequency)
    SELECT c.ids[1 + g % 2000], 'Suche ' || g, '{}'::jsonb,
           CASE WHEN g % 4 IN (0, 3) THEN '%' || w.words[1 + g % 16] || '%' END,
           CASE WHEN g % 4 = 1 THEN ARRAY[d.ids[1 + g % array_length(d.ids, 1)], d.ids[1 + (g * 7) % array_length(d.ids, 1)]] END,
           CASE WHEN g % 4 IN (2, 3) THEN ARRAY[s.names[1 + g % 9]] END,
           CASE WHEN g % 6 = 3 THEN 10 + g % 15 END,
           CASE WHEN g % 7 = 4 THEN (3000 + (g % 10) * 1000) * 100 END,
           CASE WHEN g % 8 = 5 THEN 'Teilzeit' END,
           CASE WHEN g % 2 = 0 THEN 'sofort' ELSE 'taeglich' END
    FROM c, d, s, w, generate_series(1, ${searches}) g;
  `);
  await database.execScript('VACUUM (ANALYZE)');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, database: Database): Promise<string> {
  const t0 = performance.now();
  await seed(database, ROWS);
  await seedSearches(database, SEARCHES);
  const parsed = await backfillSalaryRanges(database.db);
  const seeded = (performance.now() - t0) / 1000;
  const [owner] = await database.query<{ id: number; organisation_id: number; member_id: number }>(
    `SELECT m.user_id AS id, m.organisation_id, m.id AS member_id FROM organisation_members m
     JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'company' ORDER BY m.id LIMIT 1`,
  );
  const districts = await database.query<{ id: number }>('SELECT id FROM districts ORDER BY id');
  const company = {
    organisationId: owner!.organisation_id,
    contactId: owner!.id,
    memberId: owner!.member_id,
    userId: owner!.id,
  };
  const matchMs: number[] = [];
  const eventMs: number[] = [];
  let matched = 0;
  const titles = ['Elektrotechniker/in', 'Buchhalter/in', 'Koch/Köchin', 'Pflegeassistenz', 'Data Engineer'];
  for (let i = 0; i < PUBLISH; i += 1) {
    const jobId = await publishJob(
      database.db,
      company,
      {
        jobTitle: titles[i % titles.length]!,
        workingTime: i % 3 === 0 ? 'Teilzeit' : 'Vollzeit',
        assignment: ['Aufgaben'],
        requirements: ['Ausbildung'],
        benefits: ['Gleitzeit'],
        jobInfo: ['Ab sofort'],
        location: { street: 'Hauptstraße 1', postcode: '1010', city: 'Wien' },
        salary: `${40 + (i % 30)}.000 – ${50 + (i % 30)}.000`,
        district: districts[(i * 11) % districts.length]!.id,
        placementBonus: 10 + (i % 20),
      },
      new Date(),
    );
    const m0 = performance.now();
    const rows = await database.db.execute(matchingSearchesSql(jobId));
    matchMs.push(performance.now() - m0);
    matched += (rows as unknown as { rows: unknown[] }).rows.length;
    const e0 = performance.now();
    await processAlertEvents(database.db, new Date());
    eventMs.push(performance.now() - e0);
  }
  matchMs.sort((a, b) => a - b);
  eventMs.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return `| ${label} | ${ROWS.toLocaleString('en')} | ${SEARCHES.toLocaleString('en')} | ${PUBLISH} | ${f(percentile(matchMs, 50))} / ${f(percentile(matchMs, 99))} / ${f(matchMs[matchMs.length - 1]!)} | ${f(percentile(eventMs, 50))} / ${f(percentile(eventMs, 99))} / ${f(eventMs[eventMs.length - 1]!)} | ${(matched / PUBLISH).toFixed(0)} | ${seeded.toFixed(0)} s (${parsed.toLocaleString('en')} salaries parsed) |`;
}

async function onPostgres(): Promise<string> {
  const name = `pb_bench_alerts_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-alerts-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  try {
    await prepareDatabase(database);
    return await measure('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-alerts-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await prepareDatabase(database);
    return await measure('PGlite (embedded)', database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines = [
  '| database | advertisements | saved searches | published | matching statement ms p50 / p99 / max | whole event ms p50 / p99 / max | searches matched per ad | seeding |',
  '|---|---:|---:|---:|---:|---:|---:|---|',
];
if (ONLY !== 'pglite') lines.push(await onPostgres());
if (ONLY !== 'postgres') lines.push(await onPglite());
console.log(lines.join('\n'));
