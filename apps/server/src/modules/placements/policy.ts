import { and, eq } from 'drizzle-orm';
import { JOB_MSG, memberMay, PLACEMENT_OBJECTION_MSG } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, type UserRole } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { authorize, hasRole, isMemberOfCompany } from '../../services/policies';
import { forbidden } from '../../lib/errors';
import { authorizeOnAdvertisement, isAdvertisementMember } from '../jobs';

/**
 * Who may report a placement, and who may object to a report
 * (docs/decisions/0015-placement-objection.md).
 */

/** Db or a transaction handle: the checks run inside the report's transaction. */
type Queryable = Pick<Db, 'select'>;

type ReportVariant = 'company' | 'consultant';

/** A company reports as a company, a consultant as a consultant (policy 'placements.reporter'). */
export function mayReportAs(user: { role: UserRole }, variant: ReportVariant): boolean {
  return hasRole(user, variant);
}

/**
 * A consultant may report on an advertisement only when the agency is in touch with the company
 * about that very advertisement: its conversation (one per agency and advertisement, issue 31),
 * which contacting the company and introducing a candidate both open — and only in a role that
 * reports placements.
 */
export async function mayReportPlacement(
  db: Queryable,
  user: Pick<CurrentUser, 'organisation'>,
  jobId: number,
): Promise<boolean> {
  const agency = user.organisation;
  if (agency?.kind !== 'agency' || !memberMay(agency, 'placements.report')) return false;
  const [conversation] = await db
    .select({ id: chatCommunications.id })
    .from(chatCommunications)
    .where(and(eq(chatCommunications.jobId, jobId), eq(chatCommunications.agencyOrganisationId, agency.organisationId)))
    .limit(1);
  // An introduction opens this conversation too, so it covers agencies that introduced a candidate.
  return conversation !== undefined;
}

/**
 * 403 (German message) unless the reporter may report on this advertisement: a member of its company
 * whose role may report placements, or a consultant in touch.
 */
export async function authorizeReportOn(
  db: Queryable,
  user: Pick<CurrentUser, 'id' | 'organisation'>,
  variant: ReportVariant,
  job: { id: number; organisationId: number | null },
): Promise<void> {
  if (variant === 'company' && !isAdvertisementMember(user, job)) throw forbidden(JOB_MSG.reportOwnOnly);
  if (variant === 'company') authorizeOnAdvertisement(user, job, 'placements.report');
  if (variant === 'consultant' && !(await mayReportPlacement(db, user, job.id))) {
    throw forbidden(PLACEMENT_OBJECTION_MSG.noConversation);
  }
}

/** Only the company a report is about objects to it: its members whose role reports placements. */
export function mayObjectTo(
  user: Pick<CurrentUser, 'organisation'>,
  report: { companyOrganisationId: number | null },
): boolean {
  return (
    isMemberOfCompany(user.organisation, report.companyOrganisationId) &&
    memberMay(user.organisation, 'placements.report')
  );
}

/** 403 unless the role matches the report's variant. */
export function authorizeReportVariant(user: { role: UserRole }, variant: ReportVariant): void {
  authorize(mayReportAs(user, variant));
}
