import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './ports';

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
  let child: ChildProcess | undefined;
  let frozen = false;

  const start = async () => {
    if (child) return;
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    child = proc;
    proc.once('exit', () => {
      if (child === proc) child = undefined;
    });
    await waitForPort(port, 10_000, 'redis-server');
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    if (frozen) {
      proc.kill('SIGCONT');
      frozen = false;
    }
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await exited;
    child = undefined;
  };

  // The test runner may end without cleanup (a crash, a timeout): the server goes with it.
  process.once('exit', () => child?.kill('SIGKILL'));
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async restart() {
      await stop();
      await start();
    },
    freeze() {
      if (child && !frozen) {
        child.kill('SIGSTOP');
        frozen = true;
      }
    },
    thaw() {
      if (child && frozen) {
        child.kill('SIGCONT');
        frozen = false;
      }
    },
    async cleanup() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
