/**
 * npm run bench:jobs [-- --rows 100000 --duration 20 --warmup 10 --connections 20 --rates 1,10,50 --only postgres|pglite --keep --out docs/file.md]
 *
 * The advertisement list at scale, measured from outside: seeds `rows` advertisements (4 %
 * deactivated, 1–3 bonus records each, all districts, 500 companies — bench/seed-jobs.ts) into a
 * throw-away database, starts the compiled server (`apps/server/dist/main.js`, what `npm start`
 * runs) as its own process and loads it with wrk, or autocannon where wrk is not installed
 * (`connections` connections, `warmup` s discarded, then `duration` s measured) per case, reading
 * the server's CPU time per answer from /proc. Beside each case, in the same run, its floor: the
 * statements the route issues (caches warm, and on a cache miss), through node-postgres at the
 * same concurrency (no HTTP, auth or JSON). Then each case again while companies write through the product's
 * API at each of `rates` writes per second (mixed mode, bench/writer.ts). Also: start → first 200, the server's
 * resident memory at idle and its peak under load (sampled from /proc), and the query plans at `rows` rows.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the
 * embedded database (PGlite on disk, as `npm start` runs it) is reported separately.
 * Writes docs/benchmarks.md. Not a test: nothing here asserts timings.
 */
import { sessionToken } from '../apps/server/test/support/sessions';
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import qs from 'qs';
import { seed } from './seed-jobs';
import { startWriter, type WritingCompany } from './writer';
import { markdown, type CaseResult, type DriverResult, type Measured, type MixedResult } from './jobs-report';
import { freePort, untilReady } from './web/server';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/db/setup';
import { JwtService } from '../apps/server/src/lib/tokens';
import { eq } from 'drizzle-orm';
import { listVersions } from '../apps/server/src/db/schema';
import { changesAfter } from '../apps/server/src/modules/jobs/change-feed';
import { changedRowsStatement, idsStatement } from '../apps/server/src/modules/jobs/list-cache';
import { jobIdQuery, jobRowsByIds, parseJobListQuery, visibleTo } from '../apps/server/src/modules/jobs/repository';
import { dataVersionsQuery } from '../apps/server/src/services/data-versions';
import { TEST_INVOICE_ISSUER_ENV } from '../apps/server/test/support/ports';
// @ts-expect-error -- plain ES module without types (scripts/build.mjs)
import { buildServer, isStale, SERVER_ENTRY, serverSources } from '../scripts/build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const ROWS = Number(arg('rows', '100000'));
const DURATION = Number(arg('duration', '20'));
const WARMUP = Number(arg('warmup', '10'));
const CONNECTIONS = Number(arg('connections', '20'));
const ONLY = arg('only', 'all');
/** Write rates (per second) of the mixed mode, beside the run without writes. */
const RATES = arg('rates', '1,10,50')
  .split(',')
  .map(Number)
  .filter((r) => r > 0);
/** Companies writing in the mixed mode (each its own session). */
const WRITERS = 50;
/** Keep the PostgreSQL database afterwards (for EXPLAIN by hand); its URL is printed. */
const KEEP = process.argv.includes('--keep');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Query = Record<string, unknown>;
interface Case {
  name: string;
  query: Query;
  visitor: boolean;
  /** What the floor runs: the query the route parses (the visitor route's is fixed). */
  floorQuery: Query;
}

const page200 = { sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true }, populate: '*' };

