import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatPercent } from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { jobs, jobWatches, savedSearchMatches, users } from '../../db/schema';
import { createNotifications, type NewNotification } from '../../services/notifications/centre';
import { matchingSearchesSql } from './saved-searches';

/**
 * Takes what happened to advertisements (alert_events, written by triggers in the changing
 * transaction) and turns it into matches and notifications — each event exactly once: it is
 * claimed with FOR UPDATE SKIP LOCKED and deleted in the same transaction that writes what it
 * caused, so a crash or a second instance neither loses nor repeats one.
 */

interface EventRow {
  id: number;
  kind: 'published' | 'deactivated' | 'bonus_rise';
  job_id: number;
  old_bonus: number | null;
  new_bonus: number | null;
  created_at: string | Date;
}

export interface ProcessedEvents {
  events: number;
  notifications: number;
  /** Advertisements published recently enough to announce to open browsers ('N neue Inserate'). */
  published: Array<{ jobId: number; publishedAt: string }>;
}

/** Publications older than this are not announced live (a backlog after a long outage). */
const LIVE_ANNOUNCE_MS = 10 * 60_000;

export async function processAlertEvents(db: Db, now: Date, batch = 50): Promise<ProcessedEvents> {
  return db.transaction(async (tx) => {
    const events = rowsOf<EventRow>(
      await tx.execute(sql`
        DELETE FROM alert_events WHERE id IN (
          SELECT id FROM alert_events ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED
        ) RETURNING id, kind, job_id, old_bonus::float8 AS old_bonus, new_bonus::float8 AS new_bonus, created_at`),
    ).sort((a, b) => Number(a.id) - Number(b.id));
    const result: ProcessedEvents = { events: events.length, notifications: 0, published: [] };
    const entries: NewNotification[] = [];
    for (const event of events) {
      const [job] = await tx
        .select({ id: jobs.id, title: jobs.jobTitle, publishedAt: jobs.publishedAt, ownerId: jobs.ownerId })
        .from(jobs)
        .where(eq(jobs.id, event.job_id))
        .limit(1);
      if (!job) continue;
      const link = `/advertisements/view?id=${job.id}`;
      if (event.kind === 'published') {
        // Deactivated again before we got to it: nothing to announce.
        if (!job.publishedAt) continue;
        const matching = rowsOf<{ id: number; user_id: number; frequency: string; name: string }>(
          await tx.execute(matchingSearchesSql(job.id)),
        );
        if (matching.length > 0) {
          // The high-water record: a search announces an advertisement at most once, ever.
          const fresh = await tx
            .insert(savedSearchMatches)
            .values(matching.map((m) => ({ searchId: Number(m.id), jobId: job.id, matchedAt: now })))
            .onConflictDoNothing()
            .returning({ searchId: savedSearchMatches.searchId });
          const freshIds = new Set(fresh.map((f) => f.searchId));
          const immediate = matching.filter((m) => freshIds.has(Number(m.id)) && m.frequency === 'sofort');
          for (const search of immediate) {
            entries.push({
              userId: Number(search.user_id),
              kind: 'search_match',
              title: `Neues Inserat für „${search.name}“`,
              body: job.title,
              link,
            });
          }
          if (immediate.length > 0) {
            await tx
              .update(savedSearchMatches)
              .set({ notifiedAt: now })
              .where(
                and(
                  eq(savedSearchMatches.jobId, job.id),
                  inArray(
                    savedSearchMatches.searchId,
                    immediate.map((s) => Number(s.id)),
                  ),
                  isNull(savedSearchMatches.notifiedAt),
                ),
              );
          }
        }
        const createdAt = new Date(event.created_at);
        if (now.getTime() - createdAt.getTime() < LIVE_ANNOUNCE_MS) {
          result.published.push({ jobId: job.id, publishedAt: job.publishedAt.toISOString() });
        }
        continue;
      }
      const watchers = await tx
        .select({ userId: jobWatches.userId })
        .from(jobWatches)
        .innerJoin(users, eq(users.id, jobWatches.userId))
        .where(and(eq(jobWatches.jobId, job.id), eq(users.role, 'consultant')));
      for (const { userId } of watchers) {
        entries.push(
          event.kind === 'deactivated'
            ? {
                userId,
                kind: 'job_deactivated',
                title: 'Gemerktes Inserat deaktiviert',
                body: `„${job.title}“ ist nicht mehr aktiv.`,
                link,
              }
            : {
                userId,
                kind: 'bonus_rise',
                title: `Prämie erhöht: ${job.title}`,
                body: `${formatPercent(event.old_bonus ?? 0)} → ${formatPercent(event.new_bonus ?? 0)}`,
                link,
              },
        );
      }
    }
    result.notifications = (await createNotifications(tx, entries, now)).length;
    return result;
  });
}
