import { and, eq, isNotNull } from 'drizzle-orm';
import {
  claimRevivalDeadline,
  CONSENT_ENDED_UNCONFIRMED,
  INTRODUCTION_MSG,
  INTRODUCTION_STATUS_LABELS,
  REVIVING_STATUSES,
  viennaDate,
  type ChatMessage,
  type IntroductionStatus,
  type RejectionReason,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, users } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { MessageContext, MessageParties } from '../chat';
import { createNotifications, settingsOf } from '../../services/notifications/centre';
import { enqueueMail, type OutgoingMail } from '../../services/mail-outbox';
import { claimRevivedMail, statusChangedMail, type IntroductionRef } from './mails';
import { authorizeIntroductionCompany } from './policy';
import type { IntroductionRow } from './queries';
import { appendRegisterEntry, lockRegister } from './register';

/**
 * Commands of the introductions register (issue 11). Each owns its transaction: the
 * introduction's row, its register entries, the chat message it travels as, and the
 * mails all commit together or not at all. Files are stored before and removed again
 * when the transaction fails. Here: the commands' context, status moves and claim revival,
 * 'gesehen', resolution and forgetting a consultant; introduce.ts and already-known.ts hold
 * the two commands that take a file.
 */

export type Caller = Pick<CurrentUser, 'id' | 'role' | 'username' | 'organisation'>;

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
  message: { message: ChatMessage; parties: MessageParties } | null;
  revived: boolean;
  /** Stored files whose rows the command deleted: removed from storage once committed. */
  removeFiles?: string[];
}

/** How the company's 'Bereits bekannt' message in the conversation begins (retention finds it by this). */
export function alreadyKnownMessagePrefix(introductionId: number): string {
  return `Bereits bekannt (Vorstellung Nr. ${introductionId})`;
}

/**
 * Locks an introduction's row. Callers that append to the register take lockRegister first:
 * one lock order (register, then rows) for every command, so two can never wait on each other.
 */
export async function lockIntroduction(tx: Db, id: number): Promise<IntroductionRow | undefined> {
  const [row] = await tx.select().from(introductions).where(eq(introductions.id, id)).for('update');
  return row;
}

/**
 * Queues a mail about `row` to each of `recipients` of its parties whose account exists and
 * is not blocked; `build` gets the address and the introduction's reference.
 */
export async function mailParties(
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

/** The bell of one party's handler and, unless they chose the app only for introductions, the mail. */
export async function tellParty(
  tx: Db,
  row: IntroductionRow,
  party: 'consultant' | 'company',
  bell: { title: string; body: string },
  build: (to: string, ref: IntroductionRef) => OutgoingMail,
  now: Date,
): Promise<void> {
  const userId = party === 'consultant' ? row.consultantId : row.companyId;
  if (userId === null) return;
  await createNotifications(
    tx,
    [{ userId, kind: 'introduction', ...bell, link: `/advertisements/introductions/${row.id}` }],
    now,
    { mail: false },
  );
  if ((await settingsOf(tx, userId)).introduction === 'app_mail') await mailParties(tx, row, [party], build);
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
  // Ended before the candidate agreed: there never was a claim to revive (issue 35).
  if (CONSENT_ENDED_UNCONFIRMED.includes(row.consentState)) return false;
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
  change: { status: IntroductionStatus; reason: string | null; reasonCategory?: RejectionReason | undefined },
  ctx: RegisterContext,
  /** notify: false when the caller tells the parties itself; cause: what moved it, if not the company. */
  options: { notify?: boolean; cause?: 'consent' } = {},
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
      // The catalogue's reason (issue 35) of this rejection; none for any other move.
      rejectionReason: rejecting ? (change.reasonCategory ?? null) : row.rejectionReason,
      updatedAt: ctx.now,
    })
    .where(eq(introductions.id, row.id));
  await appendRegisterEntry(tx, ctx.registerSecret, {
    introductionId: row.id,
    kind: 'status',
    at: ctx.now,
    data: {
      status: change.status,
      from: row.status,
      ...(rejecting && change.reasonCategory ? { reasonCategory: change.reasonCategory } : {}),
      ...(options.cause ? { cause: options.cause } : {}),
    },
    note: change.reason,
  });
  // The bell, and the mail unless the consultant chose the app only for introductions (issue 13).
  if (options.notify !== false) {
    await tellParty(
      tx,
      row,
      'consultant',
      {
        title: `Vorstellung: ${INTRODUCTION_STATUS_LABELS[change.status]}`,
        body: `Kandidatenvorstellung Nr. ${row.id} zu „${row.jobTitle}“`,
      },
      (to, ref) => statusChangedMail(to, ref, change.status, change.reason, ctx.publicUrl),
      ctx.now,
    );
  }
  return revived;
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
