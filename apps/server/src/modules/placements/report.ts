import { and, asc, eq, sql } from 'drizzle-orm';
import {
  computeFeeLine,
  eurosToCents,
  JOB_MSG,
  MSG,
  placementReportSchema,
  type PlacementReportRequest,
  type PlacementReportResult,
  type PlacementReportedEvent,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, jobs, placementReports, users } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { badRequest, conflict, germanIssue, notFound } from '../../lib/errors';
import { activeBonusOf, ownershipColumns } from '../jobs';
import {
  applyPlacementToClaims,
  introductionForReport,
  contactsDiffer,
  fingerprintsOf,
  lockRegister,
} from '../introductions';
import { enqueueMail } from '../../services/mail-outbox';
import { latestOrganisationOf } from '../../services/memberships';
import { reportFigures } from './fees';
import { placementFlags } from './flags';
import { companyReportNoticeMail, officeReportMail, reportConfirmationMail, type ReportedPlacement } from './mails';
import { authorizeReportOn, authorizeReportVariant } from './policy';
import {
  assertConsultantMayReport,
  assertIntroductionNotReported,
  earlierReportOfHired,
  objectedReportsOf,
} from './report-checks';

/**
 * Placement reports (spec §3/§4/§5, issue 28): stored with the bonus in force and the fees,
 * the hired person's fingerprints, and the flags the back office must decide before invoicing;
 * the advertisement deactivated unless the office reviews first; the mails queued — one transaction.
 */

/**
 * A company's report without an introduction names the placing consultant by e-mail: the agency
 * that consultant acts for most recently (the placement counts in its earnings), else none.
 */
async function agencyNamedBy(tx: Db, recruiterMail: string): Promise<number | null> {
  const [consultant] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'consultant'), sql`lower(${users.email}) = lower(${recruiterMail})`))
    .orderBy(asc(users.id))
    .limit(1);
  return consultant ? latestOrganisationOf(tx, consultant.id, 'agency') : null;
}

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
  /** The server's clock (app.now()): every fact of a report and of an objection to it. */
  now: Date;
}

/** A report also touches the introductions register (the named introduction, circumvention check). */
export interface PlacementReportContext extends ReportContext {
  fingerprintSecret: string;
  /** Key of the register's MACs (decision 0027): the report appends register entries. */
  registerSecret: string;
}

export interface ReportOutcome {
  result: PlacementReportResult;
  /** For a consultant's report: whom to tell live after the commit (`placement:reported`). */
  notify: { companyId: number; companyOrganisationId: number | null; event: PlacementReportedEvent } | null;
}

/**
 * Command: stores a report, deactivates the advertisement (unless the back office reviews a
 * consultant's report without a qualifying introduction first) and queues the mails (office,
 * reporter, and for a consultant's report the owning company) — one transaction.
 */
