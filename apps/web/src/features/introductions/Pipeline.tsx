import { useState } from 'react';
import { Link } from 'react-router';
import Dropdown from 'react-bootstrap/Dropdown';
import {
  formatDate,
  INTRODUCTION_STATUS_LABELS,
  INTRODUCTION_STATUSES,
  type Introduction,
  type IntroductionStatus,
} from '@pb/core';
import { ConsentBadge } from '../../components/introductions/Consent';
import { bonusText, candidateName, FlagBadges } from '../../components/introductions/IntroductionFacts';
import { RejectModal } from './NoteModal';
import { candidateOf, useStageChange } from './stageChange';
import styles from './introductions.module.css';

/** One candidate in its stage's column: who, from which agency, when, at which bonus; the next stages. */
function PipelineCard({
  introduction,
  showAdvertisement,
  onMove,
  onReject,
}: {
  introduction: Introduction;
  showAdvertisement: boolean;
  onMove: (status: IntroductionStatus) => void;
  onReject: () => void;
}) {
  const name = candidateName(introduction);
  const forward = introduction.nextStatuses.filter((s) => s !== 'abgesagt');
  const mayReject = introduction.nextStatuses.includes('abgesagt');
  return (
    <li className={styles.pipelineCard} data-testid={`pipeline-card-${introduction.id}`}>
      <Link to={`/advertisements/introductions/${introduction.id}`} className="fw-semibold text-break">
        {name}
      </Link>
      {showAdvertisement && <span className="small fw-semibold text-break">{introduction.advertisement.jobTitle}</span>}
      <span className="small text-break">{introduction.agency.name ?? '–'}</span>
      <span className="small text-body-secondary">
        {formatDate(introduction.introducedAt)} · {bonusText(introduction.bonus)}
      </span>
      <ConsentBadge introduction={introduction} />
      <FlagBadges introduction={introduction} />
      {(forward.length > 0 || mayReject) && (
        <Dropdown className="mt-1">
          <Dropdown.Toggle
            size="sm"
            variant="outline-primary"
            aria-label={`Status von ${candidateOf(introduction)} ändern`}
          >
            Status ändern
          </Dropdown.Toggle>
          <Dropdown.Menu>
            {forward.map((status) => (
              <Dropdown.Item as="button" key={status} onClick={() => onMove(status)}>
                Auf „{INTRODUCTION_STATUS_LABELS[status]}“ setzen
              </Dropdown.Item>
            ))}
            {mayReject && (
              <Dropdown.Item as="button" className="text-danger" onClick={onReject}>
                Endgültig absagen …
              </Dropdown.Item>
            )}
          </Dropdown.Menu>
        </Dropdown>
      )}
    </li>
  );
}

/**
 * The company's candidate pipeline (issue 32): one column per stage, each a list with its count;
 * a card's 'Status ändern' menu (keyboard: Enter, arrows) asks first, 'Eingestellt' goes on to
 * reporting the placement with the introduction filled in, a rejection asks for its reason.
 */
export function Pipeline({
  introductions,
  showAdvertisement,
}: {
  introductions: Introduction[];
  /** Across all advertisements each card names its own. */
  showAdvertisement: boolean;
}) {
  const stage = useStageChange();
  const [rejecting, setRejecting] = useState<Introduction | null>(null);
  return (
    <div className={styles.pipeline} data-testid="pipeline">
      {INTRODUCTION_STATUSES.map((status) => {
        const inStage = introductions.filter((i) => i.status === status);
        const headingId = `pb-pipeline-${status}`;
        return (
          <section
            key={status}
            aria-labelledby={headingId}
            className={styles.pipelineColumn}
            data-testid={`pipeline-${status}`}
          >
            <h2 id={headingId} className="h6 mb-2">
              {INTRODUCTION_STATUS_LABELS[status]} <span className="badge text-bg-light">{inStage.length}</span>
            </h2>
            {inStage.length === 0 ? (
              <p className="small text-body-secondary mb-0">Keine</p>
            ) : (
              <ul className="list-unstyled mb-0 d-grid gap-2">
                {inStage.map((i) => (
                  <PipelineCard
                    key={i.id}
                    introduction={i}
                    showAdvertisement={showAdvertisement}
                    onMove={(next) => stage.move(i, next)}
                    onReject={() => setRejecting(i)}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {rejecting && (
        <RejectModal
          id={rejecting.id}
          title={`${candidateOf(rejecting)} endgültig absagen`}
          beforeConsent={rejecting.consent.state === 'pending'}
          onClose={() => setRejecting(null)}
        />
      )}
    </div>
  );
}
