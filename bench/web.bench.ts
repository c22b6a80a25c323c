/**
 * npm run bench:web [-- --runs 3] [-- --writes 1]
 *
 * The web app as a browser meets it, against the compiled server with the production web build
 * (what `npm start` serves; demo data in a throw-away folder), in Debian's Chromium, while a demo
 * company writes (`--writes N` product writes per second through the API, default 1: publish, edit,
 * deactivate advertisements — the landing's newest advertisements change under the measurement):
 *   1. the first load of the landing page, login, advertisement browser and chat: every JS and CSS
 *      file and its bytes as sent (compressed),
 *   2. first and largest contentful paint of those pages with the CPU slowed down 4× (DevTools'
 *      throttling, cold cache, no network throttling: localhost), median of at least 5 runs,
 *   3. Lighthouse (the `lighthouse` package driving the same Chromium) over the same pages — the
 *      latter two signed in as a demo consultant — with its mobile defaults (simulated slow 4G and
 *      4× CPU) and its desktop preset; the median performance score of `runs` runs per page.
 * Writes docs/benchmarks-web.md. Not a test: nothing here asserts figures.
 * `--reports DIR` also keeps every Lighthouse report (JSON, open it in the Lighthouse viewer);
 * `--only /path` audits one page and leaves the docs alone (for looking into one page);
 * `--cpu N` sets the mobile runs' CPU slowdown to N instead of Lighthouse's 4 (8: this host on a
 * slow hour, when its benchmark index is about half; leaves the docs alone);
 * `--versus URL [--versus-name NAME]` also measures another running build's landing, in turn with this
 * one's and the host's floor (web/side-by-side.ts; e.g. the last Preact build, `npm start` in a
 * checkout of it);
 * `--tasks` prints, for each mobile run, the main-thread tasks of the load Lighthouse recorded that
 * its CPU slowdown turns into long ones, and what their time went to.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
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
import { CHROME, CHROME_FLAGS, fmt, logIn, signIn } from './web/browser';
import { bytesByOwner } from './web/owners';
import { audit, lighthouseRuns, medianRun, type Scores } from './web/lighthouse';
import { measurePages, PAGES, type PageLoad } from './web/page-loads';
import { CHUNK_RULES_HEADING, sectionOf } from './web/report-file';
import { paintSideBySide, sideBySideSection, type SideBySideRow } from './web/side-by-side';
import { freePort, ROOT, startServer } from './web/server';
import { startWriter } from './web/writer';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Number(argument('--runs') ?? 3) || 3;
const WRITES_PER_SECOND = Number(argument('--writes') ?? 1);
const ONLY_PATH = argument('--only');
const CPU_SLOWDOWN = Number(argument('--cpu') ?? 4) || 4;
const VERSUS_URL = argument('--versus');
const VERSUS_NAME = argument('--versus-name') ?? 'the other build';
const auditOptions = {
  cpuSlowdown: CPU_SLOWDOWN,
  reportsDir: argument('--reports'),
  printTasks: process.argv.includes('--tasks'),
};

function ownerRows(owners: Array<{ owner: string; bytes: number }>): string[] {
  const named = owners.filter((o) => o.bytes >= 500);
  const rest = owners.filter((o) => o.bytes < 500);
  return [
    ...named.map((o) => `| ${o.owner} | ${fmt(o.bytes)} |`),
    ...(rest.length > 0
      ? [
          `| ${rest.length} smaller owners (${rest.map((o) => o.owner).join(', ')}) | ${fmt(rest.reduce((a, o) => a + o.bytes, 0))} |`,
        ]
      : []),
  ];
}

interface AuditRow {
  name: string;
  path: string;
  mobile: Scores;
  desktop: Scores;
}

function report(
  loads: PageLoad[],
  sideBySide: SideBySideRow[],
  audits: AuditRow[],
  benchmarkIndexes: number[],
  context: string[],
): string[] {
  const landing = loads.find((load) => load.path === '/');
  return [
    '# Web benchmarks',
    '',
    ...context,
    '',
    '## First load of each page',
    '',
    'JS and CSS as sent (compressed, cold cache), and first / largest contentful paint with the CPU slowed down 4×',
    '(DevTools throttling, cold cache, localhost; median of the runs). Signed-in pages as a demo consultant.',
    '',
    '| Page | JS + CSS files | Bytes on the wire | FCP ms | LCP ms | FCP runs ms |',
    '|---|---:|---:|---:|---:|---|',
    ...loads.map(
      (load) =>
        `| ${load.name} \`${load.path}\` | ${load.files.length} | ${fmt(load.bytes)} | ${fmt(load.fcp)} | ${fmt(load.lcp)} | ${load.fcpRuns.map((v) => fmt(v)).join(', ')} |`,
    ),
    '',
    ...(landing === undefined
      ? []
      : [
          `### Landing page: ${fmt(landing.bytes)} bytes in ${landing.files.length} files`,
          '',
          '| File | Type | Encoding | Bytes on the wire |',
          '|---|---|---|---:|',
          ...[...landing.files]
            .sort((a, b) => b.bytes - a.bytes)
            .map((t) => `| \`${t.file}\` | ${t.type} | ${t.encoding} | ${fmt(t.bytes)} |`),
          '',
          "Who owns those bytes (each script's compressed bytes shared out by its modules' size in the bundle,",
          'apps/web/chunkOwners.ts; owners under 500 bytes summed):',
          '',
          '| Owner | Bytes on the wire |',
          '|---|---:|',
          ...ownerRows(bytesByOwner(landing.files)),
          '',
        ]),
    ...sideBySideSection(sideBySide),
    '## Lighthouse',
    '',
    `Lighthouse ${lighthouseRuns.version} with its mobile defaults (simulated slow 4G, ${CPU_SLOWDOWN}× CPU) and its desktop preset; the run with the`,
    `median performance score of ${RUNS} per page. FCP / LCP / TBT in ms as Lighthouse estimates them for its throttling.`,
    benchmarkIndexes.length === 0
      ? 'No page audited.'
      : `Lighthouse's benchmark index of this host over the runs: ${fmt(Math.min(...benchmarkIndexes))}–${fmt(Math.max(...benchmarkIndexes))}`,
    '(higher is faster; its estimates scale the tasks it measured here, so a slower hour of the host scores lower).',
    '',
    '| Page | Performance (mobile) | Performance (desktop) | Accessibility | Best practices | SEO | FCP / LCP / TBT mobile | CLS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...audits.map(
      (a) =>
        `| ${a.name} \`${a.path}\` | ${a.mobile.performance} | ${a.desktop.performance} | ${a.mobile.accessibility} | ${a.mobile.bestPractices} | ${a.mobile.seo} | ` +
        `${fmt(a.mobile.fcp)} / ${fmt(a.mobile.lcp)} / ${fmt(a.mobile.tbt)} | ${fmt(a.mobile.cls, 3)} |`,
    ),
    '',
    ...audits
      .filter((a) => a.mobile.failed.length > 0)
      .map((a) => `Not passed on ${a.name}: ${a.mobile.failed.join('; ')}.`),
    '',
  ];
}

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
  const writer = await startWriter(server.url, WRITES_PER_SECOND);
  try {
    const login = await logIn(server.url, 'berater1@demo.praemienboerse.at');
    const pages = PAGES.filter((page) => ONLY_PATH === undefined || page.path === ONLY_PATH);
    const loads = await measurePages(
      context,
      server.url,
      login,
      pages,
      ONLY_PATH === undefined ? Math.max(RUNS, 5) : 1,
    );

    await signIn(context, server.url, null);
    const sideBySide = pages.some((p) => p.path === '/')
      ? await paintSideBySide(
          context,
          [
            { name: 'Landing page, this build', url: `${server.url}/` },
            ...(VERSUS_URL === undefined ? [] : [{ name: `Landing page, ${VERSUS_NAME}`, url: `${VERSUS_URL}/` }]),
            { name: 'Floor: `/robots.txt`', url: `${server.url}/robots.txt` },
          ],
          ONLY_PATH === undefined ? Math.max(RUNS, 9) : 3,
        )
      : [];
    for (const row of sideBySide) console.log(`${row.name}: FCP ${fmt(row.fcp)} ms at 4× CPU (in turn)`);

    const audits: AuditRow[] = [];
    const benchmarkIndexes: number[] = [];
    for (const p of pages) {
      await signIn(context, server.url, p.signedIn ? login : null);
      const mobile: Scores[] = [];
      const desktop: Scores[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        mobile.push(await audit(`${server.url}${p.path}`, debuggingPort, 'mobile', auditOptions));
        desktop.push(await audit(`${server.url}${p.path}`, debuggingPort, 'desktop', auditOptions));
      }
      const row = { name: p.name, path: p.path, mobile: medianRun(mobile), desktop: medianRun(desktop) };
      console.log(
        `${p.name}: mobile ${mobile.map((s) => s.performance).join('/')} (a11y ${row.mobile.accessibility}, best practices ${row.mobile.bestPractices}, SEO ${row.mobile.seo}); ` +
          `desktop ${desktop.map((s) => s.performance).join('/')}; benchmark index ${mobile.map((s) => fmt(s.benchmarkIndex)).join('/')}`,
      );
      benchmarkIndexes.push(...mobile.map((s) => s.benchmarkIndex), ...desktop.map((s) => s.benchmarkIndex));
      audits.push(row);
    }
    const writes = writer.counts();
    const lines = report(loads, sideBySide, audits, benchmarkIndexes, [
      `Machine: ${os.cpus().length} vCPU (${os.cpus()[0]?.model ?? 'unknown CPU'}), Chromium at \`${CHROME}\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)};`,
      `load average at the start ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min).`,
      '',
      'Command: `npm run bench:web` — the compiled server with the production web build and demo data, Chromium',
      `headless on the same machine (bench/web.bench.ts), while a demo company wrote ${WRITES_PER_SECOND} time(s) per second`,
      `through the API (publish, edit, deactivate advertisements): ${fmt(writes.done)} writes, ${fmt(writes.failed)} failed.`,
    ]);
    console.log(lines.join('\n'));
    if (ONLY_PATH === undefined && CPU_SLOWDOWN === 4) {
      const file = path.join(ROOT, 'docs', 'benchmarks-web.md');
      // The chunk-rule figures at the end are bench/web-chunks.bench.ts's: kept as they are.
      const chunkRules = sectionOf(file, CHUNK_RULES_HEADING);
      writeFileSync(file, `${lines.join('\n').trimEnd()}\n${chunkRules ? `\n${chunkRules}` : ''}`);
      console.log(`written to ${path.relative(ROOT, file)}`);
    }
  } finally {
    await writer.stop();
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
