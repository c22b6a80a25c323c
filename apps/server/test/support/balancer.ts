import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from './ports';

/**
 * HAProxy from Debian's packages with the repository's own config (deploy/haproxy.cfg) in
 * front of two app instances on loopback, for the cluster test. `.ci/run` installs it.
 */

const CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/haproxy.cfg');

export interface Balancer {
  url: string;
  /** stdout + stderr so far (HAProxy's request log). */
  output(): string;
  stop(): Promise<void>;
}

export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

export async function startBalancer(app1: string, app2: string): Promise<Balancer> {
  if (!haproxyAvailable()) {
    throw new Error('haproxy not found: install it (apt-get install -y haproxy); .ci/run does so on a clean machine');
  }
  const port = await freePort();
  const child: ChildProcess = spawn('haproxy', ['-f', CONFIG, '-db'], {
    env: { PATH: process.env.PATH ?? '', PB_LB_BIND: `127.0.0.1:${port}`, PB_APP1: app1, PB_APP2: app2 },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGKILL'));
  await waitForPort(port, 10_000, 'haproxy');
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await ended;
    },
  };
}
