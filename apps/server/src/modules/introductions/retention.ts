import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { CIRCUMVENTION_MONTHS, LONGER_KEEPING_MONTHS, RECONTACT_WINDOW_MONTHS } from '@pb/core';
import type { Db } from '../../db/client';
import { introductions } from '../../db/schema';
import { monthsBefore } from '../../lib/months';
import { lockRegister } from './register';
import { erasableColumns, eraseFingerprints, erasePersonalData } from './personal-data';

/**
 * The introductions' part of the retention run (DSGVO, issue 11; decision 0019):
 * - the candidate's name, contact, pitch, CV and the notes about them go RECONTACT_WINDOW_MONTHS
 *   after a final rejection, CIRCUMVENTION_MONTHS after the last change of an introduction that
 *   was never rejected, or LONGER_KEEPING_MONTHS after the last change when the candidate agreed
 *   to longer keeping;
 * - the fingerprints (and the commitment's salt) go CIRCUMVENTION_MONTHS after the introduction.
 * What stays is the register: times, bonus, parties' ids and hashes. Each deletion is a register entry.
 */

export interface IntroductionRetentionResult {
  personalData: number[];
  fingerprints: number[];
  /** Files to remove from storage once the transaction committed. */
  storageKeys: string[];
}

export async function introductionRetention(
  tx: Db,
  now: Date,
  dryRun: boolean,
  registerSecret: string,
): Promise<IntroductionRetentionResult> {
  const rejectedBefore = monthsBefore(now, RECONTACT_WINDOW_MONTHS);
  const openBefore = monthsBefore(now, CIRCUMVENTION_MONTHS);
  const longerBefore = monthsBefore(now, LONGER_KEEPING_MONTHS);
  if (!dryRun) await lockRegister(tx); // before the rows: the lock order of every register command
  const dueData = await tx
    .select(erasableColumns)
    .from(introductions)
    .where(
      and(
        isNull(introductions.personalDataDeletedAt),
        or(
          and(
            eq(introductions.keepLonger, false),
            eq(introductions.status, 'abgesagt'),
            lt(introductions.statusChangedAt, rejectedBefore),
          ),
          and(
            eq(introductions.keepLonger, false),
            ne(introductions.status, 'abgesagt'),
            lt(introductions.statusChangedAt, openBefore),
          ),
          and(eq(introductions.keepLonger, true), lt(introductions.statusChangedAt, longerBefore)),
        ),
      ),
    )
    .orderBy(introductions.id)
    .for('update');
  const dueFingerprints = await tx
    .select({ id: introductions.id })
    .from(introductions)
    .where(and(isNull(introductions.fingerprintsDeletedAt), lt(introductions.introducedAt, openBefore)))
    .orderBy(introductions.id)
    .for('update');
  const result: IntroductionRetentionResult = {
    personalData: dueData.map((r) => r.id),
    fingerprints: dueFingerprints.map((r) => r.id),
    storageKeys: [],
  };
  if (dryRun) return result;

  for (const row of dueData) {
    result.storageKeys.push(...(await erasePersonalData(tx, row, now, registerSecret)));
  }
  for (const row of dueFingerprints) await eraseFingerprints(tx, row.id, now, registerSecret);
  return result;
}
