import type { Readable } from 'node:stream';
import { and, count, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { DATA_EXPORT_MAX_PER_DAY, DATA_EXPORT_MSG, type DataExportStatus } from '@pb/core';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema';
import { isUniqueViolation } from '../accounts';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { hashOpaqueToken } from '../../lib/tokens';
import { isExportOwner } from './policy';
import { exportState, presentDataExport, type DataExportRow } from './presenter';

/**
 * The commands and reads of 'Meine Daten herunterladen' (docs/privacy.md): a request queues a
 * job for the worker (worker.ts); the mailed single-use link downloads the ZIP once, signed in
 * as the account that asked.
 */

const DAY_MS = 86_400_000;

const gone = (message: string) => new AppError(410, message, 'GoneError');

async function requestsToday(db: Pick<Db, 'select'>, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.requestedAt, new Date(now.getTime() - DAY_MS))));
  return row?.n ?? 0;
}

async function newestOf(db: Pick<Db, 'select'>, userId: number): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return row;
}

/** The account's newest request as the profile shows it, or null. */
export async function latestDataExport(db: Db, userId: number, now: Date): Promise<DataExportStatus | null> {
  const row = await newestOf(db, userId);
  if (!row) return null;
  const canRequest = row.status !== 'pending' && (await requestsToday(db, userId, now)) < DATA_EXPORT_MAX_PER_DAY;
  return presentDataExport(row, now, canRequest);
}

/**
 * Queues an export for the account: one running request at a time (409), at most
 * DATA_EXPORT_MAX_PER_DAY in 24 hours (429). An earlier export not yet downloaded is
 * superseded: its link stops working and its file is removed.
 */
export async function requestDataExport(
  db: Db,
  storage: FileStorage,
  userId: number,
  now: Date,
): Promise<DataExportStatus> {
  let superseded: string[] = [];
  let created: DataExportRow | undefined;
  try {
    await db.transaction(async (tx) => {
      const [running] = await tx
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
        .limit(1);
      if (running) throw conflict(DATA_EXPORT_MSG.alreadyRunning);
      if ((await requestsToday(tx, userId, now)) >= DATA_EXPORT_MAX_PER_DAY) {
        throw new AppError(429, DATA_EXPORT_MSG.tooMany, 'RateLimitError');
      }
      const ready = and(eq(dataExports.userId, userId), eq(dataExports.status, 'ready'));
      const old = await tx.select({ storageKey: dataExports.storageKey }).from(dataExports).where(ready).for('update');
      await tx.update(dataExports).set({ status: 'expired', storageKey: null }).where(ready);
      superseded = old.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
      [created] = await tx.insert(dataExports).values({ userId, requestedAt: now, nextAttemptAt: now }).returning();
    });
  } catch (error) {
    // A second request in the same instant loses on the one-running index.
    if (isUniqueViolation(error)) throw conflict(DATA_EXPORT_MSG.alreadyRunning);
    throw error;
  }
  await Promise.all(superseded.map((key) => storage.remove(key).catch(() => undefined)));
  return presentDataExport(created!, now, false);
}

export interface ExportDownload {
  id: number;
  storageKey: string;
  stream: Readable;
  size: number;
}

/**
 * Opens the export the token names for the signed-in account and uses the token up. Refusals:
 * unknown token or another account's → 404 (both alike, so a token reveals nothing to a
 * stranger); used → 410; expired → 410. The file is opened before the token is used, so a store
 * that is away answers 503 and the link still works afterwards.
 */
export async function openExportDownload(
  db: Db,
  storage: FileStorage,
  user: { id: number },
  token: string,
  now: Date,
): Promise<ExportDownload> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.tokenHash, hashOpaqueToken(token)))
    .limit(1);
  if (!row || !isExportOwner(user, row)) throw notFound(DATA_EXPORT_MSG.unknownLink);
  if (row.status === 'downloaded') throw gone(DATA_EXPORT_MSG.used);
  if (exportState(row, now) === 'abgelaufen') throw gone(DATA_EXPORT_MSG.expired);
  if (row.status !== 'ready' || row.storageKey === null) throw notFound(DATA_EXPORT_MSG.unknownLink);
  const stored = await storage.open(row.storageKey);
  if (!stored) throw gone(DATA_EXPORT_MSG.fileGone);
  // Single use, also against a concurrent second download: only one update finds it 'ready'.
  const [used] = await db
    .update(dataExports)
    .set({ status: 'downloaded', downloadedAt: now })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  if (!used) {
    stored.stream.destroy();
    throw gone(DATA_EXPORT_MSG.used);
  }
  return { id: row.id, storageKey: row.storageKey, stream: stored.stream, size: stored.size };
}

/** After the download: the ZIP is deleted at once (the retention run removes any it missed). */
export async function discardDownloadedExport(db: Db, storage: FileStorage, download: ExportDownload): Promise<void> {
  await storage.remove(download.storageKey);
  await db
    .update(dataExports)
    .set({ storageKey: null })
    .where(and(eq(dataExports.id, download.id), isNotNull(dataExports.storageKey)));
}
