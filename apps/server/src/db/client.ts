import net from 'node:net';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from './database';
import * as schema from './schema';

export type { Database, Db, PoolStats, Schema, Session, Tx } from './database';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted → in-memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PostgreSQL only; without them a query may wait forever for a server that does not answer. */
  timeouts?: DatabaseTimeouts | undefined;
  /**
   * PostgreSQL only: a connection failed outside any query (server restart, terminated
   * session). The pool drops that connection; this only reports it — it never throws.
   */
  onConnectionError?: ((err: Error) => void) | undefined;
}

export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one when the pool is busy. */
  connectMs: number;
  /**
   * Server-side statement_timeout. A checked-out connection that stays silent for this
   * long plus SILENCE_GRACE_MS is dropped by the client (frozen or unreachable server).
   */
  statementMs: number;
  /** Server-side idle_in_transaction_session_timeout. */
  idleInTransactionMs: number;
}

/** How much longer than statement_timeout the client waits for any byte before it drops the connection. */
const SILENCE_GRACE_MS = 1000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.timeouts, options.onConnectionError);
  }
  // Loaded only here: with PostgreSQL the embedded database's code stays out of memory.
  const { openPglite } = await import('./client-pglite');
  return openPglite(options.dataDir);
}

/** Sets (ms > 0) or clears (0) the inactivity deadline on a pooled connection's socket. */
function setSilenceDeadline(client: pg.PoolClient, ms: number): void {
  const stream = client.connection.stream;
  if (stream instanceof net.Socket) stream.setTimeout(ms);
}

async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: DatabaseTimeouts | undefined,
  onConnectionError: (err: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    keepAlive: true,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        }
      : {}),
  });
  // Without these listeners a restart or pg_terminate_backend (57P01) is an unhandled
  // 'error' event and ends the process. An idle client's error reaches the pool; a
  // checked-out client's error reaches its own listener (and fails its queries).
  pool.on('error', (err) => onConnectionError(err));
  // A connection that dies while checked out is handed back to the pool at once (which
  // drops it), because its holder may never do so: drizzle's pooled transaction() sends
  // BEGIN outside its try/finally, so a failed BEGIN would keep the slot forever, and
  // enough of those leave every request waiting for a free connection.
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      onConnectionError(err);
      if (!checkedOut.has(client)) return;
      const release = client.release;
      // The holder's own release() later is then a no-op instead of a double release.
      client.release = () => undefined;
      release(err);
    });
    if (!timeouts) return;
    const stream = client.connection.stream;
    // A frozen or unreachable server never answers and statement_timeout cannot fire there:
    // a checked-out connection that stays silent this long is destroyed, which fails its
    // queries and keeps it out of the pool (never reused with a query still in flight).
    const silenceMs = timeouts.statementMs + SILENCE_GRACE_MS;
    stream.on('timeout', () => {
      stream.destroy(
        Object.assign(new Error(`PostgreSQL did not answer within ${silenceMs} ms`), { code: 'ETIMEDOUT' }),
      );
    });
  });
  if (timeouts) {
    const silenceMs = timeouts.statementMs + SILENCE_GRACE_MS;
    pool.on('acquire', (client) => setSilenceDeadline(client, silenceMs));
    pool.on('release', (_err, client) => setSilenceDeadline(client, 0));
  }
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
      if (timeouts) {
        // Migrations and scripts may run long (index builds, waiting for another instance's lock).
        setSilenceDeadline(conn, 0);
        await conn.query('SET statement_timeout = 0');
      }
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
        // Dropped, not pooled: session state (SET, advisory locks after an error) must not leak.
        conn.release(true);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async close() {
      await pool.end();
    },
  };
}
