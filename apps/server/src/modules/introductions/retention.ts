import { and, eq, inArray, isNotNull, isNull, like, lt, ne, or } from 'drizzle-orm';
import { CIRCUMVENTION_MONTHS, LONGER_KEEPING_MONTHS, RECONTACT_WINDOW_MONTHS } from '@pb/core';
import type { Db } from '../../db/client';
import { chatMessageFiles, chatMessages, introductionEvents, introductions, uploads } from '../../db/schema';
import { monthsBefore } from '../../lib/months';
import { appendRegisterEntry, lockRegister } from './register';
import { alreadyKnownMessagePrefix } from './service';

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

const PERSONAL_DATA_GONE = 'personenbezogene Daten nach Ablauf der Aufbewahrungsfrist gelöscht';

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
    .select({
      id: introductions.id,
      messageId: introductions.messageId,
      conversationId: introductions.conversationId,
      alreadyKnownAt: introductions.alreadyKnownAt,
      cvUploadId: introductions.cvUploadId,
      alreadyKnownUploadId: introductions.alreadyKnownUploadId,
    })
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
    const uploadIds = [row.cvUploadId, row.alreadyKnownUploadId].filter((id): id is number => id !== null);
    if (uploadIds.length > 0) {
      const files = await tx
        .select({ storageKey: uploads.storageKey })
        .from(uploads)
        .where(inArray(uploads.id, uploadIds));
      result.storageKeys.push(...files.map((f) => f.storageKey));
      await tx.delete(chatMessageFiles).where(inArray(chatMessageFiles.uploadId, uploadIds));
      await tx.delete(uploads).where(inArray(uploads.id, uploadIds));
    }
    if (row.messageId !== null) {
      await tx
        .update(chatMessages)
        .set({ message: `Kandidatenvorstellung Nr. ${row.id} (${PERSONAL_DATA_GONE})`, fileMessage: false })
        .where(eq(chatMessages.id, row.messageId));
    }
    // The company's 'Bereits bekannt' note in the conversation may name the candidate too.
    if (row.alreadyKnownAt !== null && row.conversationId !== null) {
      const prefix = alreadyKnownMessagePrefix(row.id);
      await tx
        .update(chatMessages)
        .set({ message: `${prefix} (${PERSONAL_DATA_GONE})`, fileMessage: false })
        .where(and(eq(chatMessages.chatId, row.conversationId), like(chatMessages.message, `${prefix}:%`)));
    }
    await tx
      .update(introductions)
      .set({
        firstName: null,
        lastName: null,
        email: null,
        phone: null,
        pitch: null,
        statusNote: null,
        alreadyKnownNote: null,
        resolutionNote: null,
        personalDataDeletedAt: now,
        updatedAt: now,
      })
      .where(eq(introductions.id, row.id));
    // Notes may name the candidate: blank them (their hashes stay in the register).
    await tx
      .update(introductionEvents)
      .set({ note: null })
      .where(and(eq(introductionEvents.introductionId, row.id), isNotNull(introductionEvents.note)));
    await appendRegisterEntry(tx, registerSecret, {
      introductionId: row.id,
      kind: 'personal_data_deleted',
      at: now,
      data: {},
    });
  }
  for (const row of dueFingerprints) {
    await tx
      .update(introductions)
      .set({
        emailFingerprint: null,
        phoneFingerprint: null,
        nameFingerprint: null,
        candidateSalt: null,
        fingerprintsDeletedAt: now,
        updatedAt: now,
      })
      .where(eq(introductions.id, row.id));
    await appendRegisterEntry(tx, registerSecret, {
      introductionId: row.id,
      kind: 'fingerprints_deleted',
      at: now,
      data: {},
    });
  }
  return result;
}
