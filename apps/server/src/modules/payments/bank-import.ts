import { createHash } from 'node:crypto';
import { and, eq, like, ne, or, sql } from 'drizzle-orm';
import { formatIban, PAYMENT_MSG, viennaDate, formatDay, type BankStatementImport } from '@pb/core';
import type { Db } from '../../db/client';
import { bankStatementKeys, bankStatements, incomingPayments } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { recordAudit } from '../../services/audit';
import { badRequest, conflict } from '../../lib/errors';
import { matchPayment, PAYMENT_BOOKING_LOCK } from './allocation';
import { parseCamt, type CamtMessage } from './camt';

/**
 * Importing a bank statement (issue 34): one transaction for the whole file — a file that fails
 * anywhere books nothing. Each statement is imported once (its kind, account and id), each entry
 * booked once (its bank reference: a camt.054 and the later camt.053 share it). Credits in EUR
 * become incoming payments and are matched at once; debits, reversals, pending entries and other
 * currencies are counted and left alone. Imports take one lock, so two at once (two instances,
 * a double click) book every entry once and their placement locks never cross.
 */

export interface ImportContext {
  /** The platform's account (the invoices' IBAN): a statement of another account is refused. */
  accountIban: string;
  now: Date;
}

export interface ImportResult {
  summary: BankStatementImport;
  /** Placements whose money changed (their parties' open pages reload). */
  changedReports: number[];
}

function statementKey(message: CamtMessage, accountIban: string, statementId: string): string {
  return `${message.kind}|${accountIban}|${statementId}`;
}

/** An earlier import booked the entry `base` (whole, or any part of its batch). */
async function bookedEarlier(tx: Db, accountIban: string, base: string, statementId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: incomingPayments.id })
    .from(incomingPayments)
    .where(
      and(
        eq(incomingPayments.accountIban, accountIban),
        ne(incomingPayments.bankStatementId, statementId),
        or(
          eq(incomingPayments.entryKey, base),
          like(incomingPayments.entryKey, `${base.replace(/[\\%_]/g, '\\$&')}#%`),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function importBankStatement(
  db: Db,
  actor: CurrentUser,
  file: { buffer: Buffer; fileName: string },
  context: ImportContext,
): Promise<ImportResult> {
  const message = parseCamt(file.buffer);
  const platformIban = context.accountIban.replace(/\s/g, '').toUpperCase();
  for (const statement of message.statements) {
    if (statement.accountIban !== platformIban) {
      throw badRequest(PAYMENT_MSG.statementOtherAccount(formatIban(statement.accountIban), formatIban(platformIban)));
    }
  }
  const sha256 = createHash('sha256').update(file.buffer).digest('hex');
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYMENT_BOOKING_LOCK})`);
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        messageKind: message.kind,
        messageVersion: message.version,
        messageId: message.messageId,
        statementIds: message.statements.map((s) => s.id),
        accountIban: platformIban,
        fileName: file.fileName,
        fileSha256: sha256,
        importedBy: actor.id,
        importedAt: context.now,
      })
      .returning();
    for (const s of message.statements) {
      const key = statementKey(message, platformIban, s.id);
      const claimed = await tx
        .insert(bankStatementKeys)
        .values({ statementKey: key, bankStatementId: statement!.id })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) {
        const [earlier] = await tx
          .select({ importedAt: bankStatements.importedAt })
          .from(bankStatementKeys)
          .innerJoin(bankStatements, eq(bankStatements.id, bankStatementKeys.bankStatementId))
          .where(eq(bankStatementKeys.statementKey, key));
        throw conflict(PAYMENT_MSG.statementAlreadyImported(s.id, formatDay(viennaDate(earlier!.importedAt))));
      }
    }

    const counts = { booked: 0, bookedCents: 0, matched: 0, unclear: 0, alreadyBooked: 0, skipped: 0 };
    const settled: number[] = [];
    const changed = new Set<number>();
    for (const s of message.statements) {
      for (const entry of s.entries) {
        if (!entry.credit || !entry.booked || entry.reversal || entry.currency !== 'EUR' || entry.amountCents <= 0) {
          counts.skipped += 1;
          continue;
        }
        // The same entry split into its transfers in one file and whole in the other (or the other
        // way round): booked by an earlier import under its base key or a part of it.
        const base = entry.key.replace(/#\d+$/, '');
        if (await bookedEarlier(tx, platformIban, base, statement!.id)) {
          counts.alreadyBooked += 1;
          continue;
        }
        const [payment] = await tx
          .insert(incomingPayments)
          .values({
            source: 'bank',
            bankStatementId: statement!.id,
            statementId: s.id,
            accountIban: platformIban,
            entryKey: entry.key,
            amountCents: entry.amountCents,
            bookedOn: entry.bookedOn,
            valueOn: entry.valueOn,
            debtorName: entry.debtorName,
            debtorIban: entry.debtorIban,
            reference: entry.reference,
            remittance: entry.remittance,
            endToEndId: entry.endToEndId,
            recordedBy: actor.id,
            createdAt: context.now,
          })
          .onConflictDoNothing({
            target: [incomingPayments.accountIban, incomingPayments.entryKey],
            where: sql`entry_key IS NOT NULL`,
          })
          .returning();
        if (!payment) {
          counts.alreadyBooked += 1;
          continue;
        }
        counts.booked += 1;
        counts.bookedCents += entry.amountCents;
        const { allocated, leftCents } = await matchPayment(
          tx,
          { id: payment.id, cents: entry.amountCents, reference: entry.reference, remittance: entry.remittance },
          context.now,
        );
        if (leftCents > 0) counts.unclear += 1;
        else counts.matched += 1;
        for (const a of allocated) {
          changed.add(a.placementReportId);
          if (a.settled) settled.push(a.placementReportId);
        }
      }
    }
    await recordAudit(tx, actor, {
      action: 'payments.import',
      entity: 'bank_statement',
      entityId: statement!.id,
      after: { kind: message.kind, statementIds: message.statements.map((s) => s.id), sha256, ...counts, settled },
    });
    return {
      summary: {
        id: statement!.id,
        kind: message.kind,
        statementIds: message.statements.map((s) => s.id),
        accountIban: platformIban,
        ...counts,
        settledReports: settled,
        importedAt: context.now.toISOString(),
      },
      changedReports: [...changed],
    };
  });
}
