import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatCents,
  PAYOUT_MSG,
  sepaAccountProblem,
  viennaDate,
  type InvoiceIssuer,
  type PayoutBatchRequest,
  type PayoutDecision,
} from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { organisationPayoutAccounts, payoutBatches, payoutBatchItems, payoutItems } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { moneyRecipients } from '../billing';
import { buildPain001, type CreditTransfer } from './pain001';

/**
 * The office's payout batches (issue 34): selected items become one SEPA credit transfer file for
 * the bank; afterwards each transfer is marked paid or failed. Nothing is paid twice: building
 * locks the items, refuses one that is paid or still at the bank, and the database keeps an item
 * in at most one batch that has not failed (unique index). A failed transfer can go into a later
 * batch, to the account then on file. Batches and their items are kept as sent.
 */

export interface BatchContext {
  issuer: InvoiceIssuer;
  now: Date;
}

/** Batches are built one at a time (the file's totals and the items' states are read together). */
export const PAYOUT_BATCH_LOCK = 3_400_045;

interface Payable {
  id: number;
  organisation_id: number | null;
  payee_name: string;
  amount_cents: string;
  purpose: string;
  fallback_account_holder: string | null;
  fallback_iban: string | null;
  live_batch: number | null;
  paid: boolean;
  attempts: number;
  objected_note: string | null;
}

export async function createPayoutBatch(
  db: Db,
  actor: CurrentUser,
  input: PayoutBatchRequest,
  context: BatchContext,
): Promise<{ id: number }> {
  const today = viennaDate(context.now);
  if (input.executionDate < today) throw badRequest(PAYOUT_MSG.executionDateInvalid);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYOUT_BATCH_LOCK})`);
    const items = rowsOf<Payable>(
      await tx.execute(sql`
        SELECT i.id, i.organisation_id, i.payee_name, i.amount_cents, i.purpose, i.fallback_account_holder, i.fallback_iban,
          (SELECT bi.batch_id FROM payout_batch_items bi WHERE bi.payout_item_id = i.id AND bi.status = 'offen' LIMIT 1) AS live_batch,
          EXISTS (SELECT 1 FROM payout_batch_items bi WHERE bi.payout_item_id = i.id AND bi.status = 'ausgezahlt') AS paid,
          (SELECT count(*) FROM payout_batch_items bi WHERE bi.payout_item_id = i.id)::int AS attempts,
          (SELECT c.number FROM credit_note_objections o JOIN credit_notes c ON c.id = o.credit_note_id
           WHERE o.credit_note_id = i.credit_note_id AND o.resolved_at IS NULL) AS objected_note
        FROM payout_items i
        WHERE i.id IN (${sql.join(
          input.itemIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY i.id`),
    );
    const found = new Set(items.map((i) => Number(i.id)));
    const missing = input.itemIds.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`${PAYOUT_MSG.itemNotFound} (Nr. ${missing})`);
    const organisationIds = [...new Set(items.map((i) => i.organisation_id).filter((id): id is number => id !== null))];
    const accounts = new Map(
      (organisationIds.length === 0
        ? []
        : await tx
            .select()
            .from(organisationPayoutAccounts)
            .where(inArray(organisationPayoutAccounts.organisationId, organisationIds))
      ).map((a) => [a.organisationId, a]),
    );
    const messageId = `PB-${today.replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const transfers: Array<CreditTransfer & { itemId: number }> = [];
    for (const item of items) {
      const id = Number(item.id);
      if (item.paid) throw conflict(PAYOUT_MSG.itemPaid(id));
      if (item.live_batch !== null) throw conflict(PAYOUT_MSG.itemInBatch(id, Number(item.live_batch)));
      // The agency disputes the credit note: nothing is paid on it until the office resolved that.
      if (item.objected_note !== null) throw conflict(PAYOUT_MSG.itemObjected(id, item.objected_note));
      const account = item.organisation_id === null ? undefined : accounts.get(Number(item.organisation_id));
      const iban = account?.iban ?? item.fallback_iban;
      if (!iban) throw conflict(PAYOUT_MSG.itemNoAccount(id, item.payee_name));
      // A statement's paying account or an account kept from before may be no SEPA account.
      const problem = sepaAccountProblem(iban, account?.bic ?? null);
      if (problem) throw conflict(PAYOUT_MSG.itemAccountInvalid(id, item.payee_name, problem));
      transfers.push({
        itemId: id,
        // Unique per attempt: a failed transfer sent again is a new instruction for the bank.
        endToEndId: `PB-A${id}-V${Number(item.attempts) + 1}`,
        creditorName: account?.accountHolder ?? item.fallback_account_holder ?? item.payee_name,
        iban,
        bic: account?.bic ?? null,
        amountCents: Number(item.amount_cents),
        remittance: item.purpose,
      });
    }
    const totalCents = transfers.reduce((sum, t) => sum + t.amountCents, 0);
    let xml: string;
    try {
      xml = buildPain001({
        messageId,
        createdAt: context.now,
        executionDate: input.executionDate,
        debtor: context.issuer,
        transfers,
      });
    } catch (err) {
      // sepa.js checks each field again; what the checks above let through is still a German 409, not a 500.
      throw conflict(PAYOUT_MSG.fileRefused(err instanceof Error ? err.message : String(err)));
    }
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        messageId,
        executionDate: input.executionDate,
        itemCount: transfers.length,
        totalCents,
        xml,
        createdBy: actor.id,
      })
      .returning({ id: payoutBatches.id });
    await tx.insert(payoutBatchItems).values(
      transfers.map((t) => ({
        batchId: batch!.id,
        payoutItemId: t.itemId,
        endToEndId: t.endToEndId,
        accountHolder: t.creditorName,
        iban: t.iban,
        bic: t.bic,
        amountCents: t.amountCents,
      })),
    );
    await recordAudit(tx, actor, {
      action: 'payout.batch',
      entity: 'payout_batch',
      entityId: batch!.id,
      after: { messageId, executionDate: input.executionDate, items: input.itemIds, totalCents },
    });
    return { id: batch!.id };
  });
}

