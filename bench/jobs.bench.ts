/**
 * npm run bench:jobs [-- --rows 100000 --duration 10 --connections 10 --only postgres|pglite]
 *
 * Seeds 100,000 advertisements into a throw-away database, starts the real app on a
 * loopback port and measures GET /api/jobs with autocannon (p50/p99 latency, req/s)
 * for the landing query, text searches over the six fields and a district filter —
 * on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and on PGlite (on disk, as `npm start` runs it). The floor is the same statements run
 * directly through the database driver, one after the other, without HTTP.
 * Writes the table to docs/benchmarks.md. Not a test: nothing here asserts timings.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import qs from 'qs';
import { SEARCH_FIELDS } from '@pb/core';
import { seed } from './seed-jobs';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/db/setup';
import { LocalFileStorage } from '../apps/server/src/lib/storage-disk';
import {
  jobListStatements,
  parseJobListQuery,
  selectJobs,
  visibleTo,
} from '../apps/server/src/modules/jobs/repository';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const ROWS = Number(arg('rows', '100000'));
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '10'));
const ONLY = arg('only', 'all');
/** Keep the PostgreSQL database afterwards (for EXPLAIN by hand); its URL is printed. */
const KEEP = process.argv.includes('--keep');
const LOAD_AT_START = os.loadavg();
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The browser's text search: one parameter, q (decision 0017). */
const textQuery = (term: string) => ({
  sort: 'createdAt:desc',
  pagination: { start: 0, limit: 200, withCount: true },
  populate: '*',
  q: term,
});
/** The same search in the older six-field form, answered field by field (for comparison). */
const orTextQuery = (term: string) => ({
  sort: 'createdAt:desc',
  pagination: { start: 0, limit: 200, withCount: true },
  populate: '*',
  filters: { $or: SEARCH_FIELDS.map((f) => ({ [f]: { $containsi: term } })) },
});

interface Case {
  name: string;
  query: Record<string, unknown>;
  visitor: boolean;
}

function cases(districtIds: number[]): Case[] {
  return [
    {
      name: 'Landing (visitor, 20 newest)',
      visitor: true,
      query: { sort: 'createdAt:desc', pagination: { limit: 20 }, populate: '*' },
    },
    {
      name: 'Browser default (200 newest + total)',
      visitor: false,
      query: { sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true }, populate: '*' },
    },
    { name: 'Text search "techniker" (~7 % match)', visitor: false, query: textQuery('techniker') },
    { name: 'Text search "zollsach" (~1 % match)', visitor: false, query: textQuery('zollsach') },
    {
      name: 'District filter (2 districts)',
      visitor: false,
      query: {
        sort: 'createdAt:desc',
        pagination: { start: 0, limit: 200, withCount: true },
        populate: '*',
        filters: { $or: districtIds.slice(0, 2).map((id) => ({ district: { id: { $eq: id } } })) },
      },
    },
    { name: 'Text search "zollsach", six-field $or', visitor: false, query: orTextQuery('zollsach') },
  ];
}

interface Measured {
  p50: number;
  p99: number;
  rps: number;
  total: number;
  non2xx: number;
}

async function loadTest(url: string, token: string | undefined): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** The same statements the route runs, straight through the driver, sequentially for DURATION seconds. */
async function floor(database: Database, c: Case): Promise<Measured> {
  const q = parseJobListQuery(c.visitor ? {} : c.query, visibleTo());
  const options = c.visitor ? { ...q, start: 0, limit: 20, withCount: false } : q;
  const latencies: number[] = [];
  const end = performance.now() + DURATION * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    await selectJobs(database.db, options);
    latencies.push(performance.now() - t);
  }
  latencies.sort((x, y) => x - y);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / DURATION, total: latencies.length, non2xx: 0 };
}

