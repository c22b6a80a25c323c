import { foundOrganisation } from '../src/services/memberships';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ChatClientEvents, ChatConversation, ChatMessage, RealtimeEvents } from '@pb/core';
import { openDatabase, type Database } from '../src/db/client';
import { prepareDatabase } from '../src/db/setup';
import { jobs, placementBonuses, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { startBalancer, type Balancer } from './support/balancer';
import { minimalPdf } from './support/chat-fixtures';
import { createPostgresDatabase } from './support/instances';
import { multipartBody } from './support/multipart';
import { startOwnRedis, type OwnRedis } from './support/own-redis';
import { startOwnS3, type OwnS3 } from './support/own-s3';
import { buildServerOnce, startServerProcess, type ServerProcess } from './support/server-process';

/**
 * The deployment as it runs for real: two instances of the compiled server (`npm start`'s
 * build) on one PostgreSQL database, one Redis and one S3-compatible bucket (all started
 * here), behind HAProxy with the repository's config — round robin without stickiness.
 * Users on different instances chat live with files, a token from one instance works on the
 * other, rate limits count across both, and when one instance is killed the users go on
 * through the other after their socket reconnects. Figures are printed for the docs.
 */

type Client = Socket<RealtimeEvents, ChatClientEvents>;

const JWT_SECRET = `cluster-${randomBytes(24).toString('hex')}`;
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const PASSWORD = 'cluster-passwort-2026';

let database: Database;
let dropDatabase: () => Promise<void>;
let redis: OwnRedis;
let s3: OwnS3;
let a: ServerProcess;
let b: ServerProcess;
let lb: Balancer;
const sockets: Client[] = [];
const figures: Record<string, string> = {};

interface Login {
  id: number;
  jwt: string;
}
let company: Login;
let consultant: Login;
let jobId: number;

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

async function login(baseUrl: string, email: string, password = PASSWORD) {
  return fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password }),
  });
}

/** The number of connected sockets an instance reports in its Prometheus metrics. */
async function socketsOn(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: bearer(METRICS_TOKEN) });
  const text = await res.text();
  const match = /^pb_chat_connected_sockets(?:\{[^}]*\})?\s+(\d+)/m.exec(text);
  if (!match) throw new Error(`no socket gauge in /metrics:\n${text.slice(0, 500)}`);
  return Number(match[1]);
}

