import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { z } from 'zod';
import { formatNumber } from '@pb/core';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { STORAGE_KEY_PATTERN } from '../../lib/storage';

/**
 * The backup folder (docs/operations.md, "Backups"):
 *   database.dump | pglite-datadir.tar.gz   the database (pg_dump custom format, or PGlite's data folder)
 *   files/<key>                            every file of the store, under its storage key
 *   manifest.json                          written last: a folder without it is an incomplete backup
 */

export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const POSTGRES_DUMP_FILE = 'database.dump';
export const PGLITE_DUMP_FILE = 'pglite-datadir.tar.gz';
export const FILES_DIR = 'files';

/** An operator's problem (wrong folder, damaged backup, missing pg_dump): printed as German text, exit 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const NOTHING_CHANGED = 'Es wurde nichts verändert.';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    createdAt: z.iso.datetime(),
    driver: z.enum(['pglite', 'postgres']),
    database: z.object({
      file: z.enum([POSTGRES_DUMP_FILE, PGLITE_DUMP_FILE]),
      size: z.number().int().nonnegative(),
      sha256: sha256Schema,
      serverVersion: z.string(),
      /** `pg_dump --version` (PostgreSQL only): pg_restore must be at least that major version. */
      dumpTool: z.string().optional(),
    }),
    /** Row count per table of the public schema, from the same snapshot as the dump. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
    /** schema_migrations of the source: a backup of a newer app version is refused. */
    migrations: z.array(z.string()),
    /** Tells whether the restoring system has the same FINGERPRINT_SECRET, without revealing it. */
    fingerprintKeyCheck: z.string(),
    /** The introductions register's head in the dump (decision 0027): an anchor for `register:verify --anchor`. */
    register: z
      .object({
        entryId: z.number().int().nonnegative(),
        hash: sha256Schema,
        entries: z.number().int().nonnegative(),
        legacyEntries: z.number().int().nonnegative(),
        mac: sha256Schema,
      })
      .nullable()
      .optional(),
    /** Tells whether the restoring system has the same REGISTER_SECRET (absent in backups from before 0026). */
    registerKeyCheck: z.string().optional(),
    fileStore: z.enum(['disk', 's3']),
    // The pattern keeps a tampered manifest from naming paths outside files/ or the store.
    files: z.array(
      z.object({
        key: z.string().regex(STORAGE_KEY_PATTERN),
        size: z.number().int().nonnegative(),
        sha256: sha256Schema,
      }),
    ),
  })
  .refine((m) => m.database.file === (m.driver === 'postgres' ? POSTGRES_DUMP_FILE : PGLITE_DUMP_FILE), {
    message: 'database.file does not match the driver',
  });

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableCounts = Record<string, number>;

export interface FileDigest {
  size: number;
  sha256: string;
}

/** Reads and checks manifest.json; a folder without one is an incomplete backup. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `In ${dir} fehlt ${MANIFEST_FILE}: Die Sicherung ist unvollständig (abgebrochen?) oder das ist kein Sicherungsverzeichnis. ${NOTHING_CHANGED}`,
      );
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} in ${dir} ist kein gültiges JSON. ${NOTHING_CHANGED}`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format !== BACKUP_FORMAT) {
    throw new BackupError(
      `Die Sicherung hat das Format ${format}; diese Version kann nur Format ${BACKUP_FORMAT} zurückspielen. ${NOTHING_CHANGED}`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join('.')}: ${first.message}` : 'unbekannter Fehler';
    throw new BackupError(`${MANIFEST_FILE} in ${dir} ist ungültig (${where}). ${NOTHING_CHANGED}`);
  }
  return parsed.data;
}

/** Written under a temporary name and renamed: the manifest is there whole or not at all. */
export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  await writeFile(`${file}.part`, `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  await rename(`${file}.part`, file);
}

/** Passes a stream through unchanged while counting and hashing it (no second read of big dumps). */
export function digestingTap(): { tap: Transform; digest(): FileDigest } {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, digest: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Size and sha256 of a file; null when it does not exist. */
export async function digestFile(file: string): Promise<FileDigest | null> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

export function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A short HMAC of a fixed text: equal on both sides only with the same secret, and it reveals nothing of it. */
export function fingerprintKeyCheck(secret: string): string {
  return createHmac('sha256', secret).update('praemienboerse backup key check').digest('hex').slice(0, 16);
}

/** As fingerprintKeyCheck, for REGISTER_SECRET: without the same key the restored register refuses appends. */
export function registerKeyCheck(secret: string): string {
  return createHmac('sha256', secret).update('praemienboerse register key check').digest('hex').slice(0, 16);
}

/** Tables whose counts differ between the two sides (missing on one side included), in German. */
export function countDifferences(expected: TableCounts, actual: TableCounts): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const differences: string[] = [];
  for (const name of names) {
    const want = expected[name];
    const got = actual[name];
    if (want === got) continue;
    if (got === undefined) differences.push(`Tabelle ${name} fehlt`);
    else if (want === undefined) differences.push(`Tabelle ${name} ist nicht in der Sicherung`);
    else differences.push(`Tabelle ${name}: ${formatNumber(got)} statt ${formatNumber(want)} Zeilen`);
  }
  return differences;
}

export function totalRows(counts: TableCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}
