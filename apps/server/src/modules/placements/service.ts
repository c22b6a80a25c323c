import { and, desc, eq, sql } from 'drizzle-orm';
import {
  JOB_MSG,
  MSG,
  PLACEMENT_OBJECTION_MSG,
  placementObjectionSchema,
  placementReportSchema,
  type CompanyPlacementReport,
  type PlacementObjectionRequest,
  type PlacementReportRequest,
  type PlacementReportResult,
  type PlacementReportedEvent,
} from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, placementReports, users } from '../../db/schema';
import type { CurrentUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, germanIssue, notFound } from '../../lib/errors';
import { recordAudit } from '../admin/audit';
import { activeBonusOf } from '../jobs/active-bonus';
import { applyPlacementToClaims, introductionForReport } from '../introductions/claims';
import { lockRegister } from '../introductions/register';
import { enqueueMail } from '../mail/outbox';
import { reportFigures } from './fees';
import {
  companyReportNoticeMail,
  officeObjectionMail,
  officeReportMail,
  reportConfirmationMail,
  type ReportedPlacement,
} from './mails';
import { authorizeReportOn, authorizeReportVariant, mayObjectTo } from './policy';

/**
 * Placement reports (spec §3/§4/§5): stored with the bonus in force, fees
 * computed, the advertisement deactivated and both mails queued — one transaction.
 */

export function parsePlacementReport(raw: unknown): PlacementReportRequest {
  const result = placementReportSchema.safeParse(raw);
  if (result.success) return result.data;
  throw badRequest(germanIssue(result.error, MSG.fillAllFields), {
    errors: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export interface ReportContext {
  officeEmail: string;
  publicUrl: string;
}

/** A report also touches the introductions register (the named introduction, circumvention check). */
export interface PlacementReportContext extends ReportContext {
  fingerprintSecret: string;
  registerSecret: string;
  now: Date;
}

export interface ReportOutcome {
  result: PlacementReportResult;
  /** For a consultant's report: whom to tell live after the commit (`placement:reported`). */
  notify: { companyId: number; event: PlacementReportedEvent } | null;
}

/**
 * Command: stores a report with the bonus in force and the fees, deactivates the
 * advertisement and queues the mails (office, reporter, and for a consultant's report
 * the owning company) — one transaction.
 */
export async function reportPlacement(
  db: Db,
  user: CurrentUser,
  input: PlacementReportRequest,
  context: PlacementReportContext,
): Promise<ReportOutcome> {
  authorizeReportVariant(user, input.variant);
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, ownerId: jobs.ownerId, publishedAt: jobs.publishedAt, jobTitle: jobs.jobTitle })
      .from(jobs)
      .where(eq(jobs.id, input.advertisement))
      .for('update');
    if (!job) throw notFound(MSG.advertisementGone);
    await authorizeReportOn(tx, user, input.variant, job);
    if (!job.publishedAt) throw conflict(JOB_MSG.inactive);
    const [owner] = job.ownerId
      ? await tx.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, job.ownerId))
      : [];
    const claimInput = {
      reporter: user,
      job,
      introductionId: input.introduction,
      candidateEmail: input.candidateEmail,
      candidatePhone: input.candidatePhone,
    };
    // The hired candidate's introduction fixes the bonus: the one in force when they were introduced.
    // The register before any introduction row (the lock order of every register command).
    await lockRegister(tx);
    const introduction = await introductionForReport(tx, claimInput);
    const figures = introduction
      ? reportFigures({ ...input, placementBonus: introduction.bonus }, introduction.bonus)
      : reportFigures(input, await activeBonusOf(tx, job.id));

    const people =
      input.variant === 'company'
        ? // The company reports for itself: its own e-mail is the contact person.
          { contactPerson: user.email, recruiter: input.recruiter, recruiterMail: input.recruiterMail }
        : {
            contactPerson: input.contactPerson,
            recruiter: `${user.username} (${user.id})`,
            recruiterMail: user.email,
          };
    const invoiceAddress =
      input.variant === 'company'
        ? {
            street: input.street,
            houseNr: input.houseNr,
            postalCode: input.postalCode,
            city: input.city,
            uid: input.uid,
          }
        : null;
    const [row] = await tx
      .insert(placementReports)
      .values({
        jobId: job.id,
        reporterId: user.id,
        companyId: job.ownerId,
        variant: input.variant,
        companyName: input.companyName,
        jobTitle: input.jobTitle,
        placementBonus: figures.placementBonus,
        bonusInForce: figures.bonusInForce,
        actualSalary: figures.actualSalary,
        placementFee: figures.placementFee,
        serviceFee: figures.serviceFee,
        introductionId: introduction?.id ?? null,
        ...people,
        ...invoiceAddress,
      })
      .returning({ id: placementReports.id, createdAt: placementReports.createdAt });
    await tx
      .update(jobs)
      .set({ publishedAt: null, updatedAt: sql`now()` })
      .where(eq(jobs.id, job.id));
    await applyPlacementToClaims(
      tx,
      { id: row!.id, jobTitle: job.jobTitle, companyName: input.companyName },
      introduction,
      claimInput,
      context,
    );

    const report: ReportedPlacement = {
      id: row!.id,
      createdAt: row!.createdAt,
      variant: input.variant,
      companyName: input.companyName,
      jobTitle: input.jobTitle,
      ...people,
      invoiceAddress,
    };
    const mail = { report, reporter: user, owner, advertisement: job, figures };
    await enqueueMail(tx, officeReportMail(mail, context.officeEmail));
    await enqueueMail(tx, reportConfirmationMail(mail, context.publicUrl));
    const result = { id: report.id, placementFee: figures.placementFee, serviceFee: figures.serviceFee };
    if (input.variant !== 'consultant' || !job.ownerId || !owner) return { result, notify: null };

    // The company hears of a consultant's report at once (same transaction) and may object.
    await enqueueMail(tx, companyReportNoticeMail({ ...mail, owner }, context.publicUrl));
    return {
      result,
      notify: {
        companyId: job.ownerId,
        event: {
          reportId: report.id,
          jobId: job.id,
          jobTitle: job.jobTitle,
          consultantName: user.username,
          reportedAt: report.createdAt.toISOString(),
        },
      },
    };
  });
}

