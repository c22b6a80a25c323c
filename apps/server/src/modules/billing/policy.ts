import { GUARANTEE_MSG, MEMBER_PERMISSION_MSG, memberMay, ORGANISATION_MSG, type ActiveMembership } from '@pb/core';
import type { UserRole } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { isMemberOfCompany } from '../../services/policies';

/**
 * Who may see and do what with placements' money (issues 12 and 31). The same rules serve the REST
 * routes and the queries: the members of the company a placement is about read its placements,
 * invoices and claim documents; those whose role handles billing (administrators, Buchhaltung) file
 * guarantee claims; an agency's earnings are read by its administrators and Buchhaltung, each
 * consultant reads their own; the back office reads everything.
 */

type Member = { role: UserRole; organisation: ActiveMembership | null };

/** The company organisation a placement (or its invoice or claim) is about. */
export interface CompanyOwned {
  companyOrganisationId: number | null;
}

/** A member of the company the placement is about, in any role. */
export function isCompanyMemberOf(user: Pick<Member, 'organisation'>, row: CompanyOwned): boolean {
  return isMemberOfCompany(user.organisation, row.companyOrganisationId);
}

/** Files a guarantee claim and its documents: the company's members whose role handles billing. */
export function mayClaimGuarantee(user: Pick<Member, 'organisation'>, report: CompanyOwned): boolean {
  return isCompanyMemberOf(user, report) && memberMay(user.organisation, 'billing.manage');
}

/**
 * Throws unless the caller may claim on the placement: another organisation's answers as if it did
 * not exist (404), a member whose role does not handle billing gets a German 403.
 */
export function authorizeGuaranteeClaim<R extends CompanyOwned>(
  user: Pick<Member, 'organisation'>,
  report: R | undefined,
  notFoundMessage: string = GUARANTEE_MSG.reportNotFound,
): R {
  if (!report || !isCompanyMemberOf(user, report)) throw notFound(notFoundMessage);
  if (!mayClaimGuarantee(user, report)) throw forbidden(MEMBER_PERMISSION_MSG['billing.manage']);
  return report;
}

/** An invoice's PDF or a claim's document: the company's members, or the back office. */
export function mayReadCompanyMoney(user: Member, row: CompanyOwned): boolean {
  return user.role === 'admin' || isCompanyMemberOf(user, row);
}

/**
 * An invoice's or a reminder's document (PDF, e-invoice) for its reader (mayReadCompanyMoney);
 * someone else's answers as if it did not exist (404 with `notFoundMessage`).
 */
export function authorizeCompanyDocument<R extends CompanyOwned>(
  user: Member,
  row: R | null | undefined,
  notFoundMessage: string,
): R {
  if (!row || !mayReadCompanyMoney(user, row)) throw notFound(notFoundMessage);
  return row;
}

/**
 * Which of the agency's placements a member reads: all of them (administrators, Buchhaltung) or only
 * their own (Berater). Without an agency a German 403.
 */
export function authorizeEarnings(user: Pick<Member, 'organisation'>): 'agency' | 'own' {
  const membership = user.organisation;
  if (membership?.kind !== 'agency') throw forbidden(ORGANISATION_MSG.noOrganisation);
  if (memberMay(membership, 'earnings.agency')) return 'agency';
  if (memberMay(membership, 'earnings.own')) return 'own';
  throw forbidden(MEMBER_PERMISSION_MSG['earnings.own']);
}

/** The company's money pages: every member of a company reads them; without one a German 403. */
export function authorizeCompanyBilling(user: Pick<Member, 'organisation'>): ActiveMembership {
  const membership = user.organisation;
  if (membership?.kind !== 'company') throw forbidden(ORGANISATION_MSG.noOrganisation);
  return membership;
}
