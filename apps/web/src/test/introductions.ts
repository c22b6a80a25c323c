import type { AnonymousProfile, Introduction, IntroductionDetail } from '@pb/core';

/**
 * Introductions the web's page tests show (test files only): Alpha Personal GmbH introduced a cook
 * to Muster Gastro GmbH, as each side sees it before and after the candidate's consent (issue 35).
 */

export const PROFILE: AnonymousProfile = {
  position: 'Koch/Köchin',
  experienceYears: 7,
  region: 'Wien',
  skills: ['À-la-carte', 'HACCP'],
  salaryExpectationCents: 4_800_000,
  noticePeriod: '1_monat',
  availableFrom: '2026-05-01',
  languages: ['Deutsch', 'Englisch'],
};

/** Released to the company: name, contact and CV; the 'Bereits bekannt' window runs. */
export const released: Introduction = {
  id: 12,
  advertisement: { id: 5, jobTitle: 'Küchenchef/in' },
  company: { id: 2, name: 'Muster Gastro GmbH' },
  agency: { id: 3, name: 'Alpha Personal GmbH' },
  consultant: { id: 4, name: 'Karl Huber' },
  introducedAt: '2026-03-02T09:15:00.000Z',
  bonus: 18,
  status: 'neu',
  statusChangedAt: '2026-03-02T09:15:00.000Z',
  candidate: { firstName: 'Anna', lastName: 'Gruber', email: 'anna.gruber@example.at', phone: '+436641234567' },
  pitch: 'Erfahrene Köchin aus der gehobenen Gastronomie.',
  cv: { id: 30, name: 'Lebenslauf.pdf', ext: 'pdf', mime: 'application/pdf', size: 1024, url: '/api/files/30' },
  consentAt: '2026-03-03T10:00:00.000Z',
  consent: {
    state: 'confirmed',
    requestedAt: '2026-03-02T09:15:00.000Z',
    expiresAt: null,
    remindedAt: null,
    answeredAt: '2026-03-03T10:00:00.000Z',
    withdrawnAt: null,
  },
  identityReleasedAt: '2026-03-03T10:00:00.000Z',
  profile: PROFILE,
  keepLonger: false,
  subordinate: false,
  priorIntroducedOn: null,
  claim: 'live',
  revivalDeadline: null,
  alreadyKnown: null,
  alreadyKnownDeadline: '2026-03-05',
  canDeclareKnown: true,
  nextStatuses: ['in_pruefung', 'interview', 'angebot', 'eingestellt', 'abgesagt'],
  rejectionReason: null,
  lastReaction: null,
  conversationId: null,
  seen: true,
  flags: [],
  hash: 'a'.repeat(64),
  personalDataDeletedAt: null,
};

/** The company before the candidate agreed: the profile only, a look or a rejection. */
export const pendingForCompany: Introduction = {
  ...released,
  candidate: null,
  pitch: null,
  cv: null,
  consentAt: null,
  consent: {
    state: 'pending',
    requestedAt: '2026-03-02T09:15:00.000Z',
    expiresAt: '2026-03-09T09:15:00.000Z',
    remindedAt: null,
    answeredAt: null,
    withdrawnAt: null,
  },
  identityReleasedAt: null,
  alreadyKnownDeadline: null,
  canDeclareKnown: false,
  nextStatuses: ['in_pruefung', 'abgesagt'],
};

/** The consultant's view of the same pending introduction: they know whom they introduced. */
export const pendingForConsultant: Introduction = {
  ...pendingForCompany,
  candidate: released.candidate,
  pitch: released.pitch,
  cv: released.cv,
  consent: { ...pendingForCompany.consent, remindedAt: '2026-03-04T09:15:00.000Z' },
  nextStatuses: [],
};

/** The candidate declined: ended, no claim, the data gone. */
export const declined: Introduction = {
  ...pendingForCompany,
  status: 'abgesagt',
  statusChangedAt: '2026-03-04T08:00:00.000Z',
  consent: {
    state: 'declined',
    requestedAt: '2026-03-02T09:15:00.000Z',
    expiresAt: null,
    remindedAt: null,
    answeredAt: '2026-03-04T08:00:00.000Z',
    withdrawnAt: null,
  },
  profile: null,
  claim: 'no_consent',
  nextStatuses: [],
  personalDataDeletedAt: '2026-03-04T08:00:00.000Z',
};

/** An introduction with its register timeline. */
export function detailOf(
  introduction: Introduction,
  timeline: IntroductionDetail['timeline'] = [],
): { data: IntroductionDetail } {
  return {
    data: {
      ...introduction,
      timeline: [
        { kind: 'introduced', at: introduction.introducedAt, status: null, note: null, hash: 'h1' },
        ...timeline,
      ],
    },
  };
}
