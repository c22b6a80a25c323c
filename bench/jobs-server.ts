import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { TEST_INVOICE_ISSUER_ENV } from '../apps/server/test/support/ports';
// @ts-expect-error -- plain ES module without types (scripts/build.mjs)
import { SERVER_ENTRY } from '../scripts/build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { freePort, ROOT, untilReady } from './web/server';

/** bench:jobs' server process (moved out of jobs.bench.ts): started as `npm start` runs it, its /metrics read. */

export const METRICS_TOKEN = randomBytes(16).toString('hex');

/** Where the server's memory is, from its own /metrics (prom-client's process metrics), in MB. */
export async function memoryBreakdown(
  port: number,
): Promise<{ heapUsed: number; heapTotal: number; external: number }> {
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

export interface Server {
  child: ChildProcess;
  port: number;
  startMs: number;
  stop: () => Promise<void>;
}

/** The compiled server as `npm start` runs it, in production mode; resolves at its first 200. */
export async function startServer(env: Record<string, string>): Promise<Server> {
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
export async function cacheOutcomes(port: number): Promise<Record<string, number>> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const counts: Record<string, number> = {};
  for (const m of (await res.text()).matchAll(/^pb_job_list_cache_outcomes\{outcome="(\w+)"\} (\d+)$/gm)) {
    counts[m[1]!] = Number(m[2]);
  }
  return counts;
}

export const difference = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]));
