import { and, desc, eq } from 'drizzle-orm';
import {
  MEMBER_PERMISSION_MSG,
  PLACEMENT_OBJECTION_MSG,
  placementObjectionSchema,
  type CompanyPlacementReport,
  type PlacementObjectionRequest,
} from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, placementReports, users, type PlacementReportRow } from '../../db/schema';
import { endedContracts } from '../../services/contract';
import type { CurrentUser } from '../../services/auth';
import { badRequest, conflict, forbidden, germanIssue, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import { isMemberOfCompany } from '../../services/policies';
import { enqueueMail } from '../../services/mail-outbox';
import { officeObjectionMail } from './mails';
import { mayObjectTo } from './policy';
import type { ReportContext } from './report';

/**
 * A company's side of consultants' reports (decision 0015): its list of them and its objection.
 * The report command itself is report.ts.
 */

export function parsePlacementObjection(raw: unknown): PlacementObjectionRequest {
  const result = placementObjectionSchema.safeParse(raw);
  if (result.success) return result.data;
  throw badRequest(germanIssue(result.error, PLACEMENT_OBJECTION_MSG.noteRequired));
}

function presentForCompany(
  r: PlacementReportRow,
  consultantName: string | null,
  mayObject: boolean,
): CompanyPlacementReport {
  return {
    id: r.id,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    consultantName,
    reportedAt: r.createdAt.toISOString(),
    status: r.status,
    objectedAt: r.objectedAt?.toISOString() ?? null,
    objectionNote: r.objectionNote,
    canObject: mayObject && r.variant === 'consultant' && r.status === 'gemeldet' && r.objectedAt === null,
    // Without an introduction at 'Angebot'/'eingestellt' the advertisement waits for the office's review.
    reviewPending:
      r.variant === 'consultant' && r.introductionId === null && r.status === 'gemeldet' && r.reviewDecision === null,
  };
}

/**
 * Consultants' reports on the company's advertisements, newest first (its own reports are not
 * listed), for every member of the company; objecting is offered to those whose role may.
 */
export async function companyPlacementReports(db: Db, user: CurrentUser): Promise<CompanyPlacementReport[]> {
  const company = user.organisation;
  if (company?.kind !== 'company') return [];
  const rows = await db
    .select({ report: placementReports, consultantName: users.username, jobTitle: jobs.jobTitle })
    .from(placementReports)
    .leftJoin(users, eq(users.id, placementReports.reporterId))
    .leftJoin(jobs, eq(jobs.id, placementReports.jobId))
    .where(
      and(
        eq(placementReports.companyOrganisationId, company.organisationId),
        eq(placementReports.variant, 'consultant'),
      ),
    )
    .orderBy(desc(placementReports.createdAt), desc(placementReports.id))
    .limit(100);
  return rows.map((r) => ({
    ...presentForCompany(r.report, r.consultantName, mayObjectTo(user, r.report)),
    // The advertisement's own title (the report holds the consultant's text for the filled position).
    jobTitle: r.jobTitle ?? r.report.jobTitle,
  }));
}

/**
 * The owning company objects to a consultant's report (decision 0015): once, with a note, while
 * it is 'gemeldet' (not invoiced). Reactivates the advertisement if the report had taken it
 * offline, withdraws a release by the office (the report needs a new review before any invoice)
 * and mails the office. On the server's clock, like the review it is compared with.
 */
export async function objectToPlacement(
  db: Db,
  user: CurrentUser,
  reportId: number,
  input: PlacementObjectionRequest,
  context: ReportContext,
): Promise<CompanyPlacementReport> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(placementReports).where(eq(placementReports.id, reportId)).for('update');
    if (!row) throw notFound(PLACEMENT_OBJECTION_MSG.reportNotFound);
    if (!mayObjectTo(user, row)) {
      const ownCompany = isMemberOfCompany(user.organisation, row.companyOrganisationId);
      throw forbidden(ownCompany ? MEMBER_PERMISSION_MSG['placements.report'] : PLACEMENT_OBJECTION_MSG.ownOnly);
    }
    if (row.variant !== 'consultant') throw conflict(PLACEMENT_OBJECTION_MSG.consultantOnly);
    if (row.objectedAt) throw conflict(PLACEMENT_OBJECTION_MSG.alreadyObjected);
    if (row.status !== 'gemeldet') throw conflict(PLACEMENT_OBJECTION_MSG.notPending);

    const now = context.now;
    const [updated] = await tx
      .update(placementReports)
      .set({
        objectedAt: now,
        objectedBy: user.id,
        objectionNote: input.note,
        // "An objection after a release needs a new review" (0029): the release no longer stands.
        reviewDecision: null,
        reviewedAt: null,
        reviewedBy: null,
        reviewNote: null,
        updatedAt: now,
      })
      .where(eq(placementReports.id, row.id))
      .returning();
    const [job] =
      row.jobId === null
        ? []
        : await tx
            .select({
              id: jobs.id,
              jobTitle: jobs.jobTitle,
              publishedAt: jobs.publishedAt,
              organisationId: jobs.organisationId,
            })
            .from(jobs)
            .where(eq(jobs.id, row.jobId))
            .for('update');
    // The objection brings the advertisement back (the position is open again) — not for a company
    // whose contract has ended: it may not advertise any more.
    const ended =
      job?.organisationId != null && (await endedContracts(tx, [job.organisationId], now)).has(job.organisationId);
    const reactivated = job !== undefined && job.publishedAt === null && !ended;
    if (reactivated) {
      await tx.update(jobs).set({ publishedAt: now, updatedAt: now }).where(eq(jobs.id, job.id));
    }
    // Admin-relevant: it reactivates an advertisement and holds back an invoice (the back office decides).
    await recordAudit(tx, user, {
      action: 'placement.objection',
      entity: 'placement_report',
      entityId: row.id,
      before: {
        objected: false,
        advertisementActive: job !== undefined && !reactivated,
        // The office's release this objection withdraws (it stays in the audit log, not on the report).
        ...(row.reviewDecision
          ? {
              review: { decision: row.reviewDecision, at: row.reviewedAt?.toISOString() ?? null, byId: row.reviewedBy },
            }
          : {}),
      },
      after: {
        objected: true,
        objectedAt: updated!.objectedAt,
        advertisementId: job?.id ?? null,
        advertisementActive: job !== undefined,
        note: input.note,
      },
    });
    const [consultant] = row.reporterId
      ? await tx
          .select({ username: users.username, email: users.email })
          .from(users)
          .where(eq(users.id, row.reporterId))
      : [];

    await enqueueMail(
      tx,
      officeObjectionMail(
        {
          report: { ...row, placementFee: Number(row.placementFee) },
          company: user,
          advertisement: job,
          consultant,
          note: input.note,
          reactivated,
        },
        context.officeEmail,
      ),
    );
    return {
      ...presentForCompany(updated!, consultant?.username ?? null, true),
      jobTitle: job?.jobTitle ?? row.jobTitle,
    };
  });
}
