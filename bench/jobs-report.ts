import os from 'node:os';
import type { TrustSeedResult } from './seed-trust';
import type { TrustWriteStats } from './trust-writer';
import type { WriteStats } from './writer';

/** The figures bench:jobs measures and the Markdown it writes (docs/benchmarks.md). */

export interface Measured {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  /** Of those (wrk only): answers with a 4xx/5xx status, and requests that timed out after wrk's 2 s. */
  refused?: number;
  timeouts?: number;
  /** Answers counted over the measured seconds. */
  requests: number;
  bytes?: number;
  /** CPU time the server process spent per answer (user + system), in µs. */
  serverCpuUs?: number;
}

export interface MixedResult {
  http: Measured;
  writes: WriteStats;
  /** The list cache's outcomes over the measured seconds (the server's /metrics). */
  cache: Record<string, number>;
}

/** Issue 36's comparison in turns (bench/jobs-compare.ts): per case, one measurement per round. */
export interface ComparisonMode {
  mode: string;
  runs: Record<string, Measured[]>;
}

/** The median of the rounds' values. */
export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A browser case read while one company's figure changes every few seconds (issue 36), with `rate` API writes/s. */
export interface FiguresResult {
  rate: number;
  http: Measured;
  trust: TrustWriteStats;
  writes: WriteStats | undefined;
  cache: Record<string, number>;
}

/** The browser's first page as the web asks for it (features/jobs/api/jobs.ts), and issue 36's order and filter. */
export const BROWSER_CASES = {
  list: 'Browser list (200 newest + total)',
  sorted: 'Browser sorted by responsiveness (200 + total)',
  filtered: 'Browser "antwortet in 1 Arbeitstag" (200 newest + total)',
} as const;

export interface CaseResult {
  name: string;
  http: Measured;
  mixed: MixedResult[];
  figures?: FiguresResult[];
  floor?: Measured;
  missFloor?: Measured;
  items: number;
  total?: number;
}

