import { Fragment } from 'react';
import Badge from 'react-bootstrap/Badge';
import {
  CONSENT_STATE_LABELS,
  formatCents,
  formatDate,
  formatDateTime,
  formatDay,
  formatNumber,
  NOTICE_PERIOD_LABELS,
  PROFILE_FIELD_LABELS,
  type AnonymousProfile,
  type ConsentState,
  type Introduction,
} from '@pb/core';

/**
 * The candidate's consent (issue 35) as the parties' pages and the back office show it: the
 * anonymised profile the company sees until the candidate agrees, the consent's state with its
 * dates, and a badge for the lists.
 */

/** 'Koch/Köchin, 5 J.': position and years of experience, in a list instead of the name. */
export function profileSummary(profile: AnonymousProfile): string {
  return `${profile.position}, ${formatNumber(profile.experienceYears)} J.`;
}

/** '1 Jahr', '5 Jahre'. */
export function experienceText(years: number): string {
  return years === 1 ? '1 Jahr' : `${formatNumber(years)} Jahre`;
}

/** The company sees the profile only: the candidate has not agreed yet. */
export function awaitsIdentity(introduction: Introduction): boolean {
  return (
    introduction.candidate === null && introduction.profile !== null && introduction.personalDataDeletedAt === null
  );
}

/** Short words for a list's badge; a confirmed consent needs none. */
const CONSENT_BADGES: Partial<Record<ConsentState, { text: string; bg: string }>> = {
  pending: { text: 'Wartet auf Zustimmung', bg: 'warning' },
  declined: { text: 'Zustimmung abgelehnt', bg: 'secondary' },
  expired: { text: 'Zustimmungsfrist abgelaufen', bg: 'secondary' },
  cancelled: { text: 'Vor der Zustimmung abgesagt', bg: 'secondary' },
  withdrawn: { text: 'Einwilligung widerrufen', bg: 'secondary' },
};

/** 'Wartet auf Zustimmung', or how it ended without (or after) the candidate's consent. */
export function ConsentBadge({ introduction }: { introduction: Introduction }) {
  const badge = CONSENT_BADGES[introduction.consent.state];
  if (!badge) return null;
  return (
    <Badge
      bg={badge.bg}
      text={badge.bg === 'warning' ? 'dark' : undefined}
      className="ms-1 text-wrap"
      data-testid={`consent-badge-${introduction.id}`}
    >
      {badge.text}
    </Badge>
  );
}

/** When the candidate answered, in the words of the answer. */
const ANSWERED_LABELS: Record<ConsentState, string> = {
  pending: 'Beantwortet am',
  confirmed: 'Zugestimmt am',
  withdrawn: 'Zugestimmt am',
  declined: 'Abgelehnt am',
  expired: 'Beantwortet am',
  cancelled: 'Beantwortet am',
};

/** The consent's state and its dates, as one row of a definition list (dt/dd, sm: 4/8 columns). */
export function ConsentFacts({ introduction }: { introduction: Introduction }) {
  const c = introduction.consent;
  const lines: [string, string][] = [];
  if (c.requestedAt) lines.push(['Angefragt am', formatDate(c.requestedAt)]);
  if (c.remindedAt) lines.push(['Erinnert am', formatDate(c.remindedAt)]);
  if (c.state === 'pending' && c.expiresAt) lines.push(['Antwort möglich bis', formatDateTime(c.expiresAt)]);
  if (c.answeredAt) lines.push([ANSWERED_LABELS[c.state], formatDate(c.answeredAt)]);
  else if (introduction.consentAt && (c.state === 'confirmed' || c.state === 'withdrawn'))
    lines.push(['Zugestimmt am', formatDate(introduction.consentAt)]);
  if (c.withdrawnAt) lines.push(['Widerrufen am', formatDate(c.withdrawnAt)]);
  return (
    <>
      <dt className="col-sm-4">Zustimmung</dt>
      <dd className="col-sm-8" data-testid="consent-facts">
        {CONSENT_STATE_LABELS[c.state]}
        {lines.map(([label, value]) => (
          <div key={label} className="small">
            {label} {value}
          </div>
        ))}
      </dd>
    </>
  );
}

/** The anonymised profile as a definition list: the required facts, then those given. */
export function AnonymousProfileFacts({ profile }: { profile: AnonymousProfile }) {
  const rows: [string, string][] = [
    ['Position', profile.position],
    ['Berufserfahrung', experienceText(profile.experienceYears)],
    ['Region', profile.region],
    ['Kernkompetenzen', profile.skills.join(', ')],
  ];
  if (profile.salaryExpectationCents !== null)
    rows.push([PROFILE_FIELD_LABELS.salaryExpectation, `${formatCents(profile.salaryExpectationCents)} Jahresbrutto`]);
  if (profile.noticePeriod !== null)
    rows.push([PROFILE_FIELD_LABELS.noticePeriod, NOTICE_PERIOD_LABELS[profile.noticePeriod]]);
  if (profile.availableFrom !== null) rows.push(['Verfügbar ab', formatDay(profile.availableFrom)]);
  if (profile.languages.length > 0) rows.push([PROFILE_FIELD_LABELS.languages, profile.languages.join(', ')]);
  return (
    <dl className="row mb-0" data-testid="anonymous-profile">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="col-sm-4">{label}</dt>
          <dd className="col-sm-8 text-break">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
