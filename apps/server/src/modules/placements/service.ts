import { desc, eq, sql } from 'drizzle-orm';
import {
  JOB_MSG,
  MSG,
  calculateFees,
  firstMessage,
  formatEuro,
  formatNumber,
  placementReportSchema,
  type PlacementReportRequest,
  type PlacementReportResult,
} from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, placementBonuses, placementReports, users } from '../../db/schema';
import type { CurrentUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { enqueueMail, simpleHtml } from '../mail/outbox';

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

export async function reportPlacement(
  db: Db,
  user: CurrentUser,
  input: PlacementReportRequest,
  context: ReportContext,
): Promise<PlacementReportResult> {
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
    const [report] = await tx.insert(placementReports).values(values).returning({ id: placementReports.id });
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
    return { id: report!.id, placementFee: fees.placementFee, serviceFee: fees.serviceFee };
  });
}
