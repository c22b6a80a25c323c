import { JOB_MSG, MSG } from '@pb/core';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { jobOwnership } from './repository';

/**
 * Who may do what to an advertisement. 'Owner of advertisement' is defined here once:
 * the company account that published it. Routes (policy 'jobs.owner'), the jobs
 * commands and the placement reports ask these functions.
 */

/** The owner of an advertisement: the account that published it (an advertisement may have lost its owner). */
export function isAdvertisementOwner(user: { id: number }, job: { ownerId: number | null }): boolean {
  return job.ownerId !== null && job.ownerId === user.id;
}

/** 404 when the advertisement is gone, 403 (German message) unless the user owns it. */
export function authorizeAdvertisementOwner<J extends { ownerId: number | null }>(
  user: { id: number },
  job: J | undefined,
): J {
  if (!job) throw notFound(MSG.advertisementGone);
  if (!isAdvertisementOwner(user, job)) throw forbidden(JOB_MSG.notOwner);
  return job;
}

/** The owner check by id, without a lock (before reads or uploads). */
export async function assertAdvertisementOwner(
  db: Pick<Db, 'select'>,
  user: { id: number },
  jobId: number,
): Promise<void> {
  authorizeAdvertisementOwner(user, await jobOwnership(db, jobId));
}
