import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ACCOUNT_MSG, MSG, profileUpdateSchema } from '@pb/core';
import { uploads, users } from '../../db/schema';
import { currentUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { endUserSessions } from '../../lib/sessions';
import { anyQuery, errorSchema, idParams } from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import {
  presentOwnUser,
  presentPublicConsultant,
  publicConsultantColumns,
  userColumns,
  type PresentableUser,
} from './presenter';
import { ownUserSchema, publicConsultantSchema } from './schemas';
import { emailChangeRoutes } from './email-change-routes';
import { assertEmailChangeAllowed, findPendingEmailChange, requestEmailChange } from './email-change';
import { findProfileImage } from '../uploads/service';
import { accountTaken, deleteUserAccount, findUserById, isUniqueViolation } from './service';

/** Only these fields may be filtered or sorted; anything else (password, tokens, e-mail…) is a 400. */
const userQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: users.id, type: 'int', ops: ['$eq'] },
    public: { expr: users.public, type: 'boolean', ops: ['$eq'] },
  },
  sort: { username: users.username, id: users.id, createdAt: users.createdAt },
  defaultSort: [{ field: 'username', dir: 'asc' }],
  defaultLimit: 200,
  maxLimit: 500,
  maxDepth: 1,
};

/** Public consultants: listed, confirmed, not blocked. */
const publicConsultantCondition = and(
  eq(users.public, true),
  eq(users.role, 'consultant'),
  eq(users.confirmed, true),
  eq(users.blocked, false),
);

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

function filterIdValue(filters: unknown): unknown {
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) return undefined;
  const id = (filters as Record<string, unknown>)['id'];
  if (typeof id === 'object' && id !== null && !Array.isArray(id)) return (id as Record<string, unknown>)['$eq'];
  return id;
}

/** profile_img_id arrives as number or text (spec §7); '' and null clear it. */
function parseImageId(value: string | number | null | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) throw badRequest(ACCOUNT_MSG.invalidProfileImage);
  const id = Number(text);
  if (id <= 0 || id > 2_147_483_647) throw badRequest(ACCOUNT_MSG.invalidProfileImage);
  return id;
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The owner's view signs the profile image URL. */
  const own = { imageSecret: app.config.jwtSecret };
  /** The caller's own view: AuthUser plus the e-mail change waiting for confirmation. */
  const presentOwn = async (user: PresentableUser) =>
    presentOwnUser(user, await findPendingEmailChange(app.db, user.id, app.now()), own);

  await app.register(emailChangeRoutes);

  app.get(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, currentUser(request).id);
      if (!user) throw notFound();
      return presentOwn(user);
    },
  );

  app.get(
    '/users',
    {
      onRequest: app.requireUser,
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
        if (Number(idFilter) !== me.id) throw forbidden();
        const rows = await app.db
          .select(userColumns)
          .from(users)
          .where(and(eq(users.id, me.id), parsed.where))
          .limit(1);
        return Promise.all(rows.map(presentOwn));
      }
      const rows = await app.db
        .select(publicConsultantColumns)
        .from(users)
        .where(and(publicConsultantCondition, parsed.where))
        .orderBy(...parsed.orderBy)
        .offset(parsed.start)
        .limit(parsed.limit);
      return rows.map(presentPublicConsultant);
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.requireUser,
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
      if (id === me.id) {
        const user = await findUserById(app.db, id);
        if (!user) throw notFound();
        return presentOwn(user);
      }
      const [row] = await app.db
        .select(publicConsultantColumns)
        .from(users)
        .where(and(eq(users.id, id), publicConsultantCondition))
        .limit(1);
      if (!row) throw notFound();
      return presentPublicConsultant(row);
    },
  );

  app.put(
    '/users/:id',
    {
      onRequest: app.requireUser,
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
      if (request.params.id !== me.id) throw forbidden();
      const body = request.body;
      const current = await findUserById(app.db, me.id);
      if (!current) throw notFound();
      const isConsultant = current.role === 'consultant';
      const services = body.services?.map((s) => s.trim()).filter((s) => s.length > 0);
      const imageId = parseImageId(body.profile_img_id);

      if (!isConsultant) {
        // Companies may send the consultant fields empty (the form sends them all), never set.
        if (body.public === true) throw badRequest(ACCOUNT_MSG.consultantOnlyPublic);
        if ((services && services.length > 0) || (imageId !== undefined && imageId !== null)) {
          throw badRequest(ACCOUNT_MSG.consultantOnlyProfile);
        }
      }
      if (imageId !== undefined && imageId !== null && imageId !== current.profileImgId) {
        const upload = await findProfileImage(app.db, imageId);
        if (upload?.ownerId !== me.id) throw badRequest(ACCOUNT_MSG.invalidProfileImage);
      }
      if (await accountTaken(app.db, { email: body.email, username: body.username }, me.id)) {
        throw badRequest(MSG.profileSaveFailed);
      }

      const now = app.now();
      // A new address is never set here: it waits for the link mailed to it (docs/decisions/0009).
      const newEmail =
        body.email !== undefined &&
        body.email.toLowerCase() !== current.email.toLowerCase() &&
        body.email.toLowerCase() !== (await findPendingEmailChange(app.db, me.id, now))?.email.toLowerCase()
          ? body.email
          : null;
      if (newEmail !== null) await assertEmailChangeAllowed(app.db, me.id, now);
      const replacedImage =
        imageId !== undefined && current.profileImgId !== null && imageId !== current.profileImgId
          ? current.profileImgId
          : null;
      let updated: PresentableUser | undefined;
      try {
        const removedKeys = await app.db.transaction(async (tx) => {
          [updated] = await tx
            .update(users)
            .set({
              ...(body.username !== undefined ? { username: body.username } : {}),
              ...(body.description !== undefined ? { description: body.description } : {}),
              ...(isConsultant && services !== undefined ? { services } : {}),
              ...(isConsultant && body.public !== undefined ? { public: body.public } : {}),
              ...(imageId !== undefined ? { profileImgId: imageId } : {}),
              // The client's value is ignored: the server's clock records the login.
              ...(body.last_login !== undefined ? { lastLogin: now } : {}),
              updatedAt: now,
            })
            .where(eq(users.id, me.id))
            .returning(userColumns);
          if (updated && newEmail !== null) {
            await requestEmailChange(tx, { user: updated, newEmail, now, publicUrl: app.config.publicUrl });
          }
          if (replacedImage === null) return [];
          const removed = await tx
            .delete(uploads)
            .where(and(eq(uploads.id, replacedImage), eq(uploads.ownerId, me.id), eq(uploads.purpose, 'profile_image')))
            .returning({ storageKey: uploads.storageKey });
          return removed.map((r) => r.storageKey);
        });
        await Promise.all(removedKeys.map((key) => app.storage.remove(key).catch(() => undefined)));
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(MSG.profileSaveFailed);
        throw error;
      }
      if (!updated) throw notFound();
      return presentOwn(updated);
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Delete the own account (advertisements are deactivated, chats stay readable)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.object({ id: z.number() }), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (request.params.id !== me.id) throw forbidden();
      const deleted = await deleteUserAccount(app.db, app.storage, me.id);
      if (!deleted) throw notFound();
      await endUserSessions(app, me.id);
      request.log.info({ userId: me.id }, 'account deleted by its owner');
      return { id: me.id };
    },
  );
};
