import { and, count, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { idIn } from '../../lib/id-list';
import {
  ADVERTISEMENT_MAX_AGE_MONTHS,
  CONTACT_MESSAGE_RETENTION_MONTHS,
  SENT_MAIL_RETENTION_DAYS,
  RETENTION_DELETE_AFTER_WARNING_DAYS,
  UNUSED_ACCOUNT_MONTHS,
  accountDeletionRefusal,
  formatDate,
  type RetentionSummary,
} from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { contactMessages, jobs, mailOutbox, retentionRuns, users } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { deleteUserAccount, openObligationsOf } from '../accounts';
import { formerPartyRetention, introductionRetention } from '../introductions';
import { recordAudit } from '../../services/audit';
import { monthsBefore } from '../../lib/months';
import { claimDocumentRetention } from '../billing';
import { hiredFingerprintRetention } from '../placements';
import { dataExportRetention } from '../data-export';

/**
 * Retention rules of the terms (spec §9), run daily by the server and previewed
 * with `npm run retention -- --dry-run`:
 * - an account unused for 12 months (last login, or creation if never logged in)
 *   is warned by mail; if it is still unused 30 days after the warning it is deleted
 *   with the self-deletion service. Admin accounts are never touched.
 * - an advertisement published more than 6 months ago is deactivated.
 * - contact messages older than 12 months and delivered mails older than 30 days
 *   are deleted (privacy policy §6).
 * - the hired person's fingerprints on placement reports go 12 months after the report.
 * - an unused account with open placements, claims or introductions is kept (keptUsers) until
 *   they are settled; a deleted company's evidence (domain, UIDs) goes 12 months after deletion.
 * - a data export's ZIP is deleted once downloaded or 7 days after it was ready (docs/privacy.md).
 * Every run (also a dry run) is recorded in retention_runs.
 */

export interface RetentionOptions {
  now: Date;
  dryRun: boolean;
  publicUrl: string;
  /** Needed to delete profile images; a dry run never deletes. */
  storage?: FileStorage | undefined;
  /** REGISTER_SECRET: the introductions' deletions are register entries (decision 0027). */
  registerSecret: string;
}

export interface RetentionResult extends RetentionSummary {
  /** Who and what the ids stand for (for the CLI output). */
  details: {
    users: Array<{ id: number; email: string; action: 'warn' | 'delete' }>;
    jobs: Array<{ id: number; jobTitle: string }>;
  };
  runId: number;
  dryRun: boolean;
  /** false when another instance held the lock and this run did nothing. */
  ran: boolean;
}

const RETENTION_LOCK = 727275;

export async function runRetention(db: Db, options: RetentionOptions): Promise<RetentionResult> {
  const { now, dryRun } = options;
  const unusedBefore = monthsBefore(now, UNUSED_ACCOUNT_MONTHS);
  const warnedBefore = new Date(now.getTime() - RETENTION_DELETE_AFTER_WARNING_DAYS * 86_400_000);
  const publishedBefore = monthsBefore(now, ADVERTISEMENT_MAX_AGE_MONTHS);
  const contactBefore = monthsBefore(now, CONTACT_MESSAGE_RETENTION_MONTHS);
  const sentMailBefore = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000);
  const lastActivity = sql`coalesce(${users.lastLogin}, ${users.createdAt})`;

  const outcome = await db.transaction(async (tx) => {
    // One instance at a time; the lock ends with the transaction.
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS locked`),
    );
    if (!lock?.locked) return null;

    const unused = and(ne(users.role, 'admin'), lt(lastActivity, unusedBefore));
    // A warning counts only if nothing happened on the account since.
    const toWarn = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(and(unused, or(isNull(users.retentionWarnedAt), sql`${users.retentionWarnedAt} < ${lastActivity}`)))
      .orderBy(users.id);
    const toDelete = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          unused,
          isNotNull(users.retentionWarnedAt),
          sql`${users.retentionWarnedAt} >= ${lastActivity}`,
          lt(users.retentionWarnedAt, warnedBefore),
        ),
      )
      .orderBy(users.id);
    // An account with open placements, claims or introductions stays until they are settled (issue 28).
    const keptUsers: number[] = [];
    for (const user of [...toDelete]) {
      if (accountDeletionRefusal(await openObligationsOf(tx, user.id, now))) {
        keptUsers.push(user.id);
        toDelete.splice(toDelete.indexOf(user), 1);
      }
    }
    const toDeactivate = await tx
      .select({ id: jobs.id, jobTitle: jobs.jobTitle })
      .from(jobs)
      .where(and(isNotNull(jobs.publishedAt), lt(jobs.publishedAt, publishedBefore)))
      .orderBy(jobs.id);

    const oldContactMessages = lt(contactMessages.createdAt, contactBefore);
    const oldSentMails = and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.createdAt, sentMailBefore));
    const [contactCount] = await tx.select({ n: count() }).from(contactMessages).where(oldContactMessages);
    const [mailCount] = await tx.select({ n: count() }).from(mailOutbox).where(oldSentMails);

    const introductionsDue = await introductionRetention(tx, now, dryRun, options.registerSecret);
    const claimDocumentsDue = await claimDocumentRetention(tx, now, dryRun);
    const placementFingerprints = await hiredFingerprintRetention(tx, now, dryRun);
    const dataExportsDue = await dataExportRetention(tx, now, dryRun);
    const formerPartiesDue = await formerPartyRetention(tx, now, dryRun);
    const summary: RetentionSummary = {
      introductionPersonalData: introductionsDue.personalData,
      introductionFingerprints: introductionsDue.fingerprints,
      warnedUsers: toWarn.map((u) => u.id),
      deletedUsers: toDelete.map((u) => u.id),
      deactivatedJobs: toDeactivate.map((j) => j.id),
      deletedContactMessages: contactCount?.n ?? 0,
      purgedMails: mailCount?.n ?? 0,
      guaranteeDocuments: claimDocumentsDue.count,
      placementFingerprints,
      dataExports: dataExportsDue.count,
      keptUsers,
      formerParties: formerPartiesDue,
    };

    if (!dryRun) {
      const deleteOn = formatDate(new Date(now.getTime() + RETENTION_DELETE_AFTER_WARNING_DAYS * 86_400_000));
      if (toWarn.length > 0) {
        await tx.update(users).set({ retentionWarnedAt: now }).where(idIn(users.id, summary.warnedUsers));
      }
      for (const user of toWarn) {
        const paragraphs = [
          `Hallo ${user.username},`,
          `Sie haben sich seit über ${UNUSED_ACCOUNT_MONTHS} Monaten nicht mehr bei der Prämienbörse angemeldet. Gemäß unseren AGB werden ungenutzte Accounts gelöscht.`,
          `Wenn Sie sich bis ${deleteOn} nicht anmelden, wird Ihr Account am oder nach diesem Tag gelöscht. Melden Sie sich einfach an, um Ihren Account zu behalten.`,
        ];
        const link = `${options.publicUrl}/login`;
        await enqueueMail(tx, {
          event: 'retention.warning',
          to: user.email,
          subject: 'Ihr Account bei der Prämienbörse wird bald gelöscht',
          text: [...paragraphs, link].join('\n\n'),
          html: simpleHtml(paragraphs, { href: link, label: 'Jetzt anmelden' }),
        });
      }
      for (const user of toDelete) {
        if (!options.storage) throw new Error('runRetention needs storage to delete accounts');
        await deleteUserAccount(tx, options.storage, user.id, options.registerSecret);
      }
      if (toDeactivate.length > 0) {
        await tx.update(jobs).set({ publishedAt: null, updatedAt: now }).where(idIn(jobs.id, summary.deactivatedJobs));
      }
      await tx.delete(contactMessages).where(oldContactMessages);
      await tx.delete(mailOutbox).where(oldSentMails);
      const introductionChanges =
        introductionsDue.personalData.length + introductionsDue.fingerprints.length + placementFingerprints;
      if (
        summary.warnedUsers.length +
          summary.deletedUsers.length +
          summary.deactivatedJobs.length +
          introductionChanges >
        0
      ) {
        await recordAudit(tx, null, { action: 'retention.run', entity: 'retention', entityId: null, after: summary });
      }
    }
    const [run] = await tx
      .insert(retentionRuns)
      .values({ dryRun, startedAt: now, finishedAt: new Date(), summary: { ...summary } })
      .returning({ id: retentionRuns.id });
    const details: RetentionResult['details'] = {
      users: [
        ...toWarn.map((u) => ({ id: u.id, email: u.email, action: 'warn' as const })),
        ...toDelete.map((u) => ({ id: u.id, email: u.email, action: 'delete' as const })),
      ],
      jobs: toDeactivate,
    };
    return {
      ...summary,
      details,
      runId: run!.id,
      storageKeys: [...introductionsDue.storageKeys, ...claimDocumentsDue.storageKeys, ...dataExportsDue.storageKeys],
    };
  });

  if (!outcome) {
    return {
      warnedUsers: [],
      deletedUsers: [],
      deactivatedJobs: [],
      details: { users: [], jobs: [] },
      runId: 0,
      dryRun,
      ran: false,
    };
  }
  // Files of deleted candidate data go once the deletion is committed (an orphan file is harmless).
  const { storageKeys, ...result } = outcome;
  if (options.storage) {
    await Promise.all(storageKeys.map((key) => options.storage!.remove(key).catch(() => undefined)));
  }
  return { ...result, dryRun, ran: true };
}
