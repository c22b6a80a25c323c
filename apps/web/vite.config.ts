import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { purgeBootstrap } from './bootstrapPurge.ts';
import { noChunkCycles } from './chunkCycles.ts';
import { chunkOwners } from './chunkOwners.ts';
import { routePreload } from './routePreload.ts';

// @pb/core in two chunks instead of one per module: the modules with zod schemas (with zod itself),
// which the landing page never loads, and the plain ones (limits, texts, formatting, fees) it uses.
const coreDir = path.resolve(import.meta.dirname, '../../packages/core/src');
const coreWithZod = new Set(
  readdirSync(coreDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(coreDir, name))
    .filter((file) => /from '(zod|\.\/zod)'/.test(readFileSync(file, 'utf8'))),
);
// Third-party code outside the entry chunk (react-bootstrap and what it brings: @restart/ui,
// dom-helpers, popper) in one chunk per set of pages that uses it, sets under 40 KB merged into the
// nearest: left alone, the bundler made ~15 small vendor chunks, and a signed-in page loaded most
// of them, each a request and a few ms of the main thread (at 4x CPU ~10 ms) before the first paint.
// Not its dependencies (React and React DOM, which the entry holds), not stylesheets (main.tsx imports
// Bootstrap's), and not the libraries the entry or other groups hold or that load on their own — such
// as the trust figures' chart library (visx and the d3 modules it brings, issue 36): only the lazy chart
// (components/trust/TrustBarChart) imports it, so it stays in that chunk; merged into a vendor chunk
// under 40 KB, it rode along with the login page's passkey library.
const ownChunkLibs =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod|socket\.io-[\w-]+|engine\.io-[\w-]+|@socket\.io|xmlhttprequest-ssl|debug|ms|@visx[\\/][\w-]+|d3-[\w-]+|internmap)[\\/]/;
// The helper libraries react-bootstrap's modules share (classnames, prop-types, transitions, …) and
// its own most shared modules (theme, transitions, close button), in one chunk that imports no
// vendor chunk. Left to the entries-aware vendor chunks, they split so that two of those imported
// each other, and a signed-in page failed in the browser ('g is not a function'); noChunkCycles()
// now fails such a build.
const vendorBaseChunk = {
  name: 'vendor-base',
  priority: 1,
  test: (id: string) =>
    /[\\/]node_modules[\\/](classnames|prop-types|invariant|warning|uncontrollable|react-lifecycles-compat|dom-helpers|@babel[\\/]runtime|react-transition-group|@restart[\\/]hooks|dequal|@react-aria|react-is)[\\/]/.test(
      id,
    ) ||
    /[\\/]@restart[\\/]ui[\\/]esm[\\/]utils\.js$/.test(id) ||
    /[\\/]react-bootstrap[\\/]esm[\\/](ThemeProvider|triggerBrowserReflow|TransitionWrapper|transitionEndListener|safeFindDOMNode|divWithClassName|Fade|CloseButton)\.js$/.test(
      id,
    ),
  includeDependenciesRecursively: false,
};
const vendorChunks = {
  name: 'vendor',
  test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !id.endsWith('.css') && !ownChunkLibs.test(id),
  entriesAware: true,
  entriesAwareMergeThreshold: 40_000,
  includeDependenciesRecursively: false,
};

/**
 * The chunk groups, by name; `WEB_CHUNK_GROUPS=core,schemas` builds with only those (`none`: the
 * bundler's defaults). For bench/web-chunks.bench.ts, which measures what each group is worth.
 */
function chunkGroups<T extends { name: string }>(groups: T[]): T[] {
  const keep = process.env.WEB_CHUNK_GROUPS?.split(',');
  return keep === undefined ? groups : groups.filter((group) => keep.includes(group.name));
}

const coreChunks = [
  // First, so the schema chunk (which takes its modules' imports along) leaves these to it.
  { name: 'core', priority: 2, test: (id: string) => id.startsWith(coreDir + path.sep) && !coreWithZod.has(id) },
  {
    name: 'schemas',
    priority: 1,
    test: (id: string) => coreWithZod.has(id) || /[\\/]node_modules[\\/]zod[\\/]/.test(id),
  },
];

/**
 * The server entry (src/entry-server.tsx → dist-ssr/entry-server.js): the public pages rendered by
 * the Fastify server. Everything is bundled, libraries too: several (react-bootstrap,
 * react-transition-group) import each other by folder paths that Node's ESM loader refuses, and
 * one file means one copy of React for the render. Stylesheets are the client build's business.
 */
const ssrBuild: UserConfig = {
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
};

// Dev server proxies the API and sockets to the Fastify server on :3000.
export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        // routePreload: the chunks of the page a URL opens are requested with the entry, not after it ran.
        // noChunkCycles: the chunk groups below must not make two chunks import each other
        // (NO_CYCLE_CHECK=1 builds such a bundle anyway, to look into it).
        plugins: [
          react(),
          routePreload(path.resolve(import.meta.dirname, 'src/app/routes.tsx')),
          // dist-stats/chunk-owners.json: who owns each chunk's bytes (bench:web names them).
          chunkOwners(path.resolve(import.meta.dirname, 'dist-stats')),
          ...(process.env.NO_CYCLE_CHECK ? [] : [noChunkCycles()]),
        ],
        // The build ships only the Bootstrap rules the app uses (bootstrapPurge.ts); `npm run dev` serves
        // all of it, so a class added while developing works before the next build.
        css: command === 'build' ? { postcss: { plugins: [purgeBootstrap(import.meta.dirname)] } } : {},
        server: {
          port: 5173,
          proxy: {
            '/api': 'http://localhost:3000',
            '/socket.io': { target: 'http://localhost:3000', ws: true },
            '/uploads': 'http://localhost:3000',
            '/dev': 'http://localhost:3000',
          },
        },
        // No source maps in the shipped build: smaller deploys, nothing extra to serve.
        build: {
          sourcemap: false,
          // The server reads the entry's files from it for the pages it renders (apps/server public-pages).
          manifest: true,
          // One stylesheet, loaded with the page: a route's own small stylesheet, inserted when its page
          // loads, made the browser match every rule against the page once more (issue 14: a 250-350 ms
          // task at 4x CPU on the signed-in pages and the login); together they add ~3 KB brotli.
          cssCodeSplit: false,
          chunkSizeWarningLimit: 600,
          rolldownOptions: {
            output: {
              codeSplitting: { groups: chunkGroups([...coreChunks, vendorBaseChunk, vendorChunks]) },
              // A vendor chunk's name lists the pages that share it: the file is just vendor-<hash>.js.
              chunkFileNames: (chunk) =>
                chunk.name.startsWith('vendor~') ? 'assets/vendor-[hash].js' : 'assets/[name]-[hash].js',
            },
          },
        },
      },
);
