import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  factorChangeRequestSchema,
  idSchema,
  okResponseSchema,
  passkeyCreatedSchema,
  passkeyOptionsSchema,
  passkeyRegisterRequestSchema,
  recoveryCodesSchema,
  totpConfirmRequestSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { errorResponses } from '../../lib/http-schemas';
import { endSessionSockets } from '../../services/sessions';
import { withFactorProof, type FactorChange } from './factor-proof';
import { keyedLimiter } from './limiter';
import { beginPasskeyRegistration, finishPasskeyRegistration, removePasskey, stepUpPasskeyOptions } from './passkeys';
import { confirmTotp, regenerateRecoveryCodes, twoFactorStatus } from './two-factor-service';
import { beginTotpSetup, disableTotp } from './second-factor';
import { relyingParty, secondFactorContext } from './sign-in';

const errors = {
  ...errorResponses(400, 401, 403, 404, 409, 429),
};

type ChangeBody = z.infer<typeof factorChangeRequestSchema>;

/**
 * The own second factors (decision 0028). Open to a signed-in user — to an admin whose session
 * has no second factor yet too (`beforeSecondFactor`): that is where they set one up. Every change
 * of the factors needs the password and, once the account has a factor, a fresh proof of it
 * (factor-proof.ts; at most 10 tries per account in 10 minutes, from any address); a TOTP is
 * enabled only by a valid code of it. The account's first factor ends every other session.
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
  // Guessing codes on the change routes counts against the account, whatever the address.
  const perAccount = keyedLimiter(app, 'factor-change-account', 10, '10 minutes', (r) => `user:${r.user?.id}`);
  const changing = (max: number) => ({ ...signedIn(max), preHandler: perAccount });

  /** The change, after the password and (with a factor set up) its proof, in one transaction. */
  const change = <T>(request: FastifyRequest, body: ChangeBody, work: FactorChange<T>) =>
    withFactorProof(
      secondFactorContext(app),
      relyingParty(app),
      currentUser(request).id,
      { password: body.password, code: body.code, passkey: body.passkey as AuthenticationResponseJSON | undefined },
      work,
    );

  app.get(
    '/two-factor',
    {
      ...signedIn(120),
      schema: { ...doc('The own second factors'), response: { 200: twoFactorStatusSchema, ...errors } },
    },
    async (request) => twoFactorStatus(app.db, currentUser(request), request.authSession!),
  );

  app.post(
    '/two-factor/step-up/passkey-options',
    {
      ...signedIn(30),
      schema: {
        ...doc('Options to prove the own passkey for a change of the factors (the challenge stays on the server)'),
        body: z.object({}).strict().optional(),
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => ({
      options: await stepUpPasskeyOptions(secondFactorContext(app), relyingParty(app), currentUser(request).id),
    }),
  );

  app.post(
    '/two-factor/totp/setup',
    {
      ...changing(10),
      schema: {
        ...doc('Start the authenticator app: a new secret with its otpauth URI and QR code (shown once)'),
        body: factorChangeRequestSchema,
        response: { 200: totpSetupSchema, ...errors },
      },
    },
    async (request) =>
      change(request, request.body, (tx) => beginTotpSetup(tx, secondFactorContext(app), currentUser(request))),
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
    async (request) => {
      const { codes, endedSessions } = await confirmTotp(
        secondFactorContext(app),
        currentUser(request),
        request.authSession!.id,
        request.body.code,
      );
      await endSessionSockets(app, endedSessions);
      return codes;
    },
  );

  app.post(
    '/two-factor/totp/disable',
    {
      ...changing(10),
      schema: {
        ...doc('Turn the authenticator app off (password and a proof of the second factor)'),
        body: factorChangeRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await change(request, request.body, (tx) => disableTotp(tx, currentUser(request)));
      return { ok: true as const };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      ...changing(10),
      schema: {
        ...doc('New recovery codes (password and a proof of the second factor); the old ones stop working'),
        body: factorChangeRequestSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) =>
      change(request, request.body, (tx) =>
        regenerateRecoveryCodes(tx, secondFactorContext(app), currentUser(request).id),
      ),
  );

  app.post(
    '/two-factor/passkeys/options',
    {
      ...changing(20),
      schema: {
        ...doc('Options to register a passkey (password, and a proof of a factor already set up)'),
        body: factorChangeRequestSchema,
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => ({
      options: await change(request, request.body, (tx) =>
        beginPasskeyRegistration(tx, secondFactorContext(app), relyingParty(app), currentUser(request)),
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
    async (request) => {
      const { created, endedSessions } = await finishPasskeyRegistration(
        secondFactorContext(app),
        relyingParty(app),
        currentUser(request),
        request.authSession!.id,
        {
          name: request.body.name,
          credential: request.body.credential as RegistrationResponseJSON,
        },
      );
      await endSessionSockets(app, endedSessions);
      return created;
    },
  );

  app.post(
    '/two-factor/passkeys/:id/remove',
    {
      ...changing(20),
      schema: {
        ...doc('Remove one of the own passkeys (password and a proof of the second factor)'),
        params: z.object({ id: idSchema }),
        body: factorChangeRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await change(request, request.body, (tx) => removePasskey(tx, currentUser(request), request.params.id));
      return { ok: true as const };
    },
  );
};
