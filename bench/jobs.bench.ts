/**
 * npm run bench:jobs [-- --rows 100000 --companies 1000 --introductions 50 --duration 20 --warmup 10 --connections 20
 *   --rates 1,10,50 --trust-every 2000 --compare-rounds 3 --compare-seconds 10 --cases <text> --only postgres|pglite
 *   --keep --out docs/file.md]
 *
 * The advertisement list at scale, measured from outside: seeds `rows` advertisements (4 %
 * deactivated, 1–3 bonus records each, all districts, `companies` companies — bench/seed-jobs.ts)
 * and `introductions` introductions per company whose figures the product's trust run computes and
 * copies onto the advertisements (issue 36, bench/seed-trust.ts) into a throw-away database, starts
 * the compiled server (`apps/server/dist/main.js`, what `npm start` runs) as its own process and
 * loads it with wrk, or autocannon where wrk is not installed (`connections` connections, `warmup` s
 * discarded, then `duration` s measured) per case, reading the server's CPU time per answer from
 * /proc. Beside each case, in the same run, its floor: the statements the route issues (caches warm,
 * and on a cache miss), through node-postgres at the same concurrency (no HTTP, auth or JSON). Then
 * each case again while companies write through the product's API at each of `rates` writes per
 * second (mixed mode, bench/writer.ts), and the browser's cases while one company's figure changes
 * every `trust-every` ms (bench/trust-writer.ts; PostgreSQL), and those three in turns, `compare-rounds`
 * rounds of `compare-seconds` (bench/jobs-compare.ts). Also: start → first 200, the server's
 * resident memory at idle and its peak under load (sampled from /proc), and the query plans at
 * `rows` rows. `cases`: only the cases whose name contains the text (with --out for a partial run).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the
 * embedded database (PGlite on disk, as `npm start` runs it) is reported separately.
 * Writes docs/benchmarks.md. Not a test: nothing here asserts timings.
 */
import { sessionToken } from '../apps/server/test/support/sessions';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import qs from 'qs';
import { seed } from './seed-jobs';
import { seedTrust } from './seed-trust';
import { startWriter, type WriteStats, type WritingCompany } from './writer';
import { startTrustWriter, type TrustWriteStats } from './trust-writer';
import {
  markdown,
  type CaseResult,
  type DriverResult,
  type FiguresResult,
  type Measured,
  type MixedResult,
} from './jobs-report';
import { cases, explain, statementsOf, type Case } from './jobs-cases';
import { compareInTurns } from './jobs-compare';
import { cacheOutcomes, difference, memoryBreakdown, startServer, type Server } from './jobs-server';
import { bareHttpFloor, cpuMsOf, floor, loadTest as load, LOAD_GENERATOR, memoryOf, WRK_VERSION } from './load';
import { ROOT } from './web/server';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/db/setup';
import { JwtService } from '../apps/server/src/lib/tokens';
// @ts-expect-error -- plain ES module without types (scripts/build.mjs)
import { buildServer, isStale, SERVER_ENTRY, serverSources } from '../scripts/build.mjs';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const ROWS = Number(arg('rows', '100000'));
const COMPANIES = Number(arg('companies', '1000'));
const INTRODUCTIONS = Number(arg('introductions', '50'));
const DURATION = Number(arg('duration', '20'));
const WARMUP = Number(arg('warmup', '10'));
const CONNECTIONS = Number(arg('connections', '20'));
const ONLY = arg('only', 'all');
const ONLY_CASES = arg('cases', '');
/** Write rates (per second) of the mixed mode, beside the run without writes. */
const RATES = arg('rates', '1,10,50')
  .split(',')
  .map(Number)
  .filter((r) => r > 0);
/** How often one company's figure changes while the browser's cases are read again (0: not measured). */
const TRUST_EVERY_MS = Number(arg('trust-every', '2000'));
/** Issue 36's comparison in turns: rounds, and seconds per case and round (0 rounds: not run). */
const COMPARE_ROUNDS = Number(arg('compare-rounds', '3'));
const COMPARE_SECONDS = Number(arg('compare-seconds', '10'));
/** Companies writing in the mixed mode (each its own session). */
const WRITERS = 50;
/** Keep the PostgreSQL database afterwards (for EXPLAIN by hand); its URL is printed. */
const KEEP = process.argv.includes('--keep');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOAD = { connections: CONNECTIONS, warmup: WARMUP };
const loadTest = (url: string, token: string | undefined, seconds: number) => load(LOAD, url, token, seconds);

