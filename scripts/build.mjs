#!/usr/bin/env node
// `npm run build`: the production web bundle (apps/web/dist) and the compiled server
// (apps/server/dist/main.js, one ES module bundled by esbuild; node_modules stay external,
// the workspace package @pb/core is bundled in). `npm start` runs exactly this output.
//   node scripts/build.mjs [--web] [--server] [--if-stale]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const serverDir = path.join(root, 'apps/server');
const coreSrc = path.join(root, 'packages/core/src');

export const WEB_INDEX = path.join(webDir, 'dist/index.html');
export const SERVER_ENTRY = path.join(serverDir, 'dist/main.js');

function newestMtime(target) {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** The output is missing or older than any of its sources. */
export function isStale(output, sources) {
  return !existsSync(output) || Math.max(...sources.map(newestMtime)) > statSync(output).mtimeMs;
}

export const webSources = [webDir, coreSrc];
export const serverSources = [path.join(serverDir, 'src'), coreSrc, path.join(root, 'package-lock.json')];

/** Always a production build, whatever NODE_ENV the caller has set (a development React build is 5× larger). */
export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@pb/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('web build failed');
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = (name) => JSON.parse(readFileSync(path.join(root, name, 'package.json'), 'utf8'));
  // Every registry package stays an import of node_modules (native addons, WASM and worker
  // files resolve from there); only our own workspace code is bundled.
  const external = [
    ...Object.keys(pkg('apps/server').dependencies ?? {}),
    ...Object.keys(pkg('packages/core').dependencies ?? {}),
  ].filter((name) => !name.startsWith('@pb/'));
  const outdir = path.join(serverDir, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
    legalComments: 'none',
  });
  // Read at run time next to the code (db/migrate.ts, db/seed/districts.ts resolve them from import.meta.url).
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  cpSync(path.join(serverDir, 'src/db/seed/districts.json'), path.join(outdir, 'districts.json'));
  return Math.round(Date.now() - started);
}

async function main() {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const only = args.filter((a) => a === '--web' || a === '--server');
  const web = only.length === 0 || only.includes('--web');
  const server = only.length === 0 || only.includes('--server');
  if (web && (!ifStale || isStale(WEB_INDEX, webSources))) {
    console.log('Web-App wird gebaut …');
    buildWeb();
  }
  if (server && (!ifStale || isStale(SERVER_ENTRY, serverSources))) {
    const ms = await buildServer();
    console.log(`Server kompiliert: ${path.relative(root, SERVER_ENTRY)} (${ms} ms)`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
