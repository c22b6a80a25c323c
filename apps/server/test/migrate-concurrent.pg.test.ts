import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { prepareDatabase } from '../src/db/setup';
import { createPostgresDatabase } from './support/instances';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * Instances behind a balancer start together. On an empty database every one of them
 * migrates at start: the advisory lock must make that one migration, not a race.
 */

const MIGRATIONS = readdirSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations'),
).filter((f) => f.endsWith('.sql'));
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function freshDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required');
  const created = await createPostgresDatabase(adminUrl);
  cleanups.push(created.drop);
  return created.url;
}

async function migrationState(url: string) {
  const database: Database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const [row] = await database.query<{ migrations: number; distinct_names: number; districts: number }>(
      `SELECT (SELECT count(*)::int FROM schema_migrations) AS migrations,
              (SELECT count(DISTINCT name)::int FROM schema_migrations) AS distinct_names,
              (SELECT count(*)::int FROM districts) AS districts`,
    );
    return row;
  } finally {
    await database.close();
  }
}

describe('Migrations on an empty database', () => {
  it('When six connections prepare the same empty database at once, then each migration is applied once and all succeed', async () => {
    const url = await freshDatabase();
    const databases = await Promise.all(
      Array.from({ length: 6 }, () => openDatabase({ databaseUrl: url, poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(databases.map((database) => prepareDatabase(database)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
    expect(await migrationState(url)).toEqual({
      migrations: MIGRATIONS.length,
      distinct_names: MIGRATIONS.length,
      districts: 116,
    });
  });

  it('When two server processes start at the same moment on an empty database, then both become ready on one schema', async () => {
    const url = await freshDatabase();
    const servers: ServerProcess[] = await Promise.all([
      startServerProcess({ DATABASE_URL: url }),
      startServerProcess({ DATABASE_URL: url }),
    ]);
    for (const server of servers) cleanups.push(server.stop);
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/districts?pagination[limit]=1`);
      expect(res.status).toBe(200);
    }
    expect(await migrationState(url)).toEqual({
      migrations: MIGRATIONS.length,
      distinct_names: MIGRATIONS.length,
      districts: 116,
    });
  });
});