/**
 * Reads `url` while `start`'s writers run: warm-up, then the measured seconds with the server's CPU
 * per answer and the list cache's outcomes over them; then the writers stop and report.
 */
async function readWhile(
  server: Server,
  url: string,
  token: string | undefined,
  start: () => () => Promise<{ writes?: WriteStats; trust?: TrustWriteStats }>,
): Promise<{ http: Measured; cache: Record<string, number>; writes?: WriteStats; trust?: TrustWriteStats }> {
  const stop = start();
  await loadTest(url, token, WARMUP);
  const before = await cacheOutcomes(server.port);
  const cpuAtStart = cpuMsOf(server.child.pid!);
  const http = await loadTest(url, token, DURATION);
  // Reads and writes together: what the server spent per answer while both ran.
  http.serverCpuUs = ((cpuMsOf(server.child.pid!) - cpuAtStart) * 1000) / Math.max(1, http.requests);
  const cache = difference(await cacheOutcomes(server.port), before);
  return { http, cache, ...(await stop()) };
}

async function measureCases(
  driver: DriverResult['driver'],
  server: Server,
  token: string,
  list: Case[],
  writers: WritingCompany[],
  floorOf: (c: Case) => Promise<{ warm: Measured; miss: Measured } | undefined>,
  trust: { databaseUrl: string; companies: number[] } | null,
): Promise<{ rows: CaseResult[]; peakMb: number }> {
  let peakMb = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, memoryOf(server.child.pid!).rss);
  }, 100);
  const rows: CaseResult[] = [];
  const base = `http://127.0.0.1:${server.port}`;
  try {
    for (const c of list) {
      const url = `${base}/api/jobs?${qs.stringify(c.query, { encodeValuesOnly: true })}`;
      const probe = await fetch(url, c.visitor ? {} : { headers: { authorization: `Bearer ${token}` } });
      const body = (await probe.json()) as { data: unknown[]; meta: { pagination: { total?: number } } };
      if (probe.status !== 200) throw new Error(`${c.name}: HTTP ${probe.status}`);
      await loadTest(url, c.visitor ? undefined : token, WARMUP);
      const cpuBefore = cpuMsOf(server.child.pid!);
      const http = await loadTest(url, c.visitor ? undefined : token, DURATION);
      // The window also holds wrk's start and end (a few ms, the server idle then).
      http.serverCpuUs = ((cpuMsOf(server.child.pid!) - cpuBefore) * 1000) / Math.max(1, http.requests);
      const direct = await floorOf(c);
      console.log(
        `[${driver}] ${c.name}: ${body.data.length} items, total ${body.meta.pagination.total ?? '–'}; ` +
          `http ${http.rps.toFixed(0)} req/s p50 ${http.p50.toFixed(1)} p99 ${http.p99.toFixed(1)} ms, server CPU ${http.serverCpuUs.toFixed(0)} µs/answer` +
          (direct
            ? `; floor ${direct.warm.rps.toFixed(0)} q/s p50 ${direct.warm.p50.toFixed(1)} p99 ${direct.warm.p99.toFixed(1)} ms` +
              `; cache-miss floor ${direct.miss.rps.toFixed(0)} q/s`
            : ''),
      );
      const mixed: MixedResult[] = [];
      for (const rate of RATES) {
        const result = await readWhile(server, url, c.visitor ? undefined : token, () => {
          const writer = startWriter(base, writers, rate);
          return async () => ({ writes: await writer.stop() });
        });
        const { http: reads, writes, cache } = result;
        mixed.push({ http: reads, writes: writes!, cache });
        console.log(
          `[${driver}] ${c.name} at ${rate} writes/s: ${reads.rps.toFixed(0)} req/s p50 ${reads.p50.toFixed(1)} p99 ${reads.p99.toFixed(1)} ms, ${reads.non2xx} errors, server CPU ${reads.serverCpuUs!.toFixed(0)} µs/answer; ` +
            `writes ${writes!.achieved.toFixed(1)}/s p99 ${writes!.p99.toFixed(0)} ms, ${writes!.failed} failed, ${writes!.skipped} skipped; cache ${JSON.stringify(cache)}` +
            (writes!.failures.length > 0 ? `\n  ${writes!.failures.join('\n  ')}` : ''),
        );
      }
      // Issue 36: the browser's cases while the trust run moves one company's advertisements every few seconds.
      const figures: FiguresResult[] = [];
      for (const rate of c.browser && trust ? [0, 10] : []) {
        const result = await readWhile(server, url, token, () => {
          const figuresWriter = startTrustWriter(trust!.databaseUrl, trust!.companies, TRUST_EVERY_MS);
          const writer = rate > 0 ? startWriter(base, writers, rate) : null;
          return async () => ({
            trust: await figuresWriter.stop(),
            ...(writer ? { writes: await writer.stop() } : {}),
          });
        });
        figures.push({ rate, http: result.http, trust: result.trust!, writes: result.writes, cache: result.cache });
        console.log(
          `[${driver}] ${c.name} while a figure changes every ${TRUST_EVERY_MS} ms${rate > 0 ? ` and ${rate} writes/s` : ''}: ` +
            `${result.http.rps.toFixed(0)} req/s p50 ${result.http.p50.toFixed(1)} p99 ${result.http.p99.toFixed(1)} ms, ${result.http.non2xx} errors; ` +
            `figures ${JSON.stringify(result.trust)}; cache ${JSON.stringify(result.cache)}`,
        );
      }
      rows.push({
        name: c.name,
        http,
        mixed,
        floor: direct?.warm,
        missFloor: direct?.miss,
        ...(figures.length > 0 ? { figures } : {}),
        items: body.data.length,
        total: body.meta.pagination.total,
      });
    }
  } finally {
    clearInterval(sampler);
  }
  return { rows, peakMb };
}

