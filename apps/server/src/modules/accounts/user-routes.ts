import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedIdSchema, ownUserSchema, profileUpdateSchema, type ActiveMembership } from '@pb/core';
import { currentUser } from '../../services/auth';
import { notFound } from '../../lib/errors';
import { anyQuery, errorSchema, idParams, errorResponses } from '../../lib/http-schemas';
import { authorize } from '../../services/policies';
import { endUserSessions } from '../../services/sessions';
import { parseListQuery } from '../../lib/strapi-query';
import { findPendingEmailChange } from './email-change';
import { isSelf } from './policy';
import { presentOwnUser, type PresentableUser } from './presenter';
import { findOwnUser, findUserById, userQuerySpec } from './queries';
import { accountContext, deleteUserAccount, updateOwnUser } from './service';

const errors = errorResponses(400, 401, 403, 404);

function filterIdValue(filters: unknown): unknown {
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) return undefined;
  const id = (filters as Record<string, unknown>)['id'];
  if (typeof id === 'object' && id !== null && !Array.isArray(id)) return (id as Record<string, unknown>)['$eq'];
  return id;
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The caller's own view: AuthUser plus the e-mail change waiting for confirmation. */
  const presentOwn = async (user: PresentableUser, organisation: ActiveMembership | null) =>
    presentOwnUser(user, await findPendingEmailChange(app.db, user.id, app.now()), { organisation });

  app.get(
    '/users/me',
    {
      onRequest: app.requireUser,
      // An admin who still has to set up a second factor reads their own account too.
      config: { policy: 'signedIn', beforeSecondFactor: true },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const user = await findUserById(app.db, me.id);
      if (!user) throw notFound();
      return presentOwn(user, me.organisation);
    },
  );

  app.get(
    '/users',
    {
      onRequest: app.requireUser,
      config: { policy: 'accounts.self' },
      schema: {
        tags: ['users'],
        summary:
          'The own user as a list (filters[id][$eq]=own id; spec §7). The directory is GET /agencies (migration 0040)',
        security: [{ bearer: [] }],
        querystring: anyQuery,
        response: { 200: z.array(ownUserSchema), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const parsed = parseListQuery(request.query, userQuerySpec);
      // Only the caller's own record may be read this way; the directory is the organisations module's.
      authorize(isSelf(me, Number(filterIdValue(request.query['filters']))));
      const rows = await findOwnUser(app.db, me.id, parsed);
      return Promise.all(rows.map((row) => presentOwn(row, me.organisation)));
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'accounts.self' },
      schema: {
        tags: ['users'],
        summary: 'The own user (anyone else: 404)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      // Someone else's account looks exactly like a missing one.
      if (!isSelf(me, id)) throw notFound();
      const user = await findUserById(app.db, id);
      if (!user) throw notFound();
      return presentOwn(user, me.organisation);
    },
  );

  app.put(
    '/users/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'accounts.self' },
      schema: {
        tags: ['users'],
        summary:
          'Update the own profile (never role, confirmed, blocked or password); a new e-mail starts a change that the new address confirms (pendingEmail)',
        security: [{ bearer: [] }],
        params: idParams,
        body: profileUpdateSchema,
        response: { 200: ownUserSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      authorize(isSelf(me, request.params.id));
      const user = await updateOwnUser(accountContext(app), me.id, request.body);
      return presentOwn(user, me.organisation);
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'accounts.self' },
      schema: {
        tags: ['users'],
        summary:
          'Delete the own account (advertisements are deactivated, chats stay readable); 409 while placements, claims or introductions are open',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedIdSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      authorize(isSelf(me, request.params.id));
      const deleted = await deleteUserAccount(app.db, app.storage, me.id, app.config.registerSecret);
      if (!deleted) throw notFound();
      await endUserSessions(app, me.id);
      request.log.info({ userId: me.id }, 'account deleted by its owner');
      return { id: me.id };
    },
  );
};
