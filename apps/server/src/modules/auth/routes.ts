import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCOUNT_MSG,
  changePasswordRequestSchema,
  emailSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  MSG,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@pb/core';
import { users } from '../../db/schema';
import { AppError, badRequest, errorBody } from '../../lib/errors';
import { errorSchema } from '../../lib/http-schemas';
import { currentUser } from '../../lib/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { endUserSessions, revokeTokens } from '../../lib/sessions';
import { presentAuthUser, userColumns, type PresentableUser } from '../users/presenter';
import { authUserSchema, loginResponseSchema } from '../users/schemas';
import { accountTaken, isUniqueViolation } from '../users/service';
import {
  consumeToken,
  findUserByEmail,
  invalidateTokens,
  issueToken,
  queueConfirmationMail,
  queueResetMail,
  queueUnknownAddressMail,
} from './service';
import { mayMailAddress } from './mail-throttle';

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
  // Reset and confirmation mails per address: held back in auth/mail-throttle, never a 429
  // (a stranger must not lock the owner out); the route limits count per IP.

  /** Token and user for a row read with userColumns (e.g. the update's returning). */
  const issueLogin = async (user: (PresentableUser & { tokenVersion: number }) | undefined) => {
    if (!user) throw badRequest(MSG.loginFailed);
    return {
      jwt: await app.jwt.sign(user.id, user.tokenVersion),
      user: presentAuthUser(user, { imageSecret: app.config.jwtSecret }),
    };
  };

  app.post(
    '/auth/local/register',
    {
      config: { rateLimit: { max: 10 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Register a company or consultant account (unconfirmed until the mailed link is followed)',
        body: registerRequestSchema,
        response: { 200: z.object({ user: authUserSchema }), ...errors },
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
      const body = request.body;
      if (await accountTaken(app.db, { email: body.email, username: body.username })) {
        throw badRequest(MSG.registrationFailed);
      }
      const passwordHash = await hashPassword(body.password);
      const now = app.now();
      try {
        const user = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              username: body.username,
              email: body.email,
              passwordHash,
              role: body.role,
              description: body.description ?? null,
            })
            .returning(userColumns);
          const token = await issueToken(tx, row!.id, 'email_confirmation', now);
          await queueConfirmationMail(tx, app.config.publicUrl, row!, token);
          return row!;
        });
        request.log.info({ userId: user.id, role: user.role }, 'account registered');
        return { user: presentAuthUser(user) };
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(MSG.registrationFailed);
        throw error;
      }
    },
  );

  app.get(
    '/auth/email-confirmation',
    {
      config: { rateLimit: { max: 30 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Follow the mailed confirmation link; redirects to the login page',
        querystring: z.object({ confirmation: z.unknown().optional() }),
        response: { 302: z.null(), 429: errorSchema },
      },
    },
    async (request, reply) => {
      const token = request.query.confirmation;
      const now = app.now();
      const email =
        typeof token === 'string'
          ? await app.db.transaction(async (tx) => {
              const userId = await consumeToken(tx, token, 'email_confirmation', now);
              if (userId === null) return null;
              const [row] = await tx
                .update(users)
                .set({ confirmed: true, updatedAt: now })
                .where(eq(users.id, userId))
                .returning({ email: users.email, blocked: users.blocked });
              await invalidateTokens(tx, userId, 'email_confirmation', now);
              return row && !row.blocked ? row.email : null;
            })
          : null;
      const target = email === null ? '/login?confirmed=0' : `/login?confirmed=1&email=${encodeURIComponent(email)}`;
      return reply.code(302).header('cache-control', 'no-store').header('location', target).send(null);
    },
  );

  app.post(
    '/auth/send-email-confirmation',
    {
      config: { rateLimit: { max: 5 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Send the confirmation mail again (same answer whether or not the address is known)',
        body: z.object({ email: emailSchema }).strict(),
        response: { 200: z.object({ email: z.string(), sent: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      const now = app.now();
      const user = await findUserByEmail(app.db, email);
      await app.db.transaction(async (tx) => {
        // Every address takes the same path, so the timing does not tell either.
        if (!(await mayMailAddress(tx, 'email_confirmation', email, now))) return;
        if (!user || user.confirmed || user.blocked) return;
        const token = await issueToken(tx, user.id, 'email_confirmation', now);
        await queueConfirmationMail(tx, app.config.publicUrl, user, token);
      });
      return { email, sent: true as const };
    },
  );

  app.post(
    '/auth/local',
    {
      config: { rateLimit: { max: 30 * factor, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail or user name and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const identifier = request.body.identifier.toLowerCase();
      const candidates = await app.db
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          confirmed: users.confirmed,
          blocked: users.blocked,
        })
        .from(users)
        .where(sql`lower(${users.email}) = ${identifier} OR lower(${users.username}) = ${identifier}`)
        .limit(2);
      const user = candidates.find((c) => c.email.toLowerCase() === identifier) ?? candidates[0];
      loginAccount.set(request, user ? `user:${user.id}` : `name:${identifier}`);
      await loginPerAccount(request);
      // The password is checked first (against a dummy hash for unknown names) so the
      // answer and its timing reveal nothing about accounts without the password.
      const ok = await verifyPassword(request.body.password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !ok) throw badRequest(MSG.loginFailed);
      if (!user.confirmed) throw badRequest(MSG.loginUnconfirmed);
      if (user.blocked) throw badRequest(MSG.loginBlocked);
      const [updated] = await app.db
        .update(users)
        .set({ lastLogin: app.now() })
        .where(eq(users.id, user.id))
        .returning(userColumns);
      return issueLogin(updated);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: { max: 5 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link (same answer whether or not the address is known; see docs/decisions/0002)',
        body: forgotPasswordRequestSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      const now = app.now();
      const user = await findUserByEmail(app.db, email);
      await app.db.transaction(async (tx) => {
        // One mail per address every 5 minutes, 3 an hour; a held-back request leaves the
        // last mailed link valid and answers the same (auth/mail-throttle).
        if (!(await mayMailAddress(tx, 'password_reset', email, now))) return;
        if (!user) {
          await queueUnknownAddressMail(tx, app.config.publicUrl, email, MSG.forgotUnknownEmail);
          return;
        }
        if (user.blocked) return;
        await invalidateTokens(tx, user.id, 'password_reset', now);
        const code = await issueToken(tx, user.id, 'password_reset', now);
        await queueResetMail(tx, app.config.publicUrl, user, code);
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: { max: 10 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed code; revokes older tokens',
        body: resetPasswordRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { code, password } = request.body;
      const now = app.now();
      const passwordHash = await hashPassword(password);
      const user = await app.db.transaction(async (tx) => {
        const id = await consumeToken(tx, code, 'password_reset', now);
        if (id === null) return null;
        const [row] = await tx
          .update(users)
          .set({
            passwordHash,
            confirmed: true,
            ...revokeTokens(),
            updatedAt: now,
          })
          .where(eq(users.id, id))
          .returning(userColumns);
        if (!row || row.blocked) {
          // Nothing may change for a blocked account: undo by aborting the transaction.
          throw badRequest(ACCOUNT_MSG.linkInvalid);
        }
        await invalidateTokens(tx, id, 'password_reset', now);
        return row;
      });
      if (user === null) throw badRequest(ACCOUNT_MSG.linkInvalid);
      await endUserSessions(app, user.id);
      return issueLogin(user);
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10 * factor, timeWindow: '10 minutes' } },
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
      const { currentPassword, password } = request.body;
      const [row] = await app.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, me.id))
        .limit(1);
      if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
        throw badRequest(MSG.passwordChangeFailed);
      }
      const passwordHash = await hashPassword(password);
      const [updated] = await app.db
        .update(users)
        .set({ passwordHash, ...revokeTokens(), updatedAt: app.now() })
        .where(eq(users.id, me.id))
        .returning(userColumns);
      // Every other session ends too; this browser goes on with the new token.
      await endUserSessions(app, me.id);
      return issueLogin(updated);
    },
  );
};
