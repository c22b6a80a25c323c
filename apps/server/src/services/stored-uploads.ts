import type { Db } from '../db/client';
import { uploads, type UploadPurpose } from '../db/schema';
import type { FileStorage } from '../lib/storage';
import type { UploadedFile } from '../lib/uploads';

/**
 * Files first, rows second: `work` runs after every file is in the store and gets a function that
 * inserts their `uploads` rows inside its transaction; if `work` fails, the stored files are
 * removed again (best effort: an orphan file is harmless, a lost one is not).
 */
export async function withStoredUploads<T>(
  storage: FileStorage,
  files: UploadedFile[],
  work: (
    insertRows: (tx: Db, ownerId: number, purpose: UploadPurpose) => Promise<Array<typeof uploads.$inferSelect>>,
  ) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await storage.put(file.buffer, file.ext));
    return await work((tx, ownerId, purpose) =>
      tx
        .insert(uploads)
        .values(
          files.map((file, i) => ({
            ownerId,
            purpose,
            storageKey: keys[i]!,
            originalName: file.filename,
            ext: file.ext,
            mime: file.mime,
            size: file.size,
          })),
        )
        .returning(),
    );
  } catch (error) {
    await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
    throw error;
  }
}
