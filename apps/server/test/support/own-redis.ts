import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, localServerProcess } from './ports';

/**
 * A Redis server of the test's own (redis-server on a free loopback port, no
 * persistence) for fault tests that stop, restart or freeze it. It never touches
 * the shared Redis on 6379. A restart keeps the port, so clients reconnect to it.
 */

export interface OwnRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  start(): Promise<void>;
  /** Kills the server (SIGKILL, like a crash): connections drop, the data is gone. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing answers. */
  freeze(): void;
  thaw(): void;
  /** Stops the server and removes its directory. */
  cleanup(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-own-redis-'));
  const server = localServerProcess(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    port,
    'redis-server',
  );
  let frozen = false;
  const stop = async () => {
    frozen = false;
    await server.stop();
  };
  await server.start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start: () => server.start(),
    stop,
    async restart() {
      await stop();
      await server.start();
    },
    freeze() {
      if (!frozen) frozen = server.signal('SIGSTOP');
    },
    thaw() {
      if (frozen && server.signal('SIGCONT')) frozen = false;
    },
    async cleanup() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
