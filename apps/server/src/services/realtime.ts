import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { ChatClientEvents, RealtimeEventName, RealtimeEvents, RealtimePayload } from '@pb/core';
import { isDatabaseUnavailable, rootCause } from '../lib/db-errors';
import { closeRedis, createRedisClient, guardUnawaitedCommands, REDIS_SUBSCRIBER, watchRedis } from '../lib/redis';
import { findSignedIn, isSessionOf } from './auth';

/**
 * The one realtime publisher: Socket.IO on the app's HTTP server. REST and socket commands
 * persist; after the commit, routes publish the events their command caused (`publish`), typed by
 * core's RealtimeEvents. Every socket joins `user:<id>` and `session:<id>`; with REDIS_URL the
 * rooms span all instances. Client events (chat:send, chat:read) are the chat module's
 * (`onConnection`).
 */

export interface RealtimeSocketData {
  userId: number;
  tokenVersion: number;
  /** The session (user_sessions) of the handshake token: signing it out closes the socket. */
  sessionId: string;
  /** The handshake token's expiry (epoch ms): the socket ends then. */
  expiresAt: number;
}

export type RealtimeServer = Server<ChatClientEvents, RealtimeEvents, Record<string, never>, RealtimeSocketData>;
export type RealtimeSocket = Socket<ChatClientEvents, RealtimeEvents, Record<string, never>, RealtimeSocketData>;

/** Who hears an event: the open tabs of these accounts, or every signed-in tab. */
export type Audience = { userIds: readonly number[] } | 'everyone';

/** One server → client event, its payload and its audience. */
export type RealtimeEvent = {
  [E in RealtimeEventName]: { name: E; to: Audience; payload: RealtimePayload<E> };
}[RealtimeEventName];

export interface Realtime {
  /** Sends the event to its audience on every instance (after the commit that caused it). */
  publish(event: RealtimeEvent): void;
  /** Sends the event to this instance's sockets only (each instance announces what it read itself). */
  publishLocal(event: RealtimeEvent): void;
  /** Registers the client events of a module on every new, authenticated socket. */
  onConnection(handler: (socket: RealtimeSocket) => void): void;
  /** Closes every live socket of these accounts, on all instances. */
  endSocketsOfUsers(userIds: readonly number[]): void;
  /** Closes the live sockets of these sessions, on all instances. */
  endSocketsOfSessions(sessionIds: readonly string[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** setTimeout's longest delay (about 24.8 days); longer tokens re-arm the timer. */
const MAX_TIMER_MS = 2_147_483_647;

/** Closes the socket when its token expires (a revoked session is closed by services/sessions). */
function endAtExpiry(socket: RealtimeSocket): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = socket.data.expiresAt - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  socket.once('disconnect', () => clearTimeout(timer));
  arm();
}

function roomsOf(audience: Audience): string[] | undefined {
  return audience === 'everyone' ? undefined : [...new Set(audience.userIds)].map((id) => `user:${id}`);
}

export const realtimePlugin = fp(
  async (app) => {
    // Messages are ≤ 10,000 characters; files go over REST, so socket frames stay small.
    const io: RealtimeServer = new Server(app.server, {
      serveClient: false,
      path: '/socket.io/',
      maxHttpBufferSize: 64 * 1024,
    });
    let pub: Redis | undefined;
    let sub: Redis | undefined;
    if (app.config.redisUrl) {
      // While Redis is away, publishing fails fast and is logged (events then reach this
      // instance's sockets only); subscriptions wait and are renewed when it is back.
      pub = createRedisClient(app.config.redisUrl);
      sub = createRedisClient(app.config.redisUrl, REDIS_SUBSCRIBER);
      watchRedis(pub, app.log, 'realtime publish');
      watchRedis(sub, app.log, 'realtime subscribe');
      let publishFailed = false;
      pub.on('ready', () => (publishFailed = false));
      guardUnawaitedCommands(pub, ['publish'], (err) => {
        if (publishFailed) return;
        publishFailed = true;
        app.log.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          'realtime: event not sent to other instances (Redis unavailable)',
        );
      });
      guardUnawaitedCommands(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], () => undefined);
      io.adapter(createAdapter(pub, sub, { key: 'pb-chat' }));
    }

    /** Same checks as the HTTP auth guard: valid token, open session, current token version, confirmed, not blocked. */
    async function handshakeClaims(token: unknown) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return null;
      const claims = await app.jwt.verify(token);
      return claims && (await sessionStillOpen(claims)) ? claims : null;
    }

