/**
 * npm run bench:web [-- --runs 3]
 *
 * The web app as a browser meets it, against the compiled server with the production web build
 * (what `npm start` serves; demo data in a throw-away folder), in Debian's Chromium:
 *   1. the landing page's first load: every JS and CSS file and its bytes as sent (compressed),
 *   2. first contentful paint of the landing page with the CPU slowed down 4× (DevTools'
 *      throttling, cold cache, no network throttling: localhost), median of `runs`,
 *   3. Lighthouse (the `lighthouse` package driving the same Chromium) over the landing page,
 *      login, the advertisement browser and the chat — the latter two signed in as a demo
 *      consultant — with its mobile defaults (simulated slow 4G and 4× CPU) and its desktop
 *      preset; the median performance score of `runs` runs per page.
 * Writes docs/benchmarks-web.md. Not a test: nothing here asserts figures.
 * `--reports DIR` also keeps every Lighthouse report (JSON, open it in the Lighthouse viewer);
 * `--only /path` audits one page and leaves the docs alone (for looking into one page);
 * `--cpu N` sets the mobile runs' CPU slowdown to N instead of Lighthouse's 4 (8: this host on a
 * slow hour, when its benchmark index is about half; leaves the docs alone);
 * `--tasks` prints, for each mobile run, the main-thread tasks of the load Lighthouse recorded that
 * its CPU slowdown turns into long ones, and what their time went to.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { ROLE_NAMES, STORAGE_KEYS, type LoginResponse } from '@pb/core';
import {
  buildServer,
  buildWeb,
  isStale,
  SERVER_ENTRY,
  serverSources,
  WEB_INDEX,
  webSources,
  // @ts-expect-error -- plain ES module without types (scripts/build.mjs)
} from '../scripts/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags this machine's Chromium needs (no sandbox as root, no calls to Google's hosts). */
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Number(argument('--runs') ?? 3) || 3;
const REPORTS_DIR = argument('--reports');
const ONLY_PATH = argument('--only');
const PRINT_TASKS = process.argv.includes('--tasks');
const CPU_SLOWDOWN = Number(argument('--cpu') ?? 4) || 4;
const CONSULTANT = { email: 'berater1@demo.praemienboerse.at', password: 'demo1234' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // Development mode only for the demo data (production starts empty); the web build is the
      // production build either way.
      NODE_ENV: 'development',
      DEMO_DATA: 'auto',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/jobs?pagination[limit]=1`).then(
      async (r) => r.ok && ((await r.json()) as { data: unknown[] }).data.length > 0,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Transfer {
  file: string;
  type: string;
  bytes: number;
  encoding: string;
}

/** Every response of a cold first load of `url`, with its bytes on the wire. */
async function firstLoad(context: BrowserContext, url: string): Promise<Transfer[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, Transfer>();
  cdp.on('Network.responseReceived', (e) => {
    responses.set(e.requestId, {
      file: new URL(e.response.url).pathname,
      type: e.type,
      bytes: 0,
      encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '–',
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return [...responses.values()];
}

/** First contentful paint of a cold load with the CPU slowed down `rate` times, in ms. */
async function firstContentfulPaint(context: BrowserContext, url: string, rate: number): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'load' });
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await page.close();
  return fcp;
}

/** The session in the browser's storage, as the login page leaves it (spec §3 keys). */
async function signIn(context: BrowserContext, base: string, login: LoginResponse | null): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/404`);
  await page.evaluate(
    ({ keys, session }) => {
      localStorage.clear();
      if (!session) return;
      localStorage.setItem(keys.token, session.jwt);
      localStorage.setItem(keys.userId, String(session.id));
      localStorage.setItem(keys.user, session.username);
      localStorage.setItem(keys.userEmail, session.email);
      localStorage.setItem(keys.userDescription, session.description);
      localStorage.setItem(keys.userRole, session.role);
    },
    {
      keys: STORAGE_KEYS,
      session: login && {
        jwt: login.jwt,
        id: login.user.id,
        username: login.user.username,
        email: login.user.email,
        description: login.user.description ?? '',
        role: ROLE_NAMES[login.user.role.type],
      },
    },
  );
  await page.close();
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU speed (higher is faster): its estimates scale with it. */
  benchmarkIndex: number;
  /** Titles of the audits of the accessibility and best-practices categories that did not pass. */
  failed: string[];
}

/** As the runs report it. */
let lighthouseVersion = '';

