import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_CHANGE_MSG,
  emailObjectionResponseSchema,
  emailObjectionSchema,
  ownUserSchema,
  type EmailObjectionResult,
} from '@pb/core';
import { currentUser, type CurrentUser } from '../../services/auth';
import { AppError, notFound } from '../../lib/errors';
import { errorSchema, errorResponses } from '../../lib/http-schemas';
import { endUserSessions } from '../../services/sessions';
import {
  cancelEmailChange,
  confirmEmailChange,
  findPendingEmailChange,
  objectToEmailChange,
  resendEmailChange,
} from './email-change';
import { presentOwnUser } from './presenter';
import { findUserById } from './queries';

const errors = errorResponses(400, 401, 404, 429);

const objectionMessages: Record<EmailObjectionResult, string> = {
  cancelled: EMAIL_CHANGE_MSG.objectionCancelled,
  reverted: EMAIL_CHANGE_MSG.objectionReverted,
  blocked: EMAIL_CHANGE_MSG.objectionBlocked,
};

/**
 * E-mail change links and the profile's pending-change actions
 * (docs/decisions/0009-email-change.md). The request itself is PUT /users/:id.
 */
export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;
  const own = { imageSecret: app.config.jwtSecret };

  /**
   * Ends the account's live sessions once its token version was bumped in the
   * committed transaction: open chat sockets close at once (across instances via
   * the Redis adapter); REST requests with older tokens already answer 401.
   */
  const endLiveSessions = (userId: number) => endUserSessions(app, userId);

  /** The own user with the pending change, after an action on it. */
  const presentMe = async (me: CurrentUser) => {
    const user = await findUserById(app.db, me.id);
    if (!user) throw notFound();
    return presentOwnUser(user, await findPendingEmailChange(app.db, me.id, app.now()), {
      ...own,
      organisation: me.organisation,
    });
  };

  app.get(
    '/email-change/confirm',
    {
      config: { policy: 'visitor', rateLimit: { max: 30 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['users'],
        summary: 'Follow the link mailed to the new address; applies it and redirects to /email-change?status=…',
        querystring: z.object({ token: z.unknown().optional() }),
        response: { 302: z.null(), 429: errorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await confirmEmailChange(app.db, request.query.token, app.now());
      if (outcome.status === 'confirmed' && outcome.userId !== undefined) {
        await endLiveSessions(outcome.userId);
        request.log.info({ userId: outcome.userId }, 'e-mail change confirmed; sessions ended');
      }
      const params = new URLSearchParams({ status: outcome.status });
      if (outcome.email) params.set('email', outcome.email);
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('location', `/email-change?${params.toString()}`)
        .send(null);
    },
  );

  app.post(
    '/email-change/object',
    {
      config: { policy: 'visitor', rateLimit: { max: 10 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['users'],
        summary:
          'Object with the token from the notice to the old address: cancels or reverts the change, ends all sessions, mails a new-password link',
        body: emailObjectionSchema,
        response: {
          200: emailObjectionResponseSchema,
          ...errorResponses(400, 429),
        },
      },
    },
    async (request) => {
      const outcome = await objectToEmailChange(app.db, request.body.token, app.now(), app.config);
      if (!outcome) throw new AppError(400, EMAIL_CHANGE_MSG.objectionInvalid, 'ValidationError');
      await endLiveSessions(outcome.userId);
      request.log.warn({ userId: outcome.userId, result: outcome.result }, 'e-mail change objected; sessions ended');
      return { status: outcome.result, message: objectionMessages[outcome.result] };
    },
  );

  app.post(
    '/users/me/email-change/resend',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Mail a fresh confirmation link for the pending e-mail change',
        security: [{ bearer: [] }],
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await resendEmailChange(app.db, me, app.now(), app.config.publicUrl);
      return presentMe(me);
    },
  );

  app.delete(
    '/users/me/email-change',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Withdraw the pending e-mail change',
        security: [{ bearer: [] }],
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!(await cancelEmailChange(app.db, me.id, app.now()))) throw notFound(EMAIL_CHANGE_MSG.noPendingChange);
      return presentMe(me);
    },
  );
};
