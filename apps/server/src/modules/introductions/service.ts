import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  alreadyKnownDeadline,
  canChangeIntroductionStatus,
  claimRevivalDeadline,
  formatDate,
  INTRODUCTION_MSG,
  INTRODUCTION_STATUS_LABELS,
  MSG,
  REVIVING_STATUSES,
  subordinateNotice,
  viennaDate,
  type ChatMessage,
  type IntroductionRequest,
  type IntroductionStatus,
} from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, introductions, jobs, users } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hasRole } from '../../services/policies';
import type { UploadedFile } from '../../lib/uploads';
import { recordAudit } from '../../services/audit';
import {
  ensureConversation,
  removeStoredFiles,
  storeFile,
  writeMessage,
  type MessageContext,
  type StagedFile,
} from '../chat';
import { activeBonusOf } from '../jobs';
import { createNotifications, settingsOf } from '../../services/notifications/centre';
import { enqueueMail, type OutgoingMail } from '../../services/mail-outbox';
import { candidateContact, FINGERPRINT_VERSION } from './fingerprint';
import {
  alreadyKnownMail,
  claimRevivedMail,
  nameMatchMail,
  newIntroductionMail,
  statusChangedMail,
  type IntroductionRef,
} from './mails';
import { liveClaim, sameCandidate, sameNameElsewhere } from './matching';
import { authorizeIntroductionCompany } from './policy';
import { sameCompany } from './former-companies';
import { committedInRegister, type IntroductionRow } from './queries';
import { appendRegisterEntry, candidateCommitment, lockRegister } from './register';

/**
 * Commands of the introductions register (issue 11). Each owns its transaction: the
 * introduction's row, its register entries, the chat message it travels as, and the
 * mails all commit together or not at all. Files are stored before and removed again
 * when the transaction fails.
 */

type Caller = Pick<CurrentUser, 'id' | 'role' | 'username'>;

export interface IntroductionContext extends MessageContext {
  fingerprintSecret: string;
  /** The back office's address: a possible double introduction by name is reported there. */
  officeEmail: string;
  /** REGISTER_SECRET: the key of the register's MACs (decision 0027). */
  registerSecret: string;
}

/** What a command that appends to the register needs besides its transaction. */
export interface RegisterContext {
  now: Date;
  publicUrl: string;
  registerSecret: string;
}

/** What happened, for the route to tell the parties live after the commit. */
export interface IntroductionOutcome {
  introductionId: number;
  /** Chat message posted in the same transaction (to publish), with its conversation's parties. */
  message: { message: ChatMessage; parties: Array<number | null> } | null;
  revived: boolean;
}

/** How the company's 'Bereits bekannt' message in the conversation begins (retention finds it by this). */
export function alreadyKnownMessagePrefix(introductionId: number): string {
  return `Bereits bekannt (Vorstellung Nr. ${introductionId})`;
}

/** The chat message an introduction travels as (the CV is its file). */
function introductionMessageText(input: IntroductionRequest): string {
  const lines = [`Kandidatenvorstellung: ${input.firstName} ${input.lastName}`];
  if (input.pitch) lines.push('', input.pitch);
  return lines.join('\n');
}

/**
 * 'Kandidat vorstellen': records the introduction with the bonus in force now and the
 * server's time, posts it into the conversation (CV as the message's file), appends the
 * register entry and mails the company. Another consultant's earlier live claim on the
 * same candidate with the same company makes it 'nachrangig' (the notice names the day,
 * never who); the same consultant introducing the same candidate for the same
 * advertisement again is refused.
 */