async function audit(url: string, port: number, preset: 'mobile' | 'desktop'): Promise<Scores> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    // The session set by signIn() stays: Lighthouse would otherwise clear the origin's storage.
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(preset === 'mobile' && CPU_SLOWDOWN !== 4 ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, lighthouseVersion: version } = result.lhr;
  lighthouseVersion = version;
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(result.lhr));
  }
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const failed = ['accessibility', 'best-practices'].flatMap((key) =>
    (categories[key]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${audits[ref.id]?.title ?? ''}`),
  );
  const value = (key: string) => audits[key]?.numericValue ?? NaN;
  if (PRINT_TASKS && preset === 'mobile') {
    console.log(`  ${preset}: ${score('performance')}, TBT ${fmt(value('total-blocking-time'))} ms`);
    printTraceTasks((result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents, 50 / CPU_SLOWDOWN);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    failed,
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer's main-thread tasks of the unthrottled load Lighthouse recorded (the ones it
 * multiplies by its CPU slowdown), each over `minMs`, with the events its time went to (self time by
 * event name: EvaluateScript, FunctionCall, Layout, UpdateLayoutTree, …; complete events only, which
 * is how Chromium records these), and the observed paint.
 */
function printTraceTasks(events: TraceEvent[], minMs: number): void {
  const threadName = (e: TraceEvent) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain';
  const mains = events.filter(threadName).map((e) => `${e.pid}:${e.tid}`);
  const onThread = (e: TraceEvent, key: string) => `${e.pid}:${e.tid}` === key;
  // The page's renderer: the main thread with the most work.
  const key = mains
    .map((k) => ({ k, n: events.filter((e) => e.ph === 'X' && onThread(e, k)).length }))
    .sort((a, b) => b.n - a.n)[0]?.k;
  // The paint marks of that renderer (other frames and processes have their own).
  const ofRenderer = (e: TraceEvent) => key !== undefined && key.startsWith(`${e.pid}:`);
  const start = events.find((e) => e.name === 'navigationStart' && ofRenderer(e))?.ts ?? 0;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && ofRenderer(e));
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined && key !== undefined && onThread(e, key));
  complete.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  console.log(
    `  main-thread tasks over ${minMs} ms, unthrottled (first paint ${fcp ? `at ${fmt((fcp.ts - start) / 1000)} ms` : 'not in the trace'}):`,
  );
  for (const task of complete.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = complete.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // Self time: an event's duration less that of the events nested directly in it.
    const self = new Map<string, number>();
    const stack: TraceEvent[] = [];
    for (const e of inside) {
      while (stack.length > 0 && e.ts >= stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0)) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
      self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
      stack.push(e);
    }
    const top = [...self]
      .filter(([, us]) => us >= 1000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, us]) => `${name} ${fmt(us / 1000, 1)}`)
      .join(', ');
    console.log(`    at ${fmt((task.ts - start) / 1000)} ms  ${fmt((task.dur ?? 0) / 1000, 1)} ms  (${top})`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Of several runs, the one with the median performance score (Lighthouse varies from run to run). */
function medianRun(runs: Scores[]): Scores {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  if (isStale(WEB_INDEX, webSources)) buildWeb();
  if (isStale(SERVER_ENTRY, serverSources)) await buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-web-'));
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-chromium-'));
  const server = await startServer(dataDir);
  const debuggingPort = await freePort();
  // A persistent context is the browser's default one: the tabs Lighthouse opens share its storage.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME,
    headless: true,
    args: [...CHROME_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const loginResponse = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: CONSULTANT.email, password: CONSULTANT.password }),
    });
    if (!loginResponse.ok) throw new Error(`demo login failed: HTTP ${loginResponse.status}`);
    const login = (await loginResponse.json()) as LoginResponse;

    await signIn(context, server.url, null);
    const landing = await firstLoad(context, `${server.url}/`);
    const assets = landing.filter((t) => t.type === 'Script' || t.type === 'Stylesheet');
    const assetBytes = assets.reduce((sum, t) => sum + t.bytes, 0);
    console.log(`landing: ${assets.length} JS/CSS files, ${fmt(assetBytes)} bytes on the wire`);

    const fcps: number[] = [];
    const fcpRuns = ONLY_PATH === undefined ? Math.max(RUNS, 5) : 1;
    for (let i = 0; i < fcpRuns; i += 1) fcps.push(await firstContentfulPaint(context, `${server.url}/`, 4));
    console.log(`landing FCP at 4× CPU: ${fcps.map((v) => fmt(v)).join(', ')} ms`);

    const pages = [
      { name: 'Landing page', path: '/', session: null },
      { name: 'Login', path: '/login', session: null },
      { name: 'Advertisement browser (consultant)', path: '/advertisements/view', session: login },
      { name: 'Chat (consultant)', path: '/advertisements/chat', session: login },
    ];
    const audits: Array<{ name: string; path: string; mobile: Scores; desktop: Scores }> = [];
    const benchmarkIndexes: number[] = [];
    for (const p of pages.filter((page) => ONLY_PATH === undefined || page.path === ONLY_PATH)) {
      await signIn(context, server.url, p.session);
      const mobile: Scores[] = [];
      const desktop: Scores[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        mobile.push(await audit(`${server.url}${p.path}`, debuggingPort, 'mobile'));
        desktop.push(await audit(`${server.url}${p.path}`, debuggingPort, 'desktop'));
      }
      const row = { name: p.name, path: p.path, mobile: medianRun(mobile), desktop: medianRun(desktop) };
      console.log(
        `${p.name}: mobile ${mobile.map((s) => s.performance).join('/')} (a11y ${row.mobile.accessibility}, best practices ${row.mobile.bestPractices}); ` +
          `desktop ${desktop.map((s) => s.performance).join('/')}; benchmark index ${mobile.map((s) => fmt(s.benchmarkIndex)).join('/')}`,
      );
      benchmarkIndexes.push(...mobile.map((s) => s.benchmarkIndex), ...desktop.map((s) => s.benchmarkIndex));
      audits.push(row);
    }

    const lines = [
      '# Web benchmarks',
      '',
      `Machine: ${os.cpus().length} vCPU (${os.cpus()[0]?.model ?? 'unknown CPU'}), Chromium at \`${CHROME}\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)};`,
      `load average at the start ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min).`,
      '',
      'Command: `npm run bench:web` — the compiled server with the production web build and demo data, Chromium',
      'headless on the same machine (bench/web.bench.ts).',
      '',
      '## Landing page, first load',
      '',
      `JS and CSS as sent (compressed, cold cache): **${fmt(assetBytes)} bytes** in ${assets.length} files.`,
      '',
      '| File | Type | Encoding | Bytes on the wire |',
      '|---|---|---|---:|',
      ...assets
        .sort((a, b) => b.bytes - a.bytes)
        .map((t) => `| \`${t.file}\` | ${t.type} | ${t.encoding} | ${fmt(t.bytes)} |`),
      '',
      `First contentful paint with the CPU slowed down 4× (DevTools throttling, cold cache, localhost): median **${fmt(median(fcps))} ms**`,
      `(runs: ${fcps.map((v) => fmt(v)).join(', ')} ms).`,
      '',
      '## Lighthouse',
      '',
      `Lighthouse ${lighthouseVersion} with its mobile defaults (simulated slow 4G, ${CPU_SLOWDOWN}× CPU) and its desktop preset; the run with the`,
      `median performance score of ${RUNS} per page. FCP / LCP / TBT in ms as Lighthouse estimates them for its throttling.`,
      benchmarkIndexes.length === 0
        ? 'No page audited.'
        : `Lighthouse's benchmark index of this host over the runs: ${fmt(Math.min(...benchmarkIndexes))}–${fmt(Math.max(...benchmarkIndexes))}`,
      '(higher is faster; its estimates scale the tasks it measured here, so a slower hour of the host scores lower).',
      '',
      '| Page | Performance (mobile) | Performance (desktop) | Accessibility | Best practices | FCP / LCP / TBT mobile | CLS |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...audits.map(
        (a) =>
          `| ${a.name} \`${a.path}\` | ${a.mobile.performance} | ${a.desktop.performance} | ${a.mobile.accessibility} | ${a.mobile.bestPractices} | ` +
          `${fmt(a.mobile.fcp)} / ${fmt(a.mobile.lcp)} / ${fmt(a.mobile.tbt)} | ${fmt(a.mobile.cls, 3)} |`,
      ),
      '',
      ...audits
        .filter((a) => a.mobile.failed.length > 0)
        .map((a) => `Not passed on ${a.name}: ${a.mobile.failed.join('; ')}.`),
      '',
    ];
    console.log(lines.join('\n'));
    if (ONLY_PATH === undefined && CPU_SLOWDOWN === 4) {
      const file = path.join(ROOT, 'docs', 'benchmarks-web.md');
      writeFileSync(file, lines.join('\n'));
      console.log(`written to ${path.relative(ROOT, file)}`);
    }
  } finally {
    await context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
