import { eq } from 'drizzle-orm';
import { ACCOUNT_MSG, MSG, organisationKindOf, type RegisterRequest } from '@pb/core';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { foundOrganisation } from '../../services/memberships';
import { revokeTokens } from '../../services/sessions';
import { queueConfirmationMail, queueResetMail, queueUnknownAddressMail } from './auth-mails';
import { consumeToken, invalidateTokens, issueToken } from './auth-tokens';
import { mayMailAddress } from './mail-throttle';
import { userColumns, type PresentableUser } from './presenter';
import { accountTaken, findUserByEmail, isUniqueViolation, type LoginCandidate } from './queries';
import type { AccountContext } from './service';

/**
 * The sign-up and password commands. Each runs its own transaction with its
 * outbox mail and returns plain data; the routes sign tokens and end live
 * sessions after the commit.
 */

/** A signed-in user with the token version its JWT carries. */
export type LoginUser = PresentableUser & { tokenVersion: number };

/** Creates an unconfirmed account and mails the confirmation link. */
export async function registerAccount(ctx: AccountContext, input: RegisterRequest): Promise<LoginUser> {
  if (await accountTaken(ctx.db, { email: input.email, username: input.username })) {
    throw badRequest(MSG.registrationFailed);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          role: input.role,
        })
        .returning(userColumns);
      await foundOrganisation(tx, {
        kind: organisationKindOf(input.role),
        name: input.username,
        userId: row!.id,
        now: ctx.now,
        // The registration form's description starts the public profile (migration 0040).
        profile: { description: input.description ?? null, contactEmail: input.email },
      });
      const token = await issueToken(tx, row!.id, 'email_confirmation', ctx.now);
      await queueConfirmationMail(tx, ctx.publicUrl, row!, token);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.registrationFailed);
    throw error;
  }
}

/**
 * Follows the mailed confirmation link: confirms the account once. Answers the
 * address to prefill the login with, or null for a bad link or a blocked account.
 */
export async function confirmEmail(ctx: AccountContext, token: unknown): Promise<string | null> {
  if (typeof token !== 'string') return null;
  const { now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'email_confirmation', now);
    if (userId === null) return null;
    const [row] = await tx
      .update(users)
      .set({ confirmed: true, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email, blocked: users.blocked });
    await invalidateTokens(tx, userId, 'email_confirmation', now);
    return row && !row.blocked ? row.email : null;
  });
}

/** Mails the confirmation link again, if the address has an unconfirmed account and its mail is not held back. */
export async function resendConfirmation(ctx: AccountContext, email: string): Promise<void> {
  const { now } = ctx;
  const user = await findUserByEmail(ctx.db, email);
  await ctx.db.transaction(async (tx) => {
    // Every address takes the same path, so the timing does not tell either.
    if (!(await mayMailAddress(tx, 'email_confirmation', email, now))) return;
    if (!user || user.confirmed || user.blocked) return;
    const token = await issueToken(tx, user.id, 'email_confirmation', now);
    await queueConfirmationMail(tx, ctx.publicUrl, user, token);
  });
}

/**
 * Checks the password of the account the identifier named (the route found it and
 * counted the attempt) and records the login. The password is checked first
 * (against a dummy hash for unknown names) so the answer and its timing reveal
 * nothing about accounts without the password.
 */
export async function logIn(
  ctx: AccountContext,
  candidate: LoginCandidate | undefined,
  password: string,
): Promise<LoginUser> {
  const ok = await verifyPassword(password, candidate?.passwordHash ?? (await dummyPasswordHash()));
  if (!candidate || !ok) throw badRequest(MSG.loginFailed);
  if (!candidate.confirmed) throw badRequest(MSG.loginUnconfirmed);
  if (candidate.blocked) throw badRequest(MSG.loginBlocked);
  const [updated] = await ctx.db
    .update(users)
    .set({ lastLogin: ctx.now })
    .where(eq(users.id, candidate.id))
    .returning(userColumns);
  if (!updated) throw badRequest(MSG.loginFailed);
  return updated;
}

/**
 * Mails a reset link, or to an address without account the spec's message
 * (docs/decisions/0002). One mail per address every 5 minutes, 3 an hour; a
 * held-back request leaves the last mailed link valid (mail-throttle).
 */
export async function requestPasswordReset(ctx: AccountContext, email: string): Promise<void> {
  const { now } = ctx;
  const user = await findUserByEmail(ctx.db, email);
  await ctx.db.transaction(async (tx) => {
    if (!(await mayMailAddress(tx, 'password_reset', email, now))) return;
    if (!user) {
      await queueUnknownAddressMail(tx, ctx.publicUrl, email, MSG.forgotUnknownEmail);
      return;
    }
    if (user.blocked) return;
    await invalidateTokens(tx, user.id, 'password_reset', now);
    const code = await issueToken(tx, user.id, 'password_reset', now);
    await queueResetMail(tx, ctx.publicUrl, user, code);
  });
}

/** Sets a new password with the mailed code and revokes older tokens; the caller ends live sessions. */
export async function resetPassword(ctx: AccountContext, code: string, password: string): Promise<LoginUser> {
  const { now } = ctx;
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
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
  return user;
}

/** Changes the own password after checking the current one; older tokens stop working (the caller ends live sessions). */
export async function changePassword(
  ctx: AccountContext,
  userId: number,
  passwords: { currentPassword: string; password: string },
): Promise<LoginUser> {
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !(await verifyPassword(passwords.currentPassword, row.passwordHash))) {
    throw badRequest(MSG.passwordChangeFailed);
  }
  const passwordHash = await hashPassword(passwords.password);
  const [updated] = await ctx.db
    .update(users)
    .set({ passwordHash, ...revokeTokens(), updatedAt: ctx.now })
    .where(eq(users.id, userId))
    .returning(userColumns);
  if (!updated) throw badRequest(MSG.loginFailed);
  return updated;
}
