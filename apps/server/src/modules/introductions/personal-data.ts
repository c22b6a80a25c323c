import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatMessageFiles,
  chatMessages,
  interviews,
  introductionEvents,
  introductions,
  uploads,
} from '../../db/schema';
import { appendRegisterEntry } from './register';
import { alreadyKnownMessagePrefix } from './service';

/**
 * Deleting what an introduction holds about the candidate, for the retention run and for the
 * candidate's own answer (issue 35): a refusal, an expired link or a rejection before they agreed
 * deletes it all at once; a withdrawal deletes what only the presenting needed (contact, CV,
 * pitch, profile) and keeps the name with the fingerprints for the claim until retention.
 * The caller holds the register lock and the row.
 */

export type ErasableIntroduction = Pick<
  typeof introductions.$inferSelect,
  'id' | 'messageId' | 'conversationId' | 'alreadyKnownAt' | 'cvUploadId' | 'alreadyKnownUploadId'
>;

export const erasableColumns = {
  id: introductions.id,
  messageId: introductions.messageId,
  conversationId: introductions.conversationId,
  alreadyKnownAt: introductions.alreadyKnownAt,
  cvUploadId: introductions.cvUploadId,
  alreadyKnownUploadId: introductions.alreadyKnownUploadId,
};

export const PERSONAL_DATA_GONE = 'personenbezogene Daten nach Ablauf der Aufbewahrungsfrist gelöscht';
export const PERSONAL_DATA_GONE_UNCONFIRMED = 'ohne Zustimmung der Person beendet, Daten gelöscht';

/** Removes the stored uploads' rows (and their chat links); returns the storage keys to delete after commit. */
async function dropUploads(tx: Db, uploadIds: number[]): Promise<string[]> {
  if (uploadIds.length === 0) return [];
  const files = await tx.select({ storageKey: uploads.storageKey }).from(uploads).where(inArray(uploads.id, uploadIds));
  await tx.delete(chatMessageFiles).where(inArray(chatMessageFiles.uploadId, uploadIds));
  await tx.delete(uploads).where(inArray(uploads.id, uploadIds));
  return files.map((f) => f.storageKey);
}

/**
 * Everything personal: name, contact, pitch, profile, CV, the 'Bereits bekannt' document and the
 * notes (their hashes stay in the register), the chat message texts that may name the person;
 * one 'personal_data_deleted' entry. `why` ends the chat messages' replacement text.
 */
export async function erasePersonalData(
  tx: Db,
  row: ErasableIntroduction,
  now: Date,
  registerSecret: string,
  why: string = PERSONAL_DATA_GONE,
): Promise<string[]> {
  const storageKeys = await dropUploads(
    tx,
    [row.cvUploadId, row.alreadyKnownUploadId].filter((id): id is number => id !== null),
  );
  if (row.messageId !== null) {
    await tx
      .update(chatMessages)
      .set({ message: `Kandidatenvorstellung Nr. ${row.id} (${why})`, fileMessage: false })
      .where(eq(chatMessages.id, row.messageId));
  }
  // The company's 'Bereits bekannt' note in the conversation may name the candidate too.
  if (row.alreadyKnownAt !== null && row.conversationId !== null) {
    const prefix = alreadyKnownMessagePrefix(row.id);
    await tx
      .update(chatMessages)
      .set({ message: `${prefix} (${why})`, fileMessage: false })
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
      profile: null,
      statusNote: null,
      alreadyKnownNote: null,
      resolutionNote: null,
      personalDataDeletedAt: now,
      updatedAt: now,
    })
    .where(eq(introductions.id, row.id));
  await tx
    .update(introductionEvents)
    .set({ note: null })
    .where(and(eq(introductionEvents.introductionId, row.id), isNotNull(introductionEvents.note)));
  // The interviews' free texts may speak of the person too; times and outcomes stay.
  await tx
    .update(interviews)
    .set({ note: null, cancelReason: null, feedbackNote: null, updatedAt: now })
    .where(eq(interviews.introductionId, row.id));
  await eraseInterviewPhones(tx, row.id, now);
  await appendRegisterEntry(tx, registerSecret, {
    introductionId: row.id,
    kind: 'personal_data_deleted',
    at: now,
    data: {},
  });
  return storageKeys;
}

/** The fingerprints and the commitment's salt: without them no later report can match the person. */
export async function eraseFingerprints(tx: Db, introductionId: number, now: Date, registerSecret: string) {
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
    .where(eq(introductions.id, introductionId));
  await appendRegisterEntry(tx, registerSecret, {
    introductionId,
    kind: 'fingerprints_deleted',
    at: now,
    data: {},
  });
}

/** A phone interview's 'place' is a number, often the candidate's own: it goes with their contact. */
async function eraseInterviewPhones(tx: Db, introductionId: number, now: Date): Promise<void> {
  await tx
    .update(interviews)
    .set({ location: PHONE_GONE, updatedAt: now })
    .where(and(eq(interviews.introductionId, introductionId), eq(interviews.mode, 'telefon')));
}

const PHONE_GONE = 'Telefonnummer gelöscht';

/**
 * After a withdrawal: what only presenting the candidate needed — contact, CV, pitch, profile.
 * The name stays with the fingerprints: they prove whom the company learned of (the claim).
 */
export async function erasePresentingData(tx: Db, row: ErasableIntroduction, now: Date): Promise<string[]> {
  await eraseInterviewPhones(tx, row.id, now);
  // The row lets go of the CV before the upload's row goes (cv_upload_id references it).
  await tx
    .update(introductions)
    .set({ email: null, phone: null, pitch: null, profile: null, cvUploadId: null, updatedAt: now })
    .where(eq(introductions.id, row.id));
  return dropUploads(tx, row.cvUploadId === null ? [] : [row.cvUploadId]);
}
