import { rememberFormerCompany, forgetConsultant } from '../introductions';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_MSG, accountDeletionRefusal, MSG, type profileUpdateSchema } from '@pb/core';
import type { Db } from '../../db/client';
import { dataExports, jobs, uploads, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { assertEmailChangeAllowed, findPendingEmailChange, requestEmailChange } from './email-change';
import { userColumns, type PresentableUser } from './presenter';
import { openObligationsOf } from './open-obligations';
import { accountTaken, findProfileImage, findUserById, isUniqueViolation } from './queries';

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

/** profile_img_id arrives as number or text (spec §7); '' and null clear it. */
function parseImageId(value: string | number | null | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) throw badRequest(ACCOUNT_MSG.invalidProfileImage);
  const id = Number(text);
  if (id <= 0 || id > 2_147_483_647) throw badRequest(ACCOUNT_MSG.invalidProfileImage);
  return id;
}

/**
 * Saves the own profile (never role, confirmed, blocked or password). A new e-mail
 * address is never set here: it starts a change that the new address confirms
 * (docs/decisions/0009). A replaced profile image is deleted with its file.
 * Returns the saved user.
 */
export async function updateOwnUser(
  ctx: AccountContext,
  userId: number,
  body: ProfileUpdate,
): Promise<PresentableUser> {
  const { db, now } = ctx;
  const current = await findUserById(db, userId);
  if (!current) throw notFound();
  const isConsultant = current.role === 'consultant';
  const services = body.services?.map((s) => s.trim()).filter((s) => s.length > 0);
  const imageId = parseImageId(body.profile_img_id);

  if (!isConsultant) {
    // Companies may send the consultant fields empty (the form sends them all), never set.
    if (body.public === true || body.publicDirectoryConsent) throw badRequest(ACCOUNT_MSG.consultantOnlyPublic);
    if ((services && services.length > 0) || (imageId !== undefined && imageId !== null)) {
      throw badRequest(ACCOUNT_MSG.consultantOnlyProfile);
    }
  }
  if (body.publicDirectoryConsent && body.public !== true) throw badRequest(ACCOUNT_MSG.directoryConsentNeedsPublic);
  if (imageId !== undefined && imageId !== null && imageId !== current.profileImgId) {
    const upload = await findProfileImage(db, imageId);
    if (upload?.ownerId !== userId) throw badRequest(ACCOUNT_MSG.invalidProfileImage);
  }
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
  const replacedImage =
    imageId !== undefined && current.profileImgId !== null && imageId !== current.profileImgId
      ? current.profileImgId
      : null;
  let updated: PresentableUser | undefined;
  try {
    const removedKeys = await db.transaction(async (tx) => {
      [updated] = await tx
        .update(users)
        .set({
          ...(body.username !== undefined ? { username: body.username } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(isConsultant && services !== undefined ? { services } : {}),
          ...(isConsultant && body.public !== undefined ? { public: body.public } : {}),
          // The first consent to the directory for everyone is kept; leaving the directory ends it.
          ...(isConsultant && body.public === false ? { publicDirectoryConsentAt: null } : {}),
          ...(isConsultant && body.publicDirectoryConsent
            ? {
                publicDirectoryConsentAt: sql`coalesce(${users.publicDirectoryConsentAt}, ${now.toISOString()}::timestamptz)`,
              }
            : {}),
          ...(imageId !== undefined ? { profileImgId: imageId } : {}),
          // The client's value is ignored: the server's clock records the login.
          ...(body.last_login !== undefined ? { lastLogin: now } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning(userColumns);
      if (updated && newEmail !== null) {
        await requestEmailChange(tx, { user: updated, newEmail, now, publicUrl: ctx.publicUrl });
      }
      if (replacedImage === null) return [];
      const removed = await tx
        .delete(uploads)
        .where(and(eq(uploads.id, replacedImage), eq(uploads.ownerId, userId), eq(uploads.purpose, 'profile_image')))
        .returning({ storageKey: uploads.storageKey });
      return removed.map((r) => r.storageKey);
    });
    await Promise.all(removedKeys.map((key) => ctx.storage.remove(key).catch(() => undefined)));
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
 * advertisements, removes the profile image, deletes the row. Foreign keys set
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
    const images = await tx
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'profile_image')));
    // A pending or finished data export goes with the account (its row by ON DELETE CASCADE).
    const exportFiles = await dataExportFilesOf(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    if (images.length > 0) {
      await tx.delete(uploads).where(
        inArray(
          uploads.id,
          images.map((i) => i.id),
        ),
      );
    }
    return [...images.map((i) => i.storageKey), ...exportFiles];
  });
  if (keys === null) return false;
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
  return true;
}
