import { asc, eq } from 'drizzle-orm';
import { addWorkingDays, viennaDate } from '@pb/core';
import type { Db } from '../../db/client';
import { interviewSlots } from '../../db/schema';
import { chooseInterviewSlot, proposeInterview } from '../introductions';
import type { Actor } from './actors';

/**
 * The demo's interview (issue 35): the software company proposed two times for its full-stack
 * candidate three days ago, the consultant took the first one a day later — so both sides see an
 * agreed interview next week, with its calendar file, on a fresh start.
 */
export function demoInterviewSteps(
  db: Db,
  company: Actor,
  consultant: Actor,
  introductionId: () => number,
  at: (daysAgo: number, hours?: number) => Date,
  context: (when: Date) => { now: Date; publicUrl: string; registerSecret: string },
  now: Date,
  mailFrom: string,
): Array<{ when: Date; run: () => Promise<unknown> }> {
  let interviewId = 0;
  const nextWeek = addWorkingDays(viennaDate(now), 5);
  return [
    {
      when: at(3, 12),
      run: async () => {
        const proposed = await proposeInterview(
          db,
          company,
          introductionId(),
          {
            slots: [
              { date: nextWeek, time: '10:00' },
              { date: addWorkingDays(nextWeek, 1), time: '14:00' },
            ],
            durationMinutes: 60,
            mode: 'video',
            location: 'https://meet.example.at/softwerk-interview',
            note: 'Bitte eine kurze Code-Probe (max. 30 Zeilen) mitbringen, die Sie gerne erklären.',
          },
          { ...context(at(3, 12)), mailFrom },
        );
        interviewId = proposed.interviewId;
      },
    },
    {
      when: at(2, 10),
      run: async () => {
        const slot = await firstSlotOf(db, interviewId);
        await chooseInterviewSlot(db, consultant, interviewId, slot, { ...context(at(2, 10)), mailFrom });
      },
    },
  ];
}

async function firstSlotOf(db: Db, interviewId: number): Promise<number> {
  const [slot] = await db
    .select({ id: interviewSlots.id })
    .from(interviewSlots)
    .where(eq(interviewSlots.interviewId, interviewId))
    .orderBy(asc(interviewSlots.startsAt))
    .limit(1);
  return slot!.id;
}
