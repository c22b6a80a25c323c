/**
 * npx tsx bench/chat-latency.ts [--sockets 1000 --messages 1000]
 *
 * Chat delivery latency: time from a client's `chat:send` until the other party's
 * socket receives `chat:message` (p50/p99), with `--sockets` connected sockets
 * (half consultants, half companies, one conversation per pair):
 *   1. one instance (no Redis),
 *   2. two instances sharing PostgreSQL and Redis (senders on A, receivers on B),
 * and as the floor the bare Socket.IO relay (client → server → room → client, no
 * auth, no database) on one server and across two servers through the Redis adapter.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379/15).
 * Prints a markdown table (copied into docs/chat.md). Not a test: nothing asserts timings.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { rmSync } from 'node:fs';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { io as connectBare, type Socket as BareSocket } from 'socket.io-client';
import {
  createPostgresDatabase,
  newJwtSecret,
  startInstance,
  tempDataDir,
  type Instance,
} from '../apps/server/test/support/instances';
import { connectChat, type ChatClient } from '../apps/server/test/support/socket-client';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SOCKETS = Number(arg('sockets', '1000'));
const MESSAGES = Number(arg('messages', '1000'));
const PAIRS = Math.floor(SOCKETS / 2);
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

// ------------------------------------------------------------------ the product

interface Pair {
  chatId: number;
  consultantToken: string;
  companyToken: string;
}

async function seedPairs(instance: Instance): Promise<Pair[]> {
  const db = instance.database;
  const users = await db.query<{ id: number; role: string }>(
    `INSERT INTO users (username, email, password_hash, role, confirmed)
     SELECT 'bench-' || r || '-' || g, 'bench-' || r || '-' || g || '@bench.test', 'x', r, true
     FROM generate_series(1, $1::int) g, (VALUES ('consultant'), ('company')) AS roles(r)
     RETURNING id, role`,
    [PAIRS],
  );
  const consultants = users.filter((u) => u.role === 'consultant');
  const companies = users.filter((u) => u.role === 'company');
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const consultant = consultants[i]!;
    const company = companies[i]!;
    const [job] = await db.query<{ id: number }>(
      `INSERT INTO jobs (owner_id, job_title, working_time, published_at) VALUES ($1, 'Bench-Inserat', 'Vollzeit', now()) RETURNING id`,
      [company.id],
    );
    const [chat] = await db.query<{ id: number }>(
      `INSERT INTO chat_communications (job_id, consultant_id, company_id) VALUES ($1, $2, $3) RETURNING id`,
      [job!.id, consultant.id, company.id],
    );
    pairs.push({
      chatId: chat!.id,
      consultantToken: await instance.app.jwt.sign(consultant.id, 0),
      companyToken: await instance.app.jwt.sign(company.id, 0),
    });
  }
  return pairs;
}

async function measureProduct(
  scenario: string,
  senders: ChatClient[],
  receivers: ChatClient[],
  pairs: Pair[],
): Promise<Row> {
  const samples: number[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const k = i % pairs.length;
    const text = `Bench ${i}`;
    const received = new Promise<number>((resolve) => {
      const onMessage = (message: { message: string }) => {
        if (message.message !== text) return;
        receivers[k]!.off('chat:message', onMessage);
        resolve(performance.now());
      };
      receivers[k]!.on('chat:message', onMessage);
    });
    const sentAt = performance.now();
    const ack = await senders[k]!.emitWithAck('chat:send', { chatId: pairs[k]!.chatId, message: text });
    if (!ack.ok) throw new Error(`send failed: ${ack.error.message}`);
    samples.push((await received) - sentAt);
  }
  return summarise(scenario, samples);
}

async function productScenarios(): Promise<Row[]> {
  const rows: Row[] = [];
  const jwtSecret = newJwtSecret();
  const dirs = [tempDataDir(), tempDataDir()];

  // 1. One instance, no Redis.
  const single = await createPostgresDatabase(DATABASE_URL);
  const one = await startInstance({ dataDir: dirs[0]!, jwtSecret, databaseUrl: single.url });
  try {
    const pairs = await seedPairs(one);
    const senders = await inBatches(PAIRS, 50, (i) => connectChat(one.url, pairs[i]!.consultantToken));
    const receivers = await inBatches(PAIRS, 50, (i) => connectChat(one.url, pairs[i]!.companyToken));
    rows.push(
      await measureProduct(`chat:send → chat:message, 1 instance, ${SOCKETS} sockets`, senders, receivers, pairs),
    );
    [...senders, ...receivers].forEach((s) => s.close());
  } finally {
    await one.close();
    await single.drop();
  }

  // 2. Two instances, shared PostgreSQL and Redis; senders on A, receivers on B.
  const shared = await createPostgresDatabase(DATABASE_URL);
  const a = await startInstance({ dataDir: dirs[0]!, jwtSecret, databaseUrl: shared.url, redisUrl: REDIS_URL });
  const b = await startInstance({ dataDir: dirs[1]!, jwtSecret, databaseUrl: shared.url, redisUrl: REDIS_URL });
  try {
    const pairs = await seedPairs(a);
    const senders = await inBatches(PAIRS, 50, (i) => connectChat(a.url, pairs[i]!.consultantToken));
    const receivers = await inBatches(PAIRS, 50, (i) => connectChat(b.url, pairs[i]!.companyToken));
    rows.push(
      await measureProduct(
        `chat:send → chat:message, 2 instances via Redis, ${SOCKETS} sockets`,
        senders,
        receivers,
        pairs,
      ),
    );
    [...senders, ...receivers].forEach((s) => s.close());
  } finally {
    await a.close();
    await b.close();
    await shared.drop();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  }
  return rows;
}

// ------------------------------------------------------------------ the floor

interface BareServer {
  url: string;
  close(): Promise<void>;
}

async function startBare(redis: boolean): Promise<BareServer> {
  const http: HttpServer = createServer();
  const server = new Server(http, { serveClient: false });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (redis) {
    pub = new Redis(REDIS_URL);
    sub = pub.duplicate();
    server.adapter(createAdapter(pub, sub, { key: 'pb-bench-floor' }));
  }
  server.on('connection', (socket) => {
    const room = String(socket.handshake.auth['room'] ?? '');
    void socket.join(room);
    socket.on('relay', (payload: { to: string; text: string }, ack: () => void) => {
      server.to(payload.to).emit('relayed', payload.text);
      ack();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await Promise.allSettled([pub?.quit(), sub?.quit()]);
    },
  };
}

function bareClient(url: string, room: string): Promise<BareSocket> {
  const socket = connectBare(url, { auth: { room }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function measureBare(scenario: string, senderUrl: string, receiverUrl: string): Promise<Row> {
  const senders = await inBatches(PAIRS, 50, (i) => bareClient(senderUrl, `s${i}`));
  const receivers = await inBatches(PAIRS, 50, (i) => bareClient(receiverUrl, `r${i}`));
  const samples: number[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const k = i % PAIRS;
    const text = `Bench ${i}`;
    const received = new Promise<number>((resolve) => {
      const on = (t: string) => {
        if (t !== text) return;
        receivers[k]!.off('relayed', on);
        resolve(performance.now());
      };
      receivers[k]!.on('relayed', on);
    });
    const sentAt = performance.now();
    await senders[k]!.emitWithAck('relay', { to: `r${k}`, text });
    samples.push((await received) - sentAt);
  }
  [...senders, ...receivers].forEach((s) => s.close());
  return summarise(scenario, samples);
}

async function floorScenarios(): Promise<Row[]> {
  const rows: Row[] = [];
  const one = await startBare(false);
  rows.push(await measureBare(`bare Socket.IO relay, 1 server, ${SOCKETS} sockets`, one.url, one.url));
  await one.close();
  const a = await startBare(true);
  const b = await startBare(true);
  rows.push(await measureBare(`bare Socket.IO relay, 2 servers via Redis, ${SOCKETS} sockets`, a.url, b.url));
  await a.close();
  await b.close();
  return rows;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  const rows = [...(await floorScenarios()), ...(await productScenarios())];
  const ms = (v: number) => v.toFixed(2);
  const lines = [
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average at start ${loadBefore}, at end ${os.loadavg()[0]!.toFixed(2)}.`,
    `Messages sent one after another (${MESSAGES} per scenario), sender and receiver in this process.`,
    '',
    '| scenario | p50 ms | p99 ms | mean ms | messages |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.scenario} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.mean)} | ${r.n} |`),
  ];
  console.log(lines.join('\n'));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
