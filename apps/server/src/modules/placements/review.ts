import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import {
  ADMIN_MSG,
  CASE_MSG,
  CIRCUMVENTION_MONTHS,
  calculateFees,
  computeFeeLine,
  eurosToCents,
  formatEuro,
  PLACEMENT_REVIEW_MSG,
  type PlacementReviewRequest,
  formatPercent,
} from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, placementReports, users, type PlacementReportRow } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { conflict, notFound } from '../../lib/errors';
import { monthsBefore } from '../../lib/months';
import { recordAudit } from '../../services/audit';
import { openCaseOfReport } from '../circumvention-cases';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';

/**
 * The back office's decision on a flagged report (issue 28): 'freigegeben' releases it for
 * invoicing — with the bonus and salary to invoice when the reported ones were wrong, never at
 * 0 € — and takes the advertisement offline when a consultant's report had left it active;
 * 'verworfen' discards it. One transaction, audited, the reporter mailed.
 */

export async function reviewPlacementReport(
  db: Db,
  actor: CurrentUser,
  id: number,
  input: PlacementReviewRequest,
  context: { now: Date; publicUrl: string },
): Promise<PlacementReportRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(placementReports).where(eq(placementReports.id, id)).for('update');
    if (!row) throw notFound(ADMIN_MSG.reportNotFound);
    if (row.status !== 'gemeldet') throw conflict(PLACEMENT_REVIEW_MSG.notPending);
    const caseId = await openCaseOfReport(tx, id);
    if (caseId !== null) throw conflict(CASE_MSG.reportInCase(caseId));
    const release = input.decision === 'freigegeben';
    const bonus = input.placementBonus ?? Number(row.placementBonus);
    const salary = input.actualSalary ?? Number(row.actualSalary);
    if (release && computeFeeLine(bonus, eurosToCents(salary), { reverseCharge: false }).netCents === 0) {
      throw conflict(PLACEMENT_REVIEW_MSG.zeroAmount);
    }
    const fees = calculateFees(bonus, salary);
    const [reviewed] = await tx
      .update(placementReports)
      .set({
        ...(release
          ? {
              placementBonus: bonus,
              actualSalary: salary,
              placementFee: fees.placementFee,
              serviceFee: fees.serviceFee,
            }
          : { status: 'verworfen' as const }),
        reviewedAt: context.now,
        reviewedBy: actor.id,
        reviewDecision: input.decision,
        reviewNote: input.note,
        updatedAt: context.now,
      })
      .where(eq(placementReports.id, id))
      .returning();
    // A consultant's report that waited for this review takes the advertisement offline now.
    const deactivated =
      release && row.variant === 'consultant' ? await deactivateJob(tx, row.jobId, context.now) : false;
    await recordAudit(tx, actor, {
      action: 'placement.review',
      entity: 'placement_report',
      entityId: id,
      before: {
        status: row.status,
        flags: row.reviewFlags.map((f) => f.code),
        circumvention: row.circumventionAt !== null,
        objected: row.objectedAt !== null,
        placementBonus: Number(row.placementBonus),
        actualSalary: Number(row.actualSalary),
      },
      after: {
        decision: input.decision,
        note: input.note,
        status: reviewed!.status,
        placementBonus: Number(reviewed!.placementBonus),
        actualSalary: Number(reviewed!.actualSalary),
        advertisementDeactivated: deactivated,
      },
    });
    await mailReporter(tx, reviewed!, deactivated, context.publicUrl);
    return reviewed!;
  });
}

async function deactivateJob(tx: Db, jobId: number | null, now: Date): Promise<boolean> {
  if (jobId === null) return false;
  const [job] = await tx
    .update(jobs)
    .set({ publishedAt: null, updatedAt: now })
    .where(eq(jobs.id, jobId))
    .returning({ id: jobs.id });
  return job !== undefined;
}

async function mailReporter(
  tx: Db,
  report: PlacementReportRow,
  deactivated: boolean,
  publicUrl: string,
): Promise<void> {
  if (report.reporterId === null) return;
  const [reporter] = await tx
    .select({ email: users.email, blocked: users.blocked })
    .from(users)
    .where(eq(users.id, report.reporterId));
  if (!reporter || reporter.blocked) return;
  const released = report.reviewDecision === 'freigegeben';
  const paragraphs = [
    'Guten Tag,',
    released
      ? `wir haben Ihre Meldung Nr. ${report.id} („${report.jobTitle}“, ${report.companyName}) geprüft und zur Verrechnung freigegeben: ${formatPercent(Number(report.placementBonus))} von ${formatEuro(Number(report.actualSalary))} Bruttojahresgehalt.${deactivated ? ' Das Inserat wurde deaktiviert.' : ''}`
      : `wir haben Ihre Meldung Nr. ${report.id} („${report.jobTitle}“, ${report.companyName}) geprüft und verworfen; sie wird nicht verrechnet.`,
    `Begründung: ${report.reviewNote ?? ''}`,
  ];
  const link = {
    href: `${publicUrl}/advertisements/${report.variant === 'consultant' ? 'earnings' : 'billing'}`,
    label: 'Zur Übersicht',
  };
  await enqueueMail(tx, {
    event: `placement.review.${released ? 'released' : 'discarded'}`,
    to: reporter.email,
    subject: `Ihre Meldung „${report.jobTitle}“: ${released ? 'freigegeben' : 'verworfen'}`,
    text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
    html: simpleHtml(paragraphs, link),
  });
}

/**
 * Retention: the hired person's fingerprints on reports go CIRCUMVENTION_MONTHS after the report
 * (as the introductions' do); the report keeps its facts. Returns how many reports it cleared.
 */
export async function hiredFingerprintRetention(tx: Db, now: Date, dryRun: boolean): Promise<number> {
  const due = and(
    isNull(placementReports.hiredFingerprintsDeletedAt),
    or(isNotNull(placementReports.hiredEmailFingerprint), isNotNull(placementReports.hiredPhoneFingerprint)),
    lt(placementReports.createdAt, monthsBefore(now, CIRCUMVENTION_MONTHS)),
  );
  if (dryRun) {
    const [row] = await tx.select({ n: count() }).from(placementReports).where(due);
    return row?.n ?? 0;
  }
  const cleared = await tx
    .update(placementReports)
    .set({ hiredEmailFingerprint: null, hiredPhoneFingerprint: null, hiredFingerprintsDeletedAt: now })
    .where(due)
    .returning({ id: placementReports.id });
  return cleared.length;
}
