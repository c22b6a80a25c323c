import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedIdSchema,
  ownUserSchema,
  profileUpdateSchema,
  publicConsultantSchema,
  type ActiveMembership,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { notFound } from '../../lib/errors';
import { anyQuery, errorSchema, idParams, errorResponses } from '../../lib/http-schemas';
import { authorize } from '../../services/policies';
import { endUserSessions } from '../../services/sessions';
import { parseListQuery } from '../../lib/strapi-query';
import { findPendingEmailChange } from './email-change';
import { isSelf } from './policy';
import { presentOwnUser, presentPublicConsultant, type PresentableUser } from './presenter';
import { findOwnUser, findPublicConsultant, findUserById, listPublicConsultants, userQuerySpec } from './queries';
import { accountContext, deleteUserAccount, updateOwnUser } from './service';

const errors = errorResponses(400, 401, 403, 404);

function filterIdValue(filters: unknown): unknown {
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) return undefined;
  const id = (filters as Record<string, unknown>)['id'];
  if (typeof id === 'object' && id !== null && !Array.isArray(id)) return (id as Record<string, unknown>)['$eq'];
  return id;
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The owner's view signs the profile image URL. */
  const own = { imageSecret: app.config.jwtSecret };
  /** The caller's own view: AuthUser plus the e-mail change waiting for confirmation. */
  const presentOwn = async (user: PresentableUser, organisation: ActiveMembership | null) =>
    presentOwnUser(user, await findPendingEmailChange(app.db, user.id, app.now()), { ...own, organisation });

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
      config: { policy: 'accounts.selfOrPublicConsultant' },
      schema: {
        tags: ['users'],
        summary: 'Own user (filters[id][$eq]=own id) or public consultants (filters[public][$eq]=true)',
        security: [{ bearer: [] }],
        querystring: anyQuery,
        response: { 200: z.union([z.array(ownUserSchema), z.array(publicConsultantSchema)]), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const parsed = parseListQuery(request.query, userQuerySpec);
      const idFilter = filterIdValue(request.query['filters']);
      if (idFilter !== undefined) {
        // Only the caller's own record may be read this way.
        authorize(isSelf(me, Number(idFilter)));
        const rows = await findOwnUser(app.db, me.id, parsed);
        return Promise.all(rows.map((row) => presentOwn(row, me.organisation)));
      }
      const rows = await listPublicConsultants(app.db, parsed);
      return rows.map(presentPublicConsultant);
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'accounts.selfOrPublicConsultant' },
      schema: {
        tags: ['users'],
        summary: 'Own user, or a public consultant',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.union([ownUserSchema, publicConsultantSchema]), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      if (isSelf(me, id)) {
        const user = await findUserById(app.db, id);
        if (!user) throw notFound();
        return presentOwn(user, me.organisation);
      }
      const row = await findPublicConsultant(app.db, id);
      if (!row) throw notFound();
      return presentPublicConsultant(row);
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
