/**
 * The import graph's rules (docs/architecture.md), checked by `npm run lint:deps` in
 * `npm test` and CI: no cycles, and imports flow one way —
 *   core ← server lib ← db ← services ← modules ← app/main/cli,  core ← web shared ← features ← app;
 * and no cycle between folders either (.dependency-cruiser-folders.cjs).
 */

/** A forbidden import: from files matching `from` to files matching `to` (paths or full matchers). */
const forbid = (name, comment, from, to) => ({
  name,
  severity: 'error',
  comment,
  from: typeof from === 'string' ? { path: from } : from,
  to: typeof to === 'string' ? { path: to } : to,
});

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';

module.exports = {
  forbidden: [
    forbid(
      'no-cycles',
      'A cycle ties modules together so neither can change or be tested alone.',
      {},
      { circular: true },
    ),
    forbid(
      'core-stands-alone',
      'packages/core is shared by server and web: it imports neither.',
      '^packages/core/src',
      '^apps/',
    ),
    forbid(
      'server-lib-stands-alone',
      'lib/ is the ground floor: technical helpers that know no database, service or feature.',
      `${SERVER}lib/`,
      `${SERVER}(db|services|modules)/`,
    ),
    forbid(
      'server-db-below-services',
      'db/ (schema, client, migrations, reference data) sits on lib/ only.',
      `${SERVER}db/`,
      `${SERVER}(services|modules)/`,
    ),
    forbid(
      'server-services-below-modules',
      'services/ serve every feature (audit, notifications, realtime, PDF parts, CSV, mail outbox…): they never import one.',
      `${SERVER}services/`,
      `${SERVER}modules/`,
    ),
    forbid(
      'server-modules-through-index',
      'A module uses another module only through its index.ts (its public surface), never its internals.',
      { path: `${SERVER}modules/([^/]+)/`, pathNot: '\\.test\\.ts$' },
      { path: `${SERVER}modules/`, pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`] },
    ),
    forbid(
      'server-src-not-tests',
      'Production code never imports test support.',
      { path: SERVER, pathNot: '\\.test\\.ts$' },
      '(^apps/server/test/|\\.test\\.ts$)',
    ),
    forbid(
      'server-modules-not-entry',
      'Modules are assembled by app.ts/main.ts/cli; they never import those.',
      `${SERVER}(modules|services|lib|db)/`,
      `${SERVER}(app|main)\\.ts$|${SERVER}cli/`,
    ),
    forbid(
      'web-features-independent',
      'A web feature never imports another feature (shared pieces live in components/ or lib/).',
      `${WEB}features/([^/]+)/`,
      { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    ),
    forbid(
      'web-shared-below-features',
      'components/ and lib/ are shared: they import neither features nor app.',
      `${WEB}(components|lib)/`,
      `${WEB}(features|app)/`,
    ),
    forbid(
      'web-features-below-app',
      'Only app/ (router, providers) assembles the features.',
      `${WEB}features/`,
      `${WEB}app/`,
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
