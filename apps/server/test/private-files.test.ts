import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/db/setup';
import { LocalFileStorage } from '../src/lib/storage-disk';
import { createBackup } from '../src/modules/backup/backup';
import { tinyPng } from './support/account-fixtures';
import { minimalPdf } from './support/chat-fixtures';
import { createPostgresDatabase } from './support/instances';

/**
 * Issue 28, item 15: uploads (CVs, chat files), backups and the generated secrets are nobody
 * else's business on the machine — folders 0700, files 0600 — whatever the process umask is.
 * The tests run with umask 000, under which Node's defaults would give 0777 and 0666.
 */

const SECRET = 'private-files-test-secret-0123456789abcdef';
let root: string;
let previousUmask: number;

const modeOf = (file: string) => statSync(file).mode & 0o777;
const octal = (mode: number) => `0${mode.toString(8)}`;

/** Every folder and file below `dir` (and `dir` itself) with its mode, in octal. */
function modesBelow(dir: string): { folders: Record<string, string>; files: Record<string, string> } {
  const folders: Record<string, string> = { '.': octal(modeOf(dir)) };
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full);
    if (entry.isDirectory()) folders[relative] = octal(modeOf(full));
    else files[relative] = octal(modeOf(full));
  }
  return { folders, files };
}

function expectPrivate(dir: string) {
  const { folders, files } = modesBelow(dir);
  expect(Object.keys(files).length, `no files in ${dir}`).toBeGreaterThan(0);
  for (const [name, mode] of Object.entries(folders)) expect(mode, `folder ${name}`).toBe('0700');
  for (const [name, mode] of Object.entries(files)) expect(mode, `file ${name}`).toBe('0600');
}

beforeAll(() => {
  previousUmask = process.umask(0o000);
  root = mkdtempSync(path.join(tmpdir(), 'pb-private-'));
});
afterAll(() => {
  process.umask(previousUmask);
  rmSync(root, { recursive: true, force: true });
});

describe('Files and folders are private to the server user', () => {
  it('When the server generates its secrets in a new DATA_DIR, then the folder is 0700 and the secrets 0600', () => {
    const dataDir = path.join(root, 'fresh', 'data');
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(config.jwtSecret.length).toBeGreaterThan(32);
    expect(octal(modeOf(dataDir))).toBe('0700');
    expect(octal(modeOf(path.join(dataDir, 'jwt-secret')))).toBe('0600');
    expect(octal(modeOf(path.join(dataDir, 'fingerprint-secret')))).toBe('0600');
  });

  it('When files are stored in DATA_DIR/uploads, then the folders are 0700 and every file 0600 (put and putAt)', async () => {
    const uploads = path.join(root, 'store', 'uploads');
    const storage = new LocalFileStorage(uploads);
    await storage.check();
    await storage.put(minimalPdf('Lebenslauf'), 'pdf');
    await storage.put(tinyPng(), 'png');
    await storage.putAt('ab/abababab-abab-4bab-8bab-abababababab.pdf', minimalPdf('wiederhergestellt'));
    expectPrivate(uploads);
  });

  it('When a backup is written, then its folder and every folder in it are 0700 and every file 0600', async () => {
    const dataDir = path.join(root, 'backup-source');
    const storage = new LocalFileStorage(path.join(dataDir, 'uploads'));
    // The project's driver: the embedded database's tarball, or pg_dump's archive.
    const adminUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    const postgres = adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
    try {
      const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir });
      try {
        await prepareDatabase(database);
      } finally {
        await database.close();
      }
      await storage.put(minimalPdf('Zeugnis'), 'pdf');
      const dir = path.join(root, 'backups', 'pb-2026-11-27');
      await createBackup({
        dir,
        databaseUrl: postgres?.url,
        dataDir,
        storage,
        fingerprintSecret: SECRET,
        registerSecret: SECRET,
        now: new Date(),
      });
      expectPrivate(dir);
      const dump = postgres ? 'database.dump' : 'pglite-datadir.tar.gz';
      expect(readdirSync(dir).sort()).toEqual([dump, 'files', 'manifest.json'].sort());
    } finally {
      await postgres?.drop();
    }
  });
});
