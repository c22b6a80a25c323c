import { and, desc, eq, sql } from 'drizzle-orm';
import {
  JOB_MSG,
  MSG,
  PLACEMENT_OBJECTION_MSG,
  calculateFees,
  firstMessage,
  formatDate,
  formatEuro,
  formatNumber,
  placementObjectionSchema,
  placementReportSchema,
  type CompanyPlacementReport,
  type PlacementObjectionRequest,
  type PlacementReportRequest,
  type PlacementReportResult,
  type PlacementReportedEvent,
} from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, placementBonuses, placementReports, users } from '../../db/schema';
import type { CurrentUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit } from '../admin/audit';
import { enqueueMail, simpleHtml } from '../mail/outbox';
import { mayReportPlacement } from './policy';

/**
 * Placement reports (spec §3/§4/§5): stored with the bonus in force, fees
 * computed, the advertisement deactivated and both mails queued — one transaction.
 */

export function parsePlacementReport(raw: unknown): PlacementReportRequest {
  const result = placementReportSchema.safeParse(raw);
  if (result.success) return result.data;
  const message = firstMessage(result.error);
  throw badRequest(message.startsWith('Invalid') || message.startsWith('Unrecognized') ? MSG.fillAllFields : message, {
    errors: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export interface ReportContext {
  officeEmail: string;
  publicUrl: string;
}

export interface ReportOutcome {
  result: PlacementReportResult;
  /** For a consultant's report: whom to tell live after the commit (`placement:reported`). */
  notify: { companyId: number; event: PlacementReportedEvent } | null;
}

export async function reportPlacement(
  db: Db,
  user: CurrentUser,
  input: PlacementReportRequest,
  context: ReportContext,
): Promise<ReportOutcome> {
  if (input.variant === 'company' && user.role !== 'company') throw forbidden();
  if (input.variant === 'consultant' && user.role !== 'consultant') throw forbidden();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, ownerId: jobs.ownerId, publishedAt: jobs.publishedAt, jobTitle: jobs.jobTitle })
      .from(jobs)
      .where(eq(jobs.id, input.advertisement))
      .for('update');
    if (!job) throw notFound(MSG.advertisementGone);
    if (input.variant === 'company' && job.ownerId !== user.id) throw forbidden(JOB_MSG.reportOwnOnly);
    if (input.variant === 'consultant' && !(await mayReportPlacement(tx, user.id, job.id))) {
      throw forbidden(PLACEMENT_OBJECTION_MSG.noConversation);
    }
    if (!job.publishedAt) throw conflict(JOB_MSG.inactive);
    const [owner] = job.ownerId
      ? await tx.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, job.ownerId))
      : [];
    const [inForce] = await tx
      .select({ bonus: placementBonuses.bonus })
      .from(placementBonuses)
      .where(eq(placementBonuses.jobId, job.id))
      .orderBy(desc(placementBonuses.createdAt), desc(placementBonuses.id))
      .limit(1);
    const fees = calculateFees(input.placementBonus, input.actualSalary);

    const common = {
      jobId: job.id,
      reporterId: user.id,
      companyId: job.ownerId,
      variant: input.variant,
      companyName: input.companyName,
      jobTitle: input.jobTitle,
      placementBonus: input.placementBonus,
      bonusInForce: inForce ? Number(inForce.bonus) : null,
      actualSalary: input.actualSalary,
      placementFee: fees.placementFee,
      serviceFee: fees.serviceFee,
    };
    const values =
      input.variant === 'company'
        ? {
            ...common,
            // The company reports for itself: its own e-mail is the contact person.
            contactPerson: user.email,
            recruiter: input.recruiter,
            recruiterMail: input.recruiterMail,
            street: input.street,
            houseNr: input.houseNr,
            postalCode: input.postalCode,
            city: input.city,
            uid: input.uid,
          }
        : {
            ...common,
            contactPerson: input.contactPerson,
            recruiter: `${user.username} (${user.id})`,
            recruiterMail: user.email,
          };
    const [report] = await tx
      .insert(placementReports)
      .values(values)
      .returning({ id: placementReports.id, createdAt: placementReports.createdAt });
    await tx
      .update(jobs)
      .set({ publishedAt: null, updatedAt: sql`now()` })
      .where(eq(jobs.id, job.id));

    const percent = (n: number) => `${formatNumber(n, Number.isInteger(n) ? 0 : 2)} %`;
    const lines = [
      `Meldung Nr. ${report!.id} vom ${input.variant === 'company' ? 'Unternehmen' : 'HR-Consultant'} ${user.username} (${user.email}).`,
      [
        `Unternehmen: ${values.companyName}`,
        `Unternehmen (Konto): ${owner ? `${owner.username} (${owner.email})` : '–'}`,
        `Besetzte Stelle: ${values.jobTitle}`,
        `Inserat: ${job.jobTitle} (Nr. ${job.id})`,
        `Ansprechperson: ${values.contactPerson}`,
        `Personalberater: ${values.recruiter}`,
        `E-Mail Personalberater: ${values.recruiterMail}`,
      ].join('\n'),
      [
        `Tatsächliche Vermittlungsprämie: ${percent(input.placementBonus)}`,
        `Zum Zeitpunkt der Meldung aktive Prämie: ${inForce ? percent(Number(inForce.bonus)) : '–'}`,
        `Tatsächliches Bruttojahresgehalt: ${formatEuro(input.actualSalary)}`,
        `Vermittlungshonorar: ${formatEuro(fees.placementFee)}`,
        `Servicegebühr (10 %): ${formatEuro(fees.serviceFee)}`,
        `Summe: ${formatEuro(fees.total)}`,
      ].join('\n'),
      ...(input.variant === 'company'
        ? [
            [
              'Rechnungsadresse:',
              `${input.street} ${input.houseNr}`,
              `${input.postalCode} ${input.city}`,
              `UID: ${input.uid}`,
            ].join('\n'),
          ]
        : []),
      'Das Inserat wurde deaktiviert.',
    ];
    await enqueueMail(tx, {
      event: 'placement.report',
      to: context.officeEmail,
      replyTo: user.email,
      subject: `Stellenbesetzung gemeldet: ${values.jobTitle} bei ${values.companyName}`,
      text: lines.join('\n\n'),
      html: simpleHtml(lines),
    });
    const confirmation = [
      `Guten Tag ${user.username},`,
      `vielen Dank für Ihre Meldung der Stellenbesetzung „${values.jobTitle}“ bei ${values.companyName}.`,
      `Vermittlungsprämie: ${percent(input.placementBonus)} von ${formatEuro(input.actualSalary)} = ${formatEuro(fees.placementFee)}; Servicegebühr (10 %): ${formatEuro(fees.serviceFee)}.`,
      'Das Inserat wurde deaktiviert. Wir melden uns in Kürze mit den weiteren Schritten.',
      'Ihr Prämienbörse-Team',
    ];
    await enqueueMail(tx, {
      event: 'placement.confirmation',
      to: user.email,
      subject: 'Ihre Meldung einer Stellenbesetzung',
      text: confirmation.join('\n\n'),
      html: simpleHtml(confirmation, { href: `${context.publicUrl}/advertisements/view`, label: 'Zur Prämienbörse' }),
    });
    const result = { id: report!.id, placementFee: fees.placementFee, serviceFee: fees.serviceFee };
    if (input.variant !== 'consultant' || !job.ownerId || !owner) return { result, notify: null };

    // The company hears of a consultant's report at once (same transaction) and may object.
    const notice = [
      `Guten Tag ${owner.username},`,
      `der HR-Consultant ${user.username} hat für Ihr Inserat „${job.jobTitle}“ am ${formatDate(report!.createdAt.toISOString())} eine Stellenbesetzung gemeldet (besetzte Stelle: ${values.jobTitle}). Das Inserat wurde deaktiviert.`,
      'Wenn diese Meldung nicht zutrifft, können Sie unter „Meine Inserate“ mit „Widersprechen“ und einer kurzen Begründung widersprechen, solange die Meldung noch nicht verrechnet ist. Das Inserat wird dann wieder aktiv und unser Backoffice prüft den Fall.',
      'Ihr Prämienbörse-Team',
    ];
    await enqueueMail(tx, {
      event: 'placement.reported.company',
      to: owner.email,
      subject: `Stellenbesetzung zu Ihrem Inserat „${job.jobTitle}“ gemeldet`,
      text: notice.join('\n\n'),
      html: simpleHtml(notice, { href: `${context.publicUrl}/advertisements/create`, label: 'Zu meinen Inseraten' }),
    });
    return {
      result,
      notify: {
        companyId: job.ownerId,
        event: {
          reportId: report!.id,
          jobId: job.id,
          jobTitle: job.jobTitle,
          consultantName: user.username,
          reportedAt: report!.createdAt.toISOString(),
        },
      },
    };
  });
}

