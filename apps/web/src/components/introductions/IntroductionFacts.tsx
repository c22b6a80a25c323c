import Badge from 'react-bootstrap/Badge';
import {
  CLAIM_STATE_LABELS,
  formatDate,
  formatDateTime,
  formatNumber,
  INTRODUCTION_FLAG_LABELS,
  INTRODUCTION_STATUS_LABELS,
  REGISTER_EVENT_LABELS,
  REJECTION_REASON_LABELS,
  type Introduction,
  type IntroductionDetail,
  formatDay,
} from '@pb/core';
import { VerifiedBadge } from '../organisations/VerifiedBadge';
import { awaitsIdentity, ConsentFacts, profileSummary } from './Consent';
import styles from './IntroductionFacts.module.css';

/** Pieces of an introduction's view shared by the parties' pages and the back office. */

export const bonusText = (n: number) =>
  `${formatNumber(n, Number.isInteger(n) ? 0 : Number.isInteger(n * 10) ? 1 : 2)} %`;

/** 'YYYY-MM-DD' (a Vienna day) as dd.MM.yyyy. */
export const dayText = formatDay;

const STATUS_BADGE: Record<Introduction['status'], string> = {
  neu: 'primary',
  in_pruefung: 'info',
  interview: 'warning',
  angebot: 'warning',
  eingestellt: 'success',
  abgesagt: 'secondary',
};

export function StatusBadge({ status }: { status: Introduction['status'] }) {
  return (
    <Badge bg={STATUS_BADGE[status]} text={['info', 'warning'].includes(STATUS_BADGE[status]) ? 'dark' : undefined}>
      {INTRODUCTION_STATUS_LABELS[status]}
    </Badge>
  );
}

export function FlagBadges({ introduction }: { introduction: Introduction }) {
  return (
    <>
      {introduction.flags.map((flag) => (
        <Badge key={flag} bg={flag === 'geklaert' ? 'success' : 'danger'} className="ms-1">
          {INTRODUCTION_FLAG_LABELS[flag]}
        </Badge>
      ))}
    </>
  );
}

/**
 * The candidate's name; for the company before the candidate agreed (issue 35) the anonymised
 * profile's position and experience instead.
 */
export function candidateName(introduction: Introduction): string {
  if (introduction.candidate) return `${introduction.candidate.firstName} ${introduction.candidate.lastName}`;
  if (introduction.profile && awaitsIdentity(introduction))
    return `Anonymisiert: ${profileSummary(introduction.profile)}`;
  return 'Personenbezogene Daten gelöscht';
}

/** The claim in words; a live claim behind an earlier one of another consultant is 'nachrangig'. */
export function claimText(introduction: Introduction): string {
  // Before the candidate agreed the claim holds its place by the introduction's time, nothing more.
  if (introduction.claim === 'live' && introduction.consent.state === 'pending')
    return 'Anspruch vorbehaltlich der Zustimmung der Kandidatin bzw. des Kandidaten';
  if (introduction.claim === 'live' && introduction.subordinate)
    return 'Nachrangig (eine frühere Vorstellung hat Vorrang)';
  return CLAIM_STATE_LABELS[introduction.claim];
}

/** The last reaction of the company, in one line; a final rejection with its reason from the catalogue. */
export function reactionText(introduction: Introduction): string {
  const reaction = introduction.lastReaction;
  if (!reaction) return 'Noch keine Reaktion';
  const what = reaction.status ? INTRODUCTION_STATUS_LABELS[reaction.status] : 'Bereits bekannt';
  const label =
    reaction.status === 'abgesagt' && introduction.rejectionReason
      ? REJECTION_REASON_LABELS[introduction.rejectionReason]
      : null;
  // A rejection given as interview feedback already starts its note with the label.
  const reason = label && !reaction.note?.startsWith(label) ? ` (Grund: ${label})` : '';
  return `${what} am ${formatDate(reaction.at)}${reason}${reaction.note ? `: ${reaction.note}` : ''}`;
}

/**
 * The facts of an introduction as a definition list. `backOffice` adds what only the office needs to
 * verify the register (the time is the server's); the parties read plain German.
 */
