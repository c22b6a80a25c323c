import { existsSync, openAsBlob } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { formatNumber } from '@pb/core';
import { openDatabase } from '../../db/client';
import { makePrivateDir } from '../../lib/private-files';
import type { FileStorage } from '../../lib/storage';
import {
  checkTool,
  countRows,
  hasPgliteDatabase,
  knownMigrations,
  openPgliteFolder,
  pgliteFolder,
  pgliteQueryable,
  restorePostgres,
  serverVersion,
  toolMajor,
} from './database';
import {
  BackupError,
  countDifferences,
  digestFile,
  FILES_DIR,
  fingerprintKeyCheck,
  MANIFEST_FILE,
  NOTHING_CHANGED,
  PGLITE_DUMP_FILE,
  POSTGRES_DUMP_FILE,
  readManifest,
  registerKeyCheck,
  sha256Of,
  totalRows,
  type BackupManifest,
  type FileDigest,
  type TableCounts,
} from './format';

/**
 * `npm run restore -- [--force] <dir>`. Everything that can refuse does so before the first
 * write: the manifest, every checksum, the target's emptiness. Then the files go into the
 * configured store (any store: a disk backup may go into S3), then the database, and the
 * rows are counted again against the manifest.
 */

export type Driver = BackupManifest['driver'];

export interface RestoreOptions {
  dir: string;
  /** From checkBackup. */
  manifest: BackupManifest;
  /** Replace a database that is not empty. */
  force: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  storage: FileStorage;
  fingerprintSecret: string;
  registerSecret: string;
  now: Date;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Files in the target store that the backup does not have (left alone). */
  otherFiles: number;
  /** False: the configured FINGERPRINT_SECRET is not the one of the backup's system. */
  fingerprintKeyMatches: boolean;
  /** False: the configured REGISTER_SECRET is not the backup's (the register would refuse appends). */
  registerKeyMatches: boolean;
}

const DRIVER_NAMES: Record<Driver, string> = {
  pglite: 'der eingebetteten Datenbank (PGlite, DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

/** Reads the manifest and checks the dump and every file against it. Reads only; needs no lock. */
export async function checkBackup(dir: string, driver: Driver): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if (manifest.driver !== driver) {
    throw new BackupError(
      `Die Sicherung stammt aus ${DRIVER_NAMES[manifest.driver]}, eingestellt ist aber ${DRIVER_NAMES[driver]}. ` +
        `Eine Sicherung lässt sich nur in dieselbe Datenbankart zurückspielen. ${NOTHING_CHANGED}`,
    );
  }
  const known = knownMigrations();
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `Die Sicherung stammt von einer neueren Version der Prämienbörse (unbekannte Migration ${unknown.join(', ')}). ` +
        `Bitte spielen Sie sie mit der Version zurück, mit der sie erstellt wurde. ${NOTHING_CHANGED}`,
    );
  }
  await verify(dir, manifest.database.file, manifest.database);
  for (const file of manifest.files) await verify(dir, `${FILES_DIR}/${file.key}`, file);
  return manifest;
}

async function verify(dir: string, relative: string, expected: FileDigest): Promise<void> {
  const actual = await digestFile(path.join(dir, relative));
  if (!actual) throw new BackupError(`Die Sicherung ist unvollständig: ${relative} fehlt. ${NOTHING_CHANGED}`);
  if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
    throw new BackupError(
      `Die Sicherung ist beschädigt: ${relative} stimmt nicht mit der Prüfsumme (SHA-256) in ${MANIFEST_FILE} überein. ${NOTHING_CHANGED}`,
    );
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { manifest } = options;
  await options.storage.check();
  if (options.databaseUrl) await checkPostgresTarget(options.databaseUrl, manifest, options.force);
  else await checkPgliteTarget(pgliteFolder(options.dataDir), options.force);

  // Files before the database: if the store fails, the database is untouched, and no restored
  // row ever points at a file that is not there yet. Stray copies are harmless (unreferenced keys).
  const fileBytes = await restoreFiles(options.dir, manifest, options.storage);
  const counts = options.databaseUrl
    ? await restoreIntoPostgres(options.databaseUrl, options.dir, manifest)
    : await restoreIntoPglite(options.dataDir, options.dir, manifest, options.now);

  const restored = new Set(manifest.files.map((f) => f.key));
  let otherFiles = 0;
  for await (const entry of options.storage.list()) if (!restored.has(entry.key)) otherFiles += 1;
  return {
    tables: Object.keys(counts).length,
    rows: totalRows(counts),
    files: manifest.files.length,
    fileBytes,
    otherFiles,
    fingerprintKeyMatches: manifest.fingerprintKeyCheck === fingerprintKeyCheck(options.fingerprintSecret),
    registerKeyMatches:
      manifest.registerKeyCheck === undefined || manifest.registerKeyCheck === registerKeyCheck(options.registerSecret),
  };
}

