import { CONSENT_LINK_DAYS, CONSENT_REMINDER_DAYS, formatAppointment, formatDate } from '@pb/core';
import { simpleHtml, type OutgoingMail } from '../../services/mail-outbox';
import { link, mail, ref, type IntroductionRef } from './mails';

/**
 * Mails of the candidate's consent (issue 35). To the candidate: from the platform, naming the
 * agency, the company and the position — what they need to decide, and nothing about anyone
 * else. To the parties: by number and advertisement, as every introduction mail.
 */

export interface ConsentRequest {
  agencyName: string;
  companyName: string;
  jobTitle: string;
  url: string;
  expiresAt: Date;
}

function candidateMail(event: string, to: string, subject: string, paragraphs: string[], href: string): OutgoingMail {
  const label = 'Vorstellung bestätigen oder ablehnen';
  const text = [...paragraphs, `${label}: ${href}`].join('\n\n');
  return { event, to, subject, text, html: simpleHtml(paragraphs, { href, label }) };
}

function requestParagraphs(r: ConsentRequest): string[] {
  return [
    'Guten Tag,',
    `die Personalvermittlung ${r.agencyName} möchte Sie dem Unternehmen ${r.companyName} für die Position „${r.jobTitle}“ vorstellen. Die Vorstellung läuft über die Prämienbörse, eine Plattform für Personalvermittlung in Österreich.`,
    `Das Unternehmen sieht bis zu Ihrer Zustimmung nur ein anonymisiertes Profil ohne Namen, Kontaktdaten und Lebenslauf. Erst wenn Sie zustimmen, erhält es diese Angaben.`,
    `Bitte entscheiden Sie bis ${formatAppointment(r.expiresAt)}, ob Sie vorgestellt werden möchten. Ohne Ihre Antwort endet die Vorstellung dann und Ihre Daten werden gelöscht. Sie brauchen dafür kein Konto.`,
    'Wenn Sie die Personalvermittlung nicht kennen oder nicht vorgestellt werden möchten, lehnen Sie bitte ab: Ihre Daten werden dann sofort gelöscht.',
  ];
}

export function consentRequestMail(to: string, r: ConsentRequest): OutgoingMail {
  return candidateMail(
    'introduction.consent_request',
    to,
    `Ihre Zustimmung: Vorstellung bei ${r.companyName}`,
    requestParagraphs(r),
    r.url,
  );
}

export function consentReminderMail(to: string, r: ConsentRequest): OutgoingMail {
  const [greeting, ...rest] = requestParagraphs(r);
  return candidateMail(
    'introduction.consent_reminder',
    to,
    `Erinnerung: Ihre Zustimmung zur Vorstellung bei ${r.companyName}`,
    [
      greeting!,
      `wir haben Ihnen vor ${CONSENT_REMINDER_DAYS} Tagen geschrieben und noch keine Antwort erhalten.`,
      ...rest,
    ],
    r.url,
  );
}

/** To the company's handler: the candidate agreed, name, contact and CV are there now. */
export function identityReleasedMail(to: string, i: IntroductionRef, publicUrl: string): OutgoingMail {
  return mail(
    'introduction.identity_released',
    to,
    `Identität freigegeben: Vorstellung Nr. ${i.id} zu '${i.jobTitle}'`,
    [
      'Guten Tag,',
      `die Person der ${ref(i)} hat der Vorstellung zugestimmt. Name, Kontaktdaten und Lebenslauf stehen jetzt in der Vorstellung.`,
      "Falls Ihnen die Person bereits bekannt war, können Sie das innerhalb von 2 Arbeitstagen mit 'Bereits bekannt' erklären; danach ist die Vorstellung verbindlich.",
    ],
    link(publicUrl, i.id),
  );
}

/** To the consultant: the candidate answered (or let the link expire, or withdrew). */
export function consentAnsweredMail(
  to: string,
  i: IntroductionRef,
  outcome: 'confirmed' | 'declined' | 'expired' | 'withdrawn',
  publicUrl: string,
): OutgoingMail {
  const text = {
    confirmed: 'hat der Vorstellung zugestimmt. Das Unternehmen sieht jetzt Name, Kontaktdaten und Lebenslauf.',
    declined: 'hat die Vorstellung abgelehnt. Die Vorstellung ist beendet, die Daten der Person sind gelöscht.',
    expired: `hat innerhalb von ${CONSENT_LINK_DAYS} Tagen nicht zugestimmt. Die Vorstellung ist beendet, die Daten der Person sind gelöscht.`,
    withdrawn:
      'hat ihre Einwilligung widerrufen. Die Vorstellung ist beendet; Kontaktdaten und Lebenslauf sind gelöscht.',
  }[outcome];
  const subject = {
    confirmed: 'Zustimmung erteilt',
    declined: 'Vorstellung abgelehnt',
    expired: 'Keine Zustimmung',
    withdrawn: 'Einwilligung widerrufen',
  }[outcome];
  return mail(
    `introduction.consent_${outcome}`,
    to,
    `${subject}: Vorstellung Nr. ${i.id} zu '${i.jobTitle}'`,
    ['Guten Tag,', `die Person Ihrer ${ref(i)} ${text}`],
    link(publicUrl, i.id),
  );
}

/** To the company's handler: the introduction ended without the candidate's consent, or they withdrew it. */
export function consentEndedMail(
  to: string,
  i: IntroductionRef,
  outcome: 'declined' | 'expired' | 'withdrawn',
  ctx: { now: Date; publicUrl: string },
): OutgoingMail {
  const text =
    outcome === 'withdrawn'
      ? `Die Person der ${ref(i)} hat ihre Einwilligung am ${formatDate(ctx.now)} widerrufen. Bitte verwenden Sie ihre Kontaktdaten und ihren Lebenslauf nicht weiter; sie sind aus der Prämienbörse gelöscht.`
      : `Die ${ref(i)} ist beendet: Die Person hat der Vorstellung nicht zugestimmt. Daraus entsteht kein Anspruch.`;
  return mail(
    `introduction.consent_${outcome}_company`,
    to,
    `Vorstellung Nr. ${i.id} zu '${i.jobTitle}' beendet`,
    ['Guten Tag,', text],
    link(ctx.publicUrl, i.id),
  );
}
