import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  CHAT_MSG,
  chatMessageTextSchema,
  INPUT_MSG,
  int4Id,
  MSG,
  type ChatAck,
  type ChatClientEvents,
  type ChatMessage,
  type ChatServerEvents,
} from '@pb/core';
import type { UserRole } from '../../db/schema';
import { AppError, badRequest, germanIssue, unauthorized } from '../../lib/errors';
import { isDatabaseUnavailable, rootCause } from '../../lib/db-errors';
import { hasUnsafeText } from '../../lib/input-guard';
import { findSignedIn, isSessionOf } from '../../lib/auth';
import { isActiveUser } from '../../lib/policies';
import { closeRedis, createRedisClient, guardUnawaitedCommands, REDIS_SUBSCRIBER, watchRedis } from '../../lib/redis';
import {
  conversationView,
  conversationViews,
  eventContextQuery,
  markRead,
  messageContext,
  sendTextMessage,
  type ConversationRow,
} from './service';
import { authorizeWriting } from './policy';

/**
 * Socket.IO on the app's HTTP server. REST persists, sockets notify: after a
 * commit the server emits `chat:message` and `chat:conversation` to the rooms
 * `user:<p1>` and `user:<p2>`. With REDIS_URL the rooms span all instances.
 */

interface SocketData {
  userId: number;
  tokenVersion: number;
  /** The session (user_sessions) of the handshake token: signing it out closes the socket. */
  sessionId: string;
  /** The handshake token's expiry (epoch ms): the socket ends then. */
  expiresAt: number;
}

export type ChatServer = Server<ChatClientEvents, ChatServerEvents, Record<string, never>, SocketData>;
type ChatSocket = Socket<ChatClientEvents, ChatServerEvents, Record<string, never>, SocketData>;

export interface ChatHub {
  io: ChatServer;
  /** Tells both parties about a committed message (and their updated conversation). */
  publishMessage(message: ChatMessage, participantIds: Array<number | null>): Promise<void>;
  /** Tells one user their view of a conversation changed (e.g. read in another tab). */
  publishConversation(conversationId: number, userIds: Array<number | null>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatHub: ChatHub;
  }
}

interface SocketUser {
  id: number;
  username: string;
  role: UserRole;
}

// chatId is an int4 id (core/input): 2^31 or a 400-digit number is a 400, not a database error.
const sendSchema = z.object({ chatId: int4Id(), message: chatMessageTextSchema });
const readSchema = z.object({ chatId: int4Id() });

/**
 * Every socket event and the policy that guards it (as `config.policy` does for routes;
 * the route-policy test lists both). The handshake admits active users only ('signedIn');
 * each event re-checks the account, then asks the chat policy about the conversation.
 */
export const SOCKET_EVENT_POLICIES = {
  connection: 'signedIn',
  // A text message's statement applies it in SQL (participantCondition, decision 0026).
  'chat:send': 'chat.participant',
  'chat:read': 'chat.participant',
} as const satisfies Record<'connection' | keyof ChatClientEvents, string>;

const EVENT_WINDOW_MS = 10_000;
const EVENTS_PER_WINDOW = 40;
/** setTimeout's longest delay (about 24.8 days); longer tokens re-arm the timer. */
const MAX_TIMER_MS = 2_147_483_647;

