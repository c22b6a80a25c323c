import { createWriteStream } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../../db/client';
import { makePrivateDir, ownPrivateDir, PRIVATE_FILE_MODE } from '../../lib/private-files';
import { STORAGE_KEY_PATTERN, type FileStorage } from '../../lib/storage';
import {
  appliedMigrations,
  checkTool,
  countRows,
  dumpPostgres,
  hasPgliteDatabase,
  openPgliteFolder,
  pgliteFolder,
  pgliteQueryable,
  registerHeadOf,
  serverVersion,
  type RegisterHeadRecord,
} from './database';
import {
  BACKUP_FORMAT,
  BackupError,
  digestingTap,
  FILES_DIR,
  fingerprintKeyCheck,
  PGLITE_DUMP_FILE,
  POSTGRES_DUMP_FILE,
  registerKeyCheck,
  sha256Of,
  totalRows,
  writeManifest,
  type BackupManifest,
  type FileDigest,
  type TableCounts,
} from './format';

/**
 * `npm run backup -- <dir>`: the database and every stored file into a new folder
 * (layout: ./format.ts). The manifest is written last, so an interrupted backup is
 * recognisably incomplete; on failure the folder's contents are removed again.
 */

export interface BackupOptions {
  /** Absolute path of the backup folder: new, or empty. */
  dir: string;
  databaseUrl: string | undefined;
  dataDir: string;
  storage: FileStorage;
  fingerprintSecret: string;
  registerSecret: string;
  now: Date;
}

export interface BackupResult {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  databaseBytes: number;
  /** Objects in the bucket under keys the app never generates (not copied). */
  foreignKeys: number;
}

interface DatabasePart {
  file: typeof POSTGRES_DUMP_FILE | typeof PGLITE_DUMP_FILE;
  digest: FileDigest;
  serverVersion: string;
  dumpTool?: string;
  tables: TableCounts;
  migrations: string[];
  register: RegisterHeadRecord | null;
}

/** Refuses a folder that exists and is not empty (or is no folder); touches nothing. */
export async function checkBackupFolder(dir: string): Promise<void> {
  let entries: string[];
  try {
    if (!(await stat(dir)).isDirectory()) throw new BackupError(`${dir} ist kein Verzeichnis.`);
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (entries.length > 0) {
    throw new BackupError(
      `Das Verzeichnis ${dir} ist nicht leer. Bitte geben Sie für die Sicherung ein neues oder leeres Verzeichnis an.`,
    );
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  await checkBackupFolder(options.dir);
  const created = !(await stat(options.dir).catch(() => null));
  // A backup holds every CV and chat file: its folder and everything in it are private.
  await ownPrivateDir(options.dir);
  try {
    const database = options.databaseUrl
      ? await backupPostgres(options.databaseUrl, options.dir)
      : await backupPglite(options.dataDir, options.dir);
    // After the database: every file its rows point at was stored before those rows were committed.
    const { files, foreignKeys } = await backupFiles(options.storage, options.dir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: options.now.toISOString(),
      driver: options.databaseUrl ? 'postgres' : 'pglite',
      database: {
        file: database.file,
        ...database.digest,
        serverVersion: database.serverVersion,
        ...(database.dumpTool ? { dumpTool: database.dumpTool } : {}),
      },
      tables: database.tables,
      migrations: database.migrations,
      fingerprintKeyCheck: fingerprintKeyCheck(options.fingerprintSecret),
      register: database.register,
      registerKeyCheck: registerKeyCheck(options.registerSecret),
      fileStore: options.storage.kind,
      files,
    };
    await writeManifest(options.dir, manifest);
    return {
      tables: Object.keys(database.tables).length,
      rows: totalRows(database.tables),
      files: files.length,
      fileBytes: files.reduce((sum, f) => sum + f.size, 0),
      databaseBytes: database.digest.size,
      foreignKeys,
    };
  } catch (error) {
    // Everything in the folder is ours (it was new or empty): an incomplete backup is not left to be mistaken for one.
    await removeBackupContents(options.dir, created);
    throw error;
  }
}

/** Removes what a failed backup wrote: the folder itself when the backup created it. */
async function removeBackupContents(dir: string, created: boolean): Promise<void> {
  if (created) {
    await rm(dir, { recursive: true, force: true });
    return;
  }
  for (const entry of await readdir(dir)) await rm(path.join(dir, entry), { recursive: true, force: true });
}

async function backupPostgres(databaseUrl: string, dir: string): Promise<DatabasePart> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    return await database.withSession(async (session) => {
      const version = await serverVersion(session);
      const dumpTool = await checkTool('pg_dump', version.major);
      // One snapshot for the counts and for pg_dump: the manifest describes exactly what the dump
      // holds, even while the servers keep writing.
      await session.execScript('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      try {
        const [snapshot] = await session.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
        if (!snapshot) throw new Error('pg_export_snapshot() returned no row');
        const tables = await countRows(session);
        const migrations = await appliedMigrations(session, tables);
        const register = await registerHeadOf(session, tables);
        const digest = await dumpPostgres(databaseUrl, snapshot.id, path.join(dir, POSTGRES_DUMP_FILE));
        return {
          file: POSTGRES_DUMP_FILE,
          digest,
          serverVersion: version.text,
          dumpTool,
          tables,
          migrations,
          register,
        };
      } finally {
        // Read-only: nothing to keep; the session is discarded afterwards anyway.
        await session.execScript('ROLLBACK').catch(() => undefined);
      }
    });
  } finally {
    await database.close();
  }
}

async function backupPglite(dataDir: string, dir: string): Promise<DatabasePart> {
  const folder = pgliteFolder(dataDir);
  if (!hasPgliteDatabase(folder)) {
    throw new BackupError(
      `In ${folder} gibt es keine Datenbank, also nichts zu sichern. Ist DATA_DIR richtig gesetzt?`,
    );
  }
  const client = await openPgliteFolder(folder);
  try {
    const db = pgliteQueryable(client);
    const version = await serverVersion(db);
    const tables = await countRows(db);
    const migrations = await appliedMigrations(db, tables);
    const register = await registerHeadOf(db, tables);
    // The data files then hold every commit themselves instead of leaving it to WAL replay on load.
    await client.exec('CHECKPOINT');
    // PGlite builds the tarball in memory; it has no streaming variant.
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await writeFile(path.join(dir, PGLITE_DUMP_FILE), tarball, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return {
      file: PGLITE_DUMP_FILE,
      digest: { size: tarball.length, sha256: sha256Of(tarball) },
      serverVersion: version.text,
      tables,
      migrations,
      register,
    };
  } finally {
    await client.close();
  }
}

async function backupFiles(
  storage: FileStorage,
  dir: string,
): Promise<{ files: BackupManifest['files']; foreignKeys: number }> {
  const files: BackupManifest['files'] = [];
  let foreignKeys = 0;
  for await (const entry of storage.list()) {
    // A shared bucket may hold objects of others: only keys this app generates are its files.
    if (!STORAGE_KEY_PATTERN.test(entry.key)) {
      foreignKeys += 1;
      continue;
    }
    const opened = await storage.open(entry.key);
    // Deleted since it was listed (retention, a user): it is no longer part of the data.
    if (!opened) continue;
    const target = path.join(dir, FILES_DIR, entry.key);
    await makePrivateDir(path.dirname(target));
    const { tap, digest } = digestingTap();
    await pipeline(opened.stream, tap, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    files.push({ key: entry.key, ...digest() });
  }
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { files, foreignKeys };
}
