import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { INTERVIEW_MSG, INTRODUCTION_MSG } from '@pb/core';
import type { Db } from '../../db/client';
import { interviewSlots, interviews, introductions, users, type MailCalendar } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { enqueueMail } from '../../services/mail-outbox';
import { createNotifications } from '../../services/notifications/centre';
import { interviewCalendar } from './interview-calendar';
import { interviewInvitationMail, invitationParagraphs } from './interview-mails';
import { authorizeIntroductionReading, introductionSideOf, type Caller } from './policy';
import type { IntroductionRow } from './queries';
import { lockIntroduction, type RegisterContext } from './service';
import { lockRegister } from './register';

/** What the interview commands share: locking, who takes part, and the calendar mails. */

export type InterviewRow = typeof interviews.$inferSelect;
export type SlotRow = typeof interviewSlots.$inferSelect;

export interface InterviewContext extends RegisterContext {
  /** MAIL_FROM: the calendar entry's organiser is the platform. */
  mailFrom: string;
}

export const newCalendarUid = () => `interview-${randomUUID()}@praemienboerse.at`;

/**
 * The interview and its introduction, locked in the order of every register command (the caller
 * took the register lock): the introduction's row, then the interview's.
 */
export async function lockInterview(
  tx: Db,
  interviewId: number,
): Promise<{ interview: InterviewRow; introduction: IntroductionRow }> {
  const [found] = await tx
    .select({ introductionId: interviews.introductionId })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  const introduction = found ? await lockIntroduction(tx, found.introductionId) : undefined;
  const [interview] = found
    ? await tx.select().from(interviews).where(eq(interviews.id, interviewId)).for('update')
    : [];
  if (!interview || !introduction) throw notFound(INTERVIEW_MSG.notFound);
  return { interview, introduction };
}

/** The interview and its introduction for a read (the calendar file): no locks. */
export async function readInterview(
  db: Db,
  interviewId: number,
): Promise<{ interview: InterviewRow; introduction: IntroductionRow }> {
  const [found] = await db
    .select({ interview: interviews, introduction: introductions })
    .from(interviews)
    .innerJoin(introductions, eq(introductions.id, interviews.introductionId))
    .where(eq(interviews.id, interviewId));
  if (!found) throw notFound(INTERVIEW_MSG.notFound);
  return found;
}

/** The caller's side of the interview's introduction; the wrong side a German 403, strangers 404. */
export function authorizeInterviewSide(
  user: Caller,
  introduction: IntroductionRow | undefined,
  side: 'company' | 'agency' | 'either',
): { introduction: IntroductionRow; side: 'company' | 'agency' } {
  const readable = authorizeIntroductionReading(user, introduction);
  const own = introductionSideOf(user, readable);
  if (own === null) throw notFound(INTRODUCTION_MSG.notFound);
  if (side !== 'either' && own !== side) {
    throw forbidden(side === 'company' ? INTRODUCTION_MSG.companyOnly : INTERVIEW_MSG.agencyOnly);
  }
  return { introduction: readable, side: own };
}

/**
 * An interview command's transaction: the register lock, the interview with its introduction
 * (locked in that order), and the caller's side checked — then the command's own work.
 */
export function onInterview<T>(
  db: Db,
  caller: Caller,
  interviewId: number,
  side: 'company' | 'agency' | 'either',
  work: (
    tx: Db,
    found: { interview: InterviewRow; introduction: IntroductionRow; side: 'company' | 'agency' },
  ) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockRegister(tx);
    const { interview, introduction } = await lockInterview(tx, interviewId);
    const authorized = authorizeInterviewSide(caller, introduction, side);
    return work(tx, { interview, introduction, side: authorized.side });
  });
}

export async function slotsOf(tx: Db, interviewId: number): Promise<SlotRow[]> {
  return tx
    .select()
    .from(interviewSlots)
    .where(eq(interviewSlots.interviewId, interviewId))
    .orderBy(asc(interviewSlots.startsAt));
}

export async function chosenSlot(tx: Db, interview: InterviewRow): Promise<SlotRow | undefined> {
  if (interview.chosenSlotId === null) return undefined;
  const [slot] = await tx
    .select()
    .from(interviewSlots)
    .where(and(eq(interviewSlots.id, interview.chosenSlotId), eq(interviewSlots.interviewId, interview.id)));
  return slot;
}