/** Closes the socket when its token expires (a revoked session is closed by lib/sessions). */
function endAtExpiry(socket: ChatSocket): void {
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

export const chatGateway = fp(
  async (app) => {
    // Messages are ≤ 10,000 characters; files go over REST, so socket frames stay small.
    const io: ChatServer = new Server(app.server, {
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
      watchRedis(pub, app.log, 'chat publish');
      watchRedis(sub, app.log, 'chat subscribe');
      let publishFailed = false;
      pub.on('ready', () => (publishFailed = false));
      guardUnawaitedCommands(pub, ['publish'], (err) => {
        if (publishFailed) return;
        publishFailed = true;
        app.log.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          'chat: event not sent to other instances (Redis unavailable)',
        );
      });
      guardUnawaitedCommands(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], () => undefined);
      io.adapter(createAdapter(pub, sub, { key: 'pb-chat' }));
    }

    /** Same checks as the HTTP auth guard: valid token, current token version, confirmed, not blocked. */
    async function activeUser(
      token: unknown,
    ): Promise<(SocketUser & { tokenVersion: number; sessionId: string; expiresAt: number }) | null> {
      if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return null;
      const claims = await app.jwt.verify(token);
      if (!claims || !(await sessionStillOpen(claims))) return null;
      const { user } = await loadEventContext(claims.userId, claims.tokenVersion, undefined);
      return user
        ? { ...user, tokenVersion: claims.tokenVersion, sessionId: claims.sessionId, expiresAt: claims.expiresAt }
        : null;
    }

    /** The handshake token's session is the account's and not signed out (lib/auth). */
    async function sessionStillOpen(claims: { userId: number; tokenVersion: number; sessionId: string }) {
      const row = await findSignedIn(app.db, claims.sessionId);
      return row !== undefined && isSessionOf(row, claims);
    }

    // The account and the conversation, built once and prepared on the server (service.ts).
    const eventContextStatement = eventContextQuery(
      app.db,
      sql.placeholder('userId'),
      sql.placeholder('chatId'),
    ).prepare('pb_chat_event_context');

    /** The event's account (null unless active with this token version) and conversation (ids start at 1: 0 finds none). */
    async function loadEventContext(
      userId: number,
      tokenVersion: number,
      chatId: number | undefined,
    ): Promise<{ user: SocketUser | null; conversation: ConversationRow | undefined }> {
      const [row] = await eventContextStatement.execute({ userId, chatId: chatId ?? 0 });
      const account = row?.user;
      const user =
        account && isActiveUser(account) && account.tokenVersion === tokenVersion
          ? { id: account.id, username: account.username, role: account.role }
          : null;
      return { user, conversation: row?.conversation ?? undefined };
    }

    io.use((socket, next) => {
      const auth = socket.handshake.auth as Record<string, unknown> | undefined;
      activeUser(auth?.['token']).then(
        (user) => {
          if (!user) return next(new Error('unauthorized'));
          socket.data.userId = user.id;
          socket.data.tokenVersion = user.tokenVersion;
          socket.data.sessionId = user.sessionId;
          socket.data.expiresAt = user.expiresAt;
          return next();
        },
        // A database outage is not a bad token: the client may retry instead of logging out.
        (error: unknown) => next(new Error(isDatabaseUnavailable(error) ? 'unavailable' : 'unauthorized')),
      );
    });

    /** Asks the event's policy (SOCKET_EVENT_POLICIES) with the same rules and answers as REST. */
    function authorizeEvent(
      event: keyof ChatClientEvents,
      user: SocketUser,
      conversation: ConversationRow | undefined,
    ): ConversationRow {
      switch (SOCKET_EVENT_POLICIES[event]) {
        case 'chat.participant':
          return authorizeWriting(user, conversation);
      }
    }

    /** The event's account and conversation, read, then checked by the event's policy (SOCKET_EVENT_POLICIES). */
    async function authorizedContext(
      socket: ChatSocket,
      event: keyof ChatClientEvents,
      chatId: number,
    ): Promise<{ user: SocketUser; conversation: ConversationRow }> {
      const { user, conversation } = await loadEventContext(socket.data.userId, socket.data.tokenVersion, chatId);
      if (!user) throw unauthorized();
      return { user, conversation: authorizeEvent(event, user, conversation) };
    }

    /**
     * Every event re-checks the token's expiry and the account (blocked or logged out everywhere →
     * 401 and disconnect) and asks its policy; the answers keep their order: 401, then 400, then the
     * policy's 403/404. `run` gets a valid payload and does the account and policy checks itself:
     * chat:read reads first (authorizedContext), chat:send checks in the statement that writes.
     */
    function handle<P extends { chatId: number }, T>(
      socket: ChatSocket,
      schema: z.ZodType<P>,
      run: (payload: P) => Promise<T>,
    ): (payload: unknown, ack: unknown) => void {
      let windowStart = 0;
      let used = 0;
      return (payload, ack) => {
        const reply: ChatAck<T> = typeof ack === 'function' ? (ack as ChatAck<T>) : () => undefined;
        // Per-socket flood guard (REST has its own rate limit).
        const now = Date.now();
        if (now - windowStart > EVENT_WINDOW_MS) {
          windowStart = now;
          used = 0;
        }
        used += 1;
        if (used > EVENTS_PER_WINDOW * app.config.rateLimitFactor) {
          reply({ ok: false, error: { status: 429, message: MSG.rateLimited } });
          return;
        }
        void (async () => {
          if (Date.now() >= socket.data.expiresAt) throw unauthorized();
          const parsed = hasUnsafeText(payload) ? null : schema.safeParse(payload);
          if (!parsed?.success) {
            // An invalid payload: 401 if the account may no longer be used, else 400.
            const { user } = await loadEventContext(socket.data.userId, socket.data.tokenVersion, undefined);
            if (!user) throw unauthorized();
            throw badRequest(parsed ? germanIssue(parsed.error) : INPUT_MSG.invalidCharacters);
          }
          reply({ ok: true, data: await run(parsed.data) });
        })().catch((error: unknown) => {
          if (error instanceof AppError) {
            reply({ ok: false, error: { status: error.status, message: error.message } });
            if (error.status === 401) socket.disconnect(true);
            return;
          }
          if (isDatabaseUnavailable(error)) {
            app.log.warn({ err: rootCause(error) }, 'chat socket event: database unavailable');
            reply({ ok: false, error: { status: 503, message: MSG.serviceUnavailable } });
            return;
          }
          app.log.error({ err: error }, 'chat socket event failed');
          reply({ ok: false, error: { status: 500, message: MSG.internal } });
        });
      };
    }

    io.on('connection', (socket: ChatSocket) => {
      void socket.join([`user:${socket.data.userId}`, `session:${socket.data.sessionId}`]);
      endAtExpiry(socket);
      // A revocation committed while the handshake read the account found no socket in
      // the room to close: check once more now that it is in the rooms (lib/sessions).
      const { userId, tokenVersion, sessionId } = socket.data;
      Promise.all([
        loadEventContext(userId, tokenVersion, undefined),
        sessionStillOpen({ userId, tokenVersion, sessionId }),
      ]).then(
        ([{ user }, open]) => {
          if (!user || !open) socket.disconnect(true);
        },
        (error: unknown) => app.log.warn({ err: rootCause(error) }, 'chat socket: session re-check failed'),
      );
      socket.on(
        'chat:send',
        handle(socket, sendSchema, async ({ chatId, message }) => {
          const text = message.trim();
          if (text.length === 0) {
            // Nothing to write: the checks alone decide between 401, 404/403 and this 400.
            await authorizedContext(socket, 'chat:send', chatId);
            throw badRequest(CHAT_MSG.messageEmpty);
          }
          // The account and 'chat.participant' are checked by the statement that writes (one round trip).
          const sender = { id: socket.data.userId, tokenVersion: socket.data.tokenVersion };
          return sendTextMessage(app.db, sender, chatId, text, messageContext(app), hub.publishMessage);
        }),
      );
      socket.on(
        'chat:read',
        handle(socket, readSchema, async ({ chatId }) => {
          const { user } = await authorizedContext(socket, 'chat:read', chatId);
          await markRead(app.db, user, chatId);
          const view = await conversationView(app.db, chatId, user.id);
          await hub.publishConversation(chatId, [user.id]);
          return view!;
        }),
      );
    });

    const hub: ChatHub = {
      io,
      async publishMessage(message, participantIds) {
        const ids = [...new Set(participantIds.filter((id): id is number => id !== null))];
        // The counterpart first: the sending tab has the message from its answer, the sender's other tabs can wait a write.
        ids.sort((a, b) => Number(a === message.userId) - Number(b === message.userId));
        for (const id of ids) io.to(`user:${id}`).emit('chat:message', message);
        await hub.publishConversation(message.chatId, ids);
      },
      async publishConversation(conversationId, userIds) {
        const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
        try {
          // One query for all recipients; each gets their own view (counterpart, unread flag).
          const views = await conversationViews(app.db, conversationId, ids);
          for (const [id, view] of views) io.to(`user:${id}`).emit('chat:conversation', view);
        } catch (error) {
          app.log.warn({ err: error, conversationId }, 'chat conversation event failed');
        }
      },
    };
    app.decorate('chatHub', hub);
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
  { name: 'chat-gateway', dependencies: ['services', 'metrics'] },
);