    /** The token's session is the account's, not signed out, and the account may still be used (services/auth). */
    async function sessionStillOpen(claims: { userId: number; tokenVersion: number; sessionId: string }) {
      const row = await findSignedIn(app.db, claims.sessionId);
      return row !== undefined && isSessionOf(row, claims);
    }

    io.use((socket, next) => {
      const auth = socket.handshake.auth as Record<string, unknown> | undefined;
      handshakeClaims(auth?.['token']).then(
        (claims) => {
          if (!claims) return next(new Error('unauthorized'));
          socket.data.userId = claims.userId;
          socket.data.tokenVersion = claims.tokenVersion;
          socket.data.sessionId = claims.sessionId;
          socket.data.expiresAt = claims.expiresAt;
          return next();
        },
        // A database outage is not a bad token: the client may retry instead of logging out.
        (error: unknown) => next(new Error(isDatabaseUnavailable(error) ? 'unavailable' : 'unauthorized')),
      );
    });

    const handlers: Array<(socket: RealtimeSocket) => void> = [];
    io.on('connection', (socket: RealtimeSocket) => {
      void socket.join([`user:${socket.data.userId}`, `session:${socket.data.sessionId}`]);
      endAtExpiry(socket);
      // A revocation committed while the handshake read the account found no socket in
      // the room to close: check once more now that it is in the rooms (services/sessions).
      sessionStillOpen(socket.data).then(
        (open) => {
          if (!open) socket.disconnect(true);
        },
        (error: unknown) => app.log.warn({ err: rootCause(error) }, 'realtime socket: session re-check failed'),
      );
      for (const handler of handlers) handler(socket);
    });

    /** One typed emit for every event of the union (Socket.IO's overloads want one event name at a time). */
    function emit(target: { emit(name: RealtimeEventName, payload: unknown): boolean }, event: RealtimeEvent): void {
      target.emit(event.name, event.payload);
    }

    const realtime: Realtime = {
      publish(event) {
        const rooms = roomsOf(event.to);
        if (rooms?.length === 0) return;
        emit(rooms ? io.to(rooms) : io, event);
      },
      publishLocal(event) {
        const rooms = roomsOf(event.to);
        if (rooms?.length === 0) return;
        emit(rooms ? io.local.to(rooms) : io.local, event);
      },
      onConnection(handler) {
        handlers.push(handler);
      },
      endSocketsOfUsers(userIds) {
        if (userIds.length > 0) io.in(userIds.map((id) => `user:${id}`)).disconnectSockets(true);
      },
      endSocketsOfSessions(sessionIds) {
        if (sessionIds.length > 0) io.in(sessionIds.map((id) => `session:${id}`)).disconnectSockets(true);
      },
    };
    app.decorate('realtime', realtime);
    app.metrics.countSocketsWith(() => io.of('/').sockets.size);

    // Shutting down (SIGTERM, tests): the transports close without a Socket.IO "server disconnect",
    // so clients reconnect on their own — through the balancer to another instance.
    app.addHook('preClose', async () => {
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([io.of('/').adapter.close()]);
      await Promise.allSettled([closeRedis(pub), closeRedis(sub)]);
    });
  },
  { name: 'realtime', dependencies: ['services', 'metrics'] },
);
