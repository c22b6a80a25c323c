import {
  FEEDBACK_OUTCOME_LABELS,
  formatAppointment,
  INTERVIEW_MODE_LABELS,
  REJECTION_REASON_LABELS,
  type FeedbackOutcome,
  type InterviewMode,
  type RejectionReason,
} from '@pb/core';
import { simpleHtml, type OutgoingMail } from '../../services/mail-outbox';
import type { MailCalendar } from '../../db/schema';
import { link, mail, ref, type IntroductionRef } from './mails';

/**
 * Mails of an introduction's interviews (issue 35). The parties' mails name the introduction by
 * number as every introduction mail; the candidate's name only the company, agency and position.
 * Invitations carry the calendar entry (text/calendar) besides the text.
 */

export interface InterviewFacts {
  start: Date;
  durationMinutes: number;
  mode: InterviewMode;
  location: string;
}

const when = (f: InterviewFacts) =>
  `${formatAppointment(f.start)} (Wiener Zeit), ${f.durationMinutes} Minuten, ${INTERVIEW_MODE_LABELS[f.mode]}: ${f.location}`;

/** To the consultant: the company proposed times. */
export function interviewProposedMail(to: string, i: IntroductionRef, starts: Date[], publicUrl: string): OutgoingMail {
  return mail(
    'interview.proposed',
    to,
    `Interviewtermine zur Vorstellung Nr. ${i.id} zu '${i.jobTitle}'`,
    [
      'Guten Tag,',
      `das Unternehmen schlägt für die ${ref(i)} folgende Interviewtermine vor:`,
      starts.map((s) => `– ${formatAppointment(s)}`).join('\n'),
      'Bitte wählen Sie einen Termin oder senden Sie der Kandidatin bzw. dem Kandidaten den Link zur Terminwahl.',
    ],
    link(publicUrl, i.id),
  );
}

/** To each party and the candidate: the agreed time, with the calendar entry (or its update). */
export function interviewInvitationMail(
  to: string,
  subject: string,
  paragraphs: string[],
  calendar: MailCalendar,
  href: string,
  event = 'interview.invitation',
): OutgoingMail {
  const label = 'Details ansehen';
  return {
    event,
    to,
    subject,
    text: [...paragraphs, `${label}: ${href}`].join('\n\n'),
    html: simpleHtml(paragraphs, { href, label }),
    calendar,
  };
}

export function invitationParagraphs(
  facts: InterviewFacts,
  about: { companyName: string; jobTitle: string },
  kind: 'scheduled' | 'updated' | 'cancelled',
  reason?: string,
): string[] {
  const head = {
    scheduled: `der Interviewtermin für die Position „${about.jobTitle}“ bei ${about.companyName} steht fest:`,
    updated: `der Interviewtermin für die Position „${about.jobTitle}“ bei ${about.companyName} wurde geändert:`,
    cancelled: `der Interviewtermin für die Position „${about.jobTitle}“ bei ${about.companyName} wurde abgesagt:`,
  }[kind];
  return [
    'Guten Tag,',
    head,
    when(facts),
    ...(reason ? [`Begründung: ${reason}`] : []),
    kind === 'cancelled'
      ? 'Der Kalendereintrag im Anhang entfernt den Termin aus Ihrem Kalender.'
      : 'Der Kalendereintrag im Anhang trägt den Termin in Ihren Kalender ein.',
  ];
}

/** To the candidate: a link to pick one of the proposed times (no account needed). */
export function interviewChoiceMail(
  to: string,
  about: { companyName: string; agencyName: string; jobTitle: string },
  starts: Date[],
  url: string,
): OutgoingMail {
  const paragraphs = [
    'Guten Tag,',
    `${about.companyName} möchte Sie für die Position „${about.jobTitle}“ kennenlernen. ${about.agencyName} bittet Sie, einen der vorgeschlagenen Termine zu wählen:`,
    starts.map((s) => `– ${formatAppointment(s)} (Wiener Zeit)`).join('\n'),
  ];
  const label = 'Termin wählen';
  return {
    event: 'interview.candidate_choice',
    to,
    subject: `Interviewtermin wählen: ${about.jobTitle} bei ${about.companyName}`,
    text: [...paragraphs, `${label}: ${url}`].join('\n\n'),
    html: simpleHtml(paragraphs, { href: url, label }),
  };
}

/** To everyone 24 hours before. */
export function interviewReminderMail(
  to: string,
  facts: InterviewFacts,
  about: { companyName: string; jobTitle: string },
  href: string,
): OutgoingMail {
  return {
    event: 'interview.reminder',
    to,
    subject: `Erinnerung: Interview morgen – ${about.jobTitle} bei ${about.companyName}`,
    text: ['Guten Tag,', 'zur Erinnerung an Ihr Interview:', when(facts), `Details: ${href}`].join('\n\n'),
    html: simpleHtml(['Guten Tag,', 'zur Erinnerung an Ihr Interview:', when(facts)], {
      href,
      label: 'Details ansehen',
    }),
  };
}

/** To the company after the interview, and again when its feedback is overdue. */
export function feedbackRequestMail(
  to: string,
  i: IntroductionRef,
  due: string,
  overdue: boolean,
  publicUrl: string,
): OutgoingMail {
  return mail(
    overdue ? 'interview.feedback_overdue' : 'interview.feedback_request',
    to,
    overdue
      ? `Rückmeldung überfällig: Interview zur Vorstellung Nr. ${i.id}`
      : `Wie war das Interview? Vorstellung Nr. ${i.id} zu '${i.jobTitle}'`,
    [
      'Guten Tag,',
      overdue
        ? `Ihre Rückmeldung zum Interview der ${ref(i)} war bis ${due} fällig. Die Personalvermittlung sieht jetzt „Rückmeldung überfällig“.`
        : `das Interview der ${ref(i)} ist vorbei. Bitte geben Sie der Personalvermittlung bis ${due} Rückmeldung: weiteres Gespräch, Angebot oder Absage mit Grund.`,
    ],
    link(publicUrl, i.id),
  );
}

/** To the consultant: the company's feedback. */
export function feedbackGivenMail(
  to: string,
  i: IntroductionRef,
  feedback: { outcome: FeedbackOutcome; reason: RejectionReason | null; note: string | null },
  publicUrl: string,
): OutgoingMail {
  return mail(
    'interview.feedback',
    to,
    `Rückmeldung zum Interview: ${FEEDBACK_OUTCOME_LABELS[feedback.outcome]} (Vorstellung Nr. ${i.id})`,
    [
      'Guten Tag,',
      `das Unternehmen hat zum Interview der ${ref(i)} Rückmeldung gegeben: ${FEEDBACK_OUTCOME_LABELS[feedback.outcome]}.`,
      ...(feedback.reason ? [`Grund: ${REJECTION_REASON_LABELS[feedback.reason]}`] : []),
      ...(feedback.note ? [`Anmerkung: ${feedback.note}`] : []),
    ],
    link(publicUrl, i.id),
  );
}
