import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

/**
 * A PostgreSQL server of the test's own (initdb + pg_ctl from Debian's
 * PostgreSQL 15) on a free loopback port, for fault tests that stop, restart or
 * freeze the database. It never touches the shared server on 5432.
 *
 * We run as root and PostgreSQL refuses to, so every server command runs as the
 * OS user postgres (runuser) in a temporary directory owned by it.
 */

const BIN = '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dir: string;
  start(): Promise<void>;
  /** Fast shutdown: open sessions are terminated (57P01), committed data stays. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** SIGSTOP the postmaster and all its children: connections hang, nothing answers. */
  freeze(): void;
  thaw(): void;
  /** pg_terminate_backend on every client session but the caller's; returns how many. */
  terminateBackends(): Promise<number>;
  /** Stops the server (thaws it first) and removes its directory. */
  cleanup(): Promise<void>;
}

function asPostgres(args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8', stdio: 'pipe' });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-own-pg-'));
  chmodSync(dir, 0o700);
  const pgUser = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const pgGroup = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, pgUser, pgGroup);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  asPostgres([
    `${BIN}/initdb`,
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  // Loopback TCP only; the socket directory is ours so nothing collides with the shared server.
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=50',
  ].join(' ');

  const ctl = (action: string, extra: string[] = []) =>
    asPostgres([`${BIN}/pg_ctl`, '-D', dataDir, '-l', logFile, '-w', '-t', '60', action, ...extra]);

  const postmasterPid = (): number => {
    const first = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0];
    return Number(first);
  };
  /** The postmaster and every process it started (backends, checkpointer, walwriter …). */
  const serverPids = (): number[] => {
    const root = postmasterPid();
    const out = spawnSync('pgrep', ['-P', String(root)], { encoding: 'utf8' }).stdout;
    return [root, ...out.split('\n').filter(Boolean).map(Number)];
  };

  let frozen = false;
  let running = false;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const instance: OwnPostgres = {
    url,
    port,
    dir,
    async start() {
      ctl('start', ['-o', options]);
      running = true;
    },
    async stop() {
      if (frozen) instance.thaw();
      if (!running) return;
      ctl('stop', ['-m', 'fast']);
      running = false;
    },
    async restart() {
      await instance.stop();
      await instance.start();
    },
    freeze() {
      // Children first so none of them notices its parent stopping.
      for (const pid of serverPids().reverse()) process.kill(pid, 'SIGSTOP');
      frozen = true;
    },
    thaw() {
      for (const pid of serverPids()) process.kill(pid, 'SIGCONT');
      frozen = false;
    },
    async terminateBackends() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query<{ n: string }>(
          `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n
             FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        );
        return Number(result.rows[0]?.n ?? 0);
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      try {
        await instance.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  await instance.start();
  return instance;
}
