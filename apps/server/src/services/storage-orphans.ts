import { asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storageOrphans, uploads } from '../db/schema';
import type { ScheduledJob } from './scheduler';
import { StorageUnavailableError, type FileStorage } from '../lib/storage';

/**
 * Objects in the file store without a row in `uploads`. Files go to the store before their row
 * is written (services/stored-uploads), so a failed upload leaves nothing in the database; but a put
 * the server gave up on (the store took the bytes, then froze or timed out) may still be
 * written by the store after the client got its 503, and a delete that did not reach the store
 * leaves its object behind. Their keys are noted in `storage_orphans`; the hourly sweep deletes
 * each object once the key is older than the grace period (time for a late write to land) and
 * no upload row names it, so a retried upload is in the store exactly once.
 */

/** A late write from a store that froze must have landed before its object is deleted. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Notes a key whose object may exist without a row; never throws (logs instead). */
export async function noteStorageOrphan(db: Db, key: string, log: Logger): Promise<void> {
  try {
    await db.insert(storageOrphans).values({ storageKey: key }).onConflictDoNothing();
  } catch (err) {
    log.warn({ err, key }, 'storage: key of a failed write not noted (the object may stay in the store)');
  }
}

/**
 * The store as the app uses it: every put or delete that failed after the store may have acted
 * on it (the error names the key) notes the key for the sweep, then fails as before.
 */
export function trackStorageOrphans(storage: FileStorage, db: Db, log: Logger): FileStorage {
  const noted = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof StorageUnavailableError && error.key) await noteStorageOrphan(db, error.key, log);
      throw error;
    }
  };
  return {
    kind: storage.kind,
    put: (data, ext) => noted(() => storage.put(data, ext)),
    putAt: (key, data) => noted(() => storage.putAt(key, data)),
    putStream: (key, stream, size) => noted(() => storage.putStream(key, stream, size)),
    open: (key) => storage.open(key),
    stat: (key) => storage.stat(key),
    remove: (key) => noted(() => storage.remove(key)),
    list: () => storage.list(),
    check: () => storage.check(),
    close: () => storage.close(),
  };
}

export interface SweepOptions {
  db: Db;
  storage: FileStorage;
  now: Date;
  graceMs?: number;
  /** Keys per run; the rest waits for the next run. */
  limit?: number;
}

/**
 * Deletes the objects of noted keys older than the grace period that no upload row names, and
 * forgets them. Stops at the first delete the store refuses (it is down: the next run goes on).
 * Returns how many keys were settled.
 */
export async function sweepStorageOrphans(options: SweepOptions): Promise<number> {
  const { db, storage } = options;
  const before = new Date(options.now.getTime() - (options.graceMs ?? ORPHAN_GRACE_MS));
  const due = await db
    .select({ key: storageOrphans.storageKey })
    .from(storageOrphans)
    .where(lt(storageOrphans.notedAt, before))
    .orderBy(asc(storageOrphans.notedAt))
    .limit(options.limit ?? 500);
  let settled = 0;
  for (const { key } of due) {
    // A row naming the key means the object is a live file (never expected: keys are never
    // reused; but a file is worth more than an orphan): only the note goes.
    const [referenced] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.storageKey, key)).limit(1);
    if (!referenced) await storage.remove(key);
    await db.delete(storageOrphans).where(eq(storageOrphans.storageKey, key));
    settled += 1;
  }
  return settled;
}

/** The sweep as scheduled work: once an hour across all instances (services/scheduler). */
export function storageOrphanJob(
  db: Db,
  storage: FileStorage,
  log: Logger & { info(obj: object, msg: string): void },
): ScheduledJob {
  return {
    name: 'storage-orphans',
    period: (now) => now.toISOString().slice(0, 13),
    async run({ now }) {
      const settled = await sweepStorageOrphans({ db, storage, now });
      if (settled > 0) log.info({ settled }, 'storage: objects of failed writes removed');
    },
  };
}
