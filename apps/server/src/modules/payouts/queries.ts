import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  agencyShareDueFrom,
  viennaDate,
  type PayoutBatch,
  type PayoutItem,
  type PayoutState,
  type PendingPayout,
} from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { organisations, payoutBatches, payoutBatchItems, placementReports } from '../../db/schema';
import { guaranteeWindowOf, invoiceUrl } from '../billing';
import { payoutAccountOf } from './account';
import { settlementBlocker, shareCents } from './credit-notes';

/** The payouts as the payee and the back office read them: each item with where it stands. */

interface ItemRow {
  id: number;
  kind: PayoutItem['kind'];
  placement_report_id: number;
  job_title: string | null;
  payee_name: string;
  amount_cents: string;
  due_on: string;
  credit_note_id: number | null;
  credit_note_number: string | null;
  invoice_id: number | null;
  invoice_number: string | null;
  batch_id: number | null;
  batch_status: 'offen' | 'ausgezahlt' | 'fehlgeschlagen' | null;
  failure_reason: string | null;
  decided_at: Date | string | null;
  account_known: boolean;
  account_iban: string | null;
  account_changed_at: Date | string | null;
  objection_reason: string | null;
  objected_at: Date | string | null;
  objection_resolution: string | null;
  objection_resolved_at: Date | string | null;
}

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function stateOf(row: ItemRow, today: string): PayoutState {
  if (row.batch_status === 'ausgezahlt') return 'ausgezahlt';
  if (row.batch_status === 'offen') return 'in_auszahlung';
  if (row.batch_status === 'fehlgeschlagen') return 'fehlgeschlagen';
  return String(row.due_on) > today ? 'vorgemerkt' : 'faellig';
}

export function creditNoteUrl(id: number): string {
  return `/api/credit-notes/${id}/pdf`;
}

function present(row: ItemRow, today: string): PayoutItem {
  const state = stateOf(row, today);
  return {
    id: Number(row.id),
    kind: row.kind,
    placementReportId: Number(row.placement_report_id),
    jobTitle: row.job_title ?? '',
    payeeName: row.payee_name,
    amountCents: Number(row.amount_cents),
    dueOn: String(row.due_on),
    state,
    document:
      row.credit_note_id !== null
        ? { number: row.credit_note_number ?? '', url: creditNoteUrl(Number(row.credit_note_id)) }
        : { number: row.invoice_number ?? '', url: invoiceUrl(Number(row.invoice_id)) },
    creditNoteId: row.credit_note_id === null ? null : Number(row.credit_note_id),
    paidOn: state === 'ausgezahlt' && row.decided_at ? viennaDate(new Date(row.decided_at)) : null,
    failureReason: state === 'fehlgeschlagen' ? row.failure_reason : null,
    batchId: state === 'in_auszahlung' ? Number(row.batch_id) : null,
    accountKnown: Boolean(row.account_known),
    accountIban: row.account_iban,
    accountChangedAt: isoOf(row.account_changed_at),
    objection:
      row.objection_reason === null
        ? null
        : {
            reason: row.objection_reason,
            objectedAt: isoOf(row.objected_at)!,
            resolution: row.objection_resolution,
            resolvedAt: isoOf(row.objection_resolved_at),
          },
  };
}

/** Items, newest first: one organisation's (payee), or every one the back office filters by state. */
export async function listPayoutItems(
  db: Db,
  filter: { organisationId?: number; open?: boolean },
  now: Date,
): Promise<PayoutItem[]> {
  const where: SQL[] = [];
  if (filter.organisationId !== undefined) where.push(sql`i.organisation_id = ${filter.organisationId}`);
  if (filter.open) where.push(sql`(b.status IS NULL OR b.status = 'fehlgeschlagen')`);
  const rows = rowsOf<ItemRow>(
    await db.execute(sql`
      SELECT i.id, i.kind, i.placement_report_id, r.job_title, i.payee_name, i.amount_cents, i.due_on,
             i.credit_note_id, c.number AS credit_note_number, i.invoice_id, inv.number AS invoice_number,
             b.batch_id, b.status AS batch_status, b.failure_reason, b.decided_at,
             (a.organisation_id IS NOT NULL OR i.fallback_iban IS NOT NULL) AS account_known,
             coalesce(a.iban, i.fallback_iban) AS account_iban, a.updated_at AS account_changed_at,
             o.reason AS objection_reason, o.objected_at, o.resolution AS objection_resolution,
             o.resolved_at AS objection_resolved_at
      FROM payout_items i
      LEFT JOIN placement_reports r ON r.id = i.placement_report_id
      LEFT JOIN credit_notes c ON c.id = i.credit_note_id
      LEFT JOIN invoices inv ON inv.id = i.invoice_id
      LEFT JOIN LATERAL (SELECT bi.batch_id, bi.status, bi.failure_reason, bi.decided_at FROM payout_batch_items bi
                         WHERE bi.payout_item_id = i.id ORDER BY bi.batch_id DESC LIMIT 1) b ON true
      LEFT JOIN organisation_payout_accounts a ON a.organisation_id = i.organisation_id
      LEFT JOIN credit_note_objections o ON o.credit_note_id = i.credit_note_id
      ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
      ORDER BY ${filter.open ? sql`i.due_on, i.id` : sql`i.id DESC`}
      LIMIT 1000`),
  );
  const today = viennaDate(now);
  return rows.map((r) => present(r, today));
}

