#!/usr/bin/env node
// `npm run build`: the production web bundle (apps/web/dist) and the compiled server
// (apps/server/dist/main.js, one ES module bundled by esbuild; node_modules stay external,
// the workspace package @pb/core is bundled in). `npm start` runs exactly this output.
//   node scripts/build.mjs [--web] [--server] [--if-stale]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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
  precompress(path.join(webDir, 'dist'));
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;

/**
 * Brotli (quality 11) and gzip (level 9) siblings of every text file of the web build, made once
 * here so the server sends them without compressing per request (app.ts: preCompressed). Files
 * under 1 KB, or that would not shrink by a tenth, are left alone.
 */
export function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    const br = brotliCompressSync(content, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length <= content.length * 0.9) writeFileSync(`${file}.br`, br);
    if (gz.length <= content.length * 0.9) writeFileSync(`${file}.gz`, gz);
  }
}

/** Pure JavaScript, no files read at run time by path: safe to bundle into dist/main.js. */
const BUNDLED_PACKAGES = [
  'drizzle-orm',
  'zod',
  'fastify-type-provider-zod',
  'libphonenumber-js',
  'jose',
  'fast-json-stringify',
  'prom-client',
  'ioredis',
  '@socket.io/redis-adapter',
  'qs',
];

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = (name) => JSON.parse(readFileSync(path.join(root, name, 'package.json'), 'utf8'));
  // Registry packages stay imports of node_modules (native addons, WASM, worker and asset files
  // resolve from there) — except plain JavaScript ones spread over many small files, which are
  // bundled: resolving and reading those files was most of the start time.
  const bundled = new Set(BUNDLED_PACKAGES);
  const external = [
    ...Object.keys(pkg('apps/server').dependencies ?? {}),
    ...Object.keys(pkg('packages/core').dependencies ?? {}),
  ].filter((name) => !name.startsWith('@pb/') && !bundled.has(name));
  const outdir = path.join(serverDir, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    entryPoints: { main: path.join(serverDir, 'src/main.ts') },
    outdir,
    // What the server imports only when configured (the embedded database's driver, the S3
    // client, the PDF writer) goes to its own chunk, so its packages load only then.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    // Without comments the code is plain ASCII: V8 then keeps the source one byte per character
    // (one umlaut in a comment made the whole 3.4 MB source two bytes per character in memory).
    minifyWhitespace: true,
    charset: 'ascii',
    external,
    logLevel: 'warning',
    legalComments: 'none',
    // Bundled CommonJS packages require Node's built-ins; an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
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
