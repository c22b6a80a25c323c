import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

/**
 * A connection that dies at the worst moment must never stay checked out of the pool.
 * drizzle's pooled transaction() sends BEGIN before its try/finally: when BEGIN fails,
 * it never releases the client. Under load, repeated pg_terminate_backend left the
 * server at 503 for good once every pool slot had leaked that way (seen in CI).
 *
 * A TCP proxy of the test's own sits between the pool and the shared PostgreSQL and
 * cuts a connection the moment a BEGIN passes through it — deterministic, and the
 * shared server is never touched.
 */

const POOL_SIZE = 2;
const CONNECT_TIMEOUT_MS = 1000;

interface CuttingProxy {
  url: string;
  /** While true, a connection is cut as soon as the client sends BEGIN. */
  cutOnBegin: boolean;
  cuts: number;
  close(): Promise<void>;
}

async function startCuttingProxy(targetUrl: string): Promise<CuttingProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const proxy: CuttingProxy = {
    url: '',
    cutOnBegin: false,
    cuts: 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
    client.on('data', (chunk: Buffer) => {
      // Simple-protocol 'Q' or extended-protocol 'P' message carrying the statement text.
      if (proxy.cutOnBegin && /begin/i.test(chunk.toString('latin1'))) {
        proxy.cuts += 1;
        cut();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  proxy.url = url.toString();
  return proxy;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool under dying connections', () => {
  let proxy: CuttingProxy;
  let database: Database;
  const connectionErrors: Error[] = [];

  beforeAll(async () => {
    proxy = await startCuttingProxy(process.env.TEST_DATABASE_URL!);
    database = await openDatabase({
      databaseUrl: proxy.url,
      poolSize: POOL_SIZE,
      timeouts: { connectMs: CONNECT_TIMEOUT_MS, statementMs: 2000, idleInTransactionMs: 5000 },
      onConnectionError: (err) => connectionErrors.push(err),
    });
  });

  afterAll(async () => {
    // A leaked client would keep pool.end() waiting forever: do not let that hide the failure.
    await Promise.race([database?.close(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    await proxy?.close();
  });

  it('When BEGIN fails because the connection dies, then the client goes back to the pool and later transactions run', async () => {
    proxy.cutOnBegin = true;
    // More failed transactions than the pool has slots: each one would leak a slot.
    for (let i = 0; i < POOL_SIZE + 2; i += 1) {
      await expect(database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow();
    }
    expect(proxy.cuts).toBe(POOL_SIZE + 2);
    proxy.cutOnBegin = false;

    // Every slot must be usable again: as many concurrent transactions as the pool has.
    const results = await Promise.all(
      Array.from({ length: POOL_SIZE }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_sleep(0.05)`);
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: POOL_SIZE }, (_, i) => i));
    expect(connectionErrors.length).toBeGreaterThan(0);
  });

  it('When a connection dies inside a transaction, then the error reaches the caller and the pool stays whole', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        proxy.cutOnBegin = true;
        // The next statement text contains "begin" and is cut on its way.
        await tx.execute(sql`SELECT 'begin' AS cut_here`);
      }),
    ).rejects.toThrow();
    proxy.cutOnBegin = false;
    const rows = await Promise.all(Array.from({ length: POOL_SIZE * 2 }, () => database.query('SELECT 1 AS one')));
    expect(rows.flat()).toHaveLength(POOL_SIZE * 2);
  });
});