function cases(districtIds: number[]): Case[] {
  const landing = { sort: 'createdAt:desc', pagination: { limit: 20 }, populate: '*' };
  const loggedIn = { sort: 'createdAt:desc', pagination: { start: 0, limit: 20, withCount: true }, populate: '*' };
  const count = { pagination: { start: 0, limit: 1, withCount: true } };
  const text = (term: string) => ({ ...page200, q: term });
  const districts = { ...page200, districts: districtIds.join(',') };
  return [
    {
      name: 'Landing (visitor, 20 newest)',
      visitor: true,
      query: landing,
      floorQuery: { ...landing, pagination: { limit: 20, withCount: false } },
    },
    { name: 'Landing logged in (20 newest + total)', visitor: false, query: loggedIn, floorQuery: loggedIn },
    {
      name: 'Text search "controller" (~3 % match)',
      visitor: false,
      query: text('controller'),
      floorQuery: text('controller'),
    },
    {
      name: 'Text search "zollsach" (~1 % match)',
      visitor: false,
      query: text('zollsach'),
      floorQuery: text('zollsach'),
    },
    { name: 'District filter (3 districts)', visitor: false, query: districts, floorQuery: districts },
    { name: 'Count (withCount, limit 1)', visitor: false, query: count, floorQuery: count },
  ];
}

/**
 * The load generator: wrk (Debian's package) when installed, else autocannon. Both share the
 * server's two vCPUs, and what they spend there is not the server's: autocannon parses every
 * answer in JavaScript, and under it the server answered a 10 KB page 4,611 times a second
 * against 13,925 under wrk, same server, same minute (README, Benchmarks).
 */
const WRK_VERSION = (() => {
  const run = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return run.error ? null : (/^wrk (\S+)/.exec(run.stdout)?.[1] ?? 'unknown');
})();
const LOAD_GENERATOR = WRK_VERSION ? `wrk ${WRK_VERSION} (one thread)` : 'autocannon (wrk is not installed)';

async function loadTest(url: string, token: string | undefined, seconds: number): Promise<Measured> {
  const headers: Record<string, string> = {
    'accept-encoding': 'br, gzip',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  return WRK_VERSION ? wrk(url, headers, seconds) : autocannonLoad(url, headers, seconds);
}

const execFileAsync = promisify(execFile);

async function wrk(url: string, headers: Record<string, string>, seconds: number): Promise<Measured> {
  const args = [
    '-t',
    '1',
    '-c',
    String(CONNECTIONS),
    '-d',
    `${seconds}s`,
    '-s',
    path.join(ROOT, 'bench', 'wrk-summary.lua'),
  ];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await execFileAsync('wrk', [...args, url], { encoding: 'utf8' });
  const summaryLine = stdout.split('\n').find((line) => line.startsWith('{"requests"'));
  if (!summaryLine) throw new Error(`wrk printed no summary:\n${stdout}`);
  const summary = JSON.parse(summaryLine) as {
    requests: number;
    durationUs: number;
    bytes: number;
    errors: number;
    status: number;
    timeouts: number;
    p50Us: number;
    p99Us: number;
  };
  return {
    p50: summary.p50Us / 1000,
    p99: summary.p99Us / 1000,
    rps: summary.requests / (summary.durationUs / 1e6),
    non2xx: summary.errors,
    refused: summary.status,
    timeouts: summary.timeouts,
    requests: summary.requests,
    bytes: summary.bytes / Math.max(1, summary.requests),
  };
}

async function autocannonLoad(url: string, headers: Record<string, string>, seconds: number): Promise<Measured> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The statements the route issues for a case (modules/jobs/list-cache.ts): with its caches warm
 * the data versions alone (the answer is kept per query and page); after a write that changed a
 * row on its page the changes, that row by primary key and the page's rows; the first time the
 * query is asked the ordered ids matching it (its total is their number) and the page's rows.
 */
async function statementsOf(
  database: Database,
  c: Case,
): Promise<{ warm: Statement[]; miss: Statement[]; first: Statement[] }> {
  const q = parseJobListQuery(c.floorQuery, visibleTo());
  const idQuery = jobIdQuery(q);
  // The request's data versions (services/data-versions): the list's and, for a signed-in caller, the
  // accounts' (the sign-in check then reads no account row: services/auth.ts).
  const version: Statement = dataVersionsQuery(database.db).toSQL();
  const idsQuery = idsStatement(database.db, idQuery);
  const ids = (await idsQuery).map((r) => r.id);
  const limit = c.visitor ? 20 : q.limit;
  const pageIds = ids.slice(q.start, q.start + limit);
  const rows = jobRowsByIds(database.db, pageIds, q.visibility).toSQL();
  // After a write to the page's first row: the changes since the kept version (one version), that
  // row examined by primary key, the page's rows (list-cache.ts).
  const [{ version: newest } = { version: 1 }] = await database.db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.name, 'jobs'));
  const changes = changesAfter(database.db, newest - 1).toSQL();
  const examine = changedRowsStatement(database.db, idQuery, pageIds.slice(0, 1)).toSQL();
  return { warm: [version], miss: [version, changes, examine, rows], first: [version, idsQuery.toSQL(), rows] };
}