/** The agency's placements whose share is not settled yet, with why and from when. */
export async function pendingShares(db: Db, organisationId: number, now: Date): Promise<PendingPayout[]> {
  const reports = await db
    .select()
    .from(placementReports)
    .where(
      and(
        eq(placementReports.agencyOrganisationId, organisationId),
        sql`${placementReports.status} IN ('verrechnet', 'bezahlt', 'garantiefall')`,
        sql`NOT EXISTS (SELECT 1 FROM credit_notes c WHERE c.placement_report_id = ${placementReports.id})`,
      ),
    )
    .orderBy(asc(placementReports.id))
    .limit(500);
  if (reports.length === 0) return [];
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  const blocker = settlementBlocker(organisation ?? null, await payoutAccountOf(db, organisationId));
  const openClaims = new Set(
    rowsOf<{ id: number }>(
      await db.execute(sql`SELECT placement_report_id AS id FROM guarantee_claims
                           WHERE status = 'offen' AND placement_report_id IN (${sql.join(
                             reports.map((r) => sql`${r.id}`),
                             sql`, `,
                           )})`),
    ).map((r) => Number(r.id)),
  );
  const today = viennaDate(now);
  const pending: PendingPayout[] = [];
  for (const report of reports) {
    const expectedOn = agencyShareDueFrom((await guaranteeWindowOf(db, report)).guaranteeEnd);
    const reason =
      report.paidAt === null
        ? 'Das Unternehmen hat die Rechnung noch nicht vollständig bezahlt.'
        : openClaims.has(report.id)
          ? 'Ein Garantiefall des Unternehmens wird geprüft.'
          : today < expectedOn
            ? 'Die Garantie und die Frist für einen Garantiefall laufen noch.'
            : (blocker ?? 'Die Gutschrift wird mit dem nächsten täglichen Abrechnungslauf ausgestellt.');
    pending.push({
      placementReportId: report.id,
      jobTitle: report.jobTitle,
      bonusCents: shareCents(report),
      expectedOn,
      reason,
    });
  }
  return pending;
}

/** The back office's batches, newest first, with their items. */
export async function listPayoutBatches(db: Db, limit = 50): Promise<PayoutBatch[]> {
  const batches = await db.select().from(payoutBatches).orderBy(desc(payoutBatches.id)).limit(limit);
  if (batches.length === 0) return [];
  const items = await db
    .select({
      batchId: payoutBatchItems.batchId,
      payoutItemId: payoutBatchItems.payoutItemId,
      payeeName: payoutBatchItems.accountHolder,
      iban: payoutBatchItems.iban,
      amountCents: payoutBatchItems.amountCents,
      status: payoutBatchItems.status,
      failureReason: payoutBatchItems.failureReason,
    })
    .from(payoutBatchItems)
    .where(
      sql`${payoutBatchItems.batchId} IN (${sql.join(
        batches.map((b) => sql`${b.id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(payoutBatchItems.payoutItemId));
  return batches.map((b) => ({
    id: b.id,
    messageId: b.messageId,
    executionDate: b.executionDate,
    itemCount: b.itemCount,
    totalCents: b.totalCents,
    createdAt: b.createdAt.toISOString(),
    fileUrl: `/api/admin/payout-batches/${b.id}/file`,
    items: items.filter((i) => i.batchId === b.id).map(({ batchId: _batch, ...rest }) => rest),
  }));
}
