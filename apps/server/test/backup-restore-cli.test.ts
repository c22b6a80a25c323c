import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/modules/demo/seed';
import { prepareDatabase } from '../src/db/setup';
import { LocalFileStorage } from '../src/lib/storage-disk';
import { seedDemoActivity } from '../src/modules/demo/activity';
import { tableCounts } from './support/table-counts';
import { runCliProcess, type CliResult } from './support/cli';
import { TEST_INVOICE_ISSUER } from './support/ports';

/**
 * `npm run backup` and `npm run restore` as the operator runs them, on the embedded database:
 * the demo marketplace (with its chat files) is backed up and restored into a fresh DATA_DIR,
 * into one that is in use (refused without --force), and from a backup with an altered file
 * (refused before anything is touched). Rows are counted and files hashed here, independently
 * of the tools' own checks.
 */

const SECRET = 'backup-restore-test-secret-0123456789abcdef';
let root: string;
let sourceDir: string;
let backupDir: string;
let sourceCounts: Record<string, number>;
let sourceFiles: Record<string, string>;
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  JWT_SECRET: SECRET,
  FINGERPRINT_SECRET: SECRET,
  REGISTER_SECRET: SECRET,
});
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** sha256 of every file under DATA_DIR/uploads, by its path there (the storage key). */
function fileHashes(dataDir: string): Record<string, string> {
  const uploads = path.join(dataDir, 'uploads');
  if (!existsSync(uploads)) return {};
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(uploads, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(uploads, file)] = sha256(readFileSync(file));
  }
  return hashes;
}