/** A floor: statements through node-postgres, CONNECTIONS requests at a time (one request = all of them). */
async function floor(url: string, statements: Statement[], seconds: number): Promise<Measured> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const latencies: number[] = [];
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const t = performance.now();
      // One after the other, as the route issues them.
      for (const s of statements) await pool.query({ text: s.sql, values: s.params });
      if (record) latencies.push(performance.now() - t);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, () => run(performance.now() + WARMUP * 1000, false)));
    await Promise.all(Array.from({ length: CONNECTIONS }, () => run(performance.now() + seconds * 1000, true)));
  } finally {
    await pool.end();
  }
  latencies.sort((x, y) => x - y);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds, non2xx: 0, requests: latencies.length };
}

async function explain(database: Database, statements: Statement[]): Promise<string> {
  const out: string[] = [];
  for (const s of statements) {
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${s.sql}`,
      s.params,
    );
    out.push(plan.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return out.join('\n--\n');
}

/** Resident and peak resident memory of a process in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time a process has used so far (user + system, /proc/<pid>/stat fields 14 and 15), in ms. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2, in parentheses) may hold spaces or ')': count from after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

const METRICS_TOKEN = randomBytes(16).toString('hex');

/** Where the server's memory is, from its own /metrics (prom-client's process metrics), in MB. */
async function memoryBreakdown(port: number): Promise<{ heapUsed: number; heapTotal: number; external: number }> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const value = (name: string) => {
    const match = new RegExp(`^\\w*${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
    return Number(match?.[1] ?? 0) / 2 ** 20;
  };
  return {
    heapUsed: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
  };
}

/** Node's own HTTP ceiling here: a bare node:http server answering fixed bytes, same load. */
async function bareHttpFloor(bodyBytes: number, seconds: number): Promise<Measured> {
  const port = await freePort();
  const script = `
    const body = Buffer.alloc(${Math.max(1, Math.round(bodyBytes))}, 97);
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  try {
    for (let i = 0; i < 200; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await loadTest(`http://127.0.0.1:${port}/`, undefined, WARMUP);
    return await loadTest(`http://127.0.0.1:${port}/`, undefined, seconds);
  } finally {
    child.kill('SIGTERM');
  }
}

interface Server {
  child: ChildProcess;
  port: number;
  startMs: number;
  stop: () => Promise<void>;
}

/** The compiled server as `npm start` runs it, in production mode; resolves at its first 200. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // The writers are 50 companies writing faster than any real one (bench/writer.ts): the per-account limits would refuse them.
      RATE_LIMIT_FACTOR: '1000',
      DEMO_DATA: 'off',
      JWT_SECRET: env.JWT_SECRET!,
      METRICS_TOKEN,
      FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
      REGISTER_SECRET: randomBytes(32).toString('hex'),
      ...TEST_INVOICE_ISSUER_ENV,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = await untilReady(
    child,
    `http://127.0.0.1:${port}/api/jobs?pagination[limit]=1`,
    (r) => r.status === 200,
    20,
  );
  return { child, port, startMs: performance.now() - started, stop };
}

/** The list cache's outcome counts so far (lib/metrics.ts). */
async function cacheOutcomes(port: number): Promise<Record<string, number>> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const counts: Record<string, number> = {};
  for (const m of (await res.text()).matchAll(/^pb_job_list_cache_outcomes\{outcome="(\w+)"\} (\d+)$/gm)) {
    counts[m[1]!] = Number(m[2]);
  }
  return counts;
}

