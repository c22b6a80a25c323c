import { asc, eq } from 'drizzle-orm';
import { addWorkingDays, viennaDate, viennaLocalInstant } from '@pb/core';
import type { Db } from '../../db/client';
import { interviewSlots } from '../../db/schema';
import { openConversation, type MessageContext } from '../chat';
import {
  changeIntroductionStatus,
  chooseInterviewSlot,
  confirmConsent,
  consentTokenOf,
  introduceCandidate,
  proposeInterview,
} from '../introductions';
import { jobOf, post, type Actor } from './actors';
import { DEMO_HISTORY, type HistoryIntroduction } from './history';

/**
 * The demo history's introductions as timed steps (history.ts), made with the real commands like
 * the rest of the demo activity (activity.ts sorts all steps by time and runs them in order).
 */

export interface HistoryDeps {
  db: Db;
  fingerprintSecret: string;
  officeEmail: string;
  registerSecret: string;
  companies: Actor[];
  consultants: Actor[];
  at: (daysAgo: number, hours?: number) => Date;
  context: (when: Date) => MessageContext & { registerSecret: string; mailFrom: string };
}

const HOUR = 3_600_000;

export function demoHistorySteps(deps: HistoryDeps): {
  steps: Array<{ when: Date; run: () => Promise<unknown> }>;
  idOf: (item: HistoryIntroduction) => number;
} {
  const { db, companies, consultants, at, context } = deps;
  const ids = new Map<HistoryIntroduction, number>();
  const steps: Array<{ when: Date; run: () => Promise<unknown> }> = [];
  for (const item of DEMO_HISTORY) {
    const consultant = consultants[item.consultant]!;
    const company = companies[item.company]!;
    const introducedAt = at(item.daysAgo);
    const after = (hours: number) => new Date(introducedAt.getTime() + hours * HOUR);
    steps.push({
      when: introducedAt,
      run: async () => {
        const outcome = await introduceCandidate(
          db,
          consultant,
          {
            advertisement: await jobOf(db, company, item.job),
            firstName: item.firstName,
            lastName: item.lastName,
            email: `${item.firstName}.${item.lastName}@example.at`
              .toLowerCase()
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, ''),
            pitch: `${item.profile.position} mit ${item.profile.experienceYears} Jahren Erfahrung.`,
            profile: item.profile,
          },
          undefined,
          { ...context(introducedAt), fingerprintSecret: deps.fingerprintSecret, officeEmail: deps.officeEmail },
        );
        ids.set(item, outcome.introductionId);
      },
    });
    steps.push({
      when: after(item.consent),
      run: async () => {
        const token = await consentTokenOf(db, deps.registerSecret, ids.get(item)!);
        await confirmConsent(db, token!, { keepLonger: false }, null, context(after(item.consent)));
      },
    });
    // Steps after a held interview come at the earliest a day after it.
    let notBefore = 0;
    for (const step of item.steps) {
      const when = new Date(Math.max(after(step.afterHours).getTime(), notBefore));
      if (step.interview) {
        const day = addWorkingDays(viennaDate(when), 2);
        const startsAt = viennaLocalInstant(day, '10:00')!;
        notBefore = startsAt.getTime() + 24 * HOUR;
        steps.push(...interviewSteps(deps, item, () => ids.get(item)!, when, day));
        continue;
      }
      steps.push({
        when,
        run: async () => {
          if (step.chat !== undefined) {
            const conversation = await openConversation(db, consultant, await jobOf(db, company, item.job), when);
            await post(db, company, conversation, { text: step.chat, files: [] }, context(when));
          }
          if (step.status !== undefined) {
            await changeIntroductionStatus(
              db,
              company,
              ids.get(item)!,
              { status: step.status, reason: step.reason, reasonCategory: step.category },
              context(when),
            );
          }
        },
      });
    }
  }
  return { steps, idOf: (item) => ids.get(item)! };
}

/** The company proposes one time on `day` at 10:00; the consultant takes it two hours later. */
function interviewSteps(
  deps: HistoryDeps,
  item: HistoryIntroduction,
  introductionId: () => number,
  proposedAt: Date,
  day: string,
): Array<{ when: Date; run: () => Promise<unknown> }> {
  const { db, context } = deps;
  const company = deps.companies[item.company]!;
  const consultant = deps.consultants[item.consultant]!;
  const chosenAt = new Date(proposedAt.getTime() + 2 * HOUR);
  let interviewId = 0;
  return [
    {
      when: proposedAt,
      run: async () => {
        const proposed = await proposeInterview(
          db,
          company,
          introductionId(),
          {
            slots: [{ date: day, time: '10:00' }],
            durationMinutes: 60,
            mode: 'vor_ort',
            location: `${company.username}, Empfang`,
          },
          context(proposedAt),
        );
        interviewId = proposed.interviewId;
      },
    },
    {
      when: chosenAt,
      run: async () => {
        const [slot] = await db
          .select({ id: interviewSlots.id })
          .from(interviewSlots)
          .where(eq(interviewSlots.interviewId, interviewId))
          .orderBy(asc(interviewSlots.startsAt))
          .limit(1);
        await chooseInterviewSlot(db, consultant, interviewId, slot!.id, context(chosenAt));
      },
    },
  ];
}
