import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What `npm start` runs (scripts/build.mjs). */
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until `ready` accepts its answer (120 s at most; at once an error if the process
 * exits); returns how to stop the process.
 */
export async function untilReady(
  child: ChildProcess,
  url: string,
  ready: (response: Response) => boolean | Promise<boolean>,
  pollMs: number,
): Promise<() => Promise<void>> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(ready, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

export interface BenchServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The compiled server with demo data in `dataDir`, serving the web build in `webDist` (default:
 * apps/web/dist); resolves once the demo advertisements are there.
 */
export async function startServer(dataDir: string, webDist?: string): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // Development mode only for the demo data (production starts empty); the web build is the
      // production build either way.
      NODE_ENV: 'development',
      DEMO_DATA: 'auto',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The writer (writer.ts) changes advertisements faster than a person would.
      RATE_LIMIT_FACTOR: '1000',
      ...(webDist === undefined ? {} : { WEB_DIST_DIR: webDist }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = await untilReady(
    child,
    `${url}/api/jobs?pagination[limit]=1`,
    async (r) => r.ok && ((await r.json()) as { data: unknown[] }).data.length > 0,
    100,
  );
  return { url, stop };
}
