import { rememberFormerCompany, forgetConsultant } from '../introductions';
import { forgetRater } from '../ratings';
import type { FastifyInstance } from 'fastify';
import { and, eq, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountDeletionRefusal, MSG, type profileUpdateSchema } from '@pb/core';
import type { Db } from '../../db/client';
import { dataExports, jobs, organisations, uploads, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { assertEmailChangeAllowed, findPendingEmailChange, requestEmailChange } from './email-change';
import { userColumns, type PresentableUser } from './presenter';
import { openObligationsOf } from './open-obligations';
import { savedAsLogo } from './profile-images';
import { accountTaken, findUserById, isUniqueViolation } from './queries';

/**
 * The account commands (profile, deletion); sign-up and passwords are in
 * auth-service.ts, profile image files in profile-images.ts, the e-mail change in
 * email-change.ts. Each command runs its own transaction and returns plain data.
 */

/** What the account commands need from the app, read once per request. */
export interface AccountContext {
  db: Db;
  storage: FileStorage;
  publicUrl: string;
  now: Date;
}

export function accountContext(app: Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'now'>): AccountContext {
  return { db: app.db, storage: app.storage, publicUrl: app.config.publicUrl, now: app.now() };
}

type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * Saves the own name and address (never role, confirmed, blocked or password). A new e-mail
 * address is never set here: it starts a change that the new address confirms
 * (docs/decisions/0009). Returns the saved user.
 */
export async function updateOwnUser(
  ctx: AccountContext,
  userId: number,
  body: ProfileUpdate,
): Promise<PresentableUser> {
  const { db, now } = ctx;
  const current = await findUserById(db, userId);
  if (!current) throw notFound();
  if (await accountTaken(db, { email: body.email, username: body.username }, userId)) {
    throw badRequest(MSG.profileSaveFailed);
  }

  const newEmail =
    body.email !== undefined &&
    body.email.toLowerCase() !== current.email.toLowerCase() &&
    body.email.toLowerCase() !== (await findPendingEmailChange(db, userId, now))?.email.toLowerCase()
      ? body.email
      : null;
  if (newEmail !== null) await assertEmailChangeAllowed(db, userId, now);
  let updated: PresentableUser | undefined;
  try {
    await db.transaction(async (tx) => {
      [updated] = await tx
        .update(users)
        .set({
          ...(body.username !== undefined ? { username: body.username } : {}),
          // The client's value is ignored: the server's clock records the login.
          ...(body.last_login !== undefined ? { lastLogin: now } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning(userColumns);
      if (updated && newEmail !== null) {
        await requestEmailChange(tx, { user: updated, newEmail, now, publicUrl: ctx.publicUrl });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.profileSaveFailed);
    throw error;
  }
  if (!updated) throw notFound();
  return updated;
}

/** Every file of the account's exports (finished or being built): the account deletion removes them. */
export async function dataExportFilesOf(tx: Pick<Db, 'select'>, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ storageKey: dataExports.storageKey, buildingKey: dataExports.buildingKey })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  return rows.flatMap((r) => [r.storageKey, r.buildingKey].filter((k): k is string => k !== null));
}

/**
 * Deletes an account (self-service and back office): deactivates the user's
 * advertisements, removes the images they uploaded and
 * did not save as a logo, deletes the row. Foreign keys set
 * null keep advertisements, chats and reports intact (the counterpart then shows
 * 'Benutzer existiert nicht mehr'); auth tokens cascade. Returns false when no
 * such user exists.
 */
export async function deleteUserAccount(
  db: Db,
  storage: FileStorage,
  userId: number,
  registerSecret: string,
): Promise<boolean> {
  const keys = await db.transaction(async (tx) => {
    // The companies' evidence of this consultant's introductions stays; the name goes. First:
    // it takes the register lock, which every register command takes before any row.
    await forgetConsultant(tx, userId, new Date(), registerSecret);
    const [user] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return null;
    // Nobody leaves an open invoice, claim or introduction behind (issue 28 (4)).
    const refusal = accountDeletionRefusal(await openObligationsOf(tx, userId, new Date()));
    if (refusal) throw conflict(refusal);
    if (user.role === 'company') await rememberFormerCompany(tx, user, new Date());
    await tx
      .update(jobs)
      .set({ publishedAt: null, updatedAt: new Date() })
      .where(and(eq(jobs.ownerId, userId), sql`${jobs.publishedAt} IS NOT NULL`));
    // Their uploaded images go first (deleting the user would leave them without owner); a saved
    // logo is the organisation's and stays when the person who uploaded it goes.
    const images = await tx
      .delete(uploads)
      .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'profile_image'), not(savedAsLogo)))
      .returning({ storageKey: uploads.storageKey });
    // A pending or finished data export goes with the account (its row by ON DELETE CASCADE).
    const exportFiles = await dataExportFilesOf(tx, userId);
    // The person's address as an organisation's contact address (registration starts it so) goes
    // with the person; the organisation's administrators give another one.
    await tx
      .update(organisations)
      .set({ contactEmail: null, updatedAt: new Date() })
      .where(sql`lower(${organisations.contactEmail}) = lower(${user.email})`);
    await tx.delete(users).where(eq(users.id, userId));
    // Their ratings and answers stay with the organisations; their name goes from them — after the
    // user row: a rating committed meanwhile (its membership row locked) is seen and forgotten too.
    await forgetRater(tx, userId);
    return [...images.map((i) => i.storageKey), ...exportFiles];
  });
  if (keys === null) return false;
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
  return true;
}
