import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/modules/demo/seed';
import { prepareDatabase } from '../src/db/setup';
import { S3FileStorage } from '../src/lib/storage-s3';
import { seedDemoActivity } from '../src/modules/demo/activity';
import { tableCounts } from './support/table-counts';
import { runCliProcess } from './support/cli';
import { createPostgresDatabase } from './support/instances';
import { startOwnS3, type OwnS3 } from './support/own-s3';
import { TEST_INVOICE_ISSUER } from './support/ports';

/**
 * `npm run backup` and `npm run restore` on PostgreSQL (pg_dump/pg_restore from PATH) with the
 * files in S3: the demo marketplace in a throw-away database and a bucket of the test's own,
 * restored into a second fresh database and a second bucket (another S3 server). Rows are
 * counted and objects hashed here, independently of the tools' own checks.
 */

const SECRET = 'backup-restore-pg-test-secret-0123456789abcdef';
const cleanups: Array<() => Promise<void>> = [];
let adminUrl: string;
let root: string;
let sourceUrl: string;
let sourceS3: OwnS3;
let targetS3: OwnS3;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const env = (databaseUrl: string, s3: OwnS3) => ({
  DATA_DIR: path.join(root, 'data'),
  DATABASE_URL: databaseUrl,
  JWT_SECRET: SECRET,
  FINGERPRINT_SECRET: SECRET,
  REGISTER_SECRET: SECRET,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...s3.env,
});

async function freshDatabase(): Promise<string> {
  const created = await createPostgresDatabase(adminUrl);
  cleanups.push(created.drop);
  return created.url;
}

async function bucketHashes(s3: OwnS3): Promise<Record<string, string>> {
  const bucket = new S3FileStorage(s3.config);
  try {
    const hashes: Record<string, string> = {};
    for await (const entry of bucket.list()) {
      const opened = await bucket.open(entry.key);
      hashes[entry.key] = sha256(await readAll(opened!.stream));
    }
    return hashes;
  } finally {
    bucket.close();
  }
}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required');
  adminUrl = url;
  root = mkdtempSync(path.join(tmpdir(), 'pb-backup-pg-'));
  cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
  sourceS3 = await startOwnS3('pb-backup-source');
  cleanups.push(() => sourceS3.cleanup());
  targetS3 = await startOwnS3('pb-backup-target');
  cleanups.push(() => targetS3.cleanup());
  sourceUrl = await freshDatabase();
  const database = await openDatabase({ databaseUrl: sourceUrl, poolSize: 2 });
  const storage = new S3FileStorage(sourceS3.config);
  try {
    await prepareDatabase(database);
    await seedDemoData(database.db);
    await seedDemoActivity({
      db: database.db,
      storage,
      fingerprintSecret: SECRET,
      registerSecret: SECRET,
      publicUrl: 'http://localhost:3000',
      officeEmail: 'office@example.test',
      invoiceIssuer: TEST_INVOICE_ISSUER,
      now: new Date(),
    });
  } finally {
    storage.close();
    await database.close();
  }
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('npm run backup / npm run restore (PostgreSQL, S3)', () => {
  it('When the demo data is backed up and restored into a fresh database and another bucket, then every table has the same rows and every file the same bytes', async () => {
    const sourceCounts = await tableCounts({ databaseUrl: sourceUrl });
    const sourceFiles = await bucketHashes(sourceS3);
    expect(sourceCounts.introductions).toBeGreaterThan(0);
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(0);

    const backupDir = path.join(root, 'backup');
    const made = await runCliProcess('backup.ts', [backupDir], env(sourceUrl, sourceS3));
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Sicherung erstellt: \d+ Tabellen, [\d.\u00a0\u202f ]+ Zeilen, \d+ Dateien/);

    const targetUrl = await freshDatabase();
    const restored = await runCliProcess('restore.ts', [backupDir], env(targetUrl, targetS3));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Sicherung zurückgespielt: \d+ Tabellen, [\d.\u00a0\u202f ]+ Zeilen, \d+ Dateien/);
    expect(await tableCounts({ databaseUrl: targetUrl })).toEqual(sourceCounts);
    expect(await bucketHashes(targetS3)).toEqual(sourceFiles);

    // The manifest's register head (the dump's snapshot) is an anchor the restored chain holds.
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      register?: { entryId: number; hash: string; entries: number };
    };
    expect(manifest.register?.entries).toBeGreaterThan(0);
    const anchored = await runCliProcess(
      'register-verify.ts',
      ['--anchor', manifest.register!.hash],
      env(targetUrl, targetS3),
    );
    expect(anchored.stderr).toBe('');
    expect(anchored.stdout).toContain(`Anker bestätigt: Eintrag ${manifest.register!.entryId}`);

    // The restored database is not empty any more: a second restore needs --force.
    const again = await runCliProcess('restore.ts', [backupDir], env(targetUrl, targetS3));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Die Datenbank „pb_\w+“ ist nicht leer/);
    expect(again.stderr).toContain('--force');
    const forced = await runCliProcess('restore.ts', ['--force', backupDir], env(targetUrl, targetS3));
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(await tableCounts({ databaseUrl: targetUrl })).toEqual(sourceCounts);
  }, 120_000);
});
