import { and, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, uploads } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import type { UploadRow } from './queries';

/** The uploaded image commands (an organisation's logo): a stored file and its row go together. */

/** Stores a checked image file and records it as the owner's profile image upload. */
export async function storeProfileImage(
  db: Db,
  storage: FileStorage,
  ownerId: number,
  file: UploadedFile,
): Promise<UploadRow> {
  const key = await storage.put(file.buffer, file.ext);
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        ownerId,
        purpose: 'profile_image',
        storageKey: key,
        originalName: file.filename,
        ext: file.ext,
        mime: file.mime,
        size: file.size,
      })
      .returning();
    return row!;
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/**
 * An upload saved as an organisation's logo: it belongs to the organisation, not to its uploader
 * (only the organisation's administrators replace or remove it, PUT /organisation/profile).
 */
export const savedAsLogo = sql`EXISTS (SELECT 1 FROM ${organisations} o WHERE o.logo_upload_id = ${uploads.id})`;

/**
 * Deletes an uploaded image's row and its file unless it is saved as a logo — checked in the same
 * statement, so a save that makes it a logo meanwhile wins. False: nothing deleted.
 */
export async function deleteProfileImage(db: Pick<Db, 'delete'>, storage: FileStorage, id: number): Promise<boolean> {
  const deleted = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'profile_image'), not(savedAsLogo)))
    .returning({ storageKey: uploads.storageKey });
  if (deleted.length === 0) return false;
  await Promise.all(deleted.map((d) => storage.remove(d.storageKey).catch(() => undefined)));
  return true;
}
