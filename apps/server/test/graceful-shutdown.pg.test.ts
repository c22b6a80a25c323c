import http from 'node:http';
import { sessionToken } from './support/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { openDatabase, type Database } from '../src/db/client';
import { prepareDatabase } from '../src/db/setup';
import { users } from '../src/db/schema';
import { JwtService } from '../src/lib/tokens';
import { startSmtpCapture, type SmtpCapture } from './helpers';
import { createPostgresDatabase } from './support/instances';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * SIGTERM as an orchestrator or a balancer rotation sends it, to the real server process:
 * readiness turns 503 at once while requests are still served (drain), a request in flight
 * finishes, the mail being sent is delivered and marked, sockets are closed so that they
 * reconnect (elsewhere), and the process exits 0 well within its deadline.
 */

const JWT_SECRET = 'shutdown-test-secret-0123456789abcdef0123456789';
const DRAIN_MS = 1500;
const TIMEOUT_MS = 8000;

let database: Database;
let drop: () => Promise<void>;
let databaseUrl: string;
let smtp: SmtpCapture;
let server: ServerProcess | undefined;

const contactBody = (n: number) =>
  JSON.stringify({
    firstname: 'Maria',
    lastname: `Muster ${n}`,
    company: 'Beispiel GmbH',
    email: `maria${n}@example.test`,
    message: 'Bitte um Rückruf.',
  });

/** A POST whose body arrives in two parts; resolves with the status once answered. */
function slowPost(url: string, body: string): { finish(): void; status: Promise<number> } {
  const target = new URL('/api/contact', url);
  const request = http.request(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const status = new Promise<number>((resolve, reject) => {
    request.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.once('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), status };
}

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the shutdown test');
  const created = await createPostgresDatabase(adminUrl);
  drop = created.drop;
  databaseUrl = created.url;
  database = await openDatabase({ databaseUrl, poolSize: 2 });
  await prepareDatabase(database);
  smtp = await startSmtpCapture({ delayMs: 2000 });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await database?.close();
  await drop?.();
});

describe('Graceful shutdown on SIGTERM', () => {
  it('When SIGTERM arrives with a request, a mail send and a socket in flight, then all finish cleanly and the process exits 0', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        username: 'Firma Shutdown',
        email: 'shutdown@example.test',
        passwordHash: 'x',
        role: 'company',
        confirmed: true,
      })
      .returning({ id: users.id });
    const token = await sessionToken(database, new JwtService(JWT_SECRET, '1h'), user!.id);

    server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SMTP_URL: smtp.url,
      OFFICE_EMAIL: 'office@example.test',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const url = server.url;

    // A live socket, reconnecting like the web client does.
    const socket: Socket = io(url, { auth: { token }, transports: ['websocket'], reconnectionDelay: 60_000 });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnectReason = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // A mail in flight: the contact form queues the office's mail; the SMTP server is slow.
    const dataStarted = smtp.nextDataStarted();
    const contact = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: contactBody(1),
    });
    expect(contact.status).toBe(201);
    await dataStarted;

    // A request in flight: half of its body has arrived.
    const slow = slowPost(url, contactBody(2));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Draining: not ready (the balancer takes the instance out), but still serving.
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'stopping', database: { status: 'up' } });
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/api/districts?pagination[limit]=1`)).status).toBe(200);

    // The slow request finishes after the drain, while the server is closing.
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    slow.finish();
    expect(await slow.status).toBe(201);

    expect(await disconnectReason).toBe('transport close');
    socket.close();

    expect(await server.waitForExit()).toBe('0');
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS + TIMEOUT_MS);
    await expect(fetch(`${url}/api/health/live`)).rejects.toThrow();

    // The mail that was being sent arrived and is marked sent; the slow request's mail waits for the next instance.
    expect(smtp.messages.map((m) => m.text).some((text) => text.includes('Muster 1'))).toBe(true);
    const rows = await database.query<{ status: string; text_body: string }>(
      `SELECT status, text_body FROM mail_outbox WHERE event LIKE 'contact%' ORDER BY id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['sent', 'pending']);
  });
});
