import { and, asc, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { ALERT_MSG, MAX_SAVED_SEARCHES, type SavedSearch, type SavedSearchRequest } from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, savedSearches, savedSearchMatches, users } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { conflict, notFound } from '../../lib/errors';
import { browserFilterCondition, filterColumns, filterConditions } from '../jobs';

/**
 * A consultant's saved searches ('Meine Suchaufträge'): at most 10, each with the number of
 * advertisements that match now — counted with the browser's own query (browser-filters.ts).
 */

type SearchRow = typeof savedSearches.$inferSelect;

async function currentMatches(db: Db, row: SearchRow): Promise<number> {
  const [result] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(isNotNull(jobs.publishedAt), browserFilterCondition(row.filters)));
  return result?.n ?? 0;
}

async function present(db: Db, row: SearchRow): Promise<SavedSearch> {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    frequency: row.frequency,
    paused: row.paused,
    matches: await currentMatches(db, row),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSavedSearches(db: Db, user: CurrentUser): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, user.id))
    .orderBy(asc(savedSearches.id));
  return Promise.all(rows.map((row) => present(db, row)));
}

function values(input: SavedSearchRequest) {
  return {
    name: input.name,
    filters: input.filters,
    frequency: input.frequency,
    ...(input.paused !== undefined ? { paused: input.paused } : {}),
    ...filterColumns(input.filters),
  };
}

/** Command: saves a search; the 11th is refused (the user row is locked so two tabs cannot both pass the limit). */
export async function createSavedSearch(db: Db, user: CurrentUser, input: SavedSearchRequest, now: Date) {
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [existing] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, user.id));
    if ((existing?.n ?? 0) >= MAX_SAVED_SEARCHES) throw conflict(ALERT_MSG.tooMany);
    const [created] = await tx
      .insert(savedSearches)
      .values({ ...values(input), userId: user.id, createdAt: now, updatedAt: now })
      .returning();
    return created!;
  });
  return present(db, row);
}

export async function updateSavedSearch(db: Db, user: CurrentUser, id: number, input: SavedSearchRequest, now: Date) {
  const [row] = await db
    .update(savedSearches)
    .set({ ...values(input), updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning();
  if (!row) throw notFound(ALERT_MSG.searchNotFound);
  return present(db, row);
}

export async function deleteSavedSearch(db: Db, user: CurrentUser, id: number): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound(ALERT_MSG.searchNotFound);
}

/** The browser's conditions with a saved search's columns as the values (s = saved_searches). */
const searchConditions =
  filterConditions(
    {
      qPattern: sql`s.q_pattern`,
      districtIds: sql`s.district_ids`,
      states: sql`s.states`,
      minBonus: sql`s.min_bonus`,
      minBonusCents: sql`s.min_bonus_cents`,
      workingTime: sql`s.working_time`,
      respondsWithinDays: sql`s.responds_within_days`,
    },
    true,
  ) ?? sql`true`;

/**
 * Every active search the advertisement matches — one statement over all saved searches with
 * the browser's conditions on the search's columns (a NULL column does not restrict).
 */
export function matchingSearchesSql(jobId: number) {
  return sql`
    SELECT s.id, s.user_id, s.frequency, s.name FROM saved_searches s, jobs
    WHERE jobs.id = ${jobId} AND jobs.published_at IS NOT NULL AND NOT s.paused
      -- only what was published (or reactivated) after the search was saved is news to it
      AND s.created_at <= jobs.published_at
      AND ${searchConditions}`;
}

/**
 * The person's saved searches with advertisements that matched since `since` and are still
 * published (the overview, issue 32); searches without new matches are left out.
 */
export async function recentSearchMatches(
  db: Db,
  userId: number,
  since: Date,
): Promise<Array<{ id: number; name: string; newMatches: number }>> {
  return db
    .select({ id: savedSearches.id, name: savedSearches.name, newMatches: count() })
    .from(savedSearches)
    .innerJoin(savedSearchMatches, eq(savedSearchMatches.searchId, savedSearches.id))
    .innerJoin(jobs, eq(jobs.id, savedSearchMatches.jobId))
    .where(and(eq(savedSearches.userId, userId), gte(savedSearchMatches.matchedAt, since), isNotNull(jobs.publishedAt)))
    .groupBy(savedSearches.id, savedSearches.name)
    .orderBy(asc(savedSearches.id));
}

/** Whether the person has saved a search (the first-run checklist). */
export async function hasSavedSearch(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .limit(1);
  return row !== undefined;
}