const difference = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]));

async function measureCases(
  driver: DriverResult['driver'],
  server: Server,
  token: string,
  list: Case[],
  writers: WritingCompany[],
  floorOf: (c: Case) => Promise<{ warm: Measured; miss: Measured } | undefined>,
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
        const writer = startWriter(base, writers, rate);
        await loadTest(url, c.visitor ? undefined : token, WARMUP);
        const before = await cacheOutcomes(server.port);
        const cpuAtStart = cpuMsOf(server.child.pid!);
        const reads = await loadTest(url, c.visitor ? undefined : token, DURATION);
        // Reads and writes together: what the server spent per answer while both ran.
        reads.serverCpuUs = ((cpuMsOf(server.child.pid!) - cpuAtStart) * 1000) / Math.max(1, reads.requests);
        const cache = difference(await cacheOutcomes(server.port), before);
        const writes = await writer.stop();
        mixed.push({ http: reads, writes, cache });
        console.log(
          `[${driver}] ${c.name} at ${rate} writes/s: ${reads.rps.toFixed(0)} req/s p50 ${reads.p50.toFixed(1)} p99 ${reads.p99.toFixed(1)} ms, ${reads.non2xx} errors, server CPU ${reads.serverCpuUs.toFixed(0)} µs/answer; ` +
            `writes ${writes.achieved.toFixed(1)}/s p99 ${writes.p99.toFixed(0)} ms, ${writes.failed} failed, ${writes.skipped} skipped; cache ${JSON.stringify(cache)}` +
            (writes.failures.length > 0 ? `\n  ${writes.failures.join('\n  ')}` : ''),
        );
      }
      rows.push({
        name: c.name,
        http,
        mixed,
        floor: direct?.warm,
        missFloor: direct?.miss,
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
    await seed(database, ROWS);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`[${driver}] seeded ${ROWS} advertisements in ${seedSeconds.toFixed(1)} s`);
    const [consultant] = await database.query<{ id: number }>(`SELECT id FROM users WHERE role = 'consultant' LIMIT 1`);
    const jwt = new JwtService(jwtSecret, '2h');
    const token = await sessionToken(database, jwt, consultant!.id);
    const writers = await writingCompanies(database, jwt);
    const districtIds = (
      await database.query<{ id: number }>(
        `SELECT id FROM districts WHERE name IN ('Graz', 'Linz', 'Salzburg') ORDER BY id`,
      )
    ).map((r) => r.id);
    const list = cases(districtIds);
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
      const { rows, peakMb } = await measureCases(driver, server, token, list, writers, async (c) =>
        databaseUrl
          ? await statementsOf(database!, c).then(async (now) => ({
              warm: await floor(databaseUrl, now.warm, DURATION),
              miss: await floor(databaseUrl, now.miss, DURATION),
            }))
          : undefined,
      );
      const hwmMb = memoryOf(server.child.pid!).hwm;
      return {
        driver,
        seedSeconds,
        startMs: first.startMs,
        warmStartMs: server.startMs,
        idleMb,
        peakMb,
        hwmMb,
        idleBreakdown,
        rows,
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
  const bare = await bareHttpFloor(landingBytes, DURATION);
  console.log(`bare node:http ${bare.rps.toFixed(0)} req/s p50 ${bare.p50.toFixed(1)} p99 ${bare.p99.toFixed(1)} ms`);
  // The default size is docs/benchmarks.md; other sizes beside it (docs/benchmarks-1m.md for 1,000,000).
  const size = ROWS === 100_000 ? '' : ROWS % 1_000_000 === 0 ? `-${ROWS / 1_000_000}m` : `-${ROWS}`;
  // --out: a partial run (one driver, some rates) beside the full one instead of replacing it.
  const file = path.resolve(ROOT, arg('out', path.join('docs', `benchmarks${size}.md`)));
  const text = markdown(results, {
    rows: ROWS,
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
