import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOkSchema, adminUserSchema, blockUserSchema } from '@pb/core';
import { users } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { endUserSessions } from '../../services/sessions';
import { anyQuery, collectionSchema, errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { listAdminUsers } from './queries';
import { deleteUserAsAdmin, resendConfirmationAsAdmin, setUserBlocked } from './service';

const text = ['$eq', '$containsi'] as const;
const userQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: users.id, type: 'int', ops: ['$eq', '$in'] },
    username: { expr: users.username, type: 'string', ops: text },
    email: { expr: users.email, type: 'string', ops: text },
    role: { expr: users.role, type: 'string', ops: ['$eq', '$in', '$ne'] },
    confirmed: { expr: users.confirmed, type: 'boolean', ops: ['$eq'] },
    blocked: { expr: users.blocked, type: 'boolean', ops: ['$eq'] },
    lastLogin: { expr: users.lastLogin, type: 'date', ops: ['$lt', '$gt', '$null', '$notNull'] },
  },
  sort: {
    createdAt: users.createdAt,
    id: users.id,
    username: users.username,
    email: users.email,
    lastLogin: users.lastLogin,
  },
  defaultSort: [{ field: 'createdAt', dir: 'desc' }],
  defaultLimit: 100,
  maxLimit: 500,
};

const okSchema = singleSchema(adminOkSchema);

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'All accounts with role, confirmation, block state and last login',
        querystring: anyQuery,
        response: { 200: collectionSchema(adminUserSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, userQuerySpec);
      const { rows, total } = await listAdminUsers(app.db, q);
      return { data: rows, meta: { pagination: { start: q.start, limit: q.limit, total } } };
    },
  );

  app.put(
    '/users/:id/block',
    {
      schema: {
        tags: ['admin'],
        summary: 'Block (ends all sessions) or unblock an account',
        params: idParams,
        body: blockUserSchema,
        response: { 200: singleSchema(adminUserSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const { blocked } = request.body;
      const data = await setUserBlocked(app.db, actor, id, blocked, app.now());
      if (blocked) await endUserSessions(app, id);
      return { data, meta: {} };
    },
  );

  app.post(
    '/users/:id/resend-confirmation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send the confirmation mail of an unconfirmed account again',
        params: idParams,
        response: { 200: okSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      await resendConfirmationAsAdmin(app.db, actor, id, { publicUrl: app.config.publicUrl, now: app.now() });
      return { data: { id, ok: true as const }, meta: {} };
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an account with the same rules as self-deletion',
        params: idParams,
        response: { 200: okSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      await deleteUserAsAdmin(app.db, app.storage, actor, id, app.config.registerSecret);
      await endUserSessions(app, id);
      return { data: { id, ok: true as const }, meta: {} };
    },
  );
};
