import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Session } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the versioned SQL files in ./migrations in file-name order, each in its
 * own transaction, recording them in schema_migrations. The same files run on
 * PGlite and PostgreSQL. An advisory lock keeps two starting instances apart.
 */
export async function migrate(
  database: Database,
  log: (msg: string) => void = () => {},
  options: MigrateOptions = {},
): Promise<string[]> {
  return database.withSession((session) => migrateOn(session, log, options));
}

export interface MigrateOptions {
  /** Apply only the files that sort before this one (a migration's test sets up the data it meets). */
  before?: string;
}

async function migrateOn(database: Session, log: (msg: string) => void, options: MigrateOptions): Promise<string[]> {
  const applied: string[] = [];
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .filter((f) => options.before === undefined || f < options.before)
    .sort();
  // The lock comes first: two instances starting on an empty database would otherwise race
  // on CREATE TABLE IF NOT EXISTS (its catalog insert is not protected by IF NOT EXISTS).
  await database.execScript('SELECT pg_advisory_lock(727274)');
  try {
    await database.execScript(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const body = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await database.execScript(`BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
      applied.push(file);
      log(`migration applied: ${file}`);
    }
  } catch (error) {
    await database.execScript('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await database.execScript('SELECT pg_advisory_unlock(727274)');
  }
  return applied;
}
