import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  formatCents,
  PAYMENT_MSG,
  viennaDate,
  type BankStatement,
  type IncomingPayment,
  type PaymentAssignment,
  type PaymentClearing,
  type PaymentState,
} from '@pb/core';
import type { Db } from '../../db/client';
import { bankStatements, incomingPayments, invoices, paymentAllocations } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { recordAudit } from '../../services/audit';
import { invoiceOfReport, openCentsOfReport } from '../billing';
import { conflict, notFound } from '../../lib/errors';
import {
  allocatedCentsOf,
  allocateToInvoice,
  PAYMENT_BOOKING_LOCK,
  type Allocated,
  type PlacementReport,
} from './allocation';

/**
 * The back office's incoming payments (issue 34): the list with the 'unklar' queue first, assigning
 * what a payment left over to an invoice by hand, closing a rest that is no invoice payment (with
 * its reason), and the payment a click on 'bezahlt' records. An assignment locks its payment, then
 * the placement (allocateToInvoice); nothing locks a payment after a placement, so the order of
 * decision 0034 (placement before the money rows it books) holds for every new row.
 */

type PaymentRow = typeof incomingPayments.$inferSelect;

function stateOf(row: PaymentRow, unallocated: number): PaymentState {
  if (unallocated === 0) return 'zugeordnet';
  return row.clearedAt ? 'erledigt' : 'unklar';
}

async function present(db: Db, rows: PaymentRow[]): Promise<IncomingPayment[]> {
  const ids = rows.map((r) => r.id);
  const allocations =
    ids.length === 0
      ? []
      : await db
          .select({
            paymentId: paymentAllocations.paymentId,
            invoiceNumber: invoices.number,
            placementReportId: paymentAllocations.placementReportId,
            cents: paymentAllocations.cents,
            method: paymentAllocations.method,
            purpose: paymentAllocations.purpose,
            createdAt: paymentAllocations.createdAt,
          })
          .from(paymentAllocations)
          .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
          .where(inArray(paymentAllocations.paymentId, ids))
          .orderBy(paymentAllocations.id);
  return rows.map((row) => {
    const own = allocations.filter((a) => a.paymentId === row.id);
    const unallocated = row.amountCents - own.reduce((sum, a) => sum + a.cents, 0);
    return {
      id: row.id,
      source: row.source,
      amountCents: row.amountCents,
      bookedOn: row.bookedOn,
      valueOn: row.valueOn,
      debtorName: row.debtorName,
      debtorIban: row.debtorIban,
      reference: row.reference,
      remittance: row.remittance,
      statementId: row.statementId,
      allocations: own.map((a) => ({
        invoiceNumber: a.invoiceNumber,
        placementReportId: a.placementReportId,
        cents: a.cents,
        method: a.method,
        purpose: a.purpose,
        allocatedAt: a.createdAt.toISOString(),
      })),
      unallocatedCents: unallocated,
      state: stateOf(row, unallocated),
      clearedReason: row.clearedReason,
    };
  });
}

// The outer row by its full name: in a select list Drizzle writes a column without its table, which
// inside a subquery would name the subquery's own column (the statements' counts below).
const UNALLOCATED = sql`incoming_payments.amount_cents > coalesce((SELECT sum(a.cents) FROM payment_allocations a WHERE a.payment_id = incoming_payments.id), 0)`;

/** The 'unklar' queue (oldest first) or the newest payments of every state. */
export async function listPayments(db: Db, state: 'unklar' | 'alle', limit = 200): Promise<IncomingPayment[]> {
  const rows =
    state === 'unklar'
      ? await db
          .select()
          .from(incomingPayments)
          .where(and(isNull(incomingPayments.clearedAt), UNALLOCATED))
          .orderBy(incomingPayments.bookedOn, incomingPayments.id)
          .limit(limit)
      : await db
          .select()
          .from(incomingPayments)
          .orderBy(desc(incomingPayments.bookedOn), desc(incomingPayments.id))
          .limit(limit);
  return present(db, rows);
}

export async function listBankStatements(db: Db, limit = 100): Promise<BankStatement[]> {
  const rows = await db
    .select({
      statement: bankStatements,
      booked: sql<string>`(SELECT count(*) FROM incoming_payments p WHERE p.bank_statement_id = bank_statements.id)`,
      bookedCents: sql<string>`(SELECT coalesce(sum(p.amount_cents), 0) FROM incoming_payments p WHERE p.bank_statement_id = bank_statements.id)`,
    })
    .from(bankStatements)
    .orderBy(desc(bankStatements.importedAt), desc(bankStatements.id))
    .limit(limit);
  return rows.map(({ statement, booked, bookedCents }) => ({
    id: statement.id,
    kind: statement.messageKind,
    statementIds: statement.statementIds,
    accountIban: statement.accountIban,
    fileName: statement.fileName,
    booked: Number(booked),
    bookedCents: Number(bookedCents),
    importedAt: statement.importedAt.toISOString(),
  }));
}

