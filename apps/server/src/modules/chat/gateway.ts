import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHAT_MSG,
  chatMessageTextSchema,
  INPUT_MSG,
  int4Id,
  MSG,
  type ChatAck,
  type ChatClientEvents,
  type ActiveMembership,
  type ChatConversation,
  type ChatMessage,
} from '@pb/core';
import type { UserRole } from '../../db/schema';
import { AppError, badRequest, forbidden, germanIssue, unauthorized } from '../../lib/errors';
import { isDatabaseUnavailable, rootCause } from '../../lib/db-errors';
import { hasUnsafeText } from '../../lib/input-guard';
import { membershipFrom } from '../../services/auth';
import { isActiveUser } from '../../services/policies';
import type { RealtimeSocket } from '../../services/realtime';
import { markConversationRead } from './commands';
import { messageContext, type MessageParties } from './message-context';
import type { ConversationRow, ConversationViewer } from './presenter';
import { conversationAudience, conversationView, conversationViews, eventContextQuery } from './queries';
import { sendTextMessage } from './send-statement';
import { authorizeReading, authorizeWriting, isParticipant } from './policy';

/**
 * The chat's client events on the realtime service's sockets (services/realtime), and the chat's
 * own publishing: after a commit the members of both organisations who read the conversation hear
 * `chat:message` and their `chat:conversation`.
 */

export interface ChatEvents {
  /**
   * Tells every member of both organisations who reads it about a committed message (and their
   * updated conversation). `filesOnlyFor`: the message's files go to these readers only, the others
   * get it without them (an introduction's CV before the candidate agreed, issue 35).
   */
  publishMessage(
    message: ChatMessage,
    conversation: MessageParties,
    options?: { filesOnlyFor?: ReadonlySet<number> },
  ): Promise<void>;
  /** Tells the reader's other tabs their view of the conversation now (they read it). */
  publishConversation(view: ChatConversation, readerId: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatEvents: ChatEvents;
  }
}

interface SocketUser {
  id: number;
  username: string;
  role: UserRole;
  /** The membership the socket's session acts for, as it is now (null: none, or it ended). */
  organisation: ActiveMembership | null;
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
  // Reading is the own unread state: every member who reads the conversation (Buchhaltung too).
  'chat:read': 'chat.member',
} as const satisfies Record<'connection' | keyof ChatClientEvents, string>;

const EVENT_WINDOW_MS = 10_000;
const EVENTS_PER_WINDOW = 40;

export const chatGateway = fp(
  async (app) => {
    // The account and the conversation, built once and prepared on the server (queries.ts).
    const eventContextStatement = eventContextQuery(
      app.db,
      sql.placeholder('userId'),
      sql.placeholder('sessionId'),
      sql.placeholder('chatId'),
    ).prepare('pb_chat_event_context');

    /** The event's account (null unless active with this token version) and conversation (ids start at 1: 0 finds none). */
    async function loadEventContext(
      socket: RealtimeSocket,
      chatId: number | undefined,
    ): Promise<{ user: SocketUser | null; conversation: ConversationRow | undefined }> {
      const { userId, sessionId, tokenVersion } = socket.data;
      const [row] = await eventContextStatement.execute({ userId, sessionId, chatId: chatId ?? 0 });
      const account = row?.user;
      const membership = membershipFrom(row?.membership);
      const user =
        account && isActiveUser(account) && account.tokenVersion === tokenVersion
          ? { id: account.id, username: account.username, role: account.role, organisation: membership }
          : null;
      return { user, conversation: row?.conversation ?? undefined };
    }

    /** Asks the event's policy (SOCKET_EVENT_POLICIES) with the same rules and answers as REST. */
    function authorizeEvent(
      event: keyof ChatClientEvents,
      user: SocketUser,
      conversation: ConversationRow | undefined,
    ): ConversationRow {
      switch (SOCKET_EVENT_POLICIES[event]) {
        case 'chat.participant':
          return authorizeWriting(user, conversation);
        case 'chat.member': {
          // The own unread state: every member who reads the conversation; the back office 403.
          const readable = authorizeReading(user, conversation);
          if (!isParticipant(user, readable)) throw forbidden();
          return readable;
        }
      }
    }

    /** The event's account and conversation, read, then checked by the event's policy (SOCKET_EVENT_POLICIES). */
    async function authorizedContext(
      socket: RealtimeSocket,
      event: keyof ChatClientEvents,
      chatId: number,
    ): Promise<{ user: SocketUser; conversation: ConversationRow }> {
      const { user, conversation } = await loadEventContext(socket, chatId);
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
      socket: RealtimeSocket,
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
            const { user } = await loadEventContext(socket, undefined);
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

    app.realtime.onConnection((socket: RealtimeSocket) => {
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
          const sender = {
            id: socket.data.userId,
            tokenVersion: socket.data.tokenVersion,
            sessionId: socket.data.sessionId,
          };
          return sendTextMessage(app.db, sender, chatId, text, messageContext(app), hub.publishMessage);
        }),
      );
      socket.on(
        'chat:read',
        handle(socket, readSchema, async ({ chatId }) => {
          const { user } = await authorizedContext(socket, 'chat:read', chatId);
          await markConversationRead(app.db, user, chatId, app.now());
          const view = (await conversationView(app.db, chatId, user))!;
          hub.publishConversation(view, user.id);
          return view;
        }),
      );
    });

    const hub: ChatEvents = {
      async publishMessage(message, conversation, options = {}) {
        let readerIds = conversation.readerIds;
        let audience: ConversationViewer[] | undefined;
        try {
          if (!readerIds) {
            audience = await conversationAudience(app.db, conversation);
            readerIds = audience.map((viewer) => viewer.userId);
          }
        } catch (error) {
          app.log.warn({ err: error, conversationId: conversation.id }, 'chat message event failed');
          return;
        }
        // The others first: the sending tab has the message from its answer, the sender's other tabs can wait a write.
        const ordered = [...readerIds].sort((a, b) => Number(a === message.userId) - Number(b === message.userId));
        const withoutFiles = { ...message, files: [] };
        for (const id of ordered) {
          const payload = options.filesOnlyFor && !options.filesOnlyFor.has(id) ? withoutFiles : message;
          app.realtime.publish({ name: 'chat:message', to: { userIds: [id] }, payload });
        }
        // Then each reader's view of the conversation (side, own unread state): one query for who, one for what.
        try {
          await publishViews(conversation.id, audience ?? (await conversationAudience(app.db, conversation)));
        } catch (error) {
          app.log.warn({ err: error, conversationId: conversation.id }, 'chat conversation event failed');
        }
      },
      publishConversation(view, readerId) {
        app.realtime.publish({ name: 'chat:conversation', to: { userIds: [readerId] }, payload: view });
      },
    };
    /** Each viewer gets their own view of the conversation (other side, own unread state), from one query. */
    async function publishViews(conversationId: number, viewers: ConversationViewer[]): Promise<void> {
      try {
        const views = await conversationViews(app.db, conversationId, viewers);
        for (const [id, view] of views) {
          app.realtime.publish({ name: 'chat:conversation', to: { userIds: [id] }, payload: view });
        }
      } catch (error) {
        app.log.warn({ err: error, conversationId }, 'chat conversation event failed');
      }
    }
    app.decorate('chatEvents', hub);
  },
  { name: 'chat-gateway', dependencies: ['services', 'realtime'] },
);