export interface Participant {
  userId: number | null;
  name: string;
  email: string;
}

async function account(tx: Db, userId: number | null): Promise<Participant | null> {
  if (userId === null) return null;
  const [user] = await tx
    .select({ email: users.email, name: users.username, blocked: users.blocked })
    .from(users)
    .where(eq(users.id, userId));
  return user && !user.blocked ? { userId, name: user.name, email: user.email } : null;
}

/** The company's handler, the consultant and the candidate (while their address is kept). */
export async function participantsOf(tx: Db, row: IntroductionRow): Promise<Participant[]> {
  const people = [await account(tx, row.companyId), await account(tx, row.consultantId)];
  if (row.email !== null && row.identityReleasedAt !== null) {
    people.push({ userId: null, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email });
  }
  return people.filter((p): p is Participant => p !== null);
}

/** 'Prämienbörse <no-reply@…>' → the organiser of the calendar entry. */
export function organizerOf(mailFrom: string): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(mailFrom);
  return match ? { name: match[1] || 'Prämienbörse', email: match[2]! } : { name: 'Prämienbörse', email: mailFrom };
}

/** The interview's calendar entry as every participant gets it (mails and the page's download alike). */
export function calendarOfInterview(
  row: IntroductionRow,
  interview: InterviewRow,
  start: Date,
  people: readonly Participant[],
  method: MailCalendar['method'],
  ctx: Pick<InterviewContext, 'mailFrom' | 'publicUrl' | 'now'>,
): MailCalendar {
  return interviewCalendar(
    {
      uid: interview.calendarUid,
      sequence: interview.calendarSequence,
      start,
      durationMinutes: interview.durationMinutes,
      mode: interview.mode,
      location: interview.location,
      jobTitle: row.jobTitle,
      companyName: row.companyName,
      organizer: organizerOf(ctx.mailFrom),
      attendees: people.map((p) => ({ name: p.name, email: p.email })),
      description: `Vorstellung Nr. ${row.id} über die Prämienbörse: ${ctx.publicUrl}/advertisements/introductions/${row.id}`,
      stamp: ctx.now,
    },
    method,
  );
}

/**
 * The calendar entry of a scheduled interview to everyone taking part, with its text — the
 * invitation, an update (SEQUENCE raised by the caller) or the cancellation — and a bell for the
 * parties' accounts.
 */
export async function sendInvitations(
  tx: Db,
  row: IntroductionRow,
  interview: InterviewRow,
  start: Date,
  kind: 'scheduled' | 'updated' | 'cancelled',
  ctx: InterviewContext,
): Promise<void> {
  const people = await participantsOf(tx, row);
  const facts = {
    start,
    durationMinutes: interview.durationMinutes,
    mode: interview.mode,
    location: interview.location,
  };
  const about = { companyName: row.companyName, jobTitle: row.jobTitle };
  const calendar = calendarOfInterview(row, interview, start, people, kind === 'cancelled' ? 'CANCEL' : 'REQUEST', ctx);
  const subject = {
    scheduled: `Interviewtermin: ${row.jobTitle} bei ${row.companyName}`,
    updated: `Geändert: Interview ${row.jobTitle} bei ${row.companyName}`,
    cancelled: `Abgesagt: Interview ${row.jobTitle} bei ${row.companyName}`,
  }[kind];
  const paragraphs = invitationParagraphs(facts, about, kind, interview.cancelReason ?? undefined);
  for (const person of people) {
    // The candidate has no account: their mail links to the platform's start page only.
    const href = person.userId === null ? ctx.publicUrl : `${ctx.publicUrl}/advertisements/introductions/${row.id}`;
    await enqueueMail(
      tx,
      interviewInvitationMail(person.email, subject, paragraphs, calendar, href, `interview.${kind}`),
    );
  }
  const bells = people.filter((p) => p.userId !== null);
  await createNotifications(
    tx,
    bells.map((p) => ({
      userId: p.userId!,
      kind: 'introduction' as const,
      title: subject,
      body: `Kandidatenvorstellung Nr. ${row.id}`,
      link: `/advertisements/introductions/${row.id}`,
    })),
    ctx.now,
    { mail: false },
  );
}