function refuseNonEmpty(counts: TableCounts, what: string): never {
  const tables = Object.keys(counts).length;
  throw new BackupError(
    `${what} ist nicht leer (${formatNumber(tables)} Tabellen, ${formatNumber(totalRows(counts))} Zeilen). ` +
      'Die Wiederherstellung ersetzt ihren gesamten Inhalt; wenn Sie das wollen, rufen Sie sie mit --force auf ' +
      `(npm run restore -- --force <Verzeichnis>). ${NOTHING_CHANGED}`,
  );
}

async function checkPostgresTarget(databaseUrl: string, manifest: BackupManifest, force: boolean): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const version = await serverVersion(database);
    // pg_restore must read the archive (its pg_dump's version) and speak to this server.
    await checkTool('pg_restore', Math.max(version.major, toolMajor(manifest.database.dumpTool)));
    const counts = await countRows(database);
    if (Object.keys(counts).length > 0 && !force) {
      refuseNonEmpty(counts, `Die Datenbank „${decodeURIComponent(new URL(databaseUrl).pathname.slice(1))}“`);
    }
  } finally {
    await database.close();
  }
}

async function checkPgliteTarget(folder: string, force: boolean): Promise<void> {
  if (!hasPgliteDatabase(folder)) return;
  const client = await openPgliteFolder(folder);
  try {
    const counts = await countRows(pgliteQueryable(client));
    if (Object.keys(counts).length > 0 && !force) refuseNonEmpty(counts, `Die Datenbank in ${folder}`);
  } finally {
    await client.close();
  }
}

async function restoreFiles(dir: string, manifest: BackupManifest, storage: FileStorage): Promise<number> {
  let bytes = 0;
  for (const file of manifest.files) {
    const data = await readFile(path.join(dir, FILES_DIR, file.key));
    // Checked again as read: the folder could have changed since the check before the first write.
    if (sha256Of(data) !== file.sha256) {
      throw new BackupError(
        `Die Sicherung wurde während der Wiederherstellung verändert (${FILES_DIR}/${file.key}). Die Datenbank ist noch unverändert.`,
      );
    }
    await storage.putAt(file.key, data);
    bytes += data.length;
  }
  return bytes;
}

function mismatch(differences: string[], consequence: string): BackupError {
  return new BackupError(
    `Die Zeilenzahlen nach der Wiederherstellung weichen von der Sicherung ab: ${differences.join('; ')}. ${consequence}`,
  );
}

async function restoreIntoPostgres(databaseUrl: string, dir: string, manifest: BackupManifest): Promise<TableCounts> {
  try {
    await restorePostgres(databaseUrl, path.join(dir, POSTGRES_DUMP_FILE));
  } catch (error) {
    // --single-transaction: a failed pg_restore leaves the database as it was.
    if (error instanceof BackupError) throw new BackupError(`${error.message}\nDie Datenbank ist unverändert.`);
    throw error;
  }
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  let counts: TableCounts;
  try {
    counts = await countRows(database);
  } finally {
    await database.close();
  }
  const differences = countDifferences(manifest.tables, counts);
  if (differences.length > 0) {
    throw mismatch(differences, 'Bitte prüfen Sie die Datenbank, bevor Sie den Server starten.');
  }
  return counts;
}

/**
 * The data folder is replaced as a whole: the old one is moved aside, the dump is loaded into
 * a new one and opened once more (what the server will open), and only when its rows match the
 * manifest is the old folder deleted; on any failure it is put back.
 */
async function restoreIntoPglite(
  dataDir: string,
  dir: string,
  manifest: BackupManifest,
  now: Date,
): Promise<TableCounts> {
  const folder = pgliteFolder(dataDir);
  const aside = `${folder}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  const hadFolder = existsSync(folder);
  if (hadFolder) await rename(folder, aside);
  let counts: TableCounts;
  try {
    await makePrivateDir(folder);
    const loaded = await openPgliteFolder(folder, await openAsBlob(path.join(dir, PGLITE_DUMP_FILE)));
    await loaded.close();
    const reopened = await openPgliteFolder(folder);
    try {
      counts = await countRows(pgliteQueryable(reopened));
    } finally {
      await reopened.close();
    }
    const differences = countDifferences(manifest.tables, counts);
    if (differences.length > 0) {
      throw mismatch(
        differences,
        hadFolder
          ? 'Die bisherige Datenbank wurde unverändert zurückgelegt.'
          : 'Die zurückgespielte Datenbank wurde wieder entfernt.',
      );
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (hadFolder) await rename(aside, folder);
    throw error;
  }
  if (hadFolder) await rm(aside, { recursive: true, force: true });
  return counts;
}
