import {
  formatCents,
  formatDay,
  formatNumber,
  OVERVIEW_NEW_MATCH_DAYS,
  type FirstRunStep,
  type Overview,
} from '@pb/core';

/**
 * What the 'Übersicht' says (issue 32): the overview's counts as tasks in German, each one
 * sentence with a link to where it is done, the most pressing first. Pure, so each sentence is
 * tested on its own.
 */

export type TaskTone = 'urgent' | 'todo' | 'info';

export interface Task {
  key: string;
  title: string;
  detail: string;
  href: string;
  tone: TaskTone;
}

/** 'eine Vorstellung' / '3 Vorstellungen' ('ein neues Inserat' with article 'ein'). */
function counted(n: number, one: string, many: string, article: 'eine' | 'ein' = 'eine'): string {
  return n === 1 ? `${article} ${one}` : `${formatNumber(n)} ${many}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const INTRODUCTIONS = '/advertisements/introductions';

function introductionTasks(i: NonNullable<Overview['introductions']>, today: string, company: boolean): Task[] {
  const tasks: Task[] = [];
  if (i.alreadyKnownOpen > 0 && i.alreadyKnownDeadline) {
    const lastDay = i.alreadyKnownDeadline === today ? 'heute' : `bis ${formatDay(i.alreadyKnownDeadline)}`;
    tasks.push({
      key: 'already-known',
      title: `${capitalised(counted(i.alreadyKnownOpen, 'neue Vorstellung', 'neue Vorstellungen'))} prüfen`,
      detail: `„Bereits bekannt“ können Sie ${lastDay} erklären; danach ist die Vorstellung verbindlich.`,
      href: `${INTRODUCTIONS}?status=neu`,
      tone: i.alreadyKnownDeadline === today ? 'urgent' : 'todo',
    });
  }
  if (i.awaitingReaction > 0)
    tasks.push({
      key: 'awaiting-reaction',
      title: `${capitalised(counted(i.awaitingReaction, 'Vorstellung wartet', 'Vorstellungen warten'))} auf Ihre Rückmeldung`,
      detail: 'Seit mehr als 2 Arbeitstagen „Neu“: Setzen Sie den nächsten Schritt oder sagen Sie mit Begründung ab.',
      href: `${INTRODUCTIONS}?status=neu`,
      tone: 'todo',
    });
  if (i.hiredUnreported > 0 && i.hiredUnreportedId !== null)
    tasks.push({
      key: 'hired-unreported',
      title: `${capitalised(counted(i.hiredUnreported, 'Einstellung', 'Einstellungen'))} ohne Vermittlungsmeldung`,
      detail: company
        ? 'Melden Sie die Vermittlung mit dem Jahresbruttogehalt; es gilt die bei der Vorstellung festgehaltene Prämie.'
        : 'Das Unternehmen hat „Eingestellt“ gesetzt: Melden Sie die Vermittlung, damit die Prämie verrechnet wird.',
      // Straight to the report dialog with the introduction filled in: the company's from its list, the agency's from the advertisement.
      href:
        i.hiredUnreportedAdvertisementId === null
          ? `${INTRODUCTIONS}/${i.hiredUnreportedId}`
          : company
            ? `/advertisements/create?report=${i.hiredUnreportedAdvertisementId}&introduction=${i.hiredUnreportedId}`
            : `/advertisements/view?id=${i.hiredUnreportedAdvertisementId}&melden=${i.hiredUnreportedId}`,
      tone: 'urgent',
    });
  if (i.feedbackOverdue > 0 && i.feedbackOverdueId !== null)
    tasks.push({
      key: 'feedback-overdue',
      title:
        i.feedbackOverdue === 1
          ? 'Rückmeldung zu einem Interview überfällig'
          : `Rückmeldung zu ${formatNumber(i.feedbackOverdue)} Interviews überfällig`,
      detail: company
        ? 'Geben Sie der Personalvermittlung Rückmeldung: weiteres Gespräch, Angebot oder Absage mit Grund.'
        : 'Das Unternehmen hat nach dem Interview noch nicht geantwortet; die Prämienbörse hat es erinnert.',
      href: `${INTRODUCTIONS}/${i.feedbackOverdueId}`,
      tone: company ? 'urgent' : 'info',
    });
  if (i.interviewsToSchedule > 0 && i.interviewsToScheduleId !== null)
    tasks.push({
      key: 'interviews-to-schedule',
      title: `${capitalised(counted(i.interviewsToSchedule, 'Interviewtermin', 'Interviewtermine', 'ein'))} wählen`,
      detail:
        'Das Unternehmen hat Termine vorgeschlagen: Wählen Sie einen oder senden Sie der Kandidatin bzw. dem Kandidaten den Link zur Terminwahl.',
      href: `${INTRODUCTIONS}/${i.interviewsToScheduleId}`,
      tone: 'todo',
    });
  if (i.consentPending > 0)
    tasks.push({
      key: 'consent-pending',
      title: `${capitalised(counted(i.consentPending, 'Vorstellung wartet', 'Vorstellungen warten'))} auf die Zustimmung der Kandidat/innen`,
      detail:
        'Die Prämienbörse hat per E-Mail gefragt und erinnert nach 2 Tagen; ohne Antwort endet die Vorstellung nach 7 Tagen.',
      href: INTRODUCTIONS,
      tone: 'info',
    });
  if (i.inProgress > 0)
    tasks.push({
      key: 'in-progress',
      title: `${capitalised(counted(i.inProgress, 'Vorstellung', 'Vorstellungen'))} im Auswahlverfahren`,
      detail: 'In Prüfung, beim Interview oder mit Angebot beim Unternehmen.',
      href: INTRODUCTIONS,
      tone: 'info',
    });
  return tasks;
}

function moneyTasks(m: NonNullable<Overview['money']>): Task[] {
  const tasks: Task[] = [];
  if (m.payCents > 0) {
    const overdue =
      m.overdue > 0 ? ` ${capitalised(counted(m.overdue, 'Rechnung ist', 'Rechnungen sind'))} überfällig.` : '';
    tasks.push({
      key: 'pay',
      title: `Sie zahlen ${formatCents(m.payCents)}${m.payBy ? ` bis ${formatDay(m.payBy)}` : ''}`,
      detail: `Kontoverbindung und Verwendungszweck stehen im Kontoauszug.${overdue}`,
      href: '/advertisements/billing',
      tone: m.overdue > 0 ? 'urgent' : 'todo',
    });
  }
  if (m.receiveCents > 0)
    tasks.push({
      key: 'receive',
      title: `Sie erhalten ${formatCents(m.receiveCents)}`,
      detail: 'Rückerstattung aus einem Garantiefall; Einzelheiten im Kontoauszug.',
      href: '/advertisements/billing',
      tone: 'info',
    });
  return tasks;
}

const TONE_ORDER: Record<TaskTone, number> = { urgent: 0, todo: 1, info: 2 };

/** Every task of the overview, the most pressing first. `today` is the Vienna day (YYYY-MM-DD). */
export function tasksOf(overview: Overview, today: string, company: boolean): Task[] {
  const tasks: Task[] = [];
  if (overview.introductions) tasks.push(...introductionTasks(overview.introductions, today, company));
  if (overview.conversations && overview.conversations.unanswered > 0) {
    const n = overview.conversations.unanswered;
    tasks.push({
      key: 'unanswered',
      title: `${capitalised(counted(n, 'Konversation wartet', 'Konversationen warten'))} auf Ihre Antwort`,
      detail: 'Die andere Seite hat zuletzt geschrieben.',
      href: '/advertisements/chat',
      tone: 'todo',
    });
  }
  if (overview.money) tasks.push(...moneyTasks(overview.money));
  for (const search of overview.searches ?? [])
    tasks.push({
      key: `search-${search.id}`,
      title: `${capitalised(counted(search.newMatches, 'neues Inserat', 'neue Inserate', 'ein'))} für „${search.name}“`,
      detail: `Veröffentlicht in den letzten ${OVERVIEW_NEW_MATCH_DAYS} Tagen und passend zu Ihrem Suchauftrag.`,
      href: '/advertisements/searches',
      tone: 'info',
    });
  return tasks.sort((a, b) => TONE_ORDER[a.tone] - TONE_ORDER[b.tone]);
}

/** The first-run checklist's steps: what to do, and where. */
export const FIRST_RUN_STEP_TEXT: Record<FirstRunStep, { label: string; href: string }> = {
  profile: { label: 'Öffentliches Profil ausfüllen (Beschreibung)', href: '/advertisements/profile' },
  legal_identity: { label: 'Rechnungsdaten der Organisation vervollständigen', href: '/advertisements/organisation' },
  advertisement: { label: 'Erstes Inserat veröffentlichen', href: '/advertisements/create/save' },
  search: { label: 'Ersten Suchauftrag speichern', href: '/advertisements/view' },
  colleague: { label: 'Kolleginnen und Kollegen einladen', href: '/advertisements/organisation' },
};