export interface DriverResult {
  driver: 'postgres' | 'pglite';
  seedSeconds: number;
  /** Issue 36's introductions and the trust run over them (bench/seed-trust.ts), with the time both took. */
  trustSeed: TrustSeedResult & { seconds: number };
  startMs: number;
  /** Second start against the same data (what a restart costs). */
  warmStartMs: number;
  idleMb: number;
  peakMb: number;
  hwmMb: number;
  idleBreakdown: { heapUsed: number; heapTotal: number; external: number };
  rows: CaseResult[];
  /** Issue 36: the browser's cases measured in turns (bench/jobs-compare.ts). */
  comparison: ComparisonMode[];
  plans: Array<{ name: string; plan: string }>;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export interface ReportSettings {
  rows: number;
  companies: number;
  introductions: number;
  trustEveryMs: number;
  loadAtEnd: number[];
  connections: number;
  warmup: number;
  duration: number;
  rates: number[];
  loadGenerator: string;
  wrk: boolean;
  loadAtStart: number[];
  bare: Measured;
}

export function markdown(results: DriverResult[], settings: ReportSettings): string {
  const { rows: ROWS, connections: CONNECTIONS, warmup: WARMUP, duration: DURATION, loadAtStart, bare } = settings;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmarks',
    '',
    `## Advertisement list \`GET /api/jobs\` at ${fmt(ROWS)} advertisements`,
    '',
    `Machine: ${os.cpus().length} vCPU (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${new Date().toISOString().slice(0, 10)};`,
    `load average at the start ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')}, at the end ${settings.loadAtEnd.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min).`,
    '',
    `Command: \`npm run bench:jobs\` — ${fmt(ROWS)} advertisements (4 % deactivated, 1–3 bonus records each, all`,
    `districts, ${fmt(settings.companies)} companies with ${fmt(settings.introductions)} introductions each, their figures computed by the trust run — issue 36`,
    'below), the compiled server (`apps/server/dist/main.js`, production mode) as its own process,',
    `load generator ${settings.loadGenerator} on the same machine, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured per case,`,
    '`Accept-Encoding: br, gzip`. **Server CPU**: what the server process used (user + system, /proc) over the',
    'measured seconds, divided by its answers. **Floor**: in the same run, the statements the route issues per request with its',
    'caches warm (the data versions alone: the answer is kept per query and page, decision 0023) through',
    `node-postgres with ${CONNECTIONS} connections, no HTTP, auth or JSON; the server reads the versions once for all`,
    'requests that arrive while a read is under way (services/data-versions.ts), so its answers can outrun the floor.',
    '**After-a-write floor**: what a request issues when a write changed a row on its page (the versions, the changes',
    "since the kept version, the changed rows by primary key, the page's rows by id — list-cache.ts, decision 0032).",
    `**Bare HTTP**: Node's own ceiling on this machine — a bare \`node:http\` server answering the same number of bytes`,
    `as the visitor landing, same load: ${fmt(bare.rps)} req/s, p50 ${fmt(bare.p50, 1)} / p99 ${fmt(bare.p99, 1)} ms.`,
    '',
  ];
  for (const r of results) {
    const label = r.driver === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite on disk)';
    lines.push(
      `### ${label}`,
      '',
      '| Case | items / total | HTTP req/s | p50 / p99 ms | bytes on the wire | server CPU µs per answer | Floor q/s | Floor p50 / p99 ms | HTTP / floor | After-a-write floor q/s |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const row of r.rows) {
      lines.push(
        `| ${row.name} | ${row.items} / ${row.total === undefined ? '–' : fmt(row.total)} | ${fmt(row.http.rps)} | ${fmt(row.http.p50, 1)} / ${fmt(row.http.p99, 1)} | ${fmt(row.http.bytes ?? 0)} | ${row.http.serverCpuUs === undefined ? '–' : fmt(row.http.serverCpuUs)} | ` +
          (row.floor
            ? `${fmt(row.floor.rps)} | ${fmt(row.floor.p50, 1)} / ${fmt(row.floor.p99, 1)} | ${fmt((100 * row.http.rps) / row.floor.rps)} % | ${fmt(row.missFloor?.rps ?? 0)} |`
            : '– | – | – | – |'),
      );
    }
    lines.push(...mixedTable(r, settings));
    lines.push(
      '',
      `Server process: start → first 200 ${fmt(r.startMs)} ms (first start, runs migrations), ${fmt(r.warmStartMs)} ms warm;`,
      `resident memory ${fmt(r.idleMb)} MB at idle, ${fmt(r.peakMb)} MB peak under the benchmark (sampled every 100 ms;`,
      `the kernel's high-water mark over the whole run, start included: ${fmt(r.hwmMb)} MB). At idle the JavaScript heap`,
      `uses ${fmt(r.idleBreakdown.heapUsed)} of ${fmt(r.idleBreakdown.heapTotal)} MB, buffers outside it ${fmt(r.idleBreakdown.external)} MB` +
        (r.driver === 'pglite'
          ? " (the embedded database's WebAssembly memory is among them); the rest is code, the allocator and native libraries."
          : '; the rest is code, the allocator and native libraries.'),
      `${settings.wrk ? 'Errors or 4xx/5xx answers' : 'Errors or non-2xx answers'}: ${r.rows.reduce((n, row) => n + row.http.non2xx, 0)}. Seeding took ${fmt(r.seedSeconds, 1)} s.`,
      '',
    );
  }
  lines.push(...responsivenessSection(results, settings));
  const pgPlans = results.find((r) => r.plans.length > 0)?.plans ?? [];
  if (pgPlans.length > 0) {
    lines.push(
      `### Query plans on PostgreSQL at ${fmt(ROWS)} advertisements`,
      '',
      'The statements a case issues the first time it is asked besides the version lookup — the ordered matching ids with',
      "their sort keys, then the page's rows by id (`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)`).",
      '',
    );
    for (const p of pgPlans) lines.push(`#### ${p.name}`, '', '```', p.plan, '```', '');
  }
  return lines.join('\n') + '\n';
}