let backupRun: Promise<CliResult> | undefined;
/** The one backup of the seeded source the cases share (made by whichever case comes first). */
async function backup(): Promise<CliResult> {
  backupRun ??= runCliProcess('backup.ts', [backupDir], env(sourceDir));
  const result = await backupRun;
  if (result.code !== 0) throw new Error(`backup failed: ${result.stderr}`);
  return result;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pb-backup-'));
  sourceDir = path.join(root, 'source');
  backupDir = path.join(root, 'backup');
  const database = await openDatabase({ dataDir: sourceDir });
  try {
    await prepareDatabase(database);
    await seedDemoData(database.db);
    await seedDemoActivity({
      db: database.db,
      storage: new LocalFileStorage(path.join(sourceDir, 'uploads')),
      fingerprintSecret: SECRET,
      registerSecret: SECRET,
      publicUrl: 'http://localhost:3000',
      officeEmail: 'office@example.test',
      invoiceIssuer: TEST_INVOICE_ISSUER,
      now: new Date(),
    });
  } finally {
    await database.close();
  }
  sourceCounts = await tableCounts({ dataDir: sourceDir });
  sourceFiles = fileHashes(sourceDir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run backup / npm run restore (embedded database)', () => {
  it('When the demo data is backed up and restored into a fresh DATA_DIR, then every table has the same rows and every file the same bytes', async () => {
    // The demo must give the comparison something to compare.
    expect(sourceCounts.introductions).toBeGreaterThan(0);
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(0);

    const made = await backup();
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(
      /^Sicherung erstellt: \d+ Tabellen, [\d.\u00a0\u202f ]+ Zeilen, \d+ Dateien \([\d,]+ [KM]B\) in .*backup\n/,
    );
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      driver: string;
      tables: Record<string, number>;
      files: Array<{ key: string; sha256: string }>;
    };
    expect(manifest.driver).toBe('pglite');
    expect(manifest.tables).toEqual(sourceCounts);
    expect(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(sourceFiles);

    // A folder that already holds something is never written into.
    const again = await runCliProcess('backup.ts', [backupDir], env(sourceDir));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Das Verzeichnis .* ist nicht leer/);

    const target = path.join(root, 'fresh');
    const restored = await runCliProcess('restore.ts', [backupDir], env(target));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Sicherung zurückgespielt: \d+ Tabellen, [\d.\u00a0\u202f ]+ Zeilen, \d+ Dateien/);
    expect(await tableCounts({ dataDir: target })).toEqual(sourceCounts);
    expect(fileHashes(target)).toEqual(sourceFiles);
  }, 120_000);

  it('When a backup is made, then its manifest records the register head, and after a restore register:verify --anchor proves that head', async () => {
    await backup();
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      register?: { entryId: number; hash: string; entries: number; legacyEntries: number; mac: string };
    };
    expect(manifest.register).toMatchObject({ legacyEntries: 0, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const source = await runCliProcess('register-verify.ts', [], env(sourceDir));
    expect(source.stdout).toContain(`Kopf: Eintrag ${manifest.register!.entryId}, Hash ${manifest.register!.hash}.`);
    expect(source.stdout).toContain(`Register intakt: ${manifest.register!.entries} Einträge`);

    const target = path.join(root, 'anchored');
    expect((await runCliProcess('restore.ts', [backupDir], env(target))).code).toBe(0);
    const anchored = await runCliProcess('register-verify.ts', ['--anchor', manifest.register!.hash], env(target));
    expect(anchored.stderr).toBe('');
    expect(anchored.code).toBe(0);
    expect(anchored.stdout).toContain(`Anker bestätigt: Eintrag ${manifest.register!.entryId}`);
  }, 120_000);

  it('When the target database is not empty, then restore without --force exits 1 and changes nothing, and with --force replaces it', async () => {
    await backup();
    const target = path.join(root, 'in-use');
    const database = await openDatabase({ dataDir: target });
    try {
      await prepareDatabase(database);
    } finally {
      await database.close();
    }
    const ownKey = await new LocalFileStorage(path.join(target, 'uploads')).put(Buffer.from('%PDF-1.4 eigene'), 'pdf');
    const countsBefore = await tableCounts({ dataDir: target });
    const filesBefore = fileHashes(target);

    const refused = await runCliProcess('restore.ts', [backupDir], env(target));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Die Datenbank in .* ist nicht leer \(\d+ Tabellen, [\d.\u00a0\u202f ]+ Zeilen\)/);
    expect(refused.stderr).toContain('--force');
    expect(await tableCounts({ dataDir: target })).toEqual(countsBefore);
    expect(fileHashes(target)).toEqual(filesBefore);

    const forced = await runCliProcess('restore.ts', ['--force', backupDir], env(target));
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Hinweis: 1 weitere Dateien');
    expect(await tableCounts({ dataDir: target })).toEqual(sourceCounts);
    expect(fileHashes(target)).toEqual({ ...sourceFiles, [ownKey]: filesBefore[ownKey] });
    // The replaced database folder is kept only until the restore succeeded.
    expect(readdirSync(target).filter((name) => name.startsWith('pglite.'))).toEqual([]);
  }, 120_000);

  it('When a file of the backup was altered, then restore exits 1 naming it before it touches the target', async () => {
    await backup();
    const tampered = path.join(root, 'tampered');
    cpSync(backupDir, tampered, { recursive: true });
    const [key] = Object.keys(sourceFiles).sort();
    const file = path.join(tampered, 'files', key!);
    const bytes = readFileSync(file);
    // Same size, one bit different: only the checksum can tell.
    bytes[bytes.length - 1]! ^= 1;
    writeFileSync(file, bytes);

    const target = path.join(root, 'untouched');
    const result = await runCliProcess('restore.ts', ['--force', tampered], env(target));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Die Sicherung ist beschädigt: /);
    expect(result.stderr).toContain(`files/${key}`);
    expect(result.stderr).toContain('Es wurde nichts verändert.');
    // Not even DATA_DIR (lock file, database folder, uploads) was created.
    expect(existsSync(target)).toBe(false);

    // Without its manifest (an interrupted backup) a folder is refused the same way.
    rmSync(path.join(tampered, 'manifest.json'));
    const incomplete = await runCliProcess('restore.ts', [tampered], env(target));
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toMatch(/fehlt manifest\.json: Die Sicherung ist unvollständig/);
    expect(existsSync(target)).toBe(false);
  }, 120_000);
});