async function explain(database: Database, c: Case): Promise<string> {
  const statements = jobListStatements(database.db, parseJobListQuery(c.query, visibleTo()));
  const out: string[] = [];
  for (const [label, stmt] of [
    ['rows', statements.rows],
    ['count', statements.count],
  ] as const) {
    const { sql, params } = stmt.toSQL();
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${sql}`,
      params,
    );
    out.push(`-- ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  return out.join('\n');
}

interface DriverResult {
  driver: string;
  seedSeconds: number;
  rows: Array<{ name: string; http: Measured; floor: Measured }>;
  plan: string;
}

async function runDriver(driver: 'postgres' | 'pglite'): Promise<DriverResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pb-bench-${driver}-`));
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (driver === 'postgres') {
    const name = `pb_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    if (KEEP) console.log(`[postgres] database kept: ${databaseUrl}`);
    dropDb = async () => {
      if (KEEP) return;
      // pg-pool's end() resolves before its sockets are closed: let them go before the forced drop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await prepareDatabase(database);
    const seedStart = performance.now();
    await seed(database, ROWS);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`[${driver}] seeded ${ROWS} advertisements in ${seedSeconds.toFixed(1)} s`);

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
    });
    const app = await buildApp({ config, database, storage: new LocalFileStorage(config.uploadDir) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const [consultant] = await database.query<{ id: number }>(`SELECT id FROM users WHERE role = 'consultant' LIMIT 1`);
    const token = await app.jwt.sign(consultant!.id, 0);
    const districtIds = (
      await database.query<{ id: number }>(`SELECT id FROM districts WHERE name IN ('Graz', 'Linz') ORDER BY id`)
    ).map((r) => r.id);

    const rows: DriverResult['rows'] = [];
    try {
      for (const c of cases(districtIds)) {
        const url = `http://127.0.0.1:${port}/api/jobs?${qs.stringify(c.query, { encodeValuesOnly: true })}`;
        const probe = await fetch(url, c.visitor ? {} : { headers: { authorization: `Bearer ${token}` } });
        const body = (await probe.json()) as { data: unknown[]; meta: { pagination: { total: number } } };
        console.log(
          `[${driver}] ${c.name}: HTTP ${probe.status}, ${body.data.length} items, total ${body.meta.pagination.total}`,
        );
        const http = await loadTest(url, c.visitor ? undefined : token);
        const direct = await floor(database, c);
        console.log(
          `[${driver}]   http p50 ${http.p50} ms p99 ${http.p99} ms ${http.rps.toFixed(0)} req/s; sql p50 ${direct.p50.toFixed(1)} ms`,
        );
        rows.push({ name: c.name, http, floor: direct });
      }
    } finally {
      await app.close();
    }
    const plan = driver === 'postgres' ? await explain(database, cases(districtIds)[3]!) : '';
    return { driver, seedSeconds, rows, plan };
  } finally {
    await database.close();
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function markdown(results: DriverResult[]): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmarks',
    '',
    '## Advertisement list `GET /api/jobs` at 100,000 advertisements',
    '',
    `Machine: ${os.cpus().length} vCPU (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${new Date().toISOString().slice(0, 10)};`,
    `load average at the start ${LOAD_AT_START.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) — other processes share the machine, so treat the numbers as an order of magnitude.`,
    '',
    `Command: \`npm run bench:jobs\` (${ROWS.toLocaleString('en')} advertisements, 4 % deactivated, 1–3 bonus records each;`,
    `autocannon with ${CONNECTIONS} connections for ${DURATION} s per case against the real app on 127.0.0.1;`,
    'PostgreSQL on 127.0.0.1:5432 in a throw-away database, PGlite on disk in a temp directory).',
    '',
    '"SQL direct" is the floor: the same two statements (page + `count(*)`) run through the driver',
    'one after another without HTTP, JSON or auth. Text searches send `q` (decision 0017): contains,',
    'case-insensitively, over jobTitle, assignment, benefits, location, requirements and salary; the',
    'last case sends the same search as `$containsi` over the six fields combined with `$or`;',
    'list pages are 200 items as in the browser, the landing page 20 without the count.',
    '',
    '| Database | Case | HTTP p50 (ms) | HTTP p99 (ms) | HTTP req/s | SQL direct p50 (ms) | SQL direct p99 (ms) | SQL direct q/s (1 conn) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    for (const row of r.rows) {
      lines.push(
        `| ${r.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${row.name} | ${row.http.p50} | ${row.http.p99} | ${row.http.rps.toFixed(0)} | ${row.floor.p50.toFixed(1)} | ${row.floor.p99.toFixed(1)} | ${row.floor.rps.toFixed(0)} |`,
      );
    }
  }
  lines.push(
    '',
    'Errors or non-2xx answers during the runs: ' +
      results.flatMap((r) => r.rows).reduce((n, row) => n + row.http.non2xx, 0) +
      '.',
    '',
  );
  for (const r of results)
    lines.push(`Seeding ${ROWS.toLocaleString('en')} rows on ${r.driver}: ${r.seedSeconds.toFixed(1)} s.`);
  lines.push(
    '',
    '### Reading the numbers',
    '',
    '- The machine was shared with other work while measuring (see the load average above); absolute numbers',
    '  are pessimistic. Re-run the command on the target hardware.',
    '- autocannon keeps 10 requests in flight, which saturates 2 vCPU: HTTP p50 is mostly queueing. The',
    '  throughput figure is req/s; compare it with the single-connection "SQL direct" q/s.',
    '- The gap between HTTP and SQL on 200-item pages is per-request work in Node: the bearer-token check',
    '  (one indexed users lookup), row mapping, the response schema and ~110 kB of JSON. PGlite runs inside',
    "  the server's thread, so there database and HTTP work share one core.",
    '- `total` is exact: every list request runs one `count(*)` with the same WHERE (96,000 rows for the',
    '  unfiltered browser list, an index-only scan once autovacuum has run — the script VACUUMs after seeding).',
    '- History of the text search on the same machine (SQL direct p50, "techniker" / "zollsach"): six',
    '  per-field trigram indexes with six ILIKEs → PostgreSQL chose a sequential scan, ~1.5 s / ~2.0 s;',
    '  one combined column (migration 0011) → 471 / 104 ms; the lower-cased combined column searched with',
    '  `LIKE lower(pattern)` (0012) plus VACUUM → the table above. Load differed between runs, so only the',
    '  order of magnitude of each step is meaningful.',
  );
  const pgPlan = results.find((r) => r.plan)?.plan;
  if (pgPlan) {
    lines.push(
      '',
      '### Query plan of the rare-term text search on PostgreSQL',
      '',
      'The text search `q` is answered from one generated, lower-cased column (the fields and list entries',
      'joined with U+001F, which search text cannot contain) with one trigram GIN index (migrations 0010–0012):',
      '',
      '```',
      pgPlan,
      '```',
    );
  }
  return lines.join('\n') + '\n';
}

async function main(): Promise<void> {
  const drivers = (['postgres', 'pglite'] as const).filter((d) => ONLY === 'all' || ONLY === d);
  const results: DriverResult[] = [];
  for (const driver of drivers) results.push(await runDriver(driver));
  const file = path.join(ROOT, 'docs', 'benchmarks.md');
  const text = markdown(results);
  writeFileSync(file, text);
  console.log(text);
  console.log(`written to ${path.relative(ROOT, file)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
