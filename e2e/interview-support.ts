import { expect, type APIRequestContext } from '@playwright/test';
import { addCalendarDays, viennaDate, viennaLocalInstant, type Interview, type IsoDate } from '@pb/core';
import { auth } from './placement-support';
import { mailedLink, mails, type Account, type MailRow } from './support';

/**
 * Interviews of an introduction (issue 35) in the journeys: a working day ahead to propose times
 * on, the company's proposal and the agency's link to the candidate through the API, the
 * candidate's mailed /termin link, and the calendar invitations in the dev mailbox.
 */

/** The next working day (Monday to Friday) after today, Vienna time. */
export function nextWorkingDay(): IsoDate {
  let day = addCalendarDays(viennaDate(new Date()), 1);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addCalendarDays(day, 1);
  return day;
}

/** `date` at `time` Vienna time as an iCalendar UTC stamp: '20261130T090000Z'. */
export function icsUtc(date: IsoDate, time: string): string {
  const instant = viennaLocalInstant(date, time);
  if (instant === null) throw new Error(`${date} ${time} does not exist in Vienna`);
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The company proposes times through the API (as 'Interview vorschlagen' sends them); the interview. */
export async function proposeInterview(
  request: APIRequestContext,
  company: Account,
  introduction: number,
  slots: Array<{ date: IsoDate; time: string }>,
  location = 'https://meet.example.at/pb-interview',
): Promise<Interview> {
  const made = await request.post(`/api/introductions/${introduction}/interviews`, {
    headers: auth(company),
    data: { data: { slots, durationMinutes: 60, mode: 'video', location } },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { data: Interview }).data;
}

/** The agency lets the candidate pick: the platform mails them the /termin link. */
export async function sendCandidateLink(request: APIRequestContext, consultant: Account, interview: number) {
  const sent = await request.post(`/api/interviews/${interview}/candidate-link`, { headers: auth(consultant) });
  expect(sent.status(), await sent.text()).toBe(200);
}

/** The newest /termin link mailed to `to` (waits until it is queued). */
export const interviewLink = (request: APIRequestContext, to: string) => mailedLink(request, to, '/termin#');

/** A mail row with the calendar entry it carries (text/calendar). */
export interface CalendarMail extends MailRow {
  calendar: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
}

/** The iCalendar text unfolded (RFC 5545 folds lines after 75 octets). */
export const unfold = (content: string) => content.replace(/\r?\n[ \t]/g, '');

/** A property of the VEVENT ('DTSTART', 'UID', 'SEQUENCE', …), unfolded. */
export function icsValue(content: string, name: string): string | undefined {
  return new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm').exec(unfold(content))?.[1]?.trim();
}

/**
 * The calendar mails for `jobTitle` to each of `to` whose subject starts with `subject`, one each
 * (the newest), once every one of them has arrived.
 */
export async function calendarMails(
  request: APIRequestContext,
  jobTitle: string,
  subject: string,
  to: string[],
): Promise<CalendarMail[]> {
  let found: CalendarMail[] = [];
  await expect
    .poll(
      async () => {
        const rows = (await mails(request)) as CalendarMail[];
        found = to.flatMap((address) => {
          const mail = rows.find(
            (m) =>
              m.toAddress.toLowerCase() === address.toLowerCase() &&
              m.subject.startsWith(subject) &&
              m.subject.includes(jobTitle) &&
              m.calendar !== null,
          );
          return mail ? [mail] : [];
        });
        return found.length;
      },
      { message: `'${subject}' with a calendar entry to ${to.join(', ')}` },
    )
    .toBe(to.length);
  return found;
}
