import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests (packages/core, the web build's own tools in apps/web) and API tests (apps/server). The API suite runs on
 * PGlite always and a second time on PostgreSQL when TEST_DATABASE_URL is set.
 */
/** Suites that never use the project's database driver (they run CLIs on an embedded database, only files, or no database): once is enough. */
const DRIVER_INDEPENDENT = [
  'apps/server/src/lib/storage.test.ts',
  'apps/server/src/lib/query-string.test.ts',
  'apps/server/test/storage-migrate-cli.test.ts',
  'apps/server/test/backup-restore-cli.test.ts',
  'apps/server/test/dependency-rules.test.ts',
  // The register CLI on a demo register in an embedded database of its own (no DATABASE_URL).
  'apps/server/test/register-verify-cli.test.ts',
  'apps/server/test/structure.test.ts',
  // Pure functions: no database at all.
  'apps/server/src/lib/tokens.test.ts',
  'apps/server/src/modules/accounts/policy.test.ts',
  'apps/server/src/modules/introductions/fingerprint.test.ts',
  'apps/server/src/modules/introductions/free-mail.test.ts',
  'apps/server/src/modules/introductions/proof-pdf.test.ts',
  'apps/server/src/modules/introductions/register-chain.test.ts',
  'apps/server/src/modules/billing/statement.test.ts',
  'apps/server/src/modules/jobs/sorted-ids.test.ts',
];

const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // *.pg.test.ts need a shared server database (several processes): PostgreSQL only.
    exclude:
      driver === 'pglite'
        ? ['**/*.pg.test.ts', '**/*.fault.test.ts', '**/node_modules/**']
        : ['**/*.fault.test.ts', '**/node_modules/**', ...DRIVER_INDEPENDENT],
    environment: 'node' as const,
    // The AWS SDK's notice that its 2027 releases need Node 22 (docs/operations.md) once per process is noise here.
    env: { TEST_DB_DRIVER: driver, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // The files of a worker share one module graph instead of importing the server again for each
    // (~1 s a file; the embedded-database project took 8m40 isolated and 6m30 shared, 2026-11-26).
    // Safe because the server keeps no module-level state beyond caches keyed by the database
    // handle, and a test that fakes timers restores them after itself.
    isolate: false,
  },
});

/**
 * Fault tests (*.fault.test.ts) start their own PostgreSQL (initdb + pg_ctl from
 * /usr/lib/postgresql/15/bin) or Redis (redis-server) on a free loopback port and
 * stop, freeze or restart it — never the shared servers. They run beside the
 * PostgreSQL suites (CI), one file at a time so the restarts stay quick.
 */
const faultProject = {
  test: {
    name: 'faults',
    include: ['apps/server/**/*.fault.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node' as const,
    env: { TEST_DB_DRIVER: 'postgres', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks' as const,
    fileParallelism: false,
  },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. The API
    // files each use their own database and wait on it much of the time, so two run side by side
    // (full suite on 2 cores: see docs/testing or the README's timings).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { name: 'unit', include: ['packages/core/src/**/*.test.ts', 'apps/web/*.test.ts'], environment: 'node' },
      },
      {
        // The web app's own conversions and components, rendered with Testing Library in a simulated DOM.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Forms typed key by key take seconds while the API suites share the 2 cores; a limit is no speed test.
          testTimeout: 15_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres'), faultProject] : []),
    ],
  },
});
