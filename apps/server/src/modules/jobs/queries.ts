import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobAttachments, jobs, placementBonuses, uploads } from '../../db/schema';
import { selectJobs, type JobRow } from './repository';

/** The ids of a company organisation's advertisements, as a subquery: what 'the same company' owns (claims, reports). */
export const advertisementsOf = (organisationId: number): SQL =>
  sql`(SELECT ${jobs.id} FROM ${jobs} WHERE ${jobs.organisationId} = ${organisationId})`;

/** The advertisements a person is the contact of (owner_id): what their data export holds. */
export const ownedBy = (userId: number): SQL => eq(jobs.ownerId, userId);

/** Reads of the jobs module beside the advertisement SELECT (repository.ts): counts, documents, bonus history. */

/** A document of an advertisement the caller may see (visibleTo, or the export's own ones), for download. */
export async function attachmentForDownload(
  db: Db,
  visibility: SQL,
  uploadId: number,
): Promise<{ storageKey: string; name: string; mime: string; size: number } | undefined> {
  const [row] = await db
    .select({ storageKey: uploads.storageKey, name: uploads.originalName, mime: uploads.mime, size: uploads.size })
    .from(uploads)
    .innerJoin(jobAttachments, eq(jobAttachments.uploadId, uploads.id))
    .innerJoin(jobs, eq(jobs.id, jobAttachments.jobId))
    .where(and(eq(uploads.id, uploadId), visibility))
    .limit(1);
  return row;
}

export type BonusRow = typeof placementBonuses.$inferSelect;

/** One page of an advertisement's bonus history in the requested order (id breaks ties, newest first). */
export async function bonusHistory(
  db: Db,
  jobId: number,
  q: { where: SQL | undefined; orderBy: SQL[]; limit: number; start: number },
): Promise<{ rows: BonusRow[]; total: number }> {
  const where = and(eq(placementBonuses.jobId, jobId), q.where);
  const rows = await db
    .select()
    .from(placementBonuses)
    .where(where)
    .orderBy(...q.orderBy, desc(placementBonuses.id))
    .limit(q.limit)
    .offset(q.start);
  const [total] = await db.select({ n: count() }).from(placementBonuses).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every advertisement a person published or is the contact of, active or not, newest first (their data export). */
export async function advertisementsOfOwner(db: Db, ownerId: number): Promise<JobRow[]> {
  const { rows } = await selectJobs(db, {
    where: ownedBy(ownerId),
    orderBy: [desc(jobs.createdAt)],
    start: 0,
    limit: 10_000,
    withCount: false,
  });
  return rows;
}
