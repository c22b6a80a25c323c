import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** What both database drivers offer (db/client.ts: PostgreSQL, db/client-pglite.ts: PGlite). */
export type Schema = typeof schema;
/** Both drivers share this query-builder type; feature code never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Transaction handle of Db.transaction (also accepted wherever Db is). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations, seeds). */
  execScript(sqlText: string): Promise<void>;
  /** Plain parameterised query returning rows (benchmarks, health). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one dedicated connection (session-level locks, multi-step scripts). */
  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /** PostgreSQL pool counters (metrics); undefined for PGlite, which is one connection, not a pool. */
  poolStats(): PoolStats | undefined;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Open connections, idle or checked out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because all `max` are checked out. */
  waiting: number;
  max: number;
}

export interface Session {
  execScript(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}
