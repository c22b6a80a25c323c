/**
 * npm run bench:chat [-- --sockets 1000 --messages 1000 --warmup 100]
 *
 * Chat delivery latency: time from a client's `chat:send` until the other party's
 * socket receives `chat:message` (p50/p99), with `--sockets` connected sockets
 * (half consultants, half companies, one conversation per pair):
 *   1. one instance (no Redis),
 *   2. two instances sharing PostgreSQL and Redis (senders on A, receivers on B),
 * and, in the same run, as the floor the bare Socket.IO relay (client → server → room → client,
 * no auth, no database) on one server and across two servers through the Redis adapter.
 * Every server is its own process — the product's the compiled server as `npm start` runs it —
 * and all clients live in this process.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379/15).
 * Writes docs/benchmarks-chat.md. Not a test: nothing asserts timings.
 */
import { sessionToken } from '../apps/server/test/support/sessions';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { io as connectBare, type Socket as BareSocket } from 'socket.io-client';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { chatCommunications } from '../apps/server/src/db/schema';
import { textMessageStatement, textMessageValues } from '../apps/server/src/modules/chat/send-statement';
import { JwtService } from '../apps/server/src/lib/tokens';
import { createPostgresDatabase, newJwtSecret } from '../apps/server/test/support/instances';
import { freePort } from '../apps/server/test/support/ports';
import { buildServerOnce, startServerProcess, type ServerProcess } from '../apps/server/test/support/server-process';
import { connectChat, type ChatClient } from '../apps/server/test/support/socket-client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SOCKETS = Number(arg('sockets', '1000'));
const MESSAGES = Number(arg('messages', '1000'));
const PAIRS = Math.floor(SOCKETS / 2);
const WARMUP = Number(arg('warmup', '100'));
const SETTLE_MS = 3000;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

interface Row {
  scenario: string;
  p50: number;
  p99: number;
  mean: number;
  n: number;
}

function summarise(scenario: string, samples: number[]): Row {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    scenario,
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    n: sorted.length,
  };
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, k) => make(i + k)))));
  }
  return out;
}

/**
 * Messages one after another, each from senders[k] to receivers[k] (k cycling over the pairs):
 * the time from sending until the receiver has it.
 */
async function measure(
  scenario: string,
  pairs: number,
  send: (k: number, text: string) => Promise<void>,
  receive: (k: number, text: string) => Promise<number>,
): Promise<Row> {
  // The server settles after the sockets connected (each connection re-checks its account), then
  // WARMUP messages are sent unrecorded (the JIT, the pool's connections), as in bench:jobs.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const samples: number[] = [];
  for (let i = -WARMUP; i < MESSAGES; i += 1) {
    const k = (i + pairs) % pairs;
    const text = `Bench ${i}`;
    const received = receive(k, text);
    const sentAt = performance.now();
    await send(k, text);
    const latency = (await received) - sentAt;
    if (i >= 0) samples.push(latency);
  }
  return summarise(scenario, samples);
}

// ------------------------------------------------------------------ the product

interface Pair {
  chatId: number;
  consultantToken: string;
  companyToken: string;
}

