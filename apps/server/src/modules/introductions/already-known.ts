import { eq } from 'drizzle-orm';
import { alreadyKnownDeadline, CONSENT_MSG, INTRODUCTION_MSG, viennaDate } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, introductions } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { UploadedFile } from '../../lib/uploads';
import { removeStoredFiles, storeFile, writeMessage, type MessageContext, type StagedFile } from '../chat';
import { alreadyKnownMail } from './mails';
import { authorizeIntroductionCompany } from './policy';
import { committedInRegister } from './queries';
import { appendRegisterEntry, lockRegister } from './register';
import {
  alreadyKnownMessagePrefix,
  lockIntroduction,
  mailParties,
  type Caller,
  type IntroductionOutcome,
} from './service';

/**
 * 'Bereits bekannt': within ALREADY_KNOWN_WORKING_DAYS Austrian working days of learning who the
 * candidate is (the identity's release, issue 35) the company declares it knew the candidate (note required, document
 * optional). The claim becomes void; the declaration is posted into the conversation so
 * the consultant can answer there, and mailed.
 */
export async function declareAlreadyKnown(
  db: Db,
  company: Caller,
  id: number,
  note: string,
  document: UploadedFile | undefined,
  ctx: MessageContext & { registerSecret: string },
): Promise<IntroductionOutcome> {
  const stored: StagedFile[] = document ? [await storeFile(ctx.storage, document)] : [];
  try {
    return await db.transaction(async (tx) => {
      await lockRegister(tx); // lock order everywhere: register, then introduction rows
      const row = authorizeIntroductionCompany(company, await lockIntroduction(tx, id));
      if (row.alreadyKnownAt) throw conflict(INTRODUCTION_MSG.alreadyKnownTwice);
      if (row.identityReleasedAt === null) throw conflict(CONSENT_MSG.knownBeforeRelease);
      if (viennaDate(ctx.now) > alreadyKnownDeadline(row.identityReleasedAt)) {
        throw conflict(INTRODUCTION_MSG.alreadyKnownTooLate);
      }
      const [{ committed } = { committed: false }] = await tx
        .select({ committed: committedInRegister })
        .from(introductions)
        .where(eq(introductions.id, row.id));
      if (committed) throw conflict(INTRODUCTION_MSG.alreadyKnownAfterCommitment);
      const [conversation] =
        row.conversationId === null
          ? []
          : await tx.select().from(chatCommunications).where(eq(chatCommunications.id, row.conversationId));
      // The document travels as a chat file; without the conversation it would be lost silently.
      if (!conversation && stored.length > 0) throw conflict(INTRODUCTION_MSG.documentWithoutConversation);
      const posted = conversation
        ? await writeMessage(
            tx,
            company,
            conversation,
            { text: `${alreadyKnownMessagePrefix(row.id)}: ${note}`, stored, notify: false },
            ctx,
          )
        : null;
      await tx
        .update(introductions)
        .set({
          alreadyKnownAt: ctx.now,
          alreadyKnownNote: note,
          alreadyKnownUploadId: posted?.files[0]?.id ?? null,
          updatedAt: ctx.now,
        })
        .where(eq(introductions.id, row.id));
      await appendRegisterEntry(tx, ctx.registerSecret, {
        introductionId: row.id,
        kind: 'already_known',
        at: ctx.now,
        data: { document: posted?.files[0] !== undefined },
        note,
      });
      await mailParties(tx, row, ['consultant'], (to, ref) => alreadyKnownMail(to, ref, note, ctx.publicUrl));
      return {
        introductionId: row.id,
        message: posted && conversation ? { message: posted.presented, parties: conversation } : null,
        revived: false,
      };
    });
  } catch (error) {
    await removeStoredFiles(ctx.storage, stored);
    throw error;
  }
}
