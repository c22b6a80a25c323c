/**
 * The import graph's rules (docs/architecture.md), checked by `npm run lint:deps` in
 * `npm test` and CI: no cycles, and imports flow one way —
 *   core ← server lib/db ← server modules ← app/main/cli,  core ← web shared ← features ← app.
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
      name: 'server-lib-below-modules',
      severity: 'error',
      comment: 'lib/ and db/ are the shared floor of the server: they never import a feature module.',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-lib-below-seed',
      severity: 'error',
      comment: 'The demo seed sits above lib/ (it uses the modules); lib/ never imports it.',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/db/seed/' },
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
      from: { path: '^apps/server/src/(modules|lib|db)/' },
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
