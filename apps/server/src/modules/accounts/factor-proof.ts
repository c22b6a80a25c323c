import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { TWO_FACTOR_MSG } from '@pb/core';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { acceptPasskeyAssertion, type RelyingParty } from './passkeys';
import {
  acceptTotpCode,
  assertPassword,
  secondFactorMethods,
  useRecoveryCode,
  type SecondFactorContext,
} from './second-factor';

/**
 * The gate of every change of the second factors (decision 0028): the password, and once the
 * account has a second factor a fresh proof of it — a TOTP code (newer than the last accepted
 * step), a recovery code (spent), or a passkey assertion over a step-up challenge (spent). A
 * stolen session, even with the password, can then neither remove the owner's factors nor add
 * its own. The proof is checked in the change's transaction: a change that fails keeps the code.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface FactorProof {
  password: string;
  /** A TOTP code (6 digits) or a recovery code, as secondFactorCodeSchema normalised it. */
  code?: string | undefined;
  passkey?: AuthenticationResponseJSON | undefined;
}

async function proved(tx: Tx, ctx: SecondFactorContext, rp: RelyingParty, userId: number, proof: FactorProof) {
  if (proof.code !== undefined) {
    const ok = /^\d{6}$/.test(proof.code)
      ? await acceptTotpCode(tx, ctx.box, userId, proof.code, ctx.now, true)
      : await useRecoveryCode(tx, ctx.box, userId, proof.code, ctx.now);
    if (!ok) throw badRequest(TWO_FACTOR_MSG.codeInvalid);
    return;
  }
  if (proof.passkey !== undefined) {
    if (!(await acceptPasskeyAssertion(tx, rp, { purpose: 'step_up' }, userId, proof.passkey, ctx.now))) {
      throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
    }
    return;
  }
  throw new AppError(403, TWO_FACTOR_MSG.proofRequired, 'SecondFactorProofRequired');
}

/** A change of the factors, run in the transaction that checked its proof. */
export type FactorChange<T> = (tx: Tx) => Promise<T>;

/** Runs `change` in one transaction after the password and, with a factor set up, its proof. */
export async function withFactorProof<T>(
  ctx: SecondFactorContext,
  rp: RelyingParty,
  userId: number,
  proof: FactorProof,
  change: FactorChange<T>,
): Promise<T> {
  await assertPassword(ctx.db, userId, proof.password);
  return ctx.db.transaction(async (tx) => {
    if ((await secondFactorMethods(tx, userId)).length > 0) await proved(tx, ctx, rp, userId, proof);
    return change(tx);
  });
}
