import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, placementBonuses } from '../../db/schema';

/**
 * "The newest bonus is active" (spec §4), defined once: an advertisement's bonus
 * history only grows, and the newest record (by time, then id) is the one in force.
 * Index placement_bonuses_job_idx serves both forms.
 */

/** Newest first: the order that puts the active bonus on top. */
export const newestBonusFirst = [desc(placementBonuses.createdAt), desc(placementBonuses.id)] as const;

/** The active bonus of the row's advertisement (`jobs.id` of the outer query) as SQL; null without a record. */
export const activeBonusSql: SQL<string | null> = sql<
  string | null
>`(select pb.bonus from placement_bonuses pb where pb.job_id = ${jobs.id} order by pb.created_at desc, pb.id desc limit 1)`;

/** The active bonus of one advertisement in percent (null without a record); runs in a transaction too. */
export async function activeBonusOf(db: Pick<Db, 'select'>, jobId: number): Promise<number | null> {
  const [row] = await db
    .select({ bonus: placementBonuses.bonus })
    .from(placementBonuses)
    .where(eq(placementBonuses.jobId, jobId))
    .orderBy(...newestBonusFirst)
    .limit(1);
  return row ? Number(row.bonus) : null;
}
