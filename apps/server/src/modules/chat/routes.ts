import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_MESSAGE_PAGE_SIZE,
  chatConversationSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  MAX_CHAT_FILES,
  MSG,
} from '@pb/core';
import { chatCommunications } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { badRequest, parseOrBadRequest } from '../../lib/errors';
import {
  collectionSchema,
  errorSchema,
  idParams,
  singleSchema,
  anyQuery,
  errorResponses,
} from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { readFieldsAndFiles, type ReadUploadOptions } from '../../lib/uploads';
import { appendMessage, contactCompany, markConversationRead } from './commands';
import { messageContext } from './message-context';
import {
  conversationForReading,
  conversationForWriting,
  conversationView,
  listConversations,
  listMessages,
} from './queries';
import { messageBody, messagesQuery, openConversationBody } from './schemas';
import { seesIntroductionCvs } from './policy';

const inboxSpec: ResourceQuerySpec = {
  fields: {
    id: { expr: chatCommunications.id, type: 'int', ops: ['$eq', '$in'] },
    'chat_sender_p1.id': { expr: chatCommunications.consultantId, type: 'int', ops: ['$eq'] },
    'chat_receiver_p2.id': { expr: chatCommunications.companyId, type: 'int', ops: ['$eq'] },
    'advertisement.id': { expr: chatCommunications.jobId, type: 'int', ops: ['$eq'] },
    unread_message_p1: { expr: chatCommunications.unreadMessageP1, type: 'boolean', ops: ['$eq'] },
    unread_message_p2: { expr: chatCommunications.unreadMessageP2, type: 'boolean', ops: ['$eq'] },
  },
  sort: { last_message_timestamp: chatCommunications.lastMessageTimestamp, id: chatCommunications.id },
  defaultSort: [{ field: 'last_message_timestamp', dir: 'desc' }],
  defaultLimit: 100,
  maxLimit: 500,
};

const CHAT_UPLOAD: ReadUploadOptions = { kind: 'document', maxFiles: MAX_CHAT_FILES, required: false };

const conversationResponse = singleSchema(chatConversationSchema);
const notMine = errorResponses(401, 403, 404);

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = { rateLimit: { max: 120 * app.config.rateLimitFactor, timeWindow: '1 minute' } };

  app.get(
    '/chat-communications',
    {
      config: { policy: 'signedIn' },
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: "The caller's conversations, newest message first",
        security: [{ bearer: [] }],
        querystring: anyQuery,
        response: { 200: collectionSchema(chatConversationSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, inboxSpec);
      const { data, total } = await listConversations(app.db, user, query);
      return { data, meta: { pagination: { start: query.start, limit: query.limit, total } } };
    },
  );

  app.post(
    '/chat-communications',
    {
      preHandler: app.requireRole('consultant'),
      config: { policy: 'role:consultant', ...writeLimit },
      schema: {
        tags: ['chat'],
        summary:
          'Contact the company of an advertisement (consultants): JSON {advertisement, message} or multipart with files',
        security: [{ bearer: [] }],
        response: {
          201: conversationResponse,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await readFieldsAndFiles(request, CHAT_UPLOAD);
      const body = parseOrBadRequest(openConversationBody, input.fields);
      if (body.message.trim() === '' && input.files.length === 0) throw badRequest(MSG.badRequest);
      const { conversation } = await contactCompany(
        app.db,
        { ...user, sessionId: request.authSession!.id },
        body.advertisement,
        { text: body.message, files: input.files },
        messageContext(app),
        (committed, opened) => app.chatEvents.publishMessage(committed, opened),
      );
      const view = await conversationView(app.db, conversation.id, user);
      return reply.code(201).send({ data: view!, meta: {} });
    },
  );

  app.get(
    '/chat-communications/:id',
    {
      config: { policy: 'chat.reader' },
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'One conversation (participants and admins)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: conversationResponse, 400: errorSchema, ...notMine },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await conversationForReading(app.db, user, request.params.id);
      const view = await conversationView(app.db, request.params.id, user);
      return { data: view!, meta: {} };
    },
  );

  const readHandler = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const user = currentUser(request);
    const row = await markConversationRead(app.db, user, request.params.id, app.now());
    const view = (await conversationView(app.db, row.id, user))!;
    app.chatEvents.publishConversation(view, user.id);
    return { data: view, meta: {} };
  };
  const readSchema = {
    tags: ['chat'],
    security: [{ bearer: [] }],
    params: idParams,
    response: { 200: conversationResponse, 400: errorSchema, ...notMine },
  };
  app.put(
    '/chat-communications/:id',
    {
      config: { policy: 'chat.member' },
      preHandler: app.requireUser,
      schema: {
        ...readSchema,
        summary: "Update a conversation: clears the caller's own unread flag (other fields are set by the server)",
        body: z.unknown().optional(),
      },
    },
    readHandler,
  );
  app.put(
    '/chat-communications/:id/read',
    {
      config: { policy: 'chat.member' },
      preHandler: app.requireUser,
      schema: { ...readSchema, summary: 'Mark a conversation read for the caller' },
    },
    readHandler,
  );

  app.get(
    '/chat-communications/:id/messages',
    {
      config: { policy: 'chat.reader' },
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Messages of a conversation, a page oldest to newest; `before` is a messageId cursor',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: messagesQuery,
        response: {
          200: chatMessagePageSchema,
          400: errorSchema,
          ...notMine,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await conversationForReading(app.db, user, request.params.id);
      const limit = request.query.limit ?? CHAT_MESSAGE_PAGE_SIZE;
      const page = await listMessages(app.db, row.id, {
        before: request.query.before,
        limit,
        introductionCvs: seesIntroductionCvs(user, row),
      });
      return { data: page.data, meta: { limit, hasMore: page.hasMore } };
    },
  );

  app.post(
    '/chat-communications/:id/messages',
    {
      preHandler: app.requireUser,
      config: { policy: 'chat.participant', ...writeLimit },
      schema: {
        tags: ['chat'],
        summary: 'Send a message: JSON {message} or multipart (message + up to 5 PDF/Word files)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 201: singleSchema(chatMessageSchema), 400: errorSchema, 429: errorSchema, ...notMine },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Authorise before reading any upload.
      const row = await conversationForWriting(app.db, user, request.params.id);
      const input = await readFieldsAndFiles(request, CHAT_UPLOAD);
      const body = parseOrBadRequest(messageBody, input.fields);
      const message = await appendMessage(
        app.db,
        { ...user, sessionId: request.authSession!.id },
        row,
        { text: body.message, files: input.files },
        messageContext(app),
        app.chatEvents.publishMessage,
      );
      return reply.code(201).send({ data: message, meta: {} });
    },
  );
};
