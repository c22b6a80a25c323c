import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-flags.mjs';
import { freePort, TEST_INVOICE_ISSUER_ENV } from './ports';

/**
 * The real server entry point (src/main.ts) in a child process, the way `npm start`
 * runs it: fault tests see whether the process itself survives, not just an app
 * object inside the test runner.
 */

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
/** What `npm start` runs (scripts/build.mjs); the caller builds it first (see buildServerOnce). */
const COMPILED_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');
const BUILD_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/build.mjs');

/** Builds the compiled server if its sources changed (esbuild, well under a second). */
export function buildServerOnce(): void {
  const result = spawnSync(process.execPath, [BUILD_SCRIPT, '--server', '--if-stale'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`server build failed:\n${result.stdout}${result.stderr}`);
}

export interface ServerProcessOptions {
  /** Run apps/server/dist/main.js (the production build) instead of the TypeScript sources. */
  compiled?: boolean;
}

export interface ServerProcess {
  url: string;
  port: number;
  /** DATA_DIR of the process (removed by stop()). */
  dataDir: string;
  child: ChildProcess;
  /** stdout + stderr so far (for failure messages). */
  output(): string;
  /** null while running; the exit code or signal once it has ended. */
  exited(): string | null;
  /** Resolves with the exit code (or signal) once the process has ended. */
  waitForExit(): Promise<string>;
  stop(): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-server-'));
  const args = options.compiled ? [...SERVER_NODE_FLAGS, COMPILED_MAIN] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'fault-test-secret-0123456789abcdef0123456789',
      FINGERPRINT_SECRET: 'fault-test-fingerprints-0123456789abcdef012345',
      REGISTER_SECRET: 'fault-test-register-key-0123456789abcdef0123456',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      RATE_LIMIT_FACTOR: '1000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...TEST_INVOICE_ISSUER_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: string | null = null;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ?? String(code);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exit !== null) throw new Error(`server exited (${exit}) during start:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => output,
    exited: () => exit,
    waitForExit: () => ended.then(() => exit ?? 'unknown'),
    async stop() {
      if (exit === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await ended;
        clearTimeout(force);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the web app (client and server-render bundles) if its sources changed: tests of the
 * server-rendered pages run against the build `npm start` serves (about 10 s when stale).
 */
export function buildWebOnce(): void {
  const result = spawnSync(process.execPath, [BUILD_SCRIPT, '--web', '--if-stale'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}${result.stderr}`);
}
