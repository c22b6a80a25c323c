import { Fragment } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import {
  formatDate,
  formatDeadline,
  RATING_CRITERIA,
  RATING_CRITERION_LABELS,
  RATING_MSG,
  type Introduction,
  type IntroductionRating,
  type OwnRating as Own,
} from '@pb/core';
import { errorText } from '../../../lib/http';
import { useIntroductionRating } from '../api/rating';
import { ModerationLine } from './ModerationState';
import { RatingForm } from './RatingForm';
import { ReceivedRating } from './ReceivedRating';
import { StarsShown } from './StarScale';
import styles from './rating.module.css';

/** The stages after which a rating may come (the server decides whether it does). */
const ENDED: readonly Introduction['status'][] = ['eingestellt', 'abgesagt'];

/** The caller's side's rating as sent: the scores, the comment and where it stands with the office. */
function OwnRating({ own, rating }: { own: Own; rating: IntroductionRating }) {
  const kind = rating.rated?.kind ?? (rating.side === 'company' ? 'agency' : 'company');
  const labels = RATING_CRITERION_LABELS[kind];
  return (
    <div className={styles.part} data-testid="rating-own">
      <h3 className="h6">
        Ihre Bewertung{rating.rated ? ` von ${rating.rated.name}` : ''}{' '}
        <span className="fw-normal small text-body-secondary">vom {formatDate(own.createdAt)}</span>
      </h3>
      <dl className={styles.scores}>
        {RATING_CRITERIA.map((criterion) => (
          <Fragment key={criterion}>
            <dt>{labels[criterion]}</dt>
            <dd>
              <StarsShown score={own[criterion]} />
            </dd>
          </Fragment>
        ))}
      </dl>
      {own.revealsBy !== null ? (
        <p className="small mb-2" data-testid="rating-blind">
          <Badge bg="secondary">Verdeckt</Badge> Ihre Bewertung zählt, sobald {rating.rated?.name ?? 'die andere Seite'}{' '}
          bewertet hat, spätestens ab {formatDeadline(own.revealsBy)}. Bis dahin erfährt die andere Seite nur, dass Sie
          bewertet haben.
        </p>
      ) : null}
      {own.comment !== null && own.commentState !== null ? (
        <>
          <h4 className="h6 small fw-semibold">Ihr Kommentar</h4>
          <p className={styles.quote}>{own.comment}</p>
          {own.revealsBy !== null && own.commentState === 'pending' ? (
            <p className="small text-body-secondary mb-0">Das Backoffice prüft ihn, sobald Ihre Bewertung zählt.</p>
          ) : (
            <ModerationLine
              state={own.commentState}
              reason={own.commentRejectionReason}
              rejectedText="Der Kommentar wird nicht veröffentlicht; Ihre Sterne zählen trotzdem."
            />
          )}
        </>
      ) : (
        <p className="small text-body-secondary mb-0">Ohne Kommentar.</p>
      )}
    </div>
  );
}

/**
 * 'Bewertung' of an introduction (issue 36), for both sides: the form while the caller's side may
 * rate, its rating once sent, why it may not (a muted line, not an error), and the other side's
 * published comment with the one answer. While the introduction is still open and nothing is
 * rated, the section stays away: there is nothing to do yet.
 */
export function RatingSection({ introduction }: { introduction: Introduction }) {
  const query = useIntroductionRating(introduction.id);
  const rating = query.data;
  if (query.isPending) return null;
  if (!rating) {
    return (
      <section className="card shadow-sm mb-3" aria-labelledby="pb-rating-title">
        <div className="card-body">
          <h2 id="pb-rating-title" className="h6">
            Bewertung
          </h2>
          <Alert variant="warning" className="mb-0 small">
            {errorText(query.error)}
          </Alert>
        </div>
      </section>
    );
  }
  const nothingYet = !rating.canRate && rating.own === null && rating.received === null;
  if (nothingYet && rating.notAllowedReason === RATING_MSG.notYet && !ENDED.includes(introduction.status)) return null;
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="pb-rating-title" data-testid="rating">
      <div className="card-body">
        <h2 id="pb-rating-title" className="h6">
          Bewertung
        </h2>
        {rating.canRate && rating.rated && rating.otherSideRatedUntil !== null ? (
          <Alert variant="info" role="status" className="small" data-testid="rating-other-side">
            {rating.rated.name} hat diese Vorstellung bereits bewertet. Bewerten Sie bis{' '}
            {formatDeadline(rating.otherSideRatedUntil)}: Dann zählen beide Bewertungen gleichzeitig – keine Seite sieht
            die andere vorher. Danach zählt die Bewertung von {rating.rated.name} allein, und Sie können nicht mehr
            bewerten.
          </Alert>
        ) : null}
        {rating.canRate && rating.rated ? <RatingForm introductionId={introduction.id} rated={rating.rated} /> : null}
        {rating.own ? <OwnRating own={rating.own} rating={rating} /> : null}
        {!rating.canRate && rating.own === null && rating.notAllowedReason ? (
          <p className="small text-body-secondary mb-0" data-testid="rating-not-allowed">
            {rating.notAllowedReason}
          </p>
        ) : null}
        {rating.received ? (
          <ReceivedRating
            introductionId={introduction.id}
            received={rating.received}
            author={rating.rated?.name ?? null}
          />
        ) : null}
      </div>
    </section>
  );
}