export function parsePlacementObjection(raw: unknown): PlacementObjectionRequest {
  const result = placementObjectionSchema.safeParse(raw);
  if (result.success) return result.data;
  const message = firstMessage(result.error);
  throw badRequest(message.startsWith('Invalid') ? PLACEMENT_OBJECTION_MSG.noteRequired : message);
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
    if (row.companyId !== user.id) throw forbidden(PLACEMENT_OBJECTION_MSG.ownOnly);
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

    const lines = [
      `Das Unternehmen ${user.username} (${user.email}) widerspricht der Meldung Nr. ${row.id} vom ${formatDate(row.createdAt.toISOString())}.`,
      [
        `Inserat: ${job ? `${job.jobTitle} (Nr. ${job.id})` : '–'}`,
        `Besetzte Stelle laut Meldung: ${row.jobTitle}`,
        `Gemeldet von: ${consultant ? `${consultant.username} (${consultant.email})` : row.recruiter}`,
        `Vermittlungshonorar laut Meldung: ${formatEuro(Number(row.placementFee))}`,
      ].join('\n'),
      `Begründung:\n${input.note}`,
      reactivated ? 'Das Inserat ist wieder aktiv.' : 'Das Inserat war bereits aktiv oder existiert nicht mehr.',
      'Die Meldung ist im Backoffice als Widerspruch markiert.',
    ];
    await enqueueMail(tx, {
      event: 'placement.objection',
      to: context.officeEmail,
      replyTo: user.email,
      subject: `Widerspruch zur Stellenbesetzung: ${row.jobTitle} (Meldung Nr. ${row.id})`,
      text: lines.join('\n\n'),
      html: simpleHtml(lines),
    });
    return { ...presentForCompany(updated!, consultant?.username ?? null), jobTitle: job?.jobTitle ?? row.jobTitle };
  });
}
