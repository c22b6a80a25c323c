import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  confirmationResentSchema,
  emailSchema,
  forgotPasswordRequestSchema,
  loginOutcomeSchema,
  loginRequestSchema,
  loginResponseSchema,
  MSG,
  okResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
} from '@pb/core';
import { errorBody } from '../../lib/errors';
import { errorSchema, errorResponses } from '../../lib/http-schemas';
import { currentUser } from '../../services/auth';
import { endSessionSockets, endUserSessions } from '../../services/sessions';
import {
  changePassword,
  confirmEmail,
  logIn,
  registerAccount,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
} from './auth-service';
import { presentAuthUser } from './presenter';
import { findLoginCandidate } from './queries';
import { keyedLimiter } from './limiter';
import { accountContext } from './service';
import { carrySession, revokeSession } from './sessions';
import { afterPassword } from './sign-in';

const errors = errorResponses(400, 401, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;

  /**
   * Login attempts per IP and account: the account the identifier names (its e-mail
   * and its user name count as one), or the normalised identifier when it names none.
   * Set by the handler after the lookup and before the password is checked.
   */
  const loginAccount = new WeakMap<FastifyRequest, string>();
  const loginPerAccount = keyedLimiter(
    app,
    'login-account',
    10,
    '1 minute',
    (r) => `${r.ip}|${loginAccount.get(r) ?? ''}`,
  );
  // Reset and confirmation mails per address: held back in accounts/mail-throttle, never a 429
  // (a stranger must not lock the owner out); the route limits count per IP.

  app.post(
    '/auth/local/register',
    {
      config: { policy: 'visitor', rateLimit: { max: 10 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Register a company or consultant account (unconfirmed until the mailed link is followed)',
        body: registerRequestSchema,
        response: { 200: registerResponseSchema, ...errors },
      },
      // An unusable e-mail address gets the spec's registration message.
      errorHandler: (error, _request, reply) => {
        if (
          hasZodFastifySchemaValidationErrors(error) &&
          error.validation.some((v) => v.instancePath === '/email' && v.message !== MSG.fillAllFields)
        ) {
          return reply.code(400).send(errorBody(400, 'ValidationError', MSG.registrationFailed, {}));
        }
        throw error;
      },
    },
    async (request) => {
      const user = await registerAccount(accountContext(app), request.body);
      request.log.info({ userId: user.id, role: user.role }, 'account registered');
      return { user: presentAuthUser(user) };
    },
  );

  app.get(
    '/auth/email-confirmation',
    {
      config: { policy: 'visitor', rateLimit: { max: 30 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Follow the mailed confirmation link; redirects to the login page',
        querystring: z.object({ confirmation: z.unknown().optional() }),
        response: { 302: z.null(), 429: errorSchema },
      },
    },
    async (request, reply) => {
      const email = await confirmEmail(accountContext(app), request.query.confirmation);
      const target = email === null ? '/login?confirmed=0' : `/login?confirmed=1&email=${encodeURIComponent(email)}`;
      return reply.code(302).header('cache-control', 'no-store').header('location', target).send(null);
    },
  );

  app.post(
    '/auth/send-email-confirmation',
    {
      config: { policy: 'visitor', rateLimit: { max: 5 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Send the confirmation mail again (same answer whether or not the address is known)',
        body: z.object({ email: emailSchema }).strict(),
        response: { 200: confirmationResentSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      await resendConfirmation(accountContext(app), email);
      return { email, sent: true as const };
    },
  );

  app.post(
    '/auth/local',
    {
      config: { policy: 'visitor', rateLimit: { max: 30 * factor, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Log in with e-mail or user name and password; with a second factor set up, a challenge instead of a token',
        body: loginRequestSchema,
        response: { 200: loginOutcomeSchema, ...errors },
      },
    },
    async (request) => {
      const identifier = request.body.identifier.toLowerCase();
      const candidate = await findLoginCandidate(app.db, identifier);
      loginAccount.set(request, candidate ? `user:${candidate.id}` : `name:${identifier}`);
      await loginPerAccount(request);
      const user = await logIn(accountContext(app), candidate, request.body.password);
      return afterPassword(app, request, user, request.body.deviceId);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { policy: 'visitor', rateLimit: { max: 5 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link (same answer whether or not the address is known; see docs/decisions/0002)',
        body: forgotPasswordRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(accountContext(app), request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { policy: 'visitor', rateLimit: { max: 10 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed code; revokes older tokens (a second factor is still asked)',
        body: resetPasswordRequestSchema,
        response: { 200: loginOutcomeSchema, ...errors },
      },
    },
    async (request) => {
      const { code, password } = request.body;
      const user = await resetPassword(accountContext(app), code, password);
      await endUserSessions(app, user.id);
      // The mailed link proves the mailbox, not the second factor: that is still asked.
      return afterPassword(app, request, user, undefined);
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn', rateLimit: { max: 10 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Change the own password; answers a new token, older tokens stop working',
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const session = request.authSession!;
      const user = await changePassword(accountContext(app), me.id, request.body);
      // Every other session ends too; this browser's session goes on under the new token version.
      await carrySession(app.db, session.id, user.tokenVersion, app.jwt.expiryFrom(app.now()));
      await endUserSessions(app, me.id);
      return {
        jwt: await app.jwt.sign(user.id, user.tokenVersion, session.id),
        user: presentAuthUser(user, { organisation: me.organisation }),
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn', beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this session (its token and its live sockets)',
        security: [{ bearer: [] }],
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const sessionId = request.authSession!.id;
      await revokeSession(app.db, me.id, sessionId, app.now());
      await endSessionSockets(app, [sessionId]);
      return { ok: true as const };
    },
  );
};