/** The payment, locked, and what of it is not assigned yet; 404 when there is none. */
async function lockedPayment(tx: Db, id: number): Promise<{ row: PaymentRow; unallocated: number }> {
  const [row] = await tx.select().from(incomingPayments).where(eq(incomingPayments.id, id)).for('update');
  if (!row) throw notFound(PAYMENT_MSG.paymentNotFound);
  const allocated = (await allocatedCentsOf(tx, [id])).get(id) ?? 0;
  return { row, unallocated: row.amountCents - allocated };
}

/** Assigns (part of) what a payment left over to an invoice; refused beyond the rest or what is owed. */
export async function assignPayment(
  db: Db,
  actor: CurrentUser,
  id: number,
  input: PaymentAssignment,
  now: Date,
): Promise<{ payment: IncomingPayment; allocated: Allocated }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYMENT_BOOKING_LOCK})`);
    const { row, unallocated } = await lockedPayment(tx, id);
    if (row.clearedAt || unallocated <= 0) throw conflict(PAYMENT_MSG.nothingLeft);
    if (input.cents > unallocated) throw conflict(PAYMENT_MSG.amountTooHigh);
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.number, input.invoiceNumber))
      .limit(1);
    if (!invoice) throw notFound(PAYMENT_MSG.invoiceNotFound);
    const allocated = await allocateToInvoice(
      tx,
      { id, cents: input.cents },
      input.invoiceNumber,
      'manuell',
      actor,
      now,
    );
    if (!allocated) throw conflict(PAYMENT_MSG.invoiceNotOpen);
    // Never less than asked without saying so: the whole assignment is refused (and rolled back).
    if (allocated.cents < input.cents) throw conflict(PAYMENT_MSG.amountAboveOpen(formatCents(allocated.cents)));
    await recordAudit(tx, actor, {
      action: 'payments.assign',
      entity: 'incoming_payment',
      entityId: id,
      before: { unallocatedCents: unallocated },
      after: { ...allocated },
    });
    const [payment] = await present(tx, [row]);
    return { payment: payment!, allocated };
  });
}

/** Closes what a payment left over as no invoice payment, with the reason (audited). */
export async function clearPayment(
  db: Db,
  actor: CurrentUser,
  id: number,
  input: PaymentClearing,
  now: Date,
): Promise<IncomingPayment> {
  return db.transaction(async (tx) => {
    const { row, unallocated } = await lockedPayment(tx, id);
    if (row.clearedAt || unallocated <= 0) throw conflict(PAYMENT_MSG.nothingLeft);
    const [cleared] = await tx
      .update(incomingPayments)
      .set({ clearedAt: now, clearedBy: actor.id, clearedReason: input.reason })
      .where(eq(incomingPayments.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'payments.clear',
      entity: 'incoming_payment',
      entityId: id,
      after: { unallocatedCents: unallocated, reason: input.reason },
    });
    const [payment] = await present(tx, [cleared!]);
    return payment!;
  });
}

/**
 * The back office marks a placement 'bezahlt' by hand: the payment is recorded (what is still owed,
 * booked today) and assigned to the invoice in force, so the statement of account and the sums show
 * it like a transfer from the bank. Runs inside the status change's transaction, the report locked.
 */
export async function recordManualPayment(
  tx: Db,
  report: PlacementReport,
  actor: CurrentUser | null,
  now: Date,
): Promise<void> {
  const open = await openCentsOfReport(tx, report.id);
  if (open <= 0) return;
  const invoice = await invoiceOfReport(tx, report.id);
  if (!invoice) return;
  const [payment] = await tx
    .insert(incomingPayments)
    .values({
      source: 'manuell',
      amountCents: open,
      bookedOn: viennaDate(now),
      remittance: `Als bezahlt markiert · Rechnung ${invoice.number}`,
      recordedBy: actor?.id ?? null,
      createdAt: now,
    })
    .returning();
  // The status change that called this stamps 'bezahlt' and audits it.
  await allocateToInvoice(tx, { id: payment!.id, cents: open }, invoice.number, 'manuell', actor, now, {
    settle: false,
  });
}