export async function reportPlacement(
  db: Db,
  user: CurrentUser,
  input: PlacementReportRequest,
  context: PlacementReportContext,
): Promise<ReportOutcome> {
  authorizeReportVariant(user, input.variant);
  return db.transaction(async (tx) => {
    // The register before any row, the advertisement's too (the lock order of every register command).
    await lockRegister(tx);
    const [job] = await tx
      .select({
        ...ownershipColumns,
        salaryMinCents: jobs.salaryMinCents,
        salaryMaxCents: jobs.salaryMaxCents,
      })
      .from(jobs)
      .where(eq(jobs.id, input.advertisement))
      .for('update');
    if (!job) throw notFound(MSG.advertisementGone);
    await authorizeReportOn(tx, user, input.variant, job);
    // An agency that introduced someone here may report on an advertisement taken down since — by
    // its company or at the end of its contract: deactivating must not dodge the fee.
    if (!job.publishedAt && !(await introducedHere(tx, job.id, input.variant === 'consultant' ? user : null))) {
      throw conflict(JOB_MSG.inactive);
    }
    const [owner] = job.ownerId
      ? await tx.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, job.ownerId))
      : [];
    const claimInput = {
      reporter: user,
      job,
      introductionId: input.introduction,
      candidateEmail: input.candidateEmail,
      candidatePhone: input.candidatePhone,
      uids: input.variant === 'company' && input.uid !== undefined ? [input.uid] : [],
    };
    // The hired candidate's introduction fixes the bonus: the one in force when they were introduced.
    const introduction = await introductionForReport(tx, claimInput);
    if (introduction) await assertIntroductionNotReported(tx, introduction.id);
    // The agency the placement is the agency's of: the reporting consultant's, or the named introduction's.
    const agencyOrganisationId =
      input.variant === 'consultant'
        ? user.organisation!.organisationId
        : (introduction?.agencyOrganisationId ?? (await agencyNamedBy(tx, input.recruiterMail)));
    if (input.variant === 'consultant') {
      await assertConsultantMayReport(tx, agencyOrganisationId!, job.id, introduction);
    }
    const figures = introduction
      ? reportFigures({ ...input, placementBonus: introduction.bonus }, introduction.bonus)
      : reportFigures(input, await activeBonusOf(tx, job.id));

    const hired = fingerprintsOf(context.fingerprintSecret, {
      email: input.candidateEmail,
      phone: input.candidatePhone,
    });
    // The hired person as the report records them: the contact given, else the named introduction's.
    const hiredStored = {
      email: hired.email ?? introduction?.emailFingerprint ?? null,
      phone: hired.phone ?? introduction?.phoneFingerprint ?? null,
    };
    const flags = placementFlags({
      variant: input.variant,
      introductionNamed: introduction !== null,
      contactMismatch:
        input.variant === 'company' && introduction !== null
          ? contactsDiffer(hired, { email: introduction.emailFingerprint, phone: introduction.phoneFingerprint })
          : false,
      placementBonus: figures.placementBonus,
      bonusInForce: figures.bonusInForce,
      actualSalary: figures.actualSalary,
      salaryRange:
        job.salaryMinCents !== null && job.salaryMaxCents !== null
          ? { minCents: job.salaryMinCents, maxCents: job.salaryMaxCents }
          : null,
      netCents: computeFeeLine(figures.placementBonus, eurosToCents(figures.actualSalary), { reverseCharge: false })
        .netCents,
      objectedReports:
        input.variant === 'consultant' ? await objectedReportsOf(tx, agencyOrganisationId!, context.now) : 0,
      hiredReportedIn:
        input.variant === 'company' && job.ownerId !== null
          ? await earlierReportOfHired(
              tx,
              { contactId: job.ownerId, organisationId: job.organisationId },
              hiredStored,
              context.now,
            )
          : null,
    });
    // Without an introduction the company made an offer for, a consultant's word alone does not
    // take the company's advertisement offline: the back office reviews first.
    const reviewFirst = input.variant === 'consultant' && introduction === null;

    const people =
      input.variant === 'company'
        ? // The company reports for itself: its own e-mail is the contact person.
          { contactPerson: user.email, recruiter: input.recruiter, recruiterMail: input.recruiterMail }
        : {
            contactPerson: input.contactPerson,
            recruiter: `${user.username} (${user.id})`,
            recruiterMail: user.email,
          };
    // A company whose organisation's legal identity is incomplete names its invoice address (issue 31).
    const invoiceAddress =
      input.variant === 'company' &&
      input.street !== undefined &&
      input.houseNr !== undefined &&
      input.postalCode !== undefined &&
      input.city !== undefined &&
      input.uid !== undefined
        ? {
            street: input.street,
            houseNr: input.houseNr,
            postalCode: input.postalCode,
            city: input.city,
            uid: input.uid,
            country: input.country,
          }
        : null;
    const [row] = await tx
      .insert(placementReports)
      .values({
        jobId: job.id,
        reporterId: user.id,
        companyId: job.ownerId,
        companyOrganisationId: job.organisationId,
        agencyOrganisationId,
        reportedByMemberId: user.organisation?.memberId ?? null,
        variant: input.variant,
        companyName: input.companyName,
        jobTitle: input.jobTitle,
        placementBonus: figures.placementBonus,
        bonusInForce: figures.bonusInForce,
        actualSalary: figures.actualSalary,
        placementFee: figures.placementFee,
        serviceFee: figures.serviceFee,
        introductionId: introduction?.id ?? null,
        // The hired person as keyed fingerprints only (retention deletes them after 12 months).
        hiredEmailFingerprint: hiredStored.email,
        hiredPhoneFingerprint: hiredStored.phone,
        reviewFlags: flags,
        // The server's clock, like every other fact of the report (the guarantee counts from it).
        createdAt: context.now,
        ...people,
        ...invoiceAddress,
      })
      .returning({ id: placementReports.id, createdAt: placementReports.createdAt });
    if (!reviewFirst) {
      await tx.update(jobs).set({ publishedAt: null, updatedAt: context.now }).where(eq(jobs.id, job.id));
    }
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
    const mail = { report, reporter: user, owner, advertisement: job, figures, flags, deactivated: !reviewFirst };
    await enqueueMail(tx, officeReportMail(mail, context.officeEmail));
    await enqueueMail(tx, reportConfirmationMail(mail, context.publicUrl));
    const result = {
      id: report.id,
      placementFee: figures.placementFee,
      serviceFee: figures.serviceFee,
      reviewPending: reviewFirst,
    };
    if (input.variant !== 'consultant' || !job.ownerId || !owner) return { result, notify: null };

    // The company hears of a consultant's report at once (same transaction) and may object.
    await enqueueMail(tx, companyReportNoticeMail({ ...mail, owner }, context.publicUrl));
    return {
      result,
      notify: {
        companyId: job.ownerId,
        companyOrganisationId: job.organisationId,
        event: {
          reportId: report.id,
          jobId: job.id,
          jobTitle: job.jobTitle,
          consultantName: user.username,
          reportedAt: report.createdAt.toISOString(),
          reviewPending: reviewFirst,
        },
      },
    };
  });
}

/** Whether the reporting consultant's agency has introduced anyone to this advertisement. */
async function introducedHere(tx: Db, jobId: number, consultant: CurrentUser | null): Promise<boolean> {
  const agency = consultant?.organisation?.organisationId;
  if (agency === undefined) return false;
  const [row] = await tx
    .select({ id: introductions.id })
    .from(introductions)
    .where(and(eq(introductions.jobId, jobId), eq(introductions.agencyOrganisationId, agency)))
    .limit(1);
  return row !== undefined;
}
