import { eq, sql } from 'drizzle-orm';
import {
  PAYOUT_MSG,
  type CreditNoteObjectionRequest,
  type CreditNoteObjectionResolution,
  type PayoutAccount,
} from '@pb/core';
import type { Db } from '../../db/client';
import { creditNoteObjections, creditNotes, organisationPayoutAccounts } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import { enqueueLetters } from '../../services/mail-outbox';
import { moneyRecipients, organisationAdministrators } from '../billing';
import type { ActingMember } from '../organisations';
import { lockPayoutAccount, presentPayoutAccount } from './account';
import { PAYOUT_BATCH_LOCK } from './batches';

/**
 * The agency's word on self-billing (issue 34, § 11 (7) UStG): it may object to a credit note —
 * which then no longer stands as its invoice, and its payout waits until the office resolved the
 * objection (corrected or explained, with a note the agency is mailed) — and it may withdraw its
 * agreement, after which no further credit note is issued until it agrees again. Audited; the
 * office and the organisation's administrators hear of it by mail in the same transaction.
 */

async function mailAll(tx: Db, to: string[], event: string, subject: string, paragraphs: string[]): Promise<void> {
  await enqueueLetters(tx, { to, event, subject, paragraphs });
}

export async function objectToCreditNote(
  db: Db,
  member: ActingMember,
  creditNoteId: number,
  input: CreditNoteObjectionRequest,
  context: { now: Date; officeEmail: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // After a batch being built now, or before it: never inside one that is being built.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYOUT_BATCH_LOCK})`);
    const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, creditNoteId));
    // Another organisation's credit note is as if it did not exist.
    if (!note || note.agencyOrganisationId !== member.organisation.organisationId) {
      throw notFound(PAYOUT_MSG.creditNoteNotFound);
    }
    const [inserted] = await tx
      .insert(creditNoteObjections)
      .values({ creditNoteId, reason: input.reason, objectedAt: context.now, objectedBy: member.id })
      .onConflictDoNothing()
      .returning({ id: creditNoteObjections.creditNoteId });
    if (!inserted) throw conflict(PAYOUT_MSG.objectionExists);
    await recordAudit(tx, member, {
      action: 'credit_note.objection',
      entity: 'credit_note',
      entityId: creditNoteId,
      before: null,
      after: { number: note.number, reason: input.reason },
    });
    await mailAll(
      tx,
      [context.officeEmail],
      'payouts.credit_note_objection',
      `Widerspruch gegen Gutschrift ${note.number}`,
      [
        `${member.organisation.organisationName} widerspricht der Gutschrift ${note.number} („${note.jobTitle}“):`,
        input.reason,
        'Die Auszahlung wartet, bis der Widerspruch im Backoffice unter „Auszahlungen“ erledigt ist.',
      ],
    );
  });
}

export async function resolveObjection(
  db: Db,
  actor: CurrentUser,
  creditNoteId: number,
  input: CreditNoteObjectionResolution,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(creditNoteObjections)
      .where(eq(creditNoteObjections.creditNoteId, creditNoteId))
      .for('update');
    if (!row) throw notFound(PAYOUT_MSG.objectionNotFound);
    if (row.resolvedAt !== null) throw conflict(PAYOUT_MSG.objectionResolved);
    await tx
      .update(creditNoteObjections)
      .set({ resolution: input.resolution, resolvedAt: now, resolvedBy: actor.id })
      .where(eq(creditNoteObjections.creditNoteId, creditNoteId));
    const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, creditNoteId));
    await recordAudit(tx, actor, {
      action: 'credit_note.objection_resolved',
      entity: 'credit_note',
      entityId: creditNoteId,
      before: { reason: row.reason },
      after: { resolution: input.resolution },
    });
    if (note?.agencyOrganisationId != null) {
      await mailAll(
        tx,
        await moneyRecipients(tx, note.agencyOrganisationId),
        'payouts.credit_note_objection_resolved',
        `Ihr Widerspruch gegen Gutschrift ${note.number}`,
        ['Guten Tag,', `wir haben Ihren Widerspruch gegen die Gutschrift ${note.number} bearbeitet:`, input.resolution],
      );
    }
  });
}

/** The agency ends its agreement to self-billing; credit notes already issued stay as they are. */
export async function withdrawSelfBilling(
  db: Db,
  member: ActingMember,
  context: { now: Date; officeEmail: string },
): Promise<PayoutAccount | null> {
  const { organisationId, organisationName, kind } = member.organisation;
  if (kind !== 'agency') throw badRequest(PAYOUT_MSG.selfBillingAgencyOnly);
  return db.transaction(async (tx) => {
    const before = await lockPayoutAccount(tx, organisationId);
    if (!before?.selfBillingAgreedAt) throw conflict(PAYOUT_MSG.selfBillingNotAgreed);
    const [row] = await tx
      .update(organisationPayoutAccounts)
      .set({
        selfBillingAgreedAt: null,
        selfBillingAgreedBy: null,
        selfBillingTerms: null,
        updatedBy: member.id,
        updatedAt: context.now,
      })
      .where(eq(organisationPayoutAccounts.organisationId, organisationId))
      .returning();
    await recordAudit(tx, member, {
      action: 'organisation.self_billing_withdrawn',
      entity: 'organisation',
      entityId: organisationId,
      before: { selfBillingAgreedAt: before.selfBillingAgreedAt, terms: before.selfBillingTerms },
      after: { selfBillingAgreedAt: null },
    });
    const admins = (await organisationAdministrators(tx, organisationId)).map((a) => a.email);
    await mailAll(
      tx,
      [...admins, context.officeEmail],
      'payouts.self_billing_withdrawn',
      'Abrechnung mit Gutschrift widerrufen',
      [
        'Guten Tag,',
        `${member.username} hat für „${organisationName}“ die Zustimmung zur Abrechnung mit Gutschrift widerrufen.`,
        'Bereits ausgestellte Gutschriften bleiben gültig. Weitere Vermittlungsprämien rechnen wir erst ab, wenn Sie wieder zustimmen (Auszahlungen → Auszahlungskonto).',
      ],
    );
    return presentPayoutAccount(row ?? null);
  });
}