export async function introduceCandidate(
  db: Db,
  consultant: Caller,
  input: IntroductionRequest,
  cv: UploadedFile | undefined,
  ctx: IntroductionContext,
): Promise<IntroductionOutcome & { notice: string | null }> {
  if (!hasRole(consultant, 'consultant')) throw forbidden(INTRODUCTION_MSG.consultantOnly);
  const { phone, fingerprints } = candidateContact(ctx.fingerprintSecret, input);
  const stored: StagedFile[] = cv ? [await storeFile(ctx.storage, cv)] : [];
  try {
    return await db.transaction(async (tx) => {
      // Claims are decided one at a time: the register lock is held from the checks to the commit.
      // Taken before the advertisement's row, like every register command (account deletion and the
      // retention run hold it and then write advertisements): otherwise the two could deadlock.
      await lockRegister(tx);
      const [job] = await tx
        .select({ id: jobs.id, ownerId: jobs.ownerId, publishedAt: jobs.publishedAt, jobTitle: jobs.jobTitle })
        .from(jobs)
        .where(eq(jobs.id, input.advertisement))
        .for('share');
      if (!job || job.ownerId === null || job.publishedAt === null) throw notFound(MSG.advertisementGone);
      const [company] = await tx
        .select({ id: users.id, username: users.username, email: users.email, blocked: users.blocked })
        .from(users)
        .where(eq(users.id, job.ownerId));
      if (!company) throw notFound(MSG.advertisementGone);

      const candidate = sameCandidate(fingerprints)!;
      const [duplicate] = await tx
        .select({ id: introductions.id })
        .from(introductions)
        .where(and(eq(introductions.jobId, job.id), eq(introductions.consultantId, consultant.id), candidate))
        .limit(1);
      if (duplicate) throw conflict(INTRODUCTION_MSG.duplicate);
      const [prior] = await tx
        .select({ introducedAt: introductions.introducedAt })
        .from(introductions)
        .where(
          and(
            // the company, or a former account of it (deleted and registered again)
            sameCompany(job.ownerId, ctx.now),
            // a deleted consultant's claim (consultant_id null) still counts
            sql`${introductions.consultantId} IS DISTINCT FROM ${consultant.id}`,
            candidate,
            liveClaim,
          ),
        )
        .orderBy(asc(introductions.introducedAt))
        .limit(1);

      const nameMatch = prior ? undefined : await sameNameElsewhere(tx, job.ownerId, consultant.id, fingerprints);
      const bonus = (await activeBonusOf(tx, job.id)) ?? 0;
      const conversation = await ensureConversation(
        tx,
        { jobId: job.id, consultantId: consultant.id, companyId: job.ownerId },
        ctx.now,
      );
      const posted = await writeMessage(
        tx,
        consultant,
        conversation,
        { text: introductionMessageText(input), stored, notify: false },
        ctx,
      );
      const salt = randomBytes(16).toString('hex');
      const [row] = await tx
        .insert(introductions)
        .values({
          jobId: job.id,
          companyId: job.ownerId,
          consultantId: consultant.id,
          conversationId: conversation.id,
          messageId: posted.message.id,
          jobTitle: job.jobTitle,
          companyName: company.username,
          consultantName: consultant.username,
          bonus,
          introducedAt: ctx.now,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email ?? null,
          phone,
          pitch: input.pitch ?? null,
          cvUploadId: posted.files[0]?.id ?? null,
          consentAt: ctx.now,
          keepLonger: input.keepLonger ?? false,
          emailFingerprint: fingerprints.email,
          phoneFingerprint: fingerprints.phone,
          candidateSalt: salt,
          nameFingerprint: fingerprints.name ?? null,
          nameMatchOf: nameMatch?.id ?? null,
          subordinate: prior !== undefined,
          priorIntroducedAt: prior?.introducedAt ?? null,
          status: 'neu',
          statusChangedAt: ctx.now,
        })
        .returning({ id: introductions.id });
      await appendRegisterEntry(tx, ctx.registerSecret, {
        introductionId: row!.id,
        kind: 'introduced',
        at: ctx.now,
        data: {
          jobId: job.id,
          companyId: job.ownerId,
          consultantId: consultant.id,
          bonus,
          consentAt: ctx.now.toISOString(),
          candidate: candidateCommitment(salt, fingerprints, FINGERPRINT_VERSION),
          fingerprintVersion: FINGERPRINT_VERSION,
          nameMatchOf: nameMatch?.id ?? null,
          subordinate: prior !== undefined,
          // Since 0026 the day 'nachrangig' names is a register fact too (register:verify compares it).
          priorIntroducedAt: prior?.introducedAt.toISOString() ?? null,
          status: 'neu',
        },
      });
      const ref = { id: row!.id, jobTitle: job.jobTitle, introducedAt: ctx.now };
      await createNotifications(
        tx,
        [
          {
            userId: company.id,
            kind: 'introduction',
            title: 'Neue Kandidatenvorstellung',
            body: `Nr. ${row!.id} zu „${job.jobTitle}“`,
            link: `/advertisements/introductions/${row!.id}`,
          },
        ],
        ctx.now,
        { mail: false },
      );
      if (nameMatch) {
        await enqueueMail(tx, nameMatchMail(ctx.officeEmail, { ...ref, otherId: nameMatch.id }, ctx.publicUrl));
      }
      if (!company.blocked && (await settingsOf(tx, company.id)).introduction === 'app_mail') {
        await enqueueMail(tx, newIntroductionMail(company.email, ref, ctx.publicUrl));
      }
      return {
        introductionId: row!.id,
        message: { message: posted.presented, parties: [conversation.consultantId, conversation.companyId] },
        revived: false,
        notice: prior ? subordinateNotice(formatDate(prior.introducedAt)) : null,
      };
    });
  } catch (error) {
    await removeStoredFiles(ctx.storage, stored);
    throw error;
  }
}