async function seedPairs(database: Database, jwt: JwtService): Promise<Pair[]> {
  const users = await database.query<{ id: number; role: string }>(
    `INSERT INTO users (username, email, password_hash, role, confirmed)
     SELECT 'bench-' || r || '-' || g, 'bench-' || r || '-' || g || '@bench.test', 'x', r, true
     FROM generate_series(1, $1::int) g, (VALUES ('consultant'), ('company')) AS roles(r)
     RETURNING id, role`,
    [PAIRS],
  );
  // Each account an organisation of one with its person as administrator, as registration makes them.
  const organisations = await database.query<{ id: number; user_id: number }>(
    `WITH o AS (
       INSERT INTO organisations (kind, name, created_by)
       SELECT CASE role WHEN 'company' THEN 'company' ELSE 'agency' END, username, id
       FROM users WHERE email LIKE 'bench-%@bench.test' RETURNING id, created_by
     )
     INSERT INTO organisation_members (organisation_id, user_id, role)
     SELECT id, created_by, 'administrator' FROM o RETURNING organisation_id AS id, user_id`,
  );
  const organisationOf = new Map(organisations.map((o) => [o.user_id, o.id]));
  const consultants = users.filter((u) => u.role === 'consultant');
  const companies = users.filter((u) => u.role === 'company');
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const consultant = consultants[i]!;
    const company = companies[i]!;
    const [job] = await database.query<{ id: number }>(
      `INSERT INTO jobs (owner_id, organisation_id, job_title, working_time, published_at)
       VALUES ($1, $2, 'Bench-Inserat', 'Vollzeit', now()) RETURNING id`,
      [company.id, organisationOf.get(company.id)],
    );
    const [chat] = await database.query<{ id: number }>(
      `INSERT INTO chat_communications (job_id, consultant_id, company_id, agency_organisation_id, company_organisation_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [job!.id, consultant.id, company.id, organisationOf.get(consultant.id), organisationOf.get(company.id)],
    );
    pairs.push({
      chatId: chat!.id,
      consultantToken: await sessionToken(database, jwt, consultant.id),
      companyToken: await sessionToken(database, jwt, company.id),
    });
  }
  return pairs;
}

function received(socket: ChatClient, text: string): Promise<number> {
  return new Promise<number>((resolve) => {
    const onMessage = (message: { message: string }) => {
      if (message.message !== text) return;
      socket.off('chat:message', onMessage);
      resolve(performance.now());
    };
    socket.on('chat:message', onMessage);
  });
}

/** Compiled server processes on one fresh database (with Redis when there are several). */
async function productScenario(scenario: string, instances: 1 | 2): Promise<Row> {
  const database = await createPostgresDatabase(DATABASE_URL);
  const jwtSecret = newJwtSecret();
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret,
    ...(instances > 1 ? { REDIS_URL: REDIS_URL } : {}),
  };
  const servers: ServerProcess[] = [];
  let db: Database | undefined;
  try {
    // One after the other: the first runs the migrations.
    for (let i = 0; i < instances; i += 1) servers.push(await startServerProcess(env, { compiled: true }));
    db = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    const pairs = await seedPairs(db, new JwtService(jwtSecret, '2h'));
    const senderUrl = servers[0]!.url;
    const receiverUrl = servers[servers.length - 1]!.url;
    const senders = await inBatches(PAIRS, 50, (i) => connectChat(senderUrl, pairs[i]!.consultantToken));
    const receivers = await inBatches(PAIRS, 50, (i) => connectChat(receiverUrl, pairs[i]!.companyToken));
    try {
      return await measure(
        scenario,
        PAIRS,
        async (k, text) => {
          const ack = await senders[k]!.emitWithAck('chat:send', { chatId: pairs[k]!.chatId, message: text });
          if (!ack.ok) throw new Error(`send failed: ${ack.error.message}`);
        },
        (k, text) => received(receivers[k]!, text),
      );
    } finally {
      [...senders, ...receivers].forEach((s) => s.close());
    }
  } finally {
    await db?.close();
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

/**
 * The database's share of one message, without the server: the one statement chat:send issues,
 * prepared (service.textMessageStatement: the account and participant checks, the message, the unread flag
 * and the bell entry, committed durably) through node-postgres, one message after another. Two
 * rows: as the product runs it, and the same with synchronous_commit off for this connection only
 * — the difference is what the durable commit (the WAL flush) costs; the product keeps it on
 * (decision 0025).
 */
async function databaseFloor(): Promise<{ durable: Row; unflushed: Row }> {
  const database = await createPostgresDatabase(DATABASE_URL);
  let db: Database | undefined;
  let server: ServerProcess | undefined;
  try {
    // The server only to migrate the fresh database; it is stopped before the measurement.
    server = await startServerProcess({ DATABASE_URL: database.url, JWT_SECRET: newJwtSecret() }, { compiled: true });
    await server.stop();
    server = undefined;
    db = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    await seedPairs(db, new JwtService(newJwtSecret(), '2h'));
    const conversations = await db.db.select().from(chatCommunications).orderBy(asc(chatCommunications.id));
    // The session each consultant writes from (its membership is what the statement checks).
    const sessions = new Map(
      (await db.query<{ id: string; user_id: number }>('SELECT id, user_id FROM user_sessions')).map((r) => [
        r.user_id,
        r.id,
      ]),
    );
    const dialect = new PgDialect();
    const durableClient = new pg.Client({ connectionString: database.url });
    const unflushedClient = new pg.Client({ connectionString: database.url });
    await durableClient.connect();
    await unflushedClient.connect();
    try {
      await unflushedClient.query('SET synchronous_commit = off');
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const timed = async (client: pg.Client, i: number): Promise<number> => {
        const conversation = conversations[(i + conversations.length) % conversations.length]!;
        const sender = {
          id: conversation.consultantId!,
          tokenVersion: 0,
          sessionId: sessions.get(conversation.consultantId!)!,
        };
        const message = dialect.sqlToQuery(
          textMessageStatement(textMessageValues(sender, conversation.id, `Bench ${i}`, new Date())),
        );
        const started = performance.now();
        // Named, as the product prepares it (service.prepareTextMessageStatement).
        const result = await client.query<{ id: string | null }>({
          name: 'bench_text_message',
          text: message.sql,
          values: message.params,
        });
        if (result.rows[0]?.id == null) throw new Error('bench: the message statement wrote nothing');
        return performance.now() - started;
      };
      const durable: number[] = [];
      const unflushed: number[] = [];
      for (let i = -WARMUP; i < MESSAGES; i += 1) {
        const a = await timed(durableClient, i);
        const b = await timed(unflushedClient, i);
        if (i >= 0) {
          durable.push(a);
          unflushed.push(b);
        }
      }
      return {
        durable: summarise(
          "a message's one statement, checks and write, durable commit (node-postgres, no server)",
          durable,
        ),
        unflushed: summarise(
          'the same statement without waiting for the WAL flush (synchronous_commit off)',
          unflushed,
        ),
      };
    } finally {
      await durableClient.end();
      await unflushedClient.end();
    }
  } finally {
    await db?.close();
    await server?.stop();
    await database.drop();
  }
}

// ------------------------------------------------------------------ the floor

/** The bare relay in its own process: joins the room the client names, relays to the room it is asked to. */
const BARE_SERVER = `
  import { createServer } from 'node:http';
  import { Server } from 'socket.io';
  const http = createServer();
  const server = new Server(http, { serveClient: false });
  if (process.env.REDIS_URL) {
    const { Redis } = await import('ioredis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = new Redis(process.env.REDIS_URL);
    server.adapter(createAdapter(pub, pub.duplicate(), { key: 'pb-bench-floor' }));
  }
  server.on('connection', (socket) => {
    void socket.join(String(socket.handshake.auth.room ?? ''));
    socket.on('relay', (payload, ack) => {
      server.to(payload.to).emit('relayed', payload.text);
      ack();
    });
  });
  http.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

async function startBare(redis: boolean): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    // Resolves socket.io and the Redis adapter from the project's node_modules.
    cwd: path.join(ROOT, 'apps/server'),
    env: { PATH: process.env.PATH ?? '', PORT: String(port), ...(redis ? { REDIS_URL } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare relay exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function bareClient(url: string, room: string): Promise<BareSocket> {
  const socket = connectBare(url, { auth: { room }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function bareScenario(scenario: string, servers: 1 | 2): Promise<Row> {
  const started = [await startBare(servers > 1)];
  if (servers > 1) started.push(await startBare(true));
  try {
    const senderUrl = started[0]!.url;
    const receiverUrl = started[started.length - 1]!.url;
    const senders = await inBatches(PAIRS, 50, (i) => bareClient(senderUrl, `s${i}`));
    const receivers = await inBatches(PAIRS, 50, (i) => bareClient(receiverUrl, `r${i}`));
    try {
      return await measure(
        scenario,
        PAIRS,
        async (k, text) => {
          await senders[k]!.emitWithAck('relay', { to: `r${k}`, text });
        },
        (k, text) =>
          new Promise<number>((resolve) => {
            const on = (t: string) => {
              if (t !== text) return;
              receivers[k]!.off('relayed', on);
              resolve(performance.now());
            };
            receivers[k]!.on('relayed', on);
          }),
      );
    } finally {
      [...senders, ...receivers].forEach((s) => s.close());
    }
  } finally {
    for (const s of started) s.child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  buildServerOnce();
  const bareOne = await bareScenario(`bare Socket.IO relay, 1 server, ${SOCKETS} sockets`, 1);
  const productOne = await productScenario(`chat:send → chat:message, 1 instance, ${SOCKETS} sockets`, 1);
  const bareTwo = await bareScenario(`bare Socket.IO relay, 2 servers via Redis, ${SOCKETS} sockets`, 2);
  const productTwo = await productScenario(`chat:send → chat:message, 2 instances via Redis, ${SOCKETS} sockets`, 2);
  const database = await databaseFloor();
  const ms = (v: number) => v.toFixed(2);
  const row = (r: Row, floor?: Row) =>
    `| ${r.scenario} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.mean)} | ${r.n} | ${floor ? `${(r.p99 / floor.p99).toFixed(1)}×` : '–'} |`;
  const lines = [
    '# Chat latency benchmark',
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; load average at start ${loadBefore}, at end ${os.loadavg()[0]!.toFixed(2)}.`,
    `Command: \`npm run bench:chat\` (bench/chat-latency.ts). ${SOCKETS} sockets connected per scenario, ${SETTLE_MS / 1000} s to settle,`,
    `${WARMUP} messages unrecorded, then ${MESSAGES} sent one after another, each timed from \`chat:send\` (or the bare relay's`,
    "emit) until the other party's socket has it; a conversation's first message also queues the recipient's mail notice. Every",
    'server is its own process (the product: the compiled server on PostgreSQL), all clients are in the benchmark process.',
    "The last rows are the database's share alone: a message's one statement through node-postgres, no server, as the",
    'product runs it (durable commit) and without waiting for the WAL flush (what the flush costs).',
    '',
    '| scenario | p50 ms | p99 ms | mean ms | messages | p99 ÷ bare relay p99 |',
    '|---|---:|---:|---:|---:|---:|',
    row(bareOne),
    row(productOne, bareOne),
    row(bareTwo),
    row(productTwo, bareTwo),
    row(database.durable),
    row(database.unflushed),
    '',
  ];
  const file = path.join(ROOT, 'docs', 'benchmarks-chat.md');
  writeFileSync(file, lines.join('\n'));
  console.log(lines.join('\n'));
  console.log(`written to ${path.relative(ROOT, file)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
