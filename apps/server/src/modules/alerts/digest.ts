import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, savedSearches, savedSearchMatches } from '../../db/schema';
import { dailyInVienna, type ScheduledJob } from '../../services/scheduler';
import { createNotifications, type NewNotification } from '../../services/notifications/centre';

/** 'täglich' searches: one digest a day from 07:00 Vienna time (once across instances: services/scheduler). */
export const DIGEST_HOUR = 7;
const LISTED = 5;

/**
 * One entry per daily search with matches not yet announced (and still published); marks them
 * announced in the same transaction, so a retried run never repeats one. The mail sweep mails it.
 */
export async function runDailyDigest(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({
        searchId: savedSearches.id,
        userId: savedSearches.userId,
        name: savedSearches.name,
        jobId: jobs.id,
        title: jobs.jobTitle,
      })
      .from(savedSearchMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.searchId))
      .innerJoin(jobs, eq(jobs.id, savedSearchMatches.jobId))
      .where(
        and(
          isNull(savedSearchMatches.notifiedAt),
          eq(savedSearches.frequency, 'taeglich'),
          eq(savedSearches.paused, false),
          isNotNull(jobs.publishedAt),
        ),
      )
      .orderBy(savedSearches.id, jobs.id)
      // The search row too: a run that holds one of its matches holds the search, so two runs at
      // once never split one search into two digests; a match another run already announced is
      // re-checked and left out.
      .for('update', { of: [savedSearchMatches, savedSearches], skipLocked: true });
    const bySearch = new Map<number, typeof pending>();
    for (const row of pending) bySearch.set(row.searchId, [...(bySearch.get(row.searchId) ?? []), row]);
    const entries: NewNotification[] = [];
    for (const rows of bySearch.values()) {
      const first = rows[0]!;
      const titles = rows.slice(0, LISTED).map((r) => r.title);
      entries.push({
        userId: first.userId,
        kind: 'search_match',
        title: `${rows.length === 1 ? 'Ein neues Inserat' : `${rows.length} neue Inserate`} für „${first.name}“`,
        body: rows.length > LISTED ? `${titles.join(', ')} und ${rows.length - LISTED} weitere` : titles.join(', '),
        link: rows.length === 1 ? `/advertisements/view?id=${first.jobId}` : '/advertisements/searches',
      });
      await tx
        .update(savedSearchMatches)
        .set({ notifiedAt: now })
        .where(
          and(
            eq(savedSearchMatches.searchId, first.searchId),
            inArray(
              savedSearchMatches.jobId,
              rows.map((r) => r.jobId),
            ),
          ),
        );
    }
    return (await createNotifications(tx, entries, now)).length;
  });
}

export function dailyDigestJob(db: Db): ScheduledJob {
  return {
    name: 'alerts.daily-digest',
    period: dailyInVienna(DIGEST_HOUR),
    async run({ now }) {
      await runDailyDigest(db, now);
    },
  };
}