/** Reads while companies write: each case at each write rate beside its no-write figure. */
function mixedTable(r: DriverResult, settings: ReportSettings): string[] {
  if (settings.rates.length === 0) return [];
  const lines = [
    '',
    `#### Reads while companies write (mixed mode)`,
    '',
    'Each case again while 50 companies write through the API at the given rate (bench/writer.ts: 25 % new',
    'advertisements, 35 % bonus changes, 25 % edits, 15 % deactivations; open loop). Per rate: reads per second (share of',
    'the no-write figure), p99, and errors (non-2xx or socket errors).',
    '',
    `| Case | no writes req/s · p99 ms | ${settings.rates.map((rate) => `${rate} writes/s: req/s (%) · p99 ms · errors`).join(' | ')} |`,
    `|---|---:|${settings.rates.map(() => '---:').join('|')}|`,
  ];
  for (const row of r.rows) {
    const cells = row.mixed.map(
      (m) =>
        `${fmt(m.http.rps)} (${fmt((100 * m.http.rps) / Math.max(1, row.http.rps))} %) · ${fmt(m.http.p99, 1)} · ${m.http.non2xx}` +
        (m.http.non2xx > 0 && m.http.timeouts !== undefined
          ? ` (${m.http.refused} 4xx/5xx, ${m.http.timeouts} time-outs)`
          : ''),
    );
    lines.push(`| ${row.name} | ${fmt(row.http.rps)} · ${fmt(row.http.p99, 1)} | ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    '| Writes | ' + settings.rates.map((rate) => `${rate}/s`).join(' | ') + ' |',
    `|---|${settings.rates.map(() => '---:').join('|')}|`,
  );
  const per = (pick: (m: MixedResult) => number, digits = 0) =>
    settings.rates.map((_, i) =>
      fmt(sum(r.rows.map((row) => (row.mixed[i] ? pick(row.mixed[i]) : 0))) / r.rows.length, digits),
    );
  const total = (pick: (m: MixedResult) => number) =>
    settings.rates.map((_, i) => fmt(sum(r.rows.map((row) => (row.mixed[i] ? pick(row.mixed[i]) : 0)))));
  lines.push(
    `| achieved writes/s (mean over the cases) | ${per((m) => m.writes.achieved, 1).join(' | ')} |`,
    `| write p50 / p99 ms (mean over the cases) | ${settings.rates
      .map((_, i) => {
        const ms = r.rows.map((row) => row.mixed[i]).filter((m): m is MixedResult => m !== undefined);
        return `${fmt(sum(ms.map((m) => m.writes.p50)) / Math.max(1, ms.length), 1)} / ${fmt(sum(ms.map((m) => m.writes.p99)) / Math.max(1, ms.length), 1)}`;
      })
      .join(' | ')} |`,
    `| server CPU µs per read answer, writes included (mean over the cases) | ${per((m) => m.http.serverCpuUs ?? 0).join(' | ')} |`,
    `| failed / skipped writes (all cases) | ${settings.rates
      .map((_, i) => `${total((m) => m.writes.failed)[i]} / ${total((m) => m.writes.skipped)[i]}`)
      .join(' | ')} |`,
    `| list cache while measured: answers kept / built, id lists patched / computed anew (all cases) | ${settings.rates
      .map(
        (_, i) =>
          `${total((m) => m.cache['kept'] ?? 0)[i]} / ${total((m) => m.cache['built'] ?? 0)[i]}, ${total((m) => m.cache['patched'] ?? 0)[i]} / ${total((m) => m.cache['recomputed'] ?? 0)[i]}`,
      )
      .join(' | ')} |`,
  );
  return lines;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const percent = (value: number, base: number) => {
  const d = (100 * value) / Math.max(1e-9, base) - 100;
  return `${d >= 0 ? '+' : '−'}${fmt(Math.abs(d))} %`;
};

/**
 * Issue 36: the browser's list against the same list sorted by responsiveness and filtered to companies
 * answering within 1 working day, same page size, same run, same load — and while figures change.
 */
function responsivenessSection(results: DriverResult[], settings: ReportSettings): string[] {
  const lines = [
    '## Issue 36: sorting and filtering by company responsiveness',
    '',
    `The browser's first page (200 advertisements with the total, as the web asks for it) three ways: newest first (today's`,
    'list), `sort=companyResponse:asc` (fastest companies first, too little data last) and `respondsWithin=1`',
    `(companies answering within 1 working day, newest first). ${fmt(settings.companies)} companies with`,
    `${fmt(settings.introductions)} introductions each; the product's trust run computed their figures (bench/seed-trust.ts).`,
    'The relative figures compare each variant with the list in the same run and at the same concurrency;',
    `the issue asks that the sort stays within 10 % of the list. Load average at the start`,
    `${settings.loadAtStart.map((l) => l.toFixed(1)).join(' / ')}, at the end ${settings.loadAtEnd.map((l) => l.toFixed(1)).join(' / ')}.`,
    '',
  ];
  for (const r of results) {
    const label = r.driver === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite on disk)';
    const byName = (name: string) => r.rows.find((row) => row.name === name);
    const list = byName(BROWSER_CASES.list);
    const t = r.trustSeed;
    lines.push(
      `### ${label}`,
      '',
      `History: ${fmt(t.introductions)} introductions; ${fmt(t.companiesWithFigure)} of ${fmt(t.companies)} companies have a figure`,
      `(medians ${fmt(t.medianMinutes.min)} / ${fmt(t.medianMinutes.median)} / ${fmt(t.medianMinutes.max)} office minutes, min / median / max);`,
      `of ${fmt(t.published)} published advertisements ${fmt(t.withoutFigure)} have none, ${fmt(t.publishedWithin[1])} are within 1 working day,`,
      `${fmt(t.publishedWithin[2])} within 2, ${fmt(t.publishedWithin[5])} within 5. Seeding them and the trust run took ${fmt(t.seconds, 1)} s`,
      `(the trust run alone ${fmt(t.trustRunSeconds, 1)} s; a second run 10 minutes later, nothing new, ${fmt(t.trustRerunSeconds, 1)} s —`,
      'the server runs it every 10 minutes, also while these cases are measured).',
      '',
    );
    if (!list) continue;
    const modes = ['no writes', ...settings.rates.map((rate) => `${rate} writes/s`)];
    lines.push(
      `| Case | ${modes.map((m) => `${m}: req/s · p50 / p99 ms · vs list`).join(' | ')} | server CPU µs (no writes) |`,
      `|---|${modes.map(() => '---:').join('|')}|---:|`,
    );
    for (const name of Object.values(BROWSER_CASES)) {
      const row = byName(name);
      if (!row) continue;
      const runs = [row.http, ...row.mixed.map((m) => m.http)];
      const bases = [list.http, ...list.mixed.map((m) => m.http)];
      const cells = runs.map(
        (m, i) =>
          `${fmt(m.rps)} · ${fmt(m.p50, 1)} / ${fmt(m.p99, 1)} · ${name === list.name ? '–' : percent(m.rps, bases[i]!.rps)}`,
      );
      lines.push(`| ${name} | ${cells.join(' | ')} | ${fmt(row.http.serverCpuUs ?? 0)} |`);
    }
    lines.push(...comparisonTable(r.comparison));
    const withFigures = Object.values(BROWSER_CASES)
      .map(byName)
      .filter((row): row is CaseResult => row?.figures !== undefined);
    if (withFigures.length === 0) {
      lines.push('', 'Not read while figures change (the embedded database belongs to the server process).', '');
      continue;
    }
    const listFigures = list.figures ?? [];
    lines.push(
      '',
      `While figures change: every ${fmt(settings.trustEveryMs)} ms one company's figure changes as the trust run writes it`,
      '(bench/trust-writer.ts: its organisation_trust row and every advertisement of it whose value differs, one',
      'transaction; fast, slow and too little data in turn), alone and beside the API writer at 10 writes/s.',
      '',
      '| Case | figures: req/s · p50 / p99 ms · vs list · errors | figures + 10 writes/s: req/s · p50 / p99 ms · vs list · errors | answers kept / built, lists patched / computed (both) |',
      '|---|---:|---:|---:|',
    );
    for (const row of withFigures) {
      const cells = (row.figures ?? []).map((f, i) => {
        const base = listFigures[i]?.http.rps ?? f.http.rps;
        return `${fmt(f.http.rps)} · ${fmt(f.http.p50, 1)} / ${fmt(f.http.p99, 1)} · ${row.name === list.name ? '–' : percent(f.http.rps, base)} · ${f.http.non2xx}`;
      });
      const cache = (row.figures ?? [])
        .map(
          (f) =>
            `${fmt(f.cache['kept'] ?? 0)} / ${fmt(f.cache['built'] ?? 0)}, ${fmt(f.cache['patched'] ?? 0)} / ${fmt(f.cache['recomputed'] ?? 0)}`,
        )
        .join('; ');
      lines.push(`| ${row.name} | ${cells.join(' | ')} | ${cache} |`);
    }
    const trust = withFigures.flatMap((row) => row.figures ?? []).map((f) => f.trust);
    lines.push(
      '',
      `Figure changes while measured: ${fmt(sum(trust.map((x) => x.updates)))} in all, ${fmt(sum(trust.map((x) => x.advertisements)))} advertisements`,
      `rewritten, each change's transaction p50 ${fmt(Math.max(...trust.map((x) => x.p50)), 1)} ms at most over the cases, longest ${fmt(Math.max(...trust.map((x) => x.max)), 1)} ms;`,
      `${sum(trust.map((x) => x.failed))} failed.`,
      '',
    );
  }
  return lines;
}

