import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  confirmationResentSchema,
  emailSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  MSG,
  okResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
} from '@pb/core';
import { AppError, errorBody } from '../../lib/errors';
import { errorSchema } from '../../lib/http-schemas';
import { currentUser } from '../../lib/auth';
import { endUserSessions } from '../../lib/sessions';
import {
  changePassword,
  confirmEmail,
  logIn,
  registerAccount,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  type LoginUser,
} from './auth-service';
import { presentAuthUser } from './presenter';
import { findLoginCandidate } from './queries';
import { accountContext } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 429: errorSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;

  /** A second limiter keyed by more than the IP (e.g. IP + login name); 429 in the error shape. */
  const limiter = (name: string, max: number, timeWindow: string, key: (request: FastifyRequest) => string) => {
    const check = app.createRateLimit({ max: max * factor, timeWindow, keyGenerator: (req) => `${name}:${key(req)}` });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new AppError(429, MSG.rateLimited, 'RateLimitError');
    };
  };
  /**
   * Login attempts per IP and account: the account the identifier names (its e-mail
   * and its user name count as one), or the normalised identifier when it names none.
   * Set by the handler after the lookup and before the password is checked.
   */
  const loginAccount = new WeakMap<FastifyRequest, string>();
  const loginPerAccount = limiter('login-account', 10, '1 minute', (r) => `${r.ip}|${loginAccount.get(r) ?? ''}`);
  // Reset and confirmation mails per address: held back in accounts/mail-throttle, never a 429
  // (a stranger must not lock the owner out); the route limits count per IP.

  /** The login answer: a token and the signed-in user. */
  const presentLogin = async (user: LoginUser) => ({
    jwt: await app.jwt.sign(user.id, user.tokenVersion),
    user: presentAuthUser(user, { imageSecret: app.config.jwtSecret }),
  });

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
        summary: 'Log in with e-mail or user name and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const identifier = request.body.identifier.toLowerCase();
      const candidate = await findLoginCandidate(app.db, identifier);
      loginAccount.set(request, candidate ? `user:${candidate.id}` : `name:${identifier}`);
      await loginPerAccount(request);
      return presentLogin(await logIn(accountContext(app), candidate, request.body.password));
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
        summary: 'Set a new password with the mailed code; revokes older tokens',
        body: resetPasswordRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { code, password } = request.body;
      const user = await resetPassword(accountContext(app), code, password);
      await endUserSessions(app, user.id);
      return presentLogin(user);
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
      const user = await changePassword(accountContext(app), me.id, request.body);
      // Every other session ends too; this browser goes on with the new token.
      await endUserSessions(app, me.id);
      return presentLogin(user);
    },
  );
};
