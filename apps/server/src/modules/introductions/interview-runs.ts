import { and, eq, gt, isNull, lte, notInArray } from 'drizzle-orm';
import { DECIDED_STATUSES, INTERVIEW_REMINDER_HOURS, formatDay, viennaDate } from '@pb/core';
import type { Db } from '../../db/client';
import { interviewSlots, interviews, introductions } from '../../db/schema';
import { enqueueMail } from '../../services/mail-outbox';
import type { ScheduledJob } from '../../services/scheduler';
import { eachRow, type RunLog } from '../../services/scheduled-rows';
import { feedbackRequestMail, interviewReminderMail } from './interview-mails';
import { participantsOf } from './interview-parts';
import { feedbackDueOf } from './interview-queries';
import { mailParties } from './service';

/**
 * The hourly run of agreed interviews (issue 35): everyone is reminded INTERVIEW_REMINDER_HOURS
 * before; after the end the company is asked for feedback, and reminded once when it is overdue
 * (both sides then see 'Rückmeldung überfällig'). Each mail once: the interview's row records it,
 * rechecked under the row's lock, so two instances or a rerun never send twice.
 */

export interface InterviewRunDeps {
  db: Db;
  publicUrl: string;
  log?: RunLog;
}

type Step = 'reminder' | 'request' | 'overdue';

async function dueInterviews(db: Db, now: Date, step: Step) {
  const soon = new Date(now.getTime() + INTERVIEW_REMINDER_HOURS * 3_600_000);
  const conditions = {
    reminder: and(isNull(interviews.remindedAt), gt(interviewSlots.startsAt, now), lte(interviewSlots.startsAt, soon)),
    // Started at least its duration ago: the end has passed.
    request: and(isNull(interviews.feedbackRequestedAt), lte(interviewSlots.startsAt, now)),
    overdue: and(isNull(interviews.feedbackRemindedAt), lte(interviewSlots.startsAt, now)),
  }[step];
  return db
    .select({ id: interviews.id })
    .from(interviews)
    .innerJoin(interviewSlots, eq(interviewSlots.id, interviews.chosenSlotId))
    .innerJoin(introductions, eq(introductions.id, interviews.introductionId))
    .where(
      and(
        eq(interviews.state, 'scheduled'),
        isNull(interviews.feedbackAt),
        // A decided introduction's held interview is not chased (and not looked at every hour again).
        notInArray(introductions.status, [...DECIDED_STATUSES]),
        conditions,
      ),
    )
    .orderBy(interviews.id);
}

async function runStep(deps: InterviewRunDeps, now: Date, step: Step): Promise<number> {
  const due = await dueInterviews(deps.db, now, step);
  return eachRow(
    due,
    ({ id }) =>
      deps.db.transaction(async (tx) => {
        const [found] = await tx
          .select({ interview: interviews, startsAt: interviewSlots.startsAt })
          .from(interviews)
          .innerJoin(interviewSlots, eq(interviewSlots.id, interviews.chosenSlotId))
          .where(eq(interviews.id, id))
          .for('update', { of: interviews });
        if (!found || found.interview.state !== 'scheduled' || found.interview.feedbackAt !== null) return 0;
        const { interview, startsAt } = found;
        const [row] = await tx.select().from(introductions).where(eq(introductions.id, interview.introductionId));
        // An introduction that ended cancelled its open interview; a held one is not chased once decided.
        if (!row || DECIDED_STATUSES.includes(row.status)) return 0;
        const end = new Date(startsAt.getTime() + interview.durationMinutes * 60_000);
        const due = feedbackDueOf(end);
        if (step === 'reminder') {
          if (interview.remindedAt !== null) return 0;
          const facts = {
            start: startsAt,
            durationMinutes: interview.durationMinutes,
            mode: interview.mode,
            location: interview.location,
          };
          for (const person of await participantsOf(tx, row)) {
            const href =
              person.userId === null ? deps.publicUrl : `${deps.publicUrl}/advertisements/introductions/${row.id}`;
            await enqueueMail(
              tx,
              interviewReminderMail(
                person.email,
                facts,
                { companyName: row.companyName, jobTitle: row.jobTitle },
                href,
              ),
            );
          }
          await tx.update(interviews).set({ remindedAt: now }).where(eq(interviews.id, id));
          return 1;
        }
        if (end.getTime() > now.getTime()) return 0;
        if (step === 'request') {
          if (interview.feedbackRequestedAt !== null) return 0;
          await mailParties(tx, row, ['company'], (to, ref) =>
            feedbackRequestMail(to, ref, formatDay(due), false, deps.publicUrl),
          );
          await tx.update(interviews).set({ feedbackRequestedAt: now }).where(eq(interviews.id, id));
          return 1;
        }
        if (interview.feedbackRemindedAt !== null || viennaDate(now) <= due) return 0;
        await mailParties(tx, row, ['company'], (to, ref) =>
          feedbackRequestMail(to, ref, formatDay(due), true, deps.publicUrl),
        );
        await tx.update(interviews).set({ feedbackRemindedAt: now }).where(eq(interviews.id, id));
        return 1;
      }),
    deps.log,
    `interview ${step}`,
  );
}

export async function runInterviewMails(deps: InterviewRunDeps, now: Date) {
  return {
    reminders: await runStep(deps, now, 'reminder'),
    feedbackRequests: await runStep(deps, now, 'request'),
    feedbackOverdue: await runStep(deps, now, 'overdue'),
  };
}

/** Hourly, once across instances. */
export function interviewJob(deps: InterviewRunDeps): ScheduledJob {
  return {
    name: 'interview-mails',
    period: (now) => now.toISOString().slice(0, 13),
    async run({ now }) {
      await runInterviewMails(deps, now);
    },
  };
}
