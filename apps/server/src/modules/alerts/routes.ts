import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_MSG,
  NOTIFICATION_KIND_LABELS,
  notificationListSchema,
  notificationSettingsSchema,
  savedSearchRequestSchema,
  savedSearchSchema,
  type NotificationSettings,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { badRequest, notFound, parseOrBadRequest } from '../../lib/errors';
import { dataBody, dataEnvelope, errorSchema, idParams, idSchema, singleSchema } from '../../lib/http-schemas';
import { listNotifications, markRead, saveSettings, settingsOf } from '../../services/notifications/centre';
import { NotificationPump } from '../../services/notifications/pump';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from './saved-searches';
import { verifyUnsubscribeToken } from '../../services/notifications/unsubscribe';
import { unwatchJob, watchedJobIds, watchJob } from './watches';
import { AlertWorker } from './worker';

/**
 * Saved searches, watches, the notification centre and one-click unsubscribe (issue 13).
 * The worker and the pump are created here and started by startup.ts (tests run them by hand).
 */

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { worker: AlertWorker; pump: NotificationPump };
  }
}

export const alertsPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = new AlertWorker({
      db: app.db,
      now: app.now,
      publicUrl: app.config.publicUrl,
      secret: app.config.jwtSecret,
      log: app.log,
      // Each event is processed on one instance; the adapter takes the announcement to all.
      onPublished: (published) => {
        for (const item of published) app.realtime.publish({ name: 'jobs:published', to: 'everyone', payload: item });
      },
    });
    const pump = new NotificationPump({ db: app.db, realtime: app.realtime, log: app.log });
    app.decorate('alerts', { worker, pump });
    app.addHook('onClose', async () => {
      await worker.stop();
      await pump.stop();
    });
  },
  { name: 'alerts', dependencies: ['realtime'] },
);

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const unreadSchema = singleSchema(z.object({ unread: z.number() }));
const settingsResponse = singleSchema(z.record(z.string(), z.enum(['app', 'app_mail'])));
const tokenQuery = z.object({ token: z.string().max(200) });
const jobParams = z.object({ jobId: idSchema });

