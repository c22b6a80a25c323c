import { addWorkingMinutes } from '@pb/core';
import type { Database } from '../apps/server/src/db/client';
import { runTrustFigures } from '../apps/server/src/modules/trust';

/**
 * Issue 36's history for bench:jobs: `perCompany` introductions to every company from the
 * benchmark's agency, each with the company's first reaction in the register, then the product's
 * own trust run (modules/trust) computes the figures and copies each company's median onto its
 * advertisements — what the browser's sort and filter read. Realistic only in what those read:
 * 70 % of the companies answer with a median spread log-uniformly over 30–6,000 office minutes
 * (per introduction 0.35–1.65 times it, 4 % never answered); the other 30 % had their introductions
 * 13–23 months ago, outside the 12-month window, so they have too little data (null, listed last).
 * Deterministic (a fixed seed), so two runs sort the same way.
 */

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Introduction {
  org: number;
  n: number;
  at: string;
  reaction: string | null;
}

const DAY_MS = 86_400_000;

export interface TrustSeedResult {
  introductions: number;
  /** Companies with a figure (enough data in the window) and the spread of their medians. */
  companiesWithFigure: number;
  companies: number;
  medianMinutes: { min: number; median: number; max: number };
  /** Published advertisements each filter keeps, and all published ones. */
  publishedWithin: Record<1 | 2 | 5, number>;
  published: number;
  withoutFigure: number;
  /** The trust run's time over this history (facts, reactions, figures, the copy onto advertisements). */
  trustRunSeconds: number;
  /** A second run 10 minutes later: nothing new (what the server's scheduled run costs then). */
  trustRerunSeconds: number;
}

export async function seedTrust(database: Database, perCompany: number, now = new Date()): Promise<TrustSeedResult> {
  const random = generator(36);
  const companies = (
    await database.query<{ id: number }>(`SELECT id FROM organisations WHERE kind = 'company' ORDER BY id`)
  ).map((r) => Number(r.id));
  const rows: Introduction[] = [];
  const latest = now.getTime() - 5 * 60_000;
  for (const org of companies) {
    const withData = random() >= 0.3;
    const median = Math.round(Math.exp(Math.log(30) + random() * (Math.log(6_000) - Math.log(30))));
    for (let n = 0; n < perCompany; n += 1) {
      const daysAgo = withData ? 15 + random() * 320 : 400 + random() * 300;
      const at = new Date(now.getTime() - daysAgo * DAY_MS);
      const answered = random() >= 0.04;
      const reaction = addWorkingMinutes(at, Math.round(median * (0.35 + 1.3 * random())));
      rows.push({
        org,
        n,
        at: at.toISOString(),
        reaction: answered && reaction.getTime() < latest ? reaction.toISOString() : null,
      });
    }
  }
  const CHUNK = 5_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    // The candidate agreed at once (identity released on introduction); the company's first reaction is
    // its move to 'In Prüfung', a register entry like the product writes (without the hash chain).
    await database.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r (org integer, n integer, at timestamptz, reaction timestamptz)
       ), agency AS (
         SELECT o.id AS org, m.id AS member, u.id AS consultant, u.username
           FROM organisations o JOIN organisation_members m ON m.organisation_id = o.id JOIN users u ON u.id = m.user_id
          WHERE o.kind = 'agency' ORDER BY o.id LIMIT 1
       ), company_jobs AS (
         SELECT j.organisation_id, array_agg(j.id ORDER BY j.id) AS ids FROM jobs j
          WHERE j.organisation_id IN (SELECT DISTINCT org FROM input) GROUP BY j.organisation_id
       ), inserted AS (
         INSERT INTO introductions (job_id, company_id, consultant_id, job_title, company_name, consultant_name, bonus,
                                    introduced_at, email, consent_at, consent_state, identity_released_at, status,
                                    status_changed_at, company_organisation_id, agency_organisation_id,
                                    introduced_by_member_id, created_at, updated_at)
         SELECT cj.ids[1 + input.n % array_length(cj.ids, 1)], o.created_by, agency.consultant, 'Benchmark-Stelle',
                o.name, agency.username, 15, input.at, 'kandidat-' || input.org || '-' || input.n || '@example.test',
                input.at, 'confirmed', input.at, CASE WHEN input.reaction IS NULL THEN 'neu' ELSE 'in_pruefung' END,
                coalesce(input.reaction, input.at), input.org, agency.org, agency.member, input.at,
                coalesce(input.reaction, input.at)
           FROM input JOIN organisations o ON o.id = input.org JOIN company_jobs cj ON cj.organisation_id = input.org
          CROSS JOIN agency
         RETURNING id, introduced_at, status_changed_at, status
       )
       INSERT INTO introduction_events (introduction_id, kind, content, prev_hash, hash, created_at)
       -- The register's hashes are not checked here: well-formed and unique.
       SELECT id, 'status', '{"status":"in_pruefung"}'::jsonb, md5('p' || id) || md5('q' || id),
              md5('h' || id) || md5('i' || id), status_changed_at
         FROM inserted WHERE status = 'in_pruefung'`,
      [chunk],
    );
  }
  const started = performance.now();
  await runTrustFigures(database.db, now);
  const trustRunSeconds = (performance.now() - started) / 1000;
  // What every later run costs (every 10 minutes in the server): nothing new, the unanswered looked at again.
  const again = performance.now();
  await runTrustFigures(database.db, new Date(now.getTime() + 10 * 60_000));
  const trustRerunSeconds = (performance.now() - again) / 1000;
  // History, not news (as bench/seed-jobs.ts): the run's copy onto ~70,000 advertisements is one
  // version whose change rows no cache needs (none exists yet) — left in, the after-a-write floor
  // would read all of them as "the last write".
  await database.execScript('DELETE FROM job_list_changes');
  await database.execScript('VACUUM (ANALYZE)');
  return { introductions: rows.length, ...(await spread(database)), trustRunSeconds, trustRerunSeconds };
}

async function spread(
  database: Database,
): Promise<Omit<TrustSeedResult, 'introductions' | 'trustRunSeconds' | 'trustRerunSeconds'>> {
  const [figures] = await database.query<Record<string, number | null>>(`
    SELECT count(*) FILTER (WHERE response_minutes IS NOT NULL)::int AS with_figure, count(*)::int AS companies,
           min(response_minutes)::int AS min, percentile_disc(0.5) WITHIN GROUP (ORDER BY response_minutes)::int AS median,
           max(response_minutes)::int AS max
      FROM organisations o LEFT JOIN organisation_trust t ON t.organisation_id = o.id WHERE o.kind = 'company'`);
  const [ads] = await database.query<Record<string, number>>(`
    SELECT count(*)::int AS published, count(*) FILTER (WHERE company_response_minutes IS NULL)::int AS without,
           count(*) FILTER (WHERE company_response_minutes <= 600)::int AS d1,
           count(*) FILTER (WHERE company_response_minutes <= 1200)::int AS d2,
           count(*) FILTER (WHERE company_response_minutes <= 3000)::int AS d5
      FROM jobs WHERE published_at IS NOT NULL`);
  return {
    companiesWithFigure: Number(figures!['with_figure']),
    companies: Number(figures!['companies']),
    medianMinutes: {
      min: Number(figures!['min'] ?? 0),
      median: Number(figures!['median'] ?? 0),
      max: Number(figures!['max'] ?? 0),
    },
    publishedWithin: { 1: Number(ads!['d1']), 2: Number(ads!['d2']), 5: Number(ads!['d5']) },
    published: Number(ads!['published']),
    withoutFigure: Number(ads!['without']),
  };
}