export function parsePlacementObjection(raw: unknown): PlacementObjectionRequest {
  const result = placementObjectionSchema.safeParse(raw);
  if (result.success) return result.data;
  throw badRequest(germanIssue(result.error, PLACEMENT_OBJECTION_MSG.noteRequired));
}

type ReportRow = typeof placementReports.$inferSelect;

function presentForCompany(r: ReportRow, consultantName: string | null): CompanyPlacementReport {
  return {
    id: r.id,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    consultantName,
    reportedAt: r.createdAt.toISOString(),
    status: r.status,
    objectedAt: r.objectedAt?.toISOString() ?? null,
    objectionNote: r.objectionNote,
    canObject: r.variant === 'consultant' && r.status === 'gemeldet' && r.objectedAt === null,
  };
}

/** Consultants' reports on the company's advertisements, newest first (its own reports are not listed). */
export async function companyPlacementReports(db: Db, user: CurrentUser): Promise<CompanyPlacementReport[]> {
  const rows = await db
    .select({ report: placementReports, consultantName: users.username, jobTitle: jobs.jobTitle })
    .from(placementReports)
    .leftJoin(users, eq(users.id, placementReports.reporterId))
    .leftJoin(jobs, eq(jobs.id, placementReports.jobId))
    .where(and(eq(placementReports.companyId, user.id), eq(placementReports.variant, 'consultant')))
    .orderBy(desc(placementReports.createdAt), desc(placementReports.id))
    .limit(100);
  return rows.map((r) => ({
    ...presentForCompany(r.report, r.consultantName),
    // The advertisement's own title (the report holds the consultant's text for the filled position).
    jobTitle: r.jobTitle ?? r.report.jobTitle,
  }));
}

/**
 * The owning company objects to a consultant's report (decision 0015): once, with a note,
 * while it is 'gemeldet'. Reactivates the advertisement, flags the report, mails the office.
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
    if (!mayObjectTo(user, row)) throw forbidden(PLACEMENT_OBJECTION_MSG.ownOnly);
    if (row.variant !== 'consultant') throw conflict(PLACEMENT_OBJECTION_MSG.consultantOnly);
    if (row.objectedAt) throw conflict(PLACEMENT_OBJECTION_MSG.alreadyObjected);
    if (row.status !== 'gemeldet') throw conflict(PLACEMENT_OBJECTION_MSG.notPending);

    const [updated] = await tx
      .update(placementReports)
      .set({ objectedAt: sql`now()`, objectedBy: user.id, objectionNote: input.note, updatedAt: sql`now()` })
      .where(eq(placementReports.id, row.id))
      .returning();
    const [job] =
      row.jobId === null
        ? []
        : await tx
            .select({ id: jobs.id, jobTitle: jobs.jobTitle, publishedAt: jobs.publishedAt })
            .from(jobs)
            .where(eq(jobs.id, row.jobId))
            .for('update');
    const reactivated = job !== undefined && job.publishedAt === null;
    if (reactivated) {
      await tx
        .update(jobs)
        .set({ publishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(jobs.id, job.id));
    }
    // Admin-relevant: it reactivates an advertisement and holds back an invoice (the back office decides).
    await recordAudit(tx, user, {
      action: 'placement.objection',
      entity: 'placement_report',
      entityId: row.id,
      before: { objected: false, advertisementActive: job !== undefined && !reactivated },
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
    return { ...presentForCompany(updated!, consultant?.username ?? null), jobTitle: job?.jobTitle ?? row.jobTitle };
  });
}
