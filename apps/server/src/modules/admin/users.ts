import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_MSG, blockUserSchema, type AdminUser } from '@pb/core';
import { users } from '../../db/schema';
import { currentUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { endUserSessions, revokeTokens } from '../../lib/sessions';
import { anyQuery, collectionSchema, errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { queueConfirmationMail } from '../accounts/auth-mails';
import { issueToken } from '../accounts/auth-tokens';
import { deleteUserAccount } from '../accounts/service';
import { recordAudit } from './audit';

const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  confirmed: users.confirmed,
  blocked: users.blocked,
  public: users.public,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  retentionWarnedAt: users.retentionWarnedAt,
};

type AdminUserRow = { [K in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[K] };

function presentAdminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    confirmed: r.confirmed,
    blocked: r.blocked,
    public: r.public,
    lastLogin: r.lastLogin?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    retentionWarnedAt: r.retentionWarnedAt?.toISOString() ?? null,
  };
}

export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['company', 'consultant', 'admin']),
  confirmed: z.boolean(),
  blocked: z.boolean(),
  public: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  retentionWarnedAt: z.string().nullable(),
});

const text = ['$eq', '$containsi'] as const;
const userQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: users.id, type: 'int', ops: ['$eq', '$in'] },
    username: { expr: users.username, type: 'string', ops: text },
    email: { expr: users.email, type: 'string', ops: text },
    role: { expr: users.role, type: 'string', ops: ['$eq', '$in', '$ne'] },
    confirmed: { expr: users.confirmed, type: 'boolean', ops: ['$eq'] },
    blocked: { expr: users.blocked, type: 'boolean', ops: ['$eq'] },
    public: { expr: users.public, type: 'boolean', ops: ['$eq'] },
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

const okSchema = z.object({ data: z.object({ id: z.number(), ok: z.literal(true) }), meta: z.object({}) });

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
      const rows = await app.db
        .select(adminUserColumns)
        .from(users)
        .where(q.where)
        .orderBy(...q.orderBy, users.id)
        .limit(q.limit)
        .offset(q.start);
      const [total] = await app.db.select({ n: count() }).from(users).where(q.where);
      return {
        data: rows.map(presentAdminUser),
        meta: { pagination: { start: q.start, limit: q.limit, total: total?.n ?? 0 } },
      };
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
      if (id === actor.id) throw badRequest(ADMIN_MSG.notOnSelf);
      const { blocked } = request.body;
      const data = await app.db.transaction(async (tx) => {
        const [before] = await tx.select(adminUserColumns).from(users).where(eq(users.id, id)).for('update');
        if (!before) throw notFound(ADMIN_MSG.userNotFound);
        const [after] = await tx
          .update(users)
          .set({
            blocked,
            updatedAt: app.now(),
            // a bumped version revokes every token issued before
            ...(blocked ? revokeTokens() : {}),
          })
          .where(eq(users.id, id))
          .returning(adminUserColumns);
        await recordAudit(tx, actor, {
          action: blocked ? 'user.block' : 'user.unblock',
          entity: 'user',
          entityId: id,
          before: { blocked: before.blocked },
          after: { blocked },
        });
        return presentAdminUser(after!);
      });
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
      await app.db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, username: users.username, email: users.email, confirmed: users.confirmed })
          .from(users)
          .where(eq(users.id, id))
          .limit(1);
        if (!user) throw notFound(ADMIN_MSG.userNotFound);
        if (user.confirmed) throw conflict(ADMIN_MSG.alreadyConfirmed);
        const token = await issueToken(tx, user.id, 'email_confirmation', app.now());
        await queueConfirmationMail(tx, app.config.publicUrl, user, token);
        await recordAudit(tx, actor, {
          action: 'user.resend-confirmation',
          entity: 'user',
          entityId: id,
          after: { email: user.email },
        });
      });
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
        response: { 200: okSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      if (id === actor.id) throw badRequest(ADMIN_MSG.notOnSelf);
      const [before] = await app.db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
      if (!before) throw notFound(ADMIN_MSG.userNotFound);
      // The self-deletion service runs as a savepoint of this transaction, so the audit row commits with it.
      await app.db.transaction(async (tx) => {
        const deleted = await deleteUserAccount(tx, app.storage, id);
        if (!deleted) throw notFound(ADMIN_MSG.userNotFound);
        await recordAudit(tx, actor, {
          action: 'user.delete',
          entity: 'user',
          entityId: id,
          before: presentAdminUser(before),
        });
      });
      await endUserSessions(app, id);
      return { data: { id, ok: true as const }, meta: {} };
    },
  );
};
