/**
 * npm run bench:web-chunks [-- --runs 7]
 *
 * What each of the web build's hand-made chunk groups (apps/web/vite.config.ts) is worth: the web app
 * is built once with all of them, once with the bundler's defaults (none) and once without each
 * group, and every build serves the pages of bench/web/page-loads.ts to Chromium (cold cache, 4× CPU,
 * a demo company writing once per second), measuring JS + CSS files and bytes on the wire and the
 * median first and largest contentful paint. A group is worth keeping when leaving it out costs
 * more than 10 % on a page (issue 29); the section "Chunk rules" of docs/benchmarks-web.md is
 * rewritten with the figures. Not a test: nothing here asserts figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  buildServer,
  isStale,
  precompress,
  SERVER_ENTRY,
  serverSources,
  // @ts-expect-error -- plain ES module without types (scripts/build.mjs)
} from '../scripts/build.mjs';
import { CHROME, CHROME_FLAGS, fmt, logIn } from './web/browser';
import { measurePages, PAGES, type PageLoad } from './web/page-loads';
import { CHUNK_RULES_HEADING, writeSection } from './web/report-file';
import { ROOT, startServer } from './web/server';
import { startWriter } from './web/writer';

const at = process.argv.indexOf('--runs');
const RUNS = Number(at > 0 ? process.argv[at + 1] : 7) || 7;
/** Within this share of the build with every group, a group's absence is noise (issue 29: 10 %). */
const MARGIN = 0.1;

/** The groups of apps/web/vite.config.ts by what they are for; each variant leaves one set out. */
const GROUPS = {
  'core, schemas': ['core', 'schemas'],
  'vendor-base, vendor': ['vendor-base', 'vendor'],
} as const;
const ALL = Object.values(GROUPS).flat();

interface Variant {
  name: string;
  groups: readonly string[];
}

const VARIANTS: Variant[] = [
  { name: 'all groups', groups: ALL },
  { name: 'bundler defaults (no group)', groups: [] },
  ...Object.entries(GROUPS).map(([name, left]) => ({
    name: `without ${name}`,
    groups: ALL.filter((group) => !(left as readonly string[]).includes(group)),
  })),
];

/** The client and server-render bundles with only `groups`, in `dir`/dist and `dir`/dist-ssr. */
function build(variant: Variant, dir: string): void {
  const env = { ...process.env, NODE_ENV: 'production', WEB_CHUNK_GROUPS: variant.groups.join(',') || 'none' };
  const cwd = path.join(ROOT, 'apps/web');
  for (const args of [
    ['vite', 'build', '--outDir', path.join(dir, 'dist')],
    ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dir, 'dist-ssr')],
  ]) {
    const result = spawnSync('npx', args, { cwd, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`build of ${variant.name} failed:\n${result.stdout}${result.stderr}`);
  }
  precompress(path.join(dir, 'dist'));
}

const change = (value: number, base: number) => (base === 0 ? 0 : (value - base) / base);
const percent = (share: number) => `${share >= 0 ? '+' : '−'}${fmt(Math.abs(share) * 100, 1)} %`;

function verdict(variant: Variant, loads: PageLoad[], base: PageLoad[]): string {
  const worse = loads.flatMap((load, i) => {
    const reference = base[i]!;
    return [
      ['bytes', load.bytes, reference.bytes],
      ['files', load.files.length, reference.files.length],
      ['LCP', load.lcp, reference.lcp],
    ]
      .filter(([, value, ref]) => change(value as number, ref as number) > MARGIN)
      .map(
        ([what, value, ref]) => `${load.name}: ${what as string} ${percent(change(value as number, ref as number))}`,
      );
  });
  return worse.length === 0
    ? `${variant.name}: within ${MARGIN * 100} % of all groups on every page — the groups left out are not worth keeping.`
    : `${variant.name}: ${worse.join('; ')} — the groups left out are worth keeping.`;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  if (isStale(SERVER_ENTRY, serverSources)) await buildServer();
  const workDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-chunks-'));
  const results: Array<{ variant: Variant; loads: PageLoad[] }> = [];
  try {
    for (const [index, variant] of VARIANTS.entries()) {
      const dir = path.join(workDir, String(index));
      build(variant, dir);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-chunks-data-'));
      const server = await startServer(dataDir, path.join(dir, 'dist'));
      const userDataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-chromium-'));
      const context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROME,
        headless: true,
        args: CHROME_FLAGS,
      });
      const writer = await startWriter(server.url, 1);
      try {
        console.log(`== ${variant.name}`);
        const login = await logIn(server.url, 'berater1@demo.praemienboerse.at');
        results.push({ variant, loads: await measurePages(context, server.url, login, PAGES, RUNS) });
      } finally {
        await writer.stop();
        await context.close();
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(userDataDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }

  const base = results[0]!.loads;
  const lines = [
    '',
    `Measured by \`npm run bench:web-chunks\` (bench/web-chunks.bench.ts), ${new Date().toISOString().slice(0, 10)}, ${RUNS} loads a page;`,
    `load average at the start ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min). The build with every chunk`,
    "group of apps/web/vite.config.ts, the bundler's defaults, and the build without each group; per page: JS + CSS files,",
    'bytes on the wire, median FCP / LCP in ms at 4× CPU (cold cache), and the change against all groups.',
    '',
    '| Build | Page | Files | Bytes | FCP | LCP | Δ bytes | Δ LCP |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...results.flatMap(({ variant, loads }) =>
      loads.map(
        (load, i) =>
          `| ${variant.name} | ${load.name} | ${load.files.length} | ${fmt(load.bytes)} | ${fmt(load.fcp)} | ${fmt(load.lcp)} | ` +
          `${percent(change(load.bytes, base[i]!.bytes))} | ${percent(change(load.lcp, base[i]!.lcp))} |`,
      ),
    ),
    '',
    ...results.slice(1).map(({ variant, loads }) => `- ${verdict(variant, loads, base)}`),
    '',
  ];
  console.log(lines.join('\n'));
  writeSection(path.join(ROOT, 'docs', 'benchmarks-web.md'), CHUNK_RULES_HEADING, lines);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
