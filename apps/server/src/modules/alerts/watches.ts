import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { ALERT_MSG, MSG, type WatchedAdvertisement } from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, jobWatches, organisations } from '../../db/schema';
import { activeBonusSql } from '../jobs';
import type { CurrentUser } from '../../services/auth';
import { conflict, notFound } from '../../lib/errors';

/** 'Merken' (consultants): watched advertisements tell of a bonus rise and of their deactivation. */

export async function watchedJobIds(db: Db, user: CurrentUser): Promise<number[]> {
  const rows = await db
    .select({ jobId: jobWatches.jobId })
    .from(jobWatches)
    .where(eq(jobWatches.userId, user.id))
    .orderBy(asc(jobWatches.jobId));
  return rows.map((r) => r.jobId);
}

export async function watchJob(db: Db, user: CurrentUser, jobId: number, now: Date): Promise<void> {
  const [job] = await db.select({ publishedAt: jobs.publishedAt }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw notFound(MSG.advertisementGone);
  if (!job.publishedAt) throw conflict(ALERT_MSG.watchOnlyPublished);
  await db.insert(jobWatches).values({ userId: user.id, jobId, createdAt: now }).onConflictDoNothing();
}

export async function unwatchJob(db: Db, user: CurrentUser, jobId: number): Promise<void> {
  await db.delete(jobWatches).where(and(eq(jobWatches.userId, user.id), eq(jobWatches.jobId, jobId)));
}

/** Published advertisements only (used by tests and the list). */
export const publishedJob = isNotNull(jobs.publishedAt);

/** The consultant's watched advertisements, newest watch first: active or deactivated since. */
export async function watchedAdvertisements(db: Db, user: CurrentUser): Promise<WatchedAdvertisement[]> {
  const rows = await db
    .select({
      id: jobs.id,
      jobTitle: jobs.jobTitle,
      companyName: organisations.name,
      publishedAt: jobs.publishedAt,
      bonus: activeBonusSql,
      watchedAt: jobWatches.createdAt,
    })
    .from(jobWatches)
    .innerJoin(jobs, eq(jobs.id, jobWatches.jobId))
    .leftJoin(organisations, eq(organisations.id, jobs.organisationId))
    .where(eq(jobWatches.userId, user.id))
    .orderBy(desc(jobWatches.createdAt), desc(jobs.id));
  return rows.map((r) => ({
    id: r.id,
    jobTitle: r.jobTitle,
    companyName: r.companyName,
    active: r.publishedAt !== null,
    bonus: r.bonus === null ? null : Number(r.bonus),
    watchedAt: r.watchedAt.toISOString(),
  }));
}
