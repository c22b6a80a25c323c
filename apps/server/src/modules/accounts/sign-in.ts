import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginOutcome, LoginResponse } from '@pb/core';
import type { SessionSecondFactor } from '../../db/schema';
import { SecretBox } from '../../lib/secret-box';
import type { LoginUser } from './auth-service';
import type { RelyingParty } from './passkeys';
import { presentAuthUser } from './presenter';
import { secondFactorMethods, type SecondFactorContext } from './second-factor';
import { openSession, originKey, type SignInOrigin } from './sessions';
import { issueSignInChallenge } from './sign-in-challenge';

/**
 * Turning a proved identity into a session: the one place that signs tokens (each names its
 * session), shared by the password step, the second step and the password reset.
 */

const boxes = new WeakMap<FastifyInstance, SecretBox>();

/** What the second-factor commands need from the app, read once per request. */
export function secondFactorContext(app: FastifyInstance): SecondFactorContext {
  let box = boxes.get(app);
  if (!box) {
    box = new SecretBox(app.config.secondFactorKey);
    boxes.set(app, box);
  }
  return { db: app.db, box, now: app.now() };
}

export function relyingParty(app: FastifyInstance): RelyingParty {
  return { id: app.config.webauthn.rpId, origins: app.config.webauthn.origins };
}

export function signInOrigin(request: FastifyRequest, deviceId?: string): SignInOrigin {
  return { userAgent: request.headers['user-agent'], ip: request.ip, deviceId };
}

/** Opens a session for the user and answers `{ jwt, user }` (spec §7's login answer). */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: LoginUser,
  options: { secondFactor: SessionSecondFactor | null; deviceKey?: string | null; deviceId?: string | undefined },
): Promise<LoginResponse> {
  const now = app.now();
  const expiresAt = app.jwt.expiryFrom(now);
  const session = await app.db.transaction((tx) =>
    openSession(tx, {
      user,
      origin: signInOrigin(request, options.deviceId),
      deviceKey: options.deviceKey,
      secondFactor: options.secondFactor,
      expiresAt,
      now,
      publicUrl: app.config.publicUrl,
    }),
  );
  return {
    jwt: await app.jwt.sign(user.id, user.tokenVersion, session.id),
    user: presentAuthUser(user, { organisation: session.organisation }),
  };
}

/**
 * After a valid password: a session for an account without a second factor (as before), or
 * the second step's challenge — never a token — for one with a second factor.
 */
export async function afterPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  user: LoginUser,
  deviceId: string | undefined,
): Promise<LoginOutcome> {
  const methods = await secondFactorMethods(app.db, user.id);
  if (methods.length === 0) return startSession(app, request, user, { secondFactor: null, deviceId });
  const key = originKey(signInOrigin(request, deviceId));
  return issueSignInChallenge(app.db, user.id, methods, key, app.now());
}