function connect(token: string): Promise<Client> {
  const socket: Client = io(lb.url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function nextMessage(socket: Client, match: (m: ChatMessage) => boolean): Promise<ChatMessage> {
  return new Promise((resolve) => {
    const listener = (message: ChatMessage) => {
      if (!match(message)) return;
      socket.off('chat:message', listener);
      resolve(message);
    };
    socket.on('chat:message', listener);
  });
}

function sendOverSocket(socket: Client, chatId: number, message: string): Promise<ChatMessage> {
  return new Promise((resolve, reject) => {
    socket.emit('chat:send', { chatId, message }, (ack) => {
      if (ack.ok) resolve(ack.data);
      else reject(new Error(ack.error.message));
    });
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the cluster test');
  buildServerOnce();
  const created = await createPostgresDatabase(adminUrl);
  dropDatabase = created.drop;
  [redis, s3] = await Promise.all([startOwnRedis(), startOwnS3()]);
  const env = {
    DATABASE_URL: created.url,
    REDIS_URL: redis.url,
    ...s3.env,
    JWT_SECRET,
    FINGERPRINT_SECRET: JWT_SECRET,
    REGISTER_SECRET: JWT_SECRET,
    METRICS_TOKEN,
    TRUST_PROXY: 'true',
    RATE_LIMIT_FACTOR: '1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  // Both start at the same moment on the empty database (migrations under the advisory lock).
  [a, b] = await Promise.all([
    startServerProcess(env, { compiled: true }),
    startServerProcess(env, { compiled: true }),
  ]);
  lb = await startBalancer(`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`);
  // Until HAProxy's checks have both instances up, requests may all go to one.
  const seen = new Set<string>();
  const deadline = Date.now() + 20_000;
  while (seen.size < 2) {
    if (Date.now() > deadline) throw new Error(`balancer never used both instances:\n${lb.output()}`);
    const res = await fetch(`${lb.url}/api/health/ready`).catch(() => undefined);
    const by = res?.headers.get('x-served-by');
    if (res?.status === 200 && by) seen.add(by);
    else await sleep(100);
  }

  database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
  await prepareDatabase(database);
  const passwordHash = await hashPassword(PASSWORD);
  const [c, k] = await database.db
    .insert(users)
    .values([
      { username: 'Cluster GmbH', email: 'firma@cluster.test', passwordHash, role: 'company', confirmed: true },
      {
        username: 'Cluster Beratung',
        email: 'berater@cluster.test',
        passwordHash,
        role: 'consultant',
        confirmed: true,
      },
    ])
    .returning({ id: users.id });
  // Each founds its organisation of one, as registration does (issue 31).
  const now = new Date();
  const firm = await foundOrganisation(database.db, { kind: 'company', name: 'Cluster GmbH', userId: c!.id, now });
  await foundOrganisation(database.db, { kind: 'agency', name: 'Cluster Beratung', userId: k!.id, now });
  const [job] = await database.db
    .insert(jobs)
    .values({
      ownerId: c!.id,
      organisationId: firm.organisationId,
      jobTitle: 'Controller/in (m/w/d)',
      workingTime: 'Vollzeit',
      city: 'Wien',
      postcode: '1010',
      salary: '60000',
      publishedAt: new Date(),
    })
    .returning({ id: jobs.id });
  await database.db.insert(placementBonuses).values({ jobId: job!.id, bonus: 15, createdBy: c!.id });
  jobId = job!.id;
  company = { id: c!.id, jwt: '' };
  consultant = { id: k!.id, jwt: '' };
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await lb?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await dropDatabase?.();
  await Promise.all([redis?.cleanup(), s3?.cleanup()]);
  if (Object.keys(figures).length > 0) {
    console.info(
      `cluster test figures:\n${Object.entries(figures)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    );
  }
});

describe('Two instances behind HAProxy', () => {
  it('When a user logs in on instance A, then the token is valid on instance B and through the balancer', async () => {
    const onA = await login(a.url, 'firma@cluster.test');
    expect(onA.status).toBe(200);
    company.jwt = ((await onA.json()) as { jwt: string }).jwt;
    const me = await fetch(`${b.url}/api/users/me`, { headers: bearer(company.jwt) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(company.id);

    const viaLb = await login(lb.url, 'berater@cluster.test');
    expect(viaLb.status).toBe(200);
    consultant.jwt = ((await viaLb.json()) as { jwt: string }).jwt;
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/api/users/me`, { headers: bearer(consultant.jwt) })).status).toBe(200);
    }
    // Metrics are scraped per instance; the public side of the balancer never serves them.
    expect((await fetch(`${lb.url}/metrics`, { headers: bearer(METRICS_TOKEN) })).status).toBe(404);
    expect((await fetch(`${a.url}/metrics`, { headers: bearer(METRICS_TOKEN) })).status).toBe(200);
  });

  it('When a consultant on one instance and a company on the other chat through the balancer, then messages and files arrive live', async () => {
    const opened = await fetch(`${lb.url}/api/chat-communications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(consultant.jwt) },
      body: JSON.stringify({ advertisement: jobId, message: 'Guten Tag, ich hätte eine Kandidatin.' }),
    });
    expect(opened.status).toBe(201);
    const chatId = ((await opened.json()) as { data: ChatConversation }).data.id;

    // Round robin places the two sockets; make sure they sit on different instances.
    const consultantSocket = await connect(consultant.jwt);
    let companySocket = await connect(company.jwt);
    for (let attempt = 0; ; attempt += 1) {
      const [onA, onB] = await Promise.all([socketsOn(a), socketsOn(b)]);
      if (onA === 1 && onB === 1) break;
      if (attempt > 6) throw new Error(`sockets not spread: A=${onA}, B=${onB}`);
      companySocket.close();
      await sleep(100);
      companySocket = await connect(company.jwt);
    }

    // A file through the balancer: the message reaches the company's socket on the other instance.
    const cv = minimalPdf(`Lebenslauf ${randomBytes(4000).toString('hex')}`);
    const { payload, headers } = multipartBody([{ name: 'Lebenslauf.pdf', data: cv }], { message: 'CV anbei' });
    const arrived = nextMessage(companySocket, (m) => m.message === 'CV anbei');
    const posted = await fetch(`${lb.url}/api/chat-communications/${chatId}/messages`, {
      method: 'POST',
      headers: { ...headers, ...bearer(consultant.jwt) },
      body: payload,
    });
    expect(posted.status).toBe(201);
    const live = await arrived;
    expect(live.files).toHaveLength(1);
    const download = await fetch(`${lb.url}${live.files[0]!.url}`, { headers: bearer(company.jwt) });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(cv)).toBe(true);

    // Uploaded through instance A, downloaded through instance B (the bucket is shared).
    const big = minimalPdf(randomBytes(1_500_000).toString('base64'));
    const direct = multipartBody([{ name: 'Zeugnisse.pdf', data: big }], { message: 'Zeugnisse' });
    const uploadStarted = performance.now();
    const viaA = await fetch(`${a.url}/api/chat-communications/${chatId}/messages`, {
      method: 'POST',
      headers: { ...direct.headers, ...bearer(consultant.jwt) },
      body: direct.payload,
    });
    expect(viaA.status).toBe(201);
    const uploadMs = performance.now() - uploadStarted;
    const file = ((await viaA.json()) as { data: ChatMessage }).data.files[0]!;
    const downloadStarted = performance.now();
    const viaB = await fetch(`${b.url}${file.url}`, { headers: bearer(company.jwt) });
    expect(viaB.status).toBe(200);
    expect(Buffer.from(await viaB.arrayBuffer()).equals(big)).toBe(true);
    const downloadMs = performance.now() - downloadStarted;
    figures['file via A → B'] =
      `${(big.length / 1e6).toFixed(1)} MB: upload ${uploadMs.toFixed(0)} ms, download ${downloadMs.toFixed(0)} ms`;

    // Latency across instances: consultant's socket (one instance) → company's socket (the other).
    const latencies: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const text = `Nachricht ${i}`;
      const received = nextMessage(companySocket, (m) => m.message === text);
      const started = performance.now();
      await sendOverSocket(consultantSocket, chatId, text);
      await received;
      latencies.push(performance.now() - started);
    }
    figures['chat send → receipt across instances (40 messages)'] =
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`;
  });

  it('When logins go through the balancer to both instances, then the rate limit counts them together', async () => {
    // An address of no account: its counter starts here (the other tests' logins do not count).
    const servedBy = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const res = await login(lb.url, 'niemand@cluster.test', 'falsches-passwort');
      expect(res.status).toBe(400);
      servedBy.add(res.headers.get('x-served-by') ?? '');
    }
    expect([...servedBy].sort()).toEqual(['app1', 'app2']);
    const eleventh = await login(lb.url, 'niemand@cluster.test', 'falsches-passwort');
    expect(eleventh.status).toBe(429);
  });

  it('When instance A is killed mid-session, then the users go on through B after their socket reconnects', async () => {
    const chats = await fetch(`${lb.url}/api/chat-communications`, { headers: bearer(company.jwt) });
    const chatId = ((await chats.json()) as { data: ChatConversation[] }).data[0]!.id;
    const [consultantSocket, companySocket] = sockets.filter((s) => s.connected).slice(-2);
    expect(consultantSocket && companySocket).toBeTruthy();

    const reconnected = Promise.race(
      [consultantSocket!, companySocket!].map(
        (socket) => new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve())),
      ),
    );
    // Requests keep coming while A dies; count what the users would have seen fail.
    let failures = 0;
    let requests = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        requests += 1;
        const res = await fetch(`${lb.url}/api/districts?pagination[limit]=1`).catch(() => undefined);
        if (res?.status !== 200) failures += 1;
        await sleep(20);
      }
    })();

    const killedAt = performance.now();
    a.child.kill('SIGKILL');
    await reconnected;
    const socketFailoverMs = performance.now() - killedAt;
    await sleep(2500); // HAProxy's checks mark A down (2 × 1 s)
    polling = false;
    await poller;

    const text = 'Nach dem Ausfall';
    const received = nextMessage(companySocket!, (m) => m.message === text);
    await sendOverSocket(consultantSocket!, chatId, text);
    expect((await received).message).toBe(text);
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${lb.url}/api/chat-communications/${chatId}/messages`, { headers: bearer(company.jwt) });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-served-by')).toBe('app2');
    }
    expect(failures).toBe(0);
    figures['failover after SIGKILL of instance A'] =
      `socket reconnected through B after ${socketFailoverMs.toFixed(0)} ms; ${failures} of ${requests} requests during the failover failed`;
  });
});
