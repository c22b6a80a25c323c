import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './scripts/server-flags.mjs';

/**
 * End-to-end tests in Debian's Chromium against the real server (built web app,
 * embedded database in a fresh temp folder, demo data, dev mailbox).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'pb-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
/**
 * The visual regression screens (e2e/visual.spec.ts) are taken on a server of their own with
 * nothing but the demo data: the journeys' advertisements, messages and accounts never reach them.
 */
const VISUAL_PORT = PORT + 1;
const visualDataDir = process.env.E2E_VISUAL_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'pb-e2e-visual-'));
process.env.E2E_VISUAL_DATA_DIR = visualDataDir;

/** The compiled server, as `npm start` runs it (scripts/e2e.mjs builds it first), on `port` with its own data. */
function server(port: number, dir: string) {
  return {
    command: `node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'auto',
      // the suite itself exceeds the per-IP limits meant for people
      RATE_LIMIT_FACTOR: '20',
      // The dunning journey runs the reminder run as of later days (e2e/dunning.spec.ts; never in production).
      DEV_JOBS: 'true',
      // the back-office admin of e2e/admin.spec.ts (created on start when missing)
      ADMIN_EMAIL: 'admin@e2e.example.at',
      ADMIN_PASSWORD: 'e2e-admin-passwort-2026',
      // Passkeys need a domain as relying party (browsers refuse an IP address): the passkey
      // journey of e2e/two-factor.spec.ts runs on http://localhost:<port>.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${port}`,
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Baselines are Debian's Chromium on this kind of machine; a few pixels of anti-aliasing may differ.
    toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  fullyParallel: false,
  // One worker per project: the journeys share one server and its data and run one at a time, in
  // file order; the visual screens, on a server of their own that only reads (VISUAL_PORT), run
  // beside them in a second worker instead of after them.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /visual\.spec\.ts$/, workers: 1, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'visual',
      workers: 1,
      testMatch: /visual\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${VISUAL_PORT}` },
    },
  ],
  webServer: [server(PORT, dataDir), server(VISUAL_PORT, visualDataDir)],
});
