import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_MSG,
  NOTIFICATION_MSG,
  NOTIFICATION_KIND_LABELS,
  notificationListSchema,
  notificationSettingsSchema,
  type NotificationSettings,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { badRequest, notFound, parseOrBadRequest } from '../../lib/errors';
import {
  dataBody,
  dataEnvelope,
  errorSchema,
  idParams,
  idSchema,
  singleSchema,
  errorResponses,
} from '../../lib/http-schemas';
import { listNotifications, markRead, saveSettings, settingsOf } from '../../services/notifications/centre';
import { verifyUnsubscribeToken } from '../../services/notifications/unsubscribe';

/**
 * The notification centre's HTTP side (services/notifications keeps the rows, settings and mail
 * batching): the bell's list, marking read, the settings per kind, and one-click unsubscribe.
 */

const errors = errorResponses(400, 401, 403, 404, 409);
const unreadSchema = singleSchema(z.object({ unread: z.number() }));
const settingsResponse = singleSchema(z.record(z.string(), z.enum(['app', 'app_mail'])));
const tokenQuery = z.object({ token: z.string().max(200) });

/** The user's other tabs learn the new unread count. */
function announceUnread(app: FastifyInstance, userId: number, unread: number): void {
  app.realtime.publish({
    name: 'notification:new',
    to: { userIds: [userId] },
    payload: { notification: null, unread },
  });
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- notification centre (every signed-in user: own entries only) ----
  app.get(
    '/notifications',
    {
      config: { policy: 'signedIn' },
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
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
        tags: ['notifications'],
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
      config: { policy: 'notifications.owner' },
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one own notification read',
        params: idParams,
        response: { 200: unreadSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const unread = await markRead(app.db, user.id, request.params.id, app.now());
      if (unread === null) throw notFound(NOTIFICATION_MSG.notificationNotFound);
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
        tags: ['notifications'],
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
        tags: ['notifications'],
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
      if (!verified) throw badRequest(NOTIFICATION_MSG.unsubscribeInvalid);
      return verified;
    };
    const answer = z.object({ kind: z.string(), label: z.string(), unsubscribed: z.boolean() });
    scope.get(
      '/notifications/unsubscribe',
      {
        config: { policy: 'visitor' },
        schema: {
          tags: ['notifications'],
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
          tags: ['notifications'],
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
