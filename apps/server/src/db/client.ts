import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share this query-builder type; feature code never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations, seeds). */
  execScript(sqlText: string): Promise<void>;
  /** Plain parameterised query returning rows (benchmarks, health). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one dedicated connection (session-level locks, multi-step scripts). */
  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface Session {
  execScript(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted → in-memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const session: Session = {
    async execScript(sqlText) {
      await client.exec(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const result = await client.query<T>(sqlText, params);
      return result.rows;
    },
  };
  return {
    db,
    driver: 'pglite',
    ...session,
    // PGlite is a single connection already.
    withSession: (fn) => fn(session),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Fail fast with a clear error instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async execScript(sqlText) {
      await pool.query(sqlText);
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const result = await pool.query(sqlText, params);
      return result.rows as T[];
    },
    async withSession(fn) {
      const conn = await pool.connect();
      try {
        return await fn({
          async execScript(sqlText) {
            await conn.query(sqlText);
          },
          async query<T>(sqlText: string, params: unknown[] = []) {
            return (await conn.query(sqlText, params)).rows as T[];
          },
        });
      } finally {
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