/** The companies that write in the mixed mode: sessions and published advertisements of the first WRITERS. */
async function writingCompanies(database: Database, jwt: JwtService): Promise<WritingCompany[]> {
  const owners = await database.query<{ owner_id: number; ids: number[]; district_id: number }>(
    `SELECT owner_id, (array_agg(id ORDER BY id))[1:500] AS ids, min(district_id) AS district_id
     FROM jobs WHERE published_at IS NOT NULL
       AND owner_id IN (SELECT id FROM users WHERE role = 'company' ORDER BY id LIMIT ${WRITERS})
     GROUP BY owner_id`,
  );
  return Promise.all(
    owners.map(async (o) => ({
      token: await sessionToken(database, jwt, o.owner_id),
      advertisements: o.ids.map(Number),
      districtId: Number(o.district_id),
    })),
  );
}

async function runDriver(driver: DriverResult['driver']): Promise<DriverResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pb-bench-${driver}-`));
  const jwtSecret = randomBytes(32).toString('hex');
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
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
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // The embedded database where the server will look for it (DATA_DIR/pglite).
  let database: Database | undefined = await openDatabase({ databaseUrl, dataDir });
  try {
    await prepareDatabase(database);
    const seedStart = performance.now();
    await seed(database, ROWS, COMPANIES);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`[${driver}] seeded ${ROWS} advertisements of ${COMPANIES} companies in ${seedSeconds.toFixed(1)} s`);
    const trustStart = performance.now();
    const trustSeed = await seedTrust(database, INTRODUCTIONS);
    const trustSeedSeconds = (performance.now() - trustStart) / 1000;
    console.log(
      `[${driver}] introductions and figures in ${trustSeedSeconds.toFixed(1)} s: ${JSON.stringify(trustSeed)}`,
    );
    const figureCompanies = (
      await database.query<{ id: number }>(`SELECT id FROM organisations WHERE kind = 'company' ORDER BY id`)
    ).map((r) => Number(r.id));
    const [consultant] = await database.query<{ id: number }>(`SELECT id FROM users WHERE role = 'consultant' LIMIT 1`);
    const jwt = new JwtService(jwtSecret, '2h');
    const token = await sessionToken(database, jwt, consultant!.id);
    const writers = await writingCompanies(database, jwt);
    const districtIds = (
      await database.query<{ id: number }>(
        `SELECT id FROM districts WHERE name IN ('Graz', 'Linz', 'Salzburg') ORDER BY id`,
      )
    ).map((r) => r.id);
    const list = cases(districtIds, ONLY_CASES);
    // The plans now; each floor's statements just before it runs (the changes since the newest version then).
    const statements = new Map<Case, Awaited<ReturnType<typeof statementsOf>>>();
    for (const c of list) statements.set(c, await statementsOf(database, c));
    const plans =
      driver === 'postgres'
        ? await Promise.all(
            list.map(async (c) => ({
              name: c.name,
              plan: await explain(database!, statements.get(c)!.first.slice(1)),
            })),
          )
        : [];
    // PGlite is one process's at a time: the server opens it, so the floor there is not measured.
    if (driver === 'pglite') {
      await database.close();
      database = undefined;
    }
    const env: Record<string, string> = {
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // The built web app is not what is measured here; an empty folder keeps static serving out.
      WEB_DIST_DIR: path.join(dataDir, 'web'),
    };
    mkdirSync(env.WEB_DIST_DIR!, { recursive: true });
    const first = await startServer(env);
    await first.stop();
    const server = await startServer(env);
    try {
      await new Promise((r) => setTimeout(r, 2000));
      const idleMb = memoryOf(server.child.pid!).rss;
      const idleBreakdown = await memoryBreakdown(server.port);
      const { rows, peakMb } = await measureCases(
        driver,
        server,
        token,
        list,
        writers,
        async (c) =>
          databaseUrl
            ? await statementsOf(database!, c).then(async (now) => ({
                warm: await floor(LOAD, databaseUrl, now.warm, DURATION),
                miss: await floor(LOAD, databaseUrl, now.miss, DURATION),
              }))
            : undefined,
        databaseUrl && TRUST_EVERY_MS > 0 ? { databaseUrl, companies: figureCompanies } : null,
      );
      // Issue 36: the browser's three cases again, in turns (bench/jobs-compare.ts).
      const browser = list.filter((c) => c.browser);
      const comparison =
        browser.length > 1 && COMPARE_ROUNDS > 0
          ? await compareInTurns(browser, {
              base: `http://127.0.0.1:${server.port}`,
              token,
              rounds: COMPARE_ROUNDS,
              seconds: COMPARE_SECONDS,
              load: loadTest,
              writers,
              trust:
                databaseUrl && TRUST_EVERY_MS > 0
                  ? { databaseUrl, companies: figureCompanies, everyMs: TRUST_EVERY_MS }
                  : null,
            })
          : [];
      const hwmMb = memoryOf(server.child.pid!).hwm;
      return {
        driver,
        seedSeconds,
        trustSeed: { ...trustSeed, seconds: trustSeedSeconds },
        startMs: first.startMs,
        warmStartMs: server.startMs,
        idleMb,
        peakMb,
        hwmMb,
        idleBreakdown,
        rows,
        comparison,
        plans,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database?.close();
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  if (isStale(SERVER_ENTRY, serverSources)) console.log(`server compiled (${await buildServer()} ms)`);
  const drivers = (['postgres', 'pglite'] as const).filter((d) => ONLY === 'all' || ONLY === d);
  const results: DriverResult[] = [];
  for (const driver of drivers) results.push(await runDriver(driver));
  const landingBytes = results[0]?.rows[0]?.http.bytes ?? 2000;
  const bare = await bareHttpFloor(LOAD, landingBytes, DURATION);
  console.log(`bare node:http ${bare.rps.toFixed(0)} req/s p50 ${bare.p50.toFixed(1)} p99 ${bare.p99.toFixed(1)} ms`);
  // The default size is docs/benchmarks.md; other sizes beside it (docs/benchmarks-1m.md for 1,000,000).
  const size = ROWS === 100_000 ? '' : ROWS % 1_000_000 === 0 ? `-${ROWS / 1_000_000}m` : `-${ROWS}`;
  // --out: a partial run (one driver, some rates) beside the full one instead of replacing it.
  const file = path.resolve(ROOT, arg('out', path.join('docs', `benchmarks${size}.md`)));
  const text = markdown(results, {
    rows: ROWS,
    companies: COMPANIES,
    introductions: INTRODUCTIONS,
    trustEveryMs: TRUST_EVERY_MS,
    loadAtEnd: os.loadavg(),
    connections: CONNECTIONS,
    warmup: WARMUP,
    duration: DURATION,
    rates: RATES,
    loadGenerator: LOAD_GENERATOR,
    wrk: WRK_VERSION !== null,
    loadAtStart,
    bare,
  });
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
