import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema, sessionListSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import { errorResponses } from '../../lib/http-schemas';
import { endSessionSockets, endUserSessions } from '../../services/sessions';
import { listSessions, revokeAllSessions, revokeSession } from './sessions';

const errors = errorResponses(400, 401, 404, 429);

/**
 * The 'Sitzungen' page (decision 0028): the own open sessions, signing one out, signing out
 * everywhere. Only the own sessions: another account's session id answers 404.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;
  const signedIn = {
    onRequest: app.requireUser,
    config: { policy: 'signedIn', beforeSecondFactor: true, rateLimit: { max: 60 * factor, timeWindow: '1 minute' } },
  };
  const doc = (summary: string) => ({ tags: ['sessions'], summary, security: [{ bearer: [] }] });

  app.get(
    '/sessions',
    { ...signedIn, schema: { ...doc('The own open sessions'), response: { 200: sessionListSchema, ...errors } } },
    async (request) => ({
      data: await listSessions(app.db, currentUser(request).id, request.authSession!.id, app.now()),
    }),
  );

  app.delete(
    '/sessions/:id',
    {
      ...signedIn,
      schema: {
        ...doc('Sign out one of the own sessions (its token answers 401, its sockets close)'),
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeSession(app.db, currentUser(request).id, request.params.id, app.now());
      await endSessionSockets(app, [request.params.id]);
      return { ok: true as const };
    },
  );

  app.post(
    '/sessions/logout-all',
    {
      ...signedIn,
      schema: {
        ...doc('Sign out everywhere, this session too'),
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await revokeAllSessions(app.db, me.id, app.now());
      await endUserSessions(app, me.id);
      return { ok: true as const };
    },
  );
};
