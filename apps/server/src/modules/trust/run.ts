import { sql } from 'drizzle-orm';
import { TRUST_WINDOW_MONTHS } from '@pb/core';
import type { Db } from '../../db/client';
import { monthsBefore } from '../../lib/months';
import type { ScheduledJob } from '../../services/scheduler';
import { revealDueRatings, writeRatingAverages } from '../ratings';
import { agencyAggregates, companyAggregates } from './aggregates';
import { followIntroductions, markSharedPeople, recordFirstReactions, recordNewFacts } from './facts';
import {
  copyResponseMinutesToAdvertisements,
  writeAgencyFigures,
  writeCompanyFigures,
  writeMemberFigures,
} from './figures';

/**
 * The trust run (issue 36, docs/trust.md): every 10 minutes, once across instances, the facts of
 * new introductions and new first reactions, then every organisation's figures from them. Pages
 * read what it stored; nothing is computed per page view.
 */

/** Two runs (a slow one and the next, or a test's two at once) write the figures one after the other. */
const TRUST_FIGURES_LOCK = 3_600_036;

export const TRUST_RUN_MINUTES = 10;

export interface TrustRunResult {
  factsRecorded: number;
  factsMoved: number;
  factsShared: number;
  reactionsRecorded: number;
  companies: number;
  agencies: number;
  members: number;
  advertisementsChanged: number;
  ratingsRevealed: number;
}

/** Runs every step for `now`; safe to repeat, to interrupt and to run twice at once. */
export async function runTrustFigures(db: Db, now: Date): Promise<TrustRunResult> {
  // Blind ratings whose other side did not rate in time begin to count (their averages with them).
  const ratingsRevealed = await revealDueRatings(db, now);
  const factsMoved = await followIntroductions(db, now);
  const factsRecorded = await recordNewFacts(db, now);
  const factsShared = await markSharedPeople(db, now);
  const reactionsRecorded = await recordFirstReactions(db, now);
  const computedAt = now.toISOString();
  const windowStart = monthsBefore(now, TRUST_WINDOW_MONTHS).toISOString();
  const figures = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRUST_FIGURES_LOCK})`);
    const companies = await companyAggregates(tx, windowStart, computedAt);
    const agencies = await agencyAggregates(tx, windowStart, computedAt, false);
    const members = await agencyAggregates(tx, windowStart, computedAt, true);
    await writeCompanyFigures(tx, companies, computedAt);
    await writeAgencyFigures(tx, agencies, computedAt);
    await writeMemberFigures(tx, members, computedAt);
    // The ratings' averages, under the rows' locks this transaction holds (a rating takes none).
    await writeRatingAverages(tx);
    return { companies: companies.length, agencies: agencies.length, members: members.length };
  });
  // Its own transaction, rows locked in id order: the figures' row locks are not held while
  // advertisements wait (a member's hand-over never closes a cycle with it).
  const advertisementsChanged = await db.transaction((tx) => copyResponseMinutesToAdvertisements(tx));
  return {
    factsRecorded,
    factsMoved,
    factsShared,
    reactionsRecorded,
    ...figures,
    advertisementsChanged,
    ratingsRevealed,
  };
}

/** The 10-minute slot `now` falls in ('2026-12-04T09:10'): each slot runs once across instances. */
export function trustPeriod(now: Date): string {
  const iso = now.toISOString();
  const minute = Math.floor(now.getUTCMinutes() / TRUST_RUN_MINUTES) * TRUST_RUN_MINUTES;
  return `${iso.slice(0, 14)}${String(minute).padStart(2, '0')}`;
}

export function trustJob(db: Db): ScheduledJob {
  return {
    name: 'trust-figures',
    period: trustPeriod,
    async run({ now }) {
      await runTrustFigures(db, now);
    },
  };
}