export function IntroductionFacts({
  introduction,
  backOffice = false,
}: {
  introduction: Introduction;
  backOffice?: boolean;
}) {
  const i = introduction;
  return (
    <dl className="row mb-0">
      <dt className="col-sm-4">Inserat</dt>
      <dd className="col-sm-8 text-break">{i.advertisement.jobTitle}</dd>
      <dt className="col-sm-4">Unternehmen</dt>
      <dd className="col-sm-8">{i.company.name}</dd>
      <dt className="col-sm-4">Personalvermittlung</dt>
      <dd className="col-sm-8">
        {i.agency.name ?? '–'}
        <VerifiedBadge organisationId={i.agency.id} />
      </dd>
      <dt className="col-sm-4">Personalberater/in</dt>
      <dd className="col-sm-8">{i.consultant.name ?? 'Konto gelöscht'}</dd>
      <dt className="col-sm-4">Kandidat/in</dt>
      <dd className="col-sm-8">
        {candidateName(i)}
        {i.candidate?.email ? <div className="small">{i.candidate.email}</div> : null}
        {i.candidate?.phone ? <div className="small">{i.candidate.phone}</div> : null}
        {i.personalDataDeletedAt ? (
          <div className="small text-body-secondary">gelöscht am {formatDate(i.personalDataDeletedAt)}</div>
        ) : null}
        {awaitsIdentity(i) ? (
          <div className="small text-body-secondary">Name und Kontaktdaten folgen nach der Zustimmung.</div>
        ) : null}
        {i.identityReleasedAt && i.candidate ? (
          <div className="small text-body-secondary">Identität freigegeben am {formatDate(i.identityReleasedAt)}</div>
        ) : null}
      </dd>
      <ConsentFacts introduction={i} />
      <dt className="col-sm-4">Vorgestellt am</dt>
      <dd className="col-sm-8">
        {formatDateTime(i.introducedAt)}
        {backOffice ? ' (Serverzeit)' : null}
      </dd>
      <dt className="col-sm-4">Prämie bei Vorstellung</dt>
      <dd className="col-sm-8">{bonusText(i.bonus)}</dd>
      <dt className="col-sm-4">Status</dt>
      <dd className="col-sm-8">
        <StatusBadge status={i.status} /> <span className="small">seit {formatDate(i.statusChangedAt)}</span>
        <FlagBadges introduction={i} />
      </dd>
      <dt className="col-sm-4">Anspruch</dt>
      <dd className="col-sm-8">
        {claimText(i)}
        {i.revivalDeadline ? (
          <div className="small text-body-secondary">
            Lebt wieder auf bei erneutem Kontakt oder Einstellung bis {dayText(i.revivalDeadline)}
          </div>
        ) : null}
        {i.subordinate && i.priorIntroducedOn ? (
          <div className="small text-danger">
            Nachrangig: Diese Person wurde dem Unternehmen bereits am {dayText(i.priorIntroducedOn)} vorgestellt.
          </div>
        ) : null}
      </dd>
      <dt className="col-sm-4">Letzte Reaktion</dt>
      <dd className="col-sm-8 text-break" style={{ whiteSpace: 'pre-line' }}>
        {reactionText(i)}
      </dd>
      {i.pitch ? (
        <>
          <dt className="col-sm-4">Kurzbeschreibung</dt>
          <dd className="col-sm-8 text-break" style={{ whiteSpace: 'pre-line' }}>
            {i.pitch}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The register entries of an introduction, oldest first. Only the back office sees each entry's
 * (shortened) hash: verifying the register is its job, the parties read what happened and when.
 */
export function Timeline({
  timeline,
  backOffice = false,
}: {
  timeline: IntroductionDetail['timeline'];
  backOffice?: boolean;
}) {
  return (
    <ol className={`list-unstyled mb-0 ${styles.timeline}`} aria-label="Verlauf">
      {timeline.map((entry) => (
        <li key={entry.hash} className="border-start border-2 ps-3 pb-3 position-relative">
          <div className="small text-body-secondary">{formatDateTime(entry.at)}</div>
          <div className="fw-semibold">
            {REGISTER_EVENT_LABELS[entry.kind]}
            {entry.status ? <> – {INTRODUCTION_STATUS_LABELS[entry.status]}</> : null}
          </div>
          {entry.note ? (
            <div className="text-break" style={{ whiteSpace: 'pre-line' }}>
              {entry.note}
            </div>
          ) : null}
          {backOffice ? (
            <div className="small font-monospace text-body-secondary" title={entry.hash}>
              Hash {entry.hash.slice(0, 12)}…
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
