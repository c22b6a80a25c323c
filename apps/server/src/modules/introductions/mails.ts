import { formatDate, INTRODUCTION_STATUS_LABELS, type IntroductionStatus } from '@pb/core';
import { simpleHtml, type OutgoingMail } from '../../services/mail-outbox';

/**
 * Mails of the introductions register. They name the introduction by number and
 * advertisement, never the candidate: a mailbox is no place for the candidate's data.
 */

/** How mails name an introduction: number, advertisement, day — never the candidate. */
export interface IntroductionRef {
  id: number;
  jobTitle: string;
  introducedAt: Date;
}

export function link(publicUrl: string, id: number): string {
  return `${publicUrl}/advertisements/introductions/${id}`;
}

export function mail(
  event: string,
  to: string,
  subject: string,
  paragraphs: string[],
  href: string,
  label = 'Zur Vorstellung',
): OutgoingMail {
  const text = [...paragraphs, `${label}: ${href}`].join('\n\n');
  return { event, to, subject, text, html: simpleHtml(paragraphs, { href, label }) };
}

export const ref = (i: IntroductionRef) =>
  `Vorstellung Nr. ${i.id} vom ${formatDate(i.introducedAt)} zum Inserat „${i.jobTitle}“`;

/**
 * To the back office: a candidate with the name of another agency's live claim but other
 * contacts (decision 0027). Not decided by the server: the office clarifies and records it.
 */
export function nameMatchMail(to: string, i: IntroductionRef & { otherId: number }, publicUrl: string): OutgoingMail {
  return mail(
    'introduction.name-match',
    to,
    `Namensgleichheit bei Vorstellung Nr. ${i.id}`,
    [
      'Guten Tag,',
      `die ${ref(i)} nennt eine Person mit demselben Namen wie die Vorstellung Nr. ${i.otherId} eines anderen Personalberaters beim selben Unternehmen, aber mit anderen Kontaktdaten.`,
      'Beide Ansprüche bleiben bestehen; keiner der beiden Personalberater wurde informiert. Bitte klären Sie, ob es dieselbe Person ist, und halten Sie das Ergebnis im Register mit „Klärung“ fest.',
    ],
    `${publicUrl}/admin/introductions?flag=namensgleich`,
    'Zum Register',
  );
}

/** To the company: a consultant introduced a candidate for one of its advertisements. */
export function newIntroductionMail(to: string, i: IntroductionRef, publicUrl: string): OutgoingMail {
  return mail(
    'introduction.new',
    to,
    `Neue Kandidatenvorstellung zu '${i.jobTitle}'`,
    [
      'Guten Tag,',
      `ein Personalberater hat Ihnen auf der Prämienbörse eine Kandidatin bzw. einen Kandidaten für das Inserat „${i.jobTitle}“ vorgestellt (Nr. ${i.id}).`,
      'Bis die Person der Vorstellung selbst zugestimmt hat, sehen Sie ihr anonymisiertes Profil; danach Name, Kontaktdaten und Lebenslauf.',
      "Falls Ihnen die Person bereits bekannt war, können Sie das innerhalb von 2 Arbeitstagen nach der Freigabe der Identität mit 'Bereits bekannt' erklären; danach ist die Vorstellung verbindlich.",
    ],
    link(publicUrl, i.id),
  );
}

/** To the consultant: the company moved the introduction to another stage. */
export function statusChangedMail(
  to: string,
  i: IntroductionRef,
  status: IntroductionStatus,
  reason: string | null,
  publicUrl: string,
): OutgoingMail {
  const label = INTRODUCTION_STATUS_LABELS[status];
  return mail(
    'introduction.status',
    to,
    `Ihre Vorstellung zu '${i.jobTitle}': ${label}`,
    [
      'Guten Tag,',
      `das Unternehmen hat den Status Ihrer ${ref(i)} auf „${label}“ gesetzt.`,
      ...(reason ? [`Begründung des Unternehmens: ${reason}`] : []),
    ],
    link(publicUrl, i.id),
  );
}

/** To the consultant: the company declared the candidate already known. */
export function alreadyKnownMail(to: string, i: IntroductionRef, note: string, publicUrl: string): OutgoingMail {
  return mail(
    'introduction.already_known',
    to,
    `'Bereits bekannt' zu Ihrer Vorstellung zu '${i.jobTitle}'`,
    [
      'Guten Tag,',
      `das Unternehmen erklärt, die Person Ihrer ${ref(i)} bereits gekannt zu haben.`,
      `Notiz des Unternehmens: ${note}`,
      'Sie können in der Konversation zum Inserat darauf antworten.',
    ],
    link(publicUrl, i.id),
  );
}

/** To both parties: a lapsed claim revived (re-contact or placement within the window of the terms). */
export function claimRevivedMail(to: string, i: IntroductionRef, publicUrl: string): OutgoingMail {
  return mail(
    'introduction.claim_revived',
    to,
    `Anspruch aus der Vorstellung Nr. ${i.id} lebt wieder auf`,
    [
      'Guten Tag,',
      `die Person der ${ref(i)} wurde nach einer Absage innerhalb von 7 Monaten erneut kontaktiert oder eingestellt.`,
      'Nach den AGB der Prämienbörse lebt der Anspruch des vorstellenden Personalberaters damit wieder auf; es gilt die Prämie zum Zeitpunkt der Vorstellung.',
    ],
    link(publicUrl, i.id),
  );
}

/** To the office: a placement report names a candidate another agency has a claim on. */
export function circumventionMail(
  to: string,
  report: { id: number; jobTitle: string; companyName: string },
  introductionIds: number[],
  publicUrl: string,
): OutgoingMail {
  return mail(
    'introduction.circumvention',
    to,
    `Umgehungsverdacht bei Stellenbesetzung #${report.id}`,
    [
      'Guten Tag,',
      `die Stellenbesetzung #${report.id} („${report.jobTitle}“, ${report.companyName}) betrifft eine Person, auf die ein anderer Personalberater innerhalb der letzten 12 Monate einen Anspruch hat (Vorstellung Nr. ${introductionIds.join(', ')}).`,
      'Bitte prüfen Sie den Fall im Backoffice.',
    ],
    `${publicUrl}/admin/introductions?flag=umgehungsverdacht`,
    'Zum Register',
  );
}
