import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { placementReports, type PlacementReportRow } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { recordAudit } from '../../services/audit';

/**
 * What a placement's customer has paid and owes (issue 34), defined once for imports, reminders,
 * corrections and refunds: its invoices (corrections included; a circumvention case's penalty
 * invoice is paid apart, payments/allocation.ts) against what payments gave them
 * less what was booked to be paid back (refund payout items). Callers hold the placement's row
 * lock (lock order: report, then money rows).
 */

interface Sums {
  invoiced: number;
  paid: number;
  refunded: number;
}

async function sumsOf(tx: Db, reportId: number): Promise<Sums> {
  const [row] = rowsOf<{ invoiced: string; paid: string; refunded: string }>(
    await tx.execute(sql`
      SELECT
        coalesce((SELECT sum(gross_cents) FROM invoices
                  WHERE placement_report_id = ${reportId} AND kind <> 'vertragsstrafe'), 0) AS invoiced,
        coalesce((SELECT sum(cents) FROM payment_allocations
                  WHERE placement_report_id = ${reportId} AND purpose = 'rechnung'), 0) AS paid,
        coalesce((SELECT sum(amount_cents) FROM payout_items
                  WHERE placement_report_id = ${reportId} AND kind = 'rueckerstattung'), 0) AS refunded`),
  );
  return { invoiced: Number(row!.invoiced), paid: Number(row!.paid), refunded: Number(row!.refunded) };
}

/** Paid less what is booked to go back: what the customer has really given for the invoices, cents. */
export async function netPaidCentsOfReport(tx: Db, reportId: number): Promise<number> {
  const { paid, refunded } = await sumsOf(tx, reportId);
  return paid - refunded;
}

/** What the placement's customer still owes, cents (negative: more was paid than is owed and booked back). */
export async function openCentsOfReport(tx: Db, reportId: number): Promise<number> {
  const { invoiced, paid, refunded } = await sumsOf(tx, reportId);
  return invoiced - paid + refunded;
}

/**
 * The placement is paid once a payment was made and nothing is owed: 'bezahlt' (from 'verrechnet')
 * and its payment day; once. Called after a payment and after a correction that lowers what is
 * owed (a partial payment can cover a lowered amount: without this the agency would wait forever).
 */
export async function settleIfPaid(
  tx: Db,
  report: PlacementReportRow,
  actor: Pick<CurrentUser, 'id' | 'email'> | null,
  now: Date,
): Promise<boolean> {
  if (report.paidAt !== null) return false;
  const { invoiced, paid, refunded } = await sumsOf(tx, report.id);
  if (paid === 0 || invoiced - paid + refunded > 0) return false;
  const status = report.status === 'verrechnet' ? 'bezahlt' : report.status;
  await tx
    .update(placementReports)
    .set({ status, paidAt: now, updatedAt: now })
    .where(eq(placementReports.id, report.id));
  await recordAudit(tx, actor, {
    action: 'placement.paid',
    entity: 'placement_report',
    entityId: report.id,
    before: { status: report.status },
    after: { status, paidAt: now },
  });
  return true;
}
