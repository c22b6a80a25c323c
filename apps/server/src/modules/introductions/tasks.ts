import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  addCalendarDays,
  alreadyKnownDeadline,
  DECIDED_STATUSES,
  viennaDate,
  viennaMidnight,
  type ActiveMembership,
  type Overview,
} from '@pb/core';
import type { Db } from '../../db/client';
import { interviewSlots, interviews, introductions } from '../../db/schema';
import { feedbackDueOf } from './interview-queries';
import { committedInRegister } from './queries';

/**
 * What the introductions of an organisation ask of its members now (the overview, issue 32):
 * a company answers new introductions — 'Bereits bekannt' only within its window — and both sides
 * report a placement once a candidate is 'Eingestellt'. Counted for the whole organisation, like
 * its list of introductions.
 */

/**
 * Calendar days that cover the 'Bereits bekannt' window (2 working days plus a weekend and the
 * longest run of Austrian holidays): older introductions need no deadline computed.
 */
const KNOWN_WINDOW_CALENDAR_DAYS = 7;

/**
 * No placement report (other than a discarded one) names the introduction. Spelled out: in a
 * one-table select Drizzle leaves columns unqualified, and a bare "id" here would be the report's.
 */
const unreported = sql`NOT EXISTS (SELECT 1 FROM placement_reports reported
  WHERE reported.introduction_id = "introductions"."id" AND reported.status <> 'verworfen')`;

/**
 * The interviews' part (issue 35): the agency's introductions waiting for the candidate's consent
 * or for a time to be chosen, and on both sides the feedback past its due day.
 */
async function interviewTasks(db: Db, ownScope: SQL, kind: ActiveMembership['kind'], now: Date) {
  const agency = kind === 'agency';
  const [pending] = agency
    ? await db
        .select({ n: count() })
        .from(introductions)
        .where(and(ownScope, eq(introductions.consentState, 'pending')))
    : [];
  const toSchedule = agency
    ? await db
        .select({ id: introductions.id })
        .from(interviews)
        .innerJoin(introductions, eq(introductions.id, interviews.introductionId))
        .where(and(ownScope, eq(interviews.state, 'proposed')))
        .orderBy(asc(interviews.proposedAt))
    : [];
  // Agreed, started and unanswered: few rows; the due day is computed in Austrian working days.
  const unanswered = await db
    .select({ id: introductions.id, startsAt: interviewSlots.startsAt, minutes: interviews.durationMinutes })
    .from(interviews)
    .innerJoin(introductions, eq(introductions.id, interviews.introductionId))
    .innerJoin(interviewSlots, eq(interviewSlots.id, interviews.chosenSlotId))
    .where(
      and(
        ownScope,
        eq(interviews.state, 'scheduled'),
        isNull(interviews.feedbackAt),
        notInArray(introductions.status, [...DECIDED_STATUSES]),
        lte(interviewSlots.startsAt, now),
      ),
    )
    .orderBy(asc(interviewSlots.startsAt));
  const today = viennaDate(now);
  const overdue = unanswered.filter((r) => today > feedbackDueOf(new Date(r.startsAt.getTime() + r.minutes * 60_000)));
  return {
    consentPending: pending?.n ?? 0,
    interviewsToSchedule: toSchedule.length,
    interviewsToScheduleId: toSchedule[0]?.id ?? null,
    feedbackOverdue: overdue.length,
    feedbackOverdueId: overdue[0]?.id ?? null,
  };
}

export async function introductionTasks(
  db: Db,
  membership: ActiveMembership,
  now: Date,
): Promise<NonNullable<Overview['introductions']>> {
  const ownScope =
    membership.kind === 'company'
      ? eq(introductions.companyOrganisationId, membership.organisationId)
      : eq(introductions.agencyOrganisationId, membership.organisationId);

  const hired = await db
    .select({ id: introductions.id, advertisement: introductions.jobId })
    .from(introductions)
    // One declared 'Bereits bekannt' carries no claim: nothing to report for it.
    .where(and(ownScope, eq(introductions.status, 'eingestellt'), isNull(introductions.alreadyKnownAt), unreported))
    .orderBy(asc(introductions.statusChangedAt), asc(introductions.id));
  const hiredTasks = {
    hiredUnreported: hired.length,
    hiredUnreportedId: hired[0]?.id ?? null,
    hiredUnreportedAdvertisementId: hired[0]?.advertisement ?? null,
    ...(await interviewTasks(db, ownScope, membership.kind, now)),
  };

  if (membership.kind === 'agency') {
    const [active] = await db
      .select({ n: count() })
      .from(introductions)
      .where(and(ownScope, inArray(introductions.status, ['in_pruefung', 'interview', 'angebot'])));
    return {
      alreadyKnownOpen: 0,
      alreadyKnownDeadline: null,
      awaitingReaction: 0,
      inProgress: active?.n ?? 0,
      ...hiredTasks,
    };
  }

  // Still 'Neu': within its window the company may declare it known, after it the agency waits.
  // Only the recent ones need their deadline computed; the rest are counted.
  // Only those the company can judge: before the candidate agreed it waits too (issue 35).
  const stillNew = and(
    ownScope,
    eq(introductions.status, 'neu'),
    isNull(introductions.alreadyKnownAt),
    isNotNull(introductions.identityReleasedAt),
  );
  const today = viennaDate(now);
  const windowStart = viennaMidnight(addCalendarDays(today, -KNOWN_WINDOW_CALENDAR_DAYS));
  const [waiting] = await db.select({ n: count() }).from(introductions).where(stillNew);
  const recent = await db
    .select({ identityReleasedAt: introductions.identityReleasedAt, committed: committedInRegister })
    .from(introductions)
    // The window runs from the identity's release (issue 35): before it nothing can be known.
    .where(and(stillNew, gte(introductions.identityReleasedAt, windowStart)));
  const deadlines = recent
    .filter((row) => !row.committed && row.identityReleasedAt !== null)
    .map((row) => alreadyKnownDeadline(row.identityReleasedAt!))
    .filter((deadline) => today <= deadline);
  const awaitingReaction = (waiting?.n ?? 0) - deadlines.length;
  deadlines.sort();
  return {
    alreadyKnownOpen: deadlines.length,
    alreadyKnownDeadline: deadlines[0] ?? null,
    awaitingReaction,
    inProgress: 0,
    ...hiredTasks,
  };
}
