import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
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
 * Deletes an uploaded image's row and its file (the route refuses a saved logo; were one deleted,
 * organisations.logo_upload_id would become null through its foreign key).
 */
export async function deleteProfileImage(db: Pick<Db, 'delete'>, storage: FileStorage, id: number): Promise<boolean> {
  const deleted = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.purpose, 'profile_image')))
    .returning({ storageKey: uploads.storageKey });
  if (deleted.length === 0) return false;
  await Promise.all(deleted.map((d) => storage.remove(d.storageKey).catch(() => undefined)));
  return true;
}
