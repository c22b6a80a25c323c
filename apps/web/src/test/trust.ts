import type {
  AgencyTrackRecord,
  CompanyTrustFigures,
  MemberTrackRecord,
  OrganisationTrust,
  RatingSummary,
} from '@pb/core';

/**
 * Trust figures the web's tests show (test files only, issue 36): Muster Gastro GmbH answers within
 * a working day; Alpha Personal GmbH's track record; too little data and hidden ratings beside them.
 */

export const COMPANY_FIGURES: CompanyTrustFigures = {
  introductions: 12,
  enoughData: true,
  medianResponseMinutes: 240,
  answeredInTimeShare: 0.8333,
  rejectionsWithConcreteReasonShare: 0.6,
  rejections: 5,
  interviewsPerIntroduction: 0.5,
  openOverdue: 1,
  computedAt: '2026-11-20T02:00:00.000Z',
};

export const COMPANY_TOO_LITTLE: CompanyTrustFigures = {
  introductions: 3,
  enoughData: false,
  medianResponseMinutes: null,
  answeredInTimeShare: null,
  rejectionsWithConcreteReasonShare: null,
  rejections: 0,
  interviewsPerIntroduction: null,
  openOverdue: null,
  computedAt: '2026-11-20T02:00:00.000Z',
};

export const AGENCY_FIGURES: AgencyTrackRecord = {
  introductions: 20,
  enoughData: true,
  interviews: 9,
  hires: 4,
  guaranteeCases: 1,
  medianMinutesToFirstIntroduction: 900,
  computedAt: '2026-11-20T02:00:00.000Z',
};

export const AGENCY_TOO_LITTLE: AgencyTrackRecord = {
  introductions: 2,
  enoughData: false,
  interviews: null,
  hires: null,
  guaranteeCases: null,
  medianMinutesToFirstIntroduction: null,
  computedAt: '2026-11-20T02:00:00.000Z',
};

export const RATINGS_SHOWN: RatingSummary = { count: 7, communication: 4.3, quality: 3.857, speed: 5 };
export const RATINGS_HIDDEN: RatingSummary = { count: 2, communication: null, quality: null, speed: null };
export const NO_RATINGS: RatingSummary = { count: 0, communication: null, quality: null, speed: null };

export const MEMBERS: MemberTrackRecord[] = [
  { memberId: 8, name: 'Karl Huber', active: true, figures: AGENCY_FIGURES },
  { memberId: 9, name: 'Lena Wolf', active: false, figures: AGENCY_TOO_LITTLE },
];

/** GET /api/organisations/2/trust: the company with figures, ratings and a comment with its answer. */
export const companyTrust: OrganisationTrust = {
  organisation: {
    id: 2,
    kind: 'company',
    name: 'Muster Gastro GmbH',
    description: 'Gastronomie in Graz.',
    services: [],
  },
  company: COMPANY_FIGURES,
  agency: null,
  trackRecordPublic: false,
  ratings: RATINGS_SHOWN,
  comments: [
    {
      id: 41,
      month: 'Oktober 2026',
      comment: 'Schnelle, klare Rückmeldungen.',
      reply: 'Danke für die Zusammenarbeit!',
    },
    { id: 40, month: 'September 2026', comment: 'Gutes Briefing.', reply: null },
  ],
};

/** GET /api/organisations/3/trust: the agency, its track record public or not. */
export const agencyTrust = (trackRecordPublic: boolean): OrganisationTrust => ({
  organisation: {
    id: 3,
    kind: 'agency',
    name: 'Alpha Personal GmbH',
    description: 'Personalvermittlung für Gastronomie und Hotellerie.',
    services: ['Gastronomie', 'Hotellerie'],
  },
  company: null,
  agency: trackRecordPublic ? AGENCY_FIGURES : null,
  trackRecordPublic,
  ratings: RATINGS_HIDDEN,
  comments: [],
});
