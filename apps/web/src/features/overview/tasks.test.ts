import { describe, expect, it } from 'vitest';
import type { Overview } from '@pb/core';
import { tasksOf } from './tasks';

const none: Overview = { introductions: null, conversations: null, money: null, searches: null, checklist: [] };
const introductions = (fields: Partial<NonNullable<Overview['introductions']>>): Overview['introductions'] => ({
  alreadyKnownOpen: 0,
  alreadyKnownDeadline: null,
  awaitingReaction: 0,
  inProgress: 0,
  hiredUnreported: 0,
  hiredUnreportedId: null,
  hiredUnreportedAdvertisementId: null,
  consentPending: 0,
  interviewsToSchedule: 0,
  interviewsToScheduleId: null,
  feedbackOverdue: 0,
  feedbackOverdueId: null,
  ...fields,
});

describe('overview tasks', () => {
  it('When nothing is open, then there is no task', () => {
    expect(tasksOf(none, '2026-12-04', true)).toEqual([]);
  });

  it('When introductions can still be declared known, then the task names the last day, or "heute" on it', () => {
    const overview = {
      ...none,
      introductions: introductions({ alreadyKnownOpen: 2, alreadyKnownDeadline: '2026-12-09' }),
    };
    const [task] = tasksOf(overview, '2026-12-04', true);
    expect(task).toMatchObject({ title: '2 neue Vorstellungen prüfen', tone: 'todo' });
    expect(task!.detail).toContain('bis 09.12.2026');
    expect(task!.href).toBe('/advertisements/introductions?status=neu');
    const [lastDay] = tasksOf(overview, '2026-12-09', true);
    expect(lastDay).toMatchObject({ tone: 'urgent' });
    expect(lastDay!.detail).toContain('heute erklären');
  });

  it('When several things are open, then the urgent ones come first and counts read as German', () => {
    const tasks = tasksOf(
      {
        introductions: introductions({
          inProgress: 1,
          hiredUnreported: 1,
          hiredUnreportedId: 7,
          hiredUnreportedAdvertisementId: 3,
        }),
        conversations: { unanswered: 1 },
        money: { payCents: 720_720, payBy: '2026-12-18', overdue: 1, receiveCents: 0 },
        searches: [{ id: 3, name: 'Wien Küche', newMatches: 1 }],
        checklist: [],
      },
      '2026-12-04',
      false,
    );
    expect(tasks.map((t) => t.title)).toEqual([
      'Eine Einstellung ohne Vermittlungsmeldung',
      'Sie zahlen €\u00a07.207,20 bis 18.12.2026',
      'Eine Konversation wartet auf Ihre Antwort',
      'Eine Vorstellung im Auswahlverfahren',
      'Ein neues Inserat für „Wien Küche“',
    ]);
    expect(tasks[0]!.href).toBe('/advertisements/view?id=3&melden=7');
    expect(tasks[1]!.detail).toContain('Eine Rechnung ist überfällig.');
  });

  it('When interviews wait for a time or feedback is overdue, then each side gets its own sentence', () => {
    const agency = tasksOf(
      {
        ...none,
        introductions: introductions({
          interviewsToSchedule: 1,
          interviewsToScheduleId: 7,
          feedbackOverdue: 2,
          feedbackOverdueId: 9,
          consentPending: 3,
        }),
      },
      '2026-12-04',
      false,
    );
    // The agency's own step first; the company's overdue answer is news for it.
    expect(agency.map((t) => [t.key, t.title, t.href])).toEqual([
      ['interviews-to-schedule', 'Ein Interviewtermin wählen', '/advertisements/introductions/7'],
      ['feedback-overdue', 'Rückmeldung zu 2 Interviews überfällig', '/advertisements/introductions/9'],
      [
        'consent-pending',
        '3 Vorstellungen warten auf die Zustimmung der Kandidat/innen',
        '/advertisements/introductions',
      ],
    ]);
    const company = tasksOf(
      { ...none, introductions: introductions({ feedbackOverdue: 1, feedbackOverdueId: 9 }) },
      '2026-12-04',
      true,
    );
    expect(company[0]).toMatchObject({ title: 'Rückmeldung zu einem Interview überfällig', tone: 'urgent' });
  });
});
