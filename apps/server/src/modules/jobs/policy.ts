import { JOB_MSG, MEMBER_PERMISSION_MSG, MSG, memberMay, type MemberPermission } from '@pb/core';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { CurrentUser } from '../../services/auth';
import { jobOwnership } from './repository';

/**
 * Who may do what to an advertisement, defined here once (issue 31): it belongs to the company
 * organisation; every member of that organisation sees it (deactivated ones too), members whose
 * role may write advertisements change it. Routes (policies 'jobs.publish', 'jobs.write', 'jobs.member'), the jobs commands, the
 * back office and the placement reports ask these functions.
 */

type Caller = Pick<CurrentUser, 'organisation'>;

/** A member of the organisation the advertisement belongs to (an advertisement may have lost it). */
export function isAdvertisementMember(user: Caller, job: { organisationId: number | null }): boolean {
  return job.organisationId !== null && user.organisation?.organisationId === job.organisationId;
}

/** A member of the advertisement's organisation whose role allows the action. */
export function mayOnAdvertisement(
  user: Caller,
  job: { organisationId: number | null },
  permission: MemberPermission,
): boolean {
  return isAdvertisementMember(user, job) && memberMay(user.organisation, permission);
}

/**
 * 404 when the advertisement is gone; 403 (German message) for another company's, and for a
 * member whose role may not do it (the message names the roles that may). 'member': any role.
 */
export function authorizeOnAdvertisement<J extends { organisationId: number | null }>(
  user: Caller,
  job: J | undefined,
  permission: MemberPermission | 'member' = 'advertisements.write',
): J {
  if (!job) throw notFound(MSG.advertisementGone);
  if (!isAdvertisementMember(user, job)) throw forbidden(JOB_MSG.notOwner);
  if (permission !== 'member' && !memberMay(user.organisation, permission)) {
    throw forbidden(MEMBER_PERMISSION_MSG[permission]);
  }
  return job;
}

/** The check by id, without a lock (before reads of the own company's data, uploads and bonus changes). */
export async function assertOnAdvertisement(
  db: Pick<Db, 'select'>,
  user: Caller,
  jobId: number,
  permission: MemberPermission | 'member' = 'advertisements.write',
): Promise<void> {
  authorizeOnAdvertisement(user, await jobOwnership(db, jobId), permission);
}
