import { execFile, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Measured } from './jobs-report';
import { freePort, ROOT } from './web/server';

/**
 * bench:jobs' load (moved out of jobs.bench.ts): HTTP load from wrk or autocannon, the floor
 * (statements through node-postgres at the same concurrency), Node's bare HTTP ceiling, and the
 * server process's memory and CPU time from /proc.
 */

/**
 * The load generator: wrk (Debian's package) when installed, else autocannon. Both share the
 * server's two vCPUs, and what they spend there is not the server's: autocannon parses every
 * answer in JavaScript, and under it the server answered a 10 KB page 4,611 times a second
 * against 13,925 under wrk, same server, same minute (README, Benchmarks).
 */
export const WRK_VERSION = (() => {
  const run = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return run.error ? null : (/^wrk (\S+)/.exec(run.stdout)?.[1] ?? 'unknown');
})();
export const LOAD_GENERATOR = WRK_VERSION ? `wrk ${WRK_VERSION} (one thread)` : 'autocannon (wrk is not installed)';

export interface LoadSettings {
  connections: number;
  warmup: number;
}

export async function loadTest(
  settings: LoadSettings,
  url: string,
  token: string | undefined,
  seconds: number,
): Promise<Measured> {
  const headers: Record<string, string> = {
    'accept-encoding': 'br, gzip',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  return WRK_VERSION ? wrk(settings, url, headers, seconds) : autocannonLoad(settings, url, headers, seconds);
}

const execFileAsync = promisify(execFile);

async function wrk(
  settings: LoadSettings,
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Measured> {
  const args = [
    '-t',
    '1',
    '-c',
    String(settings.connections),
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

async function autocannonLoad(
  settings: LoadSettings,
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Measured> {
  const result = await autocannon({ url, connections: settings.connections, duration: seconds, headers });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** A floor: statements through node-postgres, `connections` requests at a time (one request = all of them). */
export async function floor(
  settings: LoadSettings,
  url: string,
  statements: Statement[],
  seconds: number,
): Promise<Measured> {
  const pool = new pg.Pool({ connectionString: url, max: settings.connections });
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
    const parallel = (ms: number, record: boolean) =>
      Promise.all(Array.from({ length: settings.connections }, () => run(performance.now() + ms, record)));
    await parallel(settings.warmup * 1000, false);
    await parallel(seconds * 1000, true);
  } finally {
    await pool.end();
  }
  latencies.sort((x, y) => x - y);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds, non2xx: 0, requests: latencies.length };
}

/** Node's own HTTP ceiling here: a bare node:http server answering fixed bytes, same load. */
export async function bareHttpFloor(settings: LoadSettings, bodyBytes: number, seconds: number): Promise<Measured> {
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
    await loadTest(settings, `http://127.0.0.1:${port}/`, undefined, settings.warmup);
    return await loadTest(settings, `http://127.0.0.1:${port}/`, undefined, seconds);
  } finally {
    child.kill('SIGTERM');
  }
}

/** Resident and peak resident memory of a process in MB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time a process has used so far (user + system, /proc/<pid>/stat fields 14 and 15), in ms. */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2, in parentheses) may hold spaces or ')': count from after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
