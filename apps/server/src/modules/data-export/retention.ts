import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema';

/**
 * Export files the database lets go of: their keys are returned, and the caller removes them once
 * its transaction committed (an orphan file is harmless, a served one after its time is not).
 */

/**
 * Retention run: a ZIP is kept until it was downloaded or its 7 days ran out; then the row keeps
 * only the dates ('heruntergeladen' / 'abgelaufen'). Returns how many files go and their keys
 * (none on a dry run).
 */
export async function dataExportRetention(
  tx: Db,
  now: Date,
  dryRun: boolean,
): Promise<{ count: number; storageKeys: string[] }> {
  const due = and(
    isNotNull(dataExports.storageKey),
    or(eq(dataExports.status, 'downloaded'), eq(dataExports.status, 'expired'), lte(dataExports.expiresAt, now)),
  );
  const rows = await tx.select({ id: dataExports.id, storageKey: dataExports.storageKey }).from(dataExports).where(due);
  if (dryRun || rows.length === 0) return { count: rows.length, storageKeys: [] };
  // A ready export past its date becomes 'expired'; downloaded ones keep their status.
  await tx
    .update(dataExports)
    .set({ status: 'expired', storageKey: null })
    .where(and(due, eq(dataExports.status, 'ready')));
  await tx.update(dataExports).set({ storageKey: null }).where(due);
  return { count: rows.length, storageKeys: rows.map((r) => r.storageKey!) };
}
