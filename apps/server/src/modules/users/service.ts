import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, uploads, users } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { userColumns } from './presenter';

/** True for PostgreSQL unique violations, however the driver wraps them. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Whether another account already uses this e-mail or user name (case-insensitive). */
export async function accountTaken(
  db: Pick<Db, 'select'>,
  fields: { email?: string | undefined; username?: string | undefined },
  exceptUserId?: number,
): Promise<boolean> {
  const checks = [];
  if (fields.email !== undefined) checks.push(sql`lower(${users.email}) = ${fields.email.toLowerCase()}`);
  if (fields.username !== undefined) checks.push(sql`lower(${users.username}) = ${fields.username.toLowerCase()}`);
  if (checks.length === 0) return false;
  const condition = sql.join(checks, sql` OR `);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sql`(${condition})` : sql`(${condition}) AND ${users.id} <> ${exceptUserId}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Deletes an account (self-service and back office): deactivates the user's
 * advertisements, removes the profile image, deletes the row. Foreign keys set
 * null keep advertisements, chats and reports intact (the counterpart then shows
 * 'Benutzer existiert nicht mehr'); auth tokens cascade. Returns false when no
 * such user exists.
 */
export async function deleteUserAccount(db: Db, storage: FileStorage, userId: number): Promise<boolean> {
  const keys = await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;
    await tx
      .update(jobs)
      .set({ publishedAt: null, updatedAt: new Date() })
      .where(and(eq(jobs.ownerId, userId), sql`${jobs.publishedAt} IS NOT NULL`));
    const images = await tx
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'profile_image')));
    await tx.delete(users).where(eq(users.id, userId));
    if (images.length > 0) {
      await tx.delete(uploads).where(
        inArray(
          uploads.id,
          images.map((i) => i.id),
        ),
      );
    }
    return images.map((i) => i.storageKey);
  });
  if (keys === null) return false;
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
  return true;
}
