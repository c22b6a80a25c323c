import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createPostgresDatabase } from './support/instances';
import { DATA_DIR_LOCK_FILE } from '../src/lib/data-dir-lock';
import { verifyPassword } from '../src/lib/passwords';
import { AdminAccountError, ensureAdmin } from '../src/modules/admin/admin-account';
import { runCliProcess as runCliWith } from './support/cli';
import { startServerProcess, type ServerProcess } from './support/server-process';

const runCliProcess = (
  script: string,
  args: string[],
  dataDir: string,
  stdin?: string,
  env: Record<string, string> = {},
) =>
  runCliWith(
    script,
    args,
    { DATA_DIR: dataDir, JWT_SECRET, FINGERPRINT_SECRET: JWT_SECRET, REGISTER_SECRET: JWT_SECRET, ...env },
    stdin,
  );

/**
 * Issue 9, item 4: the embedded database (PGlite in DATA_DIR) is one process's at a
 * time. The real server (main.ts) and the real CLIs (admin:create, retention, seed:demo)
 * take a lock file in DATA_DIR; a CLI refuses in German while the server runs, works
 * once it stopped, and reclaims the lock of a process that died. The admin password
 * piped on stdin is its first line.
 */

const JWT_SECRET = 'cli-lock-test-secret-0123456789abcdef012345';
const PASSWORD = 'Sehr-Geheim-2024!';
const REFUSAL =
  'wird gerade vom laufenden Server verwendet. Bitte beenden Sie zuerst den Server (npm start) und versuchen Sie es erneut.';

/** A pid that belonged to a process which has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

async function readAdmin(dataDir: string, email: string): Promise<{ role: string; password_hash: string } | undefined> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.query<{ role: string; password_hash: string }>(
      'SELECT role, password_hash FROM users WHERE lower(email) = $1',
      [email],
    );
    return rows[0];
  } finally {
    await database.close();
  }
}

// One embedded database in a folder of its own; independent of the project's database driver.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('DATA_DIR lock for the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-cli-lock-'));
  const lockFile = path.join(dataDir, DATA_DIR_LOCK_FILE);
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, JWT_SECRET });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('When the server runs, then admin:create refuses in German, exits non-zero and creates nothing', async () => {
    expect(existsSync(lockFile)).toBe(true);
    const result = await runCliProcess('admin-create.ts', ['chefin@example.test'], dataDir, `${PASSWORD}\n`);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`Die Datenbank in ${dataDir} ${REFUSAL}`);
    expect(result.stdout).not.toContain('angelegt');
  }, 60_000);

  it('When the server runs, then retention and seed:demo refuse the same way', async () => {
    for (const [script, args] of [
      ['retention.ts', ['--dry-run']],
      ['seed-demo.ts', []],
    ] as const) {
      const result = await runCliProcess(script, [...args], dataDir);
      expect(result.code, script).not.toBe(0);
      expect(result.stderr, script).toContain(REFUSAL);
    }
  }, 60_000);

  it('When a second server starts on the same DATA_DIR, then it refuses to start', async () => {
    const second = await startServerProcess({ DATA_DIR: dataDir, JWT_SECRET }).then(
      async (started) => {
        await started.stop();
        return 'started';
      },
      (error: unknown) => String(error),
    );
    expect(second).toMatch(/server exited \(1\) during start/);
    expect(second).toMatch(/Die Datenbank in .* wird gerade vom laufenden Server verwendet/);
    // The first server is unharmed and still holds its lock.
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
    expect(existsSync(lockFile)).toBe(true);
  }, 90_000);

  it('When the server has stopped, then admin:create works, takes the first line as password and releases the lock', async () => {
    await server!.stop();
    server = undefined;
    expect(existsSync(lockFile)).toBe(false);
    const result = await runCliProcess(
      'admin-create.ts',
      ['chefin@example.test'],
      dataDir,
      `${PASSWORD}\n${PASSWORD}\n`,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('angelegt');
    expect(existsSync(lockFile)).toBe(false);
    const admin = await readAdmin(dataDir, 'chefin@example.test');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(PASSWORD, admin!.password_hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}\n${PASSWORD}`, admin!.password_hash)).toBe(false);
  }, 60_000);

  it('When the lock belongs to a process that has died, then the CLI reclaims it', async () => {
    writeFileSync(lockFile, JSON.stringify({ pid: await deadPid(), role: 'server', since: new Date().toISOString() }));
    const result = await runCliProcess('admin-create.ts', ['zweite@example.test'], dataDir, `${PASSWORD}\r\n`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    const admin = await readAdmin(dataDir, 'zweite@example.test');
    expect(await verifyPassword(PASSWORD, admin!.password_hash)).toBe(true);
  }, 60_000);

  it('When another command holds the lock, then the CLI refuses and names it', async () => {
    // This test process stands in for a running `npm run retention`.
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, role: 'cli', since: new Date().toISOString() }));
    try {
      const result = await runCliProcess('retention.ts', ['--dry-run'], dataDir);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(`Die Datenbank in ${dataDir} wird gerade von einem anderen Befehl`);
      // Not ours to remove.
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      rmSync(lockFile, { force: true });
    }
  }, 60_000);
});

// With PostgreSQL there is no single-process database: commands run beside the server.
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('CLIs beside the server on PostgreSQL', () => {
  it('When the server runs on DATABASE_URL, then admin:create works and the account exists', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-cli-pg-'));
    const pgDb = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const server = await startServerProcess({ DATA_DIR: dataDir, JWT_SECRET, DATABASE_URL: pgDb.url });
    try {
      const result = await runCliProcess('admin-create.ts', ['pg-admin@example.test'], dataDir, `${PASSWORD}\n`, {
        DATABASE_URL: pgDb.url,
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
      const login = await fetch(`${server.url}/api/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'pg-admin@example.test', password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { role: { type: string } } }).user.role.type).toBe('admin');
    } finally {
      await server.stop();
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('Admin password with a line break', () => {
  it('When a password contains a line break (e.g. ADMIN_PASSWORD), then it is refused', async () => {
    const database = await openDatabase({});
    try {
      for (const password of [`${PASSWORD}\n${PASSWORD}`, `${PASSWORD}\r`, `a\u2028${PASSWORD}`]) {
        await expect(ensureAdmin(database.db, { email: 'x@example.test', password, mode: 'upsert' })).rejects.toThrow(
          AdminAccountError,
        );
      }
    } finally {
      await database.close();
    }
  });
});
