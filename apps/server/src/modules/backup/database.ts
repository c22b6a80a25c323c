import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { BackupError, digestingTap, type FileDigest, type TableCounts } from './format';

/** What backup and restore ask of either database: plain queries on one connection. */
export interface Queryable {
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/** The migration files this version of the app knows (db/migrate.ts applies the same list). */
export function knownMigrations(): Set<string> {
  return new Set(readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)));
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The register's stored head (table register_head, 0026), null before 0026 or while none was written. */
export async function registerHeadOf(db: Queryable, tables: TableCounts): Promise<RegisterHeadRecord | null> {
  if (!('register_head' in tables)) return null;
  const [row] = await db.query<{
    entry_id: string;
    hash: string;
    entries: string;
    legacy_entries: string;
    mac: string;
  }>('SELECT entry_id::text, hash, entries::text, legacy_entries::text, mac FROM register_head');
  if (!row) return null;
  return {
    entryId: Number(row.entry_id),
    hash: row.hash,
    entries: Number(row.entries),
    legacyEntries: Number(row.legacy_entries),
    mac: row.mac,
  };
}

export interface RegisterHeadRecord {
  entryId: number;
  hash: string;
  entries: number;
  legacyEntries: number;
  mac: string;
}

/** Exact row count of every table in the public schema (count(*), not the planner's estimate). */
export async function countRows(db: Queryable): Promise<TableCounts> {
  const tables = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  const counts: TableCounts = {};
  // Code-point order, so the manifest reads the same whatever the database's collation.
  for (const name of tables.map((t) => t.name).sort()) {
    const [row] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${quoteIdent(name)}`);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

export async function appliedMigrations(db: Queryable, counts: TableCounts): Promise<string[]> {
  if (counts.schema_migrations === undefined) return [];
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  return rows.map((r) => r.name).sort();
}

export async function serverVersion(db: Queryable): Promise<{ text: string; major: number }> {
  const [row] = await db.query<{ version: string; num: string }>(
    `SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num`,
  );
  return { text: row?.version ?? '', major: Math.floor(Number(row?.num ?? 0) / 10000) };
}

// ---------------------------------------------------------------------------------------------
// PGlite

export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** PG_VERSION is what PGlite itself looks for to tell a database from an empty folder. */
export function hasPgliteDatabase(folder: string): boolean {
  return existsSync(path.join(folder, 'PG_VERSION'));
}

/** Opens (or, with `load`, creates from a data-folder tarball) the embedded database with the app's extensions. */
export async function openPgliteFolder(folder: string, load?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir: folder, extensions: { pg_trgm }, ...(load ? { loadDataDir: load } : {}) });
}

export function pgliteQueryable(client: PGlite): Queryable {
  return {
    async query<T>(sqlText: string, params: unknown[] = []) {
      return (await client.query<T>(sqlText, params)).rows;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL client programs

type Tool = 'pg_dump' | 'pg_restore';

function missingTool(tool: Tool, major: number): BackupError {
  return new BackupError(
    `${tool} wurde nicht gefunden: Bitte installieren Sie die PostgreSQL-Client-Programme in Version ${major} oder neuer ` +
      'und nehmen Sie sie in den PATH auf.',
  );
}

/** `pg_dump --version` and its major version; German errors when it is missing or too old for `neededMajor`. */
export async function checkTool(tool: Tool, neededMajor: number): Promise<string> {
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? missingTool(tool, neededMajor) : error),
    );
    child.once('close', (exitCode) => resolve({ code: exitCode, stdout: out }));
  });
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1] ?? NaN);
  if (code !== 0 || !Number.isInteger(major)) {
    throw new BackupError(`${tool} --version lieferte keine PostgreSQL-Version („${stdout.trim()}“).`);
  }
  if (major < neededMajor) {
    throw new BackupError(
      `${tool} ${major} ist zu alt: Nötig ist Version ${neededMajor} oder neuer (PostgreSQL-Client-Programme im PATH).`,
    );
  }
  return stdout.trim();
}

/** The major version a `pg_dump --version` text names (0 when unknown). */
export function toolMajor(versionText: string | undefined): number {
  return Number(/\(PostgreSQL\)\s+(\d+)/.exec(versionText ?? '')?.[1] ?? 0);
}

/** The password goes to the child's environment instead of its command line (visible in `ps`). */
function toolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  if (!url.password) return { dbname: databaseUrl, env: process.env };
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/**
 * Runs a client program with `stdout` consuming its output; resolves when both are done and it
 * exited 0, else rejects with a BackupError carrying the program's own (English) error text.
 */
async function runTool(
  tool: Tool,
  args: string[],
  databaseUrl: string,
  stdout: (out: Readable) => Promise<void> = async (out) => {
    out.resume();
  },
): Promise<void> {
  const { dbname, env } = toolConnection(databaseUrl);
  const child = spawn(tool, [...args, `--dbname=${dbname}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    // The first lines say what went wrong; a flood of notices is cut.
    if (stderr.length < 4000) stderr += c.toString();
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} ist fehlgeschlagen (Exit-Code ${code ?? 'Signal'}): ${stderr.trim()}`));
    });
  });
  await Promise.all([exited, stdout(child.stdout)]);
}

/**
 * `pg_dump --format=custom` of the database into `file`, inside the exported snapshot of the
 * caller's transaction: the dump holds exactly the rows the caller counted.
 */
export async function dumpPostgres(databaseUrl: string, snapshot: string, file: string): Promise<FileDigest> {
  const { tap, digest } = digestingTap();
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`],
    databaseUrl,
    (out) => pipeline(out, tap, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE })),
  );
  return digest();
}

/** All or nothing: --single-transaction rolls every statement back when one fails. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await runTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', file],
    databaseUrl,
  );
}
