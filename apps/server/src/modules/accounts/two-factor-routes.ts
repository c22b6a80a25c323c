import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  idSchema,
  okResponseSchema,
  passkeyCreatedSchema,
  passkeyOptionsSchema,
  passkeyRegisterRequestSchema,
  passwordConfirmationSchema,
  recoveryCodesSchema,
  totpConfirmRequestSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '@pb/core';
import { currentUser } from '../../lib/auth';
import { errorSchema } from '../../lib/http-schemas';
import { beginPasskeyRegistration, finishPasskeyRegistration, removePasskey } from './passkeys';
import { confirmTotp, regenerateRecoveryCodes, twoFactorStatus } from './two-factor-service';
import { beginTotpSetup, disableTotp } from './second-factor';
import { relyingParty, secondFactorContext } from './sign-in';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * The own second factors (decision 0028). Open to a signed-in user — to an admin whose session
 * has no second factor yet too (`beforeSecondFactor`): that is where they set one up. Adding or
 * removing a factor and new recovery codes need the password; a TOTP is enabled only by a valid
 * code of it.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;
  const signedIn = (max: number) => ({
    onRequest: app.requireUser,
    config: {
      policy: 'signedIn',
      beforeSecondFactor: true,
      rateLimit: { max: max * factor, timeWindow: '10 minutes' },
    },
  });
  const doc = (summary: string) => ({ tags: ['two-factor'], summary, security: [{ bearer: [] }] });

  app.get(
    '/two-factor',
    {
      ...signedIn(120),
      schema: { ...doc('The own second factors'), response: { 200: twoFactorStatusSchema, ...errors } },
    },
    async (request) => twoFactorStatus(app.db, currentUser(request), request.authSession!),
  );

  app.post(
    '/two-factor/totp/setup',
    {
      ...signedIn(10),
      schema: {
        ...doc('Start the authenticator app: a new secret with its otpauth URI and QR code (shown once)'),
        body: passwordConfirmationSchema,
        response: { 200: totpSetupSchema, ...errors },
      },
    },
    async (request) => beginTotpSetup(secondFactorContext(app), currentUser(request), request.body.password),
  );

  app.post(
    '/two-factor/totp/confirm',
    {
      ...signedIn(10),
      schema: {
        ...doc('Enable the authenticator app with its first valid code; answers recovery codes (once)'),
        body: totpConfirmRequestSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) =>
      confirmTotp(secondFactorContext(app), currentUser(request), request.authSession!.id, request.body.code),
  );

  app.post(
    '/two-factor/totp/disable',
    {
      ...signedIn(10),
      schema: {
        ...doc('Turn the authenticator app off (password)'),
        body: passwordConfirmationSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await disableTotp(secondFactorContext(app), currentUser(request), request.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      ...signedIn(10),
      schema: {
        ...doc('New recovery codes (password); the old ones stop working'),
        body: passwordConfirmationSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) =>
      regenerateRecoveryCodes(secondFactorContext(app), currentUser(request).id, request.body.password),
  );

  app.post(
    '/two-factor/passkeys/options',
    {
      ...signedIn(20),
      schema: {
        ...doc('Options to register a passkey (password); the WebAuthn challenge stays on the server'),
        body: passwordConfirmationSchema,
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => ({
      options: await beginPasskeyRegistration(
        secondFactorContext(app),
        relyingParty(app),
        currentUser(request),
        request.body.password,
      ),
    }),
  );

  app.post(
    '/two-factor/passkeys',
    {
      ...signedIn(20),
      schema: {
        ...doc('Register a passkey with the browser’s answer to the options'),
        body: passkeyRegisterRequestSchema,
        response: { 200: passkeyCreatedSchema, ...errors },
      },
    },
    async (request) =>
      finishPasskeyRegistration(
        secondFactorContext(app),
        relyingParty(app),
        currentUser(request),
        request.authSession!.id,
        {
          name: request.body.name,
          credential: request.body.credential as RegistrationResponseJSON,
        },
      ),
  );

  app.post(
    '/two-factor/passkeys/:id/remove',
    {
      ...signedIn(20),
      schema: {
        ...doc('Remove one of the own passkeys (password)'),
        params: z.object({ id: idSchema }),
        body: passwordConfirmationSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removePasskey(secondFactorContext(app), currentUser(request), request.params.id, request.body.password);
      return { ok: true as const };
    },
  );
};
