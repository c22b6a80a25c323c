import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  loginResponseSchema,
  passkeyOptionsSchema,
  secondFactorChallengeRequestSchema,
  secondFactorCodeRequestSchema,
  secondFactorPasskeyRequestSchema,
} from '@pb/core';
import { errorResponses } from '../../lib/http-schemas';
import { keyedLimiter } from './limiter';
import { challengeOwner, completeWithCode, completeWithPasskey, passkeyOptionsFor } from './sign-in-challenge';
import { relyingParty, secondFactorContext, startSession } from './sign-in';

const errors = errorResponses(400, 429);

/**
 * The sign-in's second step (decision 0028): the password step's challenge plus a TOTP code, a
 * recovery code or a passkey assertion opens the session. Limited per IP (route limit) and per
 * account across all IPs (10 tries in 10 minutes), on top of each challenge's own few attempts.
 */
export const secondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;
  const account = new WeakMap<FastifyRequest, string>();
  const perAccount = keyedLimiter(app, 'second-factor-account', 10, '10 minutes', (r) => account.get(r) ?? r.ip);

  /** Counts the attempt against the challenge's account (a dead challenge counts against the IP). */
  const limit = async (request: FastifyRequest, challenge: string) => {
    const owner = await challengeOwner(app.db, challenge, app.now());
    account.set(request, owner === null ? `ip:${request.ip}` : `user:${owner}`);
    await perAccount(request);
  };

  app.post(
    '/auth/second-factor',
    {
      config: { policy: 'visitor', rateLimit: { max: 30 * factor, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: the challenge of POST /auth/local and a TOTP or recovery code',
        body: secondFactorCodeRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      await limit(request, request.body.challenge);
      const result = await completeWithCode(secondFactorContext(app), request.body.challenge, request.body.code);
      return startSession(app, request, result.user, result);
    },
  );

  app.post(
    '/auth/second-factor/passkey-options',
    {
      config: { policy: 'visitor', rateLimit: { max: 30 * factor, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step with a passkey: the WebAuthn options (the challenge stays on the server)',
        body: secondFactorChallengeRequestSchema,
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => {
      await limit(request, request.body.challenge);
      return { options: await passkeyOptionsFor(secondFactorContext(app), relyingParty(app), request.body.challenge) };
    },
  );

  app.post(
    '/auth/second-factor/passkey',
    {
      config: { policy: 'visitor', rateLimit: { max: 30 * factor, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step with a passkey: the assertion over the options’ challenge',
        body: secondFactorPasskeyRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      await limit(request, request.body.challenge);
      const credential = request.body.credential as AuthenticationResponseJSON;
      const result = await completeWithPasskey(
        secondFactorContext(app),
        relyingParty(app),
        request.body.challenge,
        credential,
      );
      return startSession(app, request, result.user, result);
    },
  );
};