/** The batch's file as stored, for the download. */
export async function payoutBatchFile(db: Db, batchId: number): Promise<{ messageId: string; xml: string }> {
  const [row] = await db
    .select({ messageId: payoutBatches.messageId, xml: payoutBatches.xml })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, batchId))
    .limit(1);
  if (!row) throw notFound(PAYOUT_MSG.batchNotFound);
  return row;
}

/**
 * What the bank did with transfers of a batch: one item, or every open one ('ausgezahlt' for the
 * whole batch). Decided once; a paid one tells the payee.
 */
export async function decidePayouts(
  db: Db,
  actor: CurrentUser,
  batchId: number,
  itemId: number | 'alle',
  decision: PayoutDecision,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select({ id: payoutBatches.id }).from(payoutBatches).where(eq(payoutBatches.id, batchId));
    if (!batch) throw notFound(PAYOUT_MSG.batchNotFound);
    const rows = await tx
      .select()
      .from(payoutBatchItems)
      .where(
        and(
          eq(payoutBatchItems.batchId, batchId),
          itemId === 'alle' ? eq(payoutBatchItems.status, 'offen') : eq(payoutBatchItems.payoutItemId, itemId),
        ),
      )
      .orderBy(payoutBatchItems.payoutItemId)
      .for('update');
    if (itemId !== 'alle') {
      if (rows.length === 0) throw notFound(PAYOUT_MSG.notInBatch);
      if (rows[0]!.status !== 'offen') throw conflict(PAYOUT_MSG.alreadyDecided);
    }
    for (const row of rows) {
      await tx
        .update(payoutBatchItems)
        .set({
          status: decision.status,
          failureReason: decision.status === 'fehlgeschlagen' ? decision.reason : null,
          decidedAt: now,
          decidedBy: actor.id,
        })
        .where(and(eq(payoutBatchItems.batchId, batchId), eq(payoutBatchItems.payoutItemId, row.payoutItemId)));
      await recordAudit(tx, actor, {
        action: decision.status === 'ausgezahlt' ? 'payout.paid' : 'payout.failed',
        entity: 'payout_item',
        entityId: row.payoutItemId,
        after: { batchId, ...decision },
      });
      if (decision.status === 'ausgezahlt') await tellPayee(tx, row.payoutItemId, row.iban, row.amountCents);
    }
    return rows.length;
  });
}

async function tellPayee(tx: Db, itemId: number, iban: string, amountCents: number): Promise<void> {
  const [item] = await tx.select().from(payoutItems).where(eq(payoutItems.id, itemId));
  if (!item?.organisationId) return;
  const paragraphs = [
    'Guten Tag,',
    `wir haben ${formatCents(amountCents)} auf Ihr Konto mit der IBAN-Endung ${iban.slice(-4)} überwiesen (${item.purpose}).`,
    'Je nach Bank ist der Betrag in ein bis zwei Werktagen auf Ihrem Konto.',
  ];
  for (const to of await moneyRecipients(tx, item.organisationId)) {
    await enqueueMail(tx, {
      event: 'payouts.paid',
      to,
      subject: `Auszahlung überwiesen: ${formatCents(amountCents)}`,
      text: paragraphs.join('\n\n'),
      html: simpleHtml(paragraphs),
    });
  }
}