/**
 * Locks an introduction's row. Callers that append to the register take lockRegister first:
 * one lock order (register, then rows) for every command, so two can never wait on each other.
 */
async function lockIntroduction(tx: Db, id: number): Promise<IntroductionRow | undefined> {
  const [row] = await tx.select().from(introductions).where(eq(introductions.id, id)).for('update');
  return row;
}

/**
 * Queues a mail about `row` to each of `recipients` of its parties whose account exists and
 * is not blocked; `build` gets the address and the introduction's reference.
 */
async function mailParties(
  tx: Db,
  row: IntroductionRow,
  recipients: Array<'consultant' | 'company'>,
  build: (to: string, ref: IntroductionRef) => OutgoingMail,
): Promise<void> {
  const ref = { id: row.id, jobTitle: row.jobTitle, introducedAt: row.introducedAt };
  for (const party of recipients) {
    const userId = party === 'consultant' ? row.consultantId : row.companyId;
    if (userId === null) continue;
    const [user] = await tx
      .select({ email: users.email, blocked: users.blocked })
      .from(users)
      .where(eq(users.id, userId));
    if (user && !user.blocked) await enqueueMail(tx, build(user.email, ref));
  }
}

/**
 * Revives a lapsed claim when re-contact or a placement comes within RECONTACT_WINDOW_MONTHS
 * of the final rejection: clears the lapse, appends 'claim_revived' and mails both parties.
 * Returns whether it revived.
 */
export async function reviveClaimIfInWindow(
  tx: Db,
  row: IntroductionRow,
  cause: 'status' | 'placement',
  ctx: RegisterContext,
): Promise<boolean> {
  if (!row.claimLapsedAt || row.alreadyKnownAt) return false;
  if (viennaDate(ctx.now) > claimRevivalDeadline(row.claimLapsedAt)) return false;
  await tx.update(introductions).set({ claimLapsedAt: null, updatedAt: ctx.now }).where(eq(introductions.id, row.id));
  await appendRegisterEntry(tx, ctx.registerSecret, {
    introductionId: row.id,
    kind: 'claim_revived',
    at: ctx.now,
    data: { cause, lapsedAt: row.claimLapsedAt.toISOString() },
  });
  await mailParties(tx, row, ['consultant', 'company'], (to, ref) => claimRevivedMail(to, ref, ctx.publicUrl));
  return true;
}

/** Moves the introduction to `status` inside a transaction (used by the company's change and by a placement report). */
export async function moveIntroduction(
  tx: Db,
  row: IntroductionRow,
  change: { status: IntroductionStatus; reason: string | null },
  ctx: RegisterContext,
): Promise<boolean> {
  const rejecting = change.status === 'abgesagt';
  const revived =
    row.status === 'abgesagt' && REVIVING_STATUSES.includes(change.status)
      ? await reviveClaimIfInWindow(tx, row, 'status', ctx)
      : false;
  await tx
    .update(introductions)
    .set({
      status: change.status,
      statusChangedAt: ctx.now,
      statusNote: change.reason,
      // A final rejection lets the claim lapse (it may revive within the window of the terms).
      ...(rejecting && row.claimLapsedAt === null ? { claimLapsedAt: ctx.now } : {}),
      updatedAt: ctx.now,
    })
    .where(eq(introductions.id, row.id));
  await appendRegisterEntry(tx, ctx.registerSecret, {
    introductionId: row.id,
    kind: 'status',
    at: ctx.now,
    data: { status: change.status, from: row.status },
    note: change.reason,
  });
  // The bell, and the mail unless the consultant chose the app only for introductions (issue 13).
  if (row.consultantId !== null) {
    await createNotifications(
      tx,
      [
        {
          userId: row.consultantId,
          kind: 'introduction',
          title: `Vorstellung: ${INTRODUCTION_STATUS_LABELS[change.status]}`,
          body: `Kandidatenvorstellung Nr. ${row.id} zu „${row.jobTitle}“`,
          link: `/advertisements/introductions/${row.id}`,
        },
      ],
      ctx.now,
      { mail: false },
    );
    if ((await settingsOf(tx, row.consultantId)).introduction === 'app_mail') {
      await mailParties(tx, row, ['consultant'], (to, ref) =>
        statusChangedMail(to, ref, change.status, change.reason, ctx.publicUrl),
      );
    }
  }
  return revived;
}