/** The browser's cases measured in turns: per mode the median over the rounds and the difference to the list. */
function comparisonTable(modes: ComparisonMode[]): string[] {
  if (modes.length === 0) return [];
  const rounds = Math.max(...modes.flatMap((m) => Object.values(m.runs).map((runs) => runs.length)));
  const lines = [
    '',
    `**In turns** (the fair comparison on a shared machine): the three cases one after the other, ${rounds} rounds, the order`,
    'rotated each round, each mode with its writers running throughout: req/s as the median over the rounds (each round in',
    'brackets); **vs list** as the median of the per-round ratios to the list (a round shares its minute of load).',
    '',
    `| Case | ${modes.map((m) => `${m.mode}: req/s (rounds) · p99 ms · vs list`).join(' | ')} |`,
    `|---|${modes.map(() => '---:').join('|')}|`,
  ];
  for (const name of Object.values(BROWSER_CASES)) {
    if (!modes.every((m) => m.runs[name])) continue;
    const cells = modes.map((m) => {
      const runs = m.runs[name]!;
      const rps = medianOf(runs.map((x) => x.rps));
      const list = m.runs[BROWSER_CASES.list] ?? runs;
      const ratio = medianOf(runs.map((x, round) => x.rps / Math.max(1e-9, list[round]?.rps ?? x.rps)));
      const errors = sum(runs.map((x) => x.non2xx));
      return (
        `${fmt(rps)} (${runs.map((x) => fmt(x.rps)).join(', ')}) · ${fmt(medianOf(runs.map((x) => x.p99)), 1)} · ` +
        `${name === BROWSER_CASES.list ? '–' : percent(ratio, 1)}${errors > 0 ? ` · ${errors} errors` : ''}`
      );
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  return lines;
}