function announceUnread(app: FastifyInstance, userId: number, unread: number): void {
  app.realtime.publish({
    name: 'notification:new',
    to: { userIds: [userId] },
    payload: { notification: null, unread },
  });
}

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- saved searches (consultants) ----
  app.get(
    '/saved-searches',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "'Meine Suchaufträge': the consultant's saved searches with their current number of matches",
        response: { 200: singleSchema(z.array(savedSearchSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listSavedSearches(app.db, currentUser(request)), meta: {} }),
  );

  app.post(
    '/saved-searches',
    {
      config: { policy: 'role:consultant', documentedBody: dataBody(savedSearchRequestSchema) },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "'Suche speichern': the browser's filters with a name and 'sofort' or 'täglich' (at most 10)",
        body: dataEnvelope,
        response: { 201: singleSchema(savedSearchSchema), ...errors },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(savedSearchRequestSchema, request.body.data, ALERT_MSG.invalidFilter);
      const data = await createSavedSearch(app.db, currentUser(request), input, app.now());
      return reply.code(201).send({ data, meta: {} });
    },
  );

  app.put(
    '/saved-searches/:id',
    {
      config: { policy: 'alerts.searchOwner', documentedBody: dataBody(savedSearchRequestSchema) },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: 'Change, pause or resume an own saved search',
        params: idParams,
        body: dataEnvelope,
        response: { 200: singleSchema(savedSearchSchema), ...errors },
      },
    },
    async (request) => {
      const input = parseOrBadRequest(savedSearchRequestSchema, request.body.data, ALERT_MSG.invalidFilter);
      const data = await updateSavedSearch(app.db, currentUser(request), request.params.id, input, app.now());
      return { data, meta: {} };
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      config: { policy: 'alerts.searchOwner' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: 'Delete an own saved search',
        params: idParams,
        response: { 200: singleSchema(z.object({ id: z.number() })), ...errors },
      },
    },
    async (request) => {
      await deleteSavedSearch(app.db, currentUser(request), request.params.id);
      return { data: { id: request.params.id }, meta: {} };
    },
  );

  // ---- watched advertisements (consultants) ----
  app.get(
    '/job-watches',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "Ids of the advertisements the consultant watches ('Merken')",
        response: { 200: singleSchema(z.array(z.number())), ...errors },
      },
    },
    async (request) => ({ data: await watchedJobIds(app.db, currentUser(request)), meta: {} }),
  );

  app.put(
    '/job-watches/:jobId',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "'Merken': watch a published advertisement (bonus rises, deactivation)",
        params: jobParams,
        response: { 200: singleSchema(z.array(z.number())), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await watchJob(app.db, user, request.params.jobId, app.now());
      return { data: await watchedJobIds(app.db, user), meta: {} };
    },
  );

  app.delete(
    '/job-watches/:jobId',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: 'Stop watching an advertisement',
        params: jobParams,
        response: { 200: singleSchema(z.array(z.number())), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await unwatchJob(app.db, user, request.params.jobId);
      return { data: await watchedJobIds(app.db, user), meta: {} };
    },
  );

  // ---- notification centre (every signed-in user: own entries only) ----
  app.get(
    '/notifications',
    {
      config: { policy: 'signedIn' },
      preHandler: app.requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'The newest 50 own notifications (before=<id> pages back) and the unread count',
        querystring: z.object({ before: idSchema.optional() }),
        response: { 200: singleSchema(notificationListSchema), ...errors },
      },
    },
    async (request) => ({
      data: await listNotifications(app.db, currentUser(request).id, request.query.before),
      meta: {},
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { policy: 'signedIn' },
      preHandler: app.requireUser,
      schema: {
        tags: ['alerts'],
        summary: "'Alle als gelesen markieren'",
        response: { 200: unreadSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const unread = (await markRead(app.db, user.id, 'all', app.now())) ?? 0;
      announceUnread(app, user.id, unread);
      return { data: { unread }, meta: {} };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { policy: 'alerts.notificationOwner' },
      preHandler: app.requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'Mark one own notification read',
        params: idParams,
        response: { 200: unreadSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const unread = await markRead(app.db, user.id, request.params.id, app.now());
      if (unread === null) throw notFound(ALERT_MSG.notificationNotFound);
      announceUnread(app, user.id, unread);
      return { data: { unread }, meta: {} };
    },
  );

  app.get(
    '/notification-settings',
    {
      config: { policy: 'signedIn' },
      preHandler: app.requireUser,
      schema: {
        tags: ['alerts'],
        summary: "'Benachrichtigungen': per kind in-app only or in-app and mail",
        response: { 200: settingsResponse, ...errors },
      },
    },
    async (request) => ({ data: await settingsOf(app.db, currentUser(request).id), meta: {} }),
  );

  app.put(
    '/notification-settings',
    {
      config: { policy: 'signedIn', documentedBody: dataBody(notificationSettingsSchema) },
      preHandler: app.requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'Change the channel of one or more kinds',
        body: dataEnvelope,
        response: { 200: settingsResponse, ...errors },
      },
    },
    async (request) => {
      const changes = parseOrBadRequest(notificationSettingsSchema, request.body.data, ALERT_MSG.invalidFilter);
      return { data: await saveSettings(app.db, currentUser(request).id, changes), meta: {} };
    },
  );

  // ---- one-click unsubscribe (no login: the signed token names user and kind) ----
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // RFC 8058: mail clients POST 'List-Unsubscribe=One-Click' as a form.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const check = (token: string) => {
      const verified = verifyUnsubscribeToken(app.config.jwtSecret, token);
      if (!verified) throw badRequest(ALERT_MSG.unsubscribeInvalid);
      return verified;
    };
    const answer = z.object({ kind: z.string(), label: z.string(), unsubscribed: z.boolean() });
    scope.get(
      '/notifications/unsubscribe',
      {
        config: { policy: 'visitor' },
        schema: {
          tags: ['alerts'],
          summary: 'What an unsubscribe link would switch off (changes nothing)',
          querystring: tokenQuery,
          response: { 200: singleSchema(answer), 400: errorSchema },
        },
      },
      async (request) => {
        const { userId, kind } = check(request.query.token);
        const settings: NotificationSettings = await settingsOf(app.db, userId);
        return {
          data: { kind, label: NOTIFICATION_KIND_LABELS[kind], unsubscribed: settings[kind] === 'app' },
          meta: {},
        };
      },
    );
    scope.post(
      '/notifications/unsubscribe',
      {
        config: { policy: 'visitor', rateLimit: { max: 60 * app.config.rateLimitFactor, timeWindow: '10 minutes' } },
        schema: {
          tags: ['alerts'],
          summary: 'One-click unsubscribe (RFC 8058): the kind is mailed no more; in-app notices stay',
          querystring: tokenQuery,
          response: { 200: singleSchema(answer), 400: errorSchema, 429: errorSchema },
        },
      },
      async (request) => {
        const { userId, kind } = check(request.query.token);
        await saveSettings(app.db, userId, { [kind]: 'app' });
        return { data: { kind, label: NOTIFICATION_KIND_LABELS[kind], unsubscribed: true }, meta: {} };
      },
    );
  });
};