/** The company moves an introduction along its stages ('abgesagt' with a reason). */
export async function changeIntroductionStatus(
  db: Db,
  company: Caller,
  id: number,
  change: { status: IntroductionStatus; reason?: string | undefined },
  ctx: RegisterContext,
): Promise<IntroductionOutcome> {
  return db.transaction(async (tx) => {
    await lockRegister(tx); // lock order everywhere: register, then introduction rows
    const row = authorizeIntroductionCompany(company, await lockIntroduction(tx, id));
    if (!canChangeIntroductionStatus(row.status, change.status)) throw conflict(INTRODUCTION_MSG.invalidTransition);
    const reason = change.status === 'abgesagt' ? (change.reason?.trim() ?? null) : null;
    const revived = await moveIntroduction(tx, row, { status: change.status, reason }, ctx);
    return { introductionId: row.id, message: null, revived };
  });
}

/**
 * 'Bereits bekannt': within ALREADY_KNOWN_WORKING_DAYS Austrian working days of the
 * introduction the company declares it knew the candidate (note required, document
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
      if (viennaDate(ctx.now) > alreadyKnownDeadline(row.introducedAt)) {
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
        message:
          posted && conversation
            ? { message: posted.presented, parties: [conversation.consultantId, conversation.companyId] }
            : null,
        revived: false,
      };
    });
  } catch (error) {
    await removeStoredFiles(ctx.storage, stored);
    throw error;
  }
}

/** The company opened the introduction (the 'Neu' badge goes). Not a register fact. */
export async function markIntroductionSeen(db: Db, company: Caller, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = authorizeIntroductionCompany(company, await lockIntroduction(tx, id));
    if (row.seenByCompanyAt) return false;
    await tx.update(introductions).set({ seenByCompanyAt: now }).where(eq(introductions.id, row.id));
    return true;
  });
}

/** Back office: closes a dispute with a note — a register entry and an audit row. */
export async function resolveIntroduction(
  db: Db,
  admin: CurrentUser,
  id: number,
  note: string,
  now: Date,
  registerSecret: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRegister(tx); // lock order everywhere: register, then introduction rows
    const row = await lockIntroduction(tx, id);
    if (!row) throw notFound(INTRODUCTION_MSG.notFound);
    await tx
      .update(introductions)
      .set({ resolvedAt: now, resolutionNote: note, updatedAt: now })
      .where(eq(introductions.id, row.id));
    await appendRegisterEntry(tx, registerSecret, {
      introductionId: row.id,
      kind: 'resolved',
      at: now,
      data: {},
      note,
    });
    await recordAudit(tx, admin, {
      action: 'introduction.resolve',
      entity: 'introduction',
      entityId: row.id,
      before: { resolvedAt: row.resolvedAt, resolutionNote: row.resolutionNote },
      after: { resolvedAt: now, resolutionNote: note },
    });
  });
}

/**
 * Account deletion of a consultant: the company's evidence stays (fingerprints, times,
 * bonus, register), the consultant's name goes. Runs inside the deletion's transaction.
 */
export async function forgetConsultant(
  tx: Db,
  consultantId: number,
  now: Date,
  registerSecret: string,
): Promise<number> {
  await lockRegister(tx);
  const rows = await tx
    .update(introductions)
    .set({ consultantName: null, updatedAt: now })
    .where(and(eq(introductions.consultantId, consultantId), isNotNull(introductions.consultantName)))
    .returning({ id: introductions.id });
  for (const row of rows) {
    await appendRegisterEntry(tx, registerSecret, {
      introductionId: row.id,
      kind: 'consultant_removed',
      at: now,
      data: {},
    });
  }
  return rows.length;
}
