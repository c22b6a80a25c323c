/**
 * The import graph's rules (docs/architecture.md), checked by `npm run lint:deps` in
 * `npm test` and CI: no cycles, and imports flow one way —
 *   core ← server lib ← db ← services ← modules ← app/main/cli,  core ← web shared ← features ← app;
 * and no cycle between folders either (.dependency-cruiser-folders.cjs).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle ties modules together so neither can change or be tested alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stands-alone',
      severity: 'error',
      comment: 'packages/core is shared by server and web: it imports neither.',
      from: { path: '^packages/core/src' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-lib-stands-alone',
      severity: 'error',
      comment: 'lib/ is the ground floor: technical helpers that know no database, service or feature.',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(db|services|modules)/' },
    },
    {
      name: 'server-db-below-services',
      severity: 'error',
      comment: 'db/ (schema, client, migrations, reference data) sits on lib/ only.',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/(services|modules)/' },
    },
    {
      name: 'server-services-below-modules',
      severity: 'error',
      comment:
        'services/ serve every feature (audit, notifications, realtime, PDF parts, CSV, mail outbox…): they never import one.',
      from: { path: '^apps/server/src/services/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-modules-through-index',
      severity: 'error',
      comment: 'A module uses another module only through its index.ts (its public surface), never its internals.',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-src-not-tests',
      severity: 'error',
      comment: 'Production code never imports test support.',
      from: { path: '^apps/server/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '(^apps/server/test/|\\.test\\.ts$)' },
    },
    {
      name: 'server-modules-not-entry',
      severity: 'error',
      comment: 'Modules are assembled by app.ts/main.ts/cli; they never import those.',
      from: { path: '^apps/server/src/(modules|services|lib|db)/' },
      to: { path: '^apps/server/src/(app|main)\\.ts$|^apps/server/src/cli/' },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment: 'A web feature never imports another feature (shared pieces live in components/ or lib/).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'components/ and lib/ are shared: they import neither features nor app.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'Only app/ (router, providers) assembles the features.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
