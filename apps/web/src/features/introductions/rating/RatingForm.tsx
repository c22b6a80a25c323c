import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  RATING_COMMENT_MAX_LENGTH,
  RATING_CRITERIA,
  RATING_CRITERION_LABELS,
  RATING_REVEAL_DAYS,
  RATINGS_MIN_SHOWN,
  ratingInputSchema,
  type RatingCriterion,
  type RatingInput,
} from '@pb/core';
import { askFirst } from '../../../components/feedback/feedback';
import { FormErrorSummary } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { useSchemaForm } from '../../../lib/useSchemaSubmit';
import { useRateIntroduction } from '../api/rating';
import { scoreText, StarScale } from './StarScale';
import styles from './rating.module.css';

type Scores = Partial<Record<RatingCriterion, number>>;

const groupId = (criterion: RatingCriterion) => `pb-rating-${criterion}`;
const COMMENT_ID = 'pb-rating-comment';
/** Where a refusal moves the focus: a group's first star, the comment. */
const FIELD_IDS: Record<string, string> = {
  ...Object.fromEntries(RATING_CRITERIA.map((c) => [c, `${groupId(c)}-1`])),
  comment: COMMENT_ID,
};

/** What will be sent, shown in the question before it is. */
function Summary({ rating, labels }: { rating: RatingInput; labels: Record<RatingCriterion, string> }) {
  return (
    <>
      <ul className="mb-2">
        {RATING_CRITERIA.map((criterion) => (
          <li key={criterion}>
            {labels[criterion]}: {scoreText(rating[criterion])}
          </li>
        ))}
      </ul>
      <p>{rating.comment ? 'Mit Kommentar (erscheint nach der Prüfung durch das Backoffice).' : 'Ohne Kommentar.'}</p>
      <p className="mb-0">
        <strong>Sie können die Bewertung danach nicht mehr ändern.</strong>
      </p>
    </>
  );
}

/**
 * 'Bewerten Sie …' (issue 36): the three criteria as star groups, an optional comment, checked by
 * core's schema in its order (a missing criterion first); asks before sending, since a rating
 * cannot be changed, and says afterwards what happens to the comment.
 */
export function RatingForm({
  introductionId,
  rated,
}: {
  introductionId: number;
  rated: { name: string; kind: 'company' | 'agency' };
}) {
  const rate = useRateIntroduction(introductionId);
  const [scores, setScores] = useState<Scores>({});
  const [comment, setComment] = useState('');
  const input = { ...scores, comment };
  const form = useSchemaForm(ratingInputSchema, input, FIELD_IDS);
  const labels = RATING_CRITERION_LABELS[rated.kind];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rating = form.check();
    if (!rating) return;
    askFirst({
      title: 'Bewertung abschicken?',
      body: <Summary rating={rating} labels={labels} />,
      confirmLabel: 'Bewertung abschicken',
      confirmVariant: 'primary',
      action: () => rate.mutateAsync(rating),
      // The server's thanks: whether the rating counts now is its decision (the other side may have
      // rated since this page was loaded).
      success: (written) => written.meta.notice,
    });
  };

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="pb-rating-form-title" className={styles.part}>
      <h3 id="pb-rating-form-title" className="h6">
        Bewerten Sie {rated.name}
      </h3>
      <p className="small text-body-secondary">
        Einmal je Vorstellung, 1 bis 5 Sterne je Kriterium. Einzelne Bewertungen zeigen wir nie: Sichtbar ist nur der
        Durchschnitt, sobald es mindestens {RATINGS_MIN_SHOWN} Bewertungen gibt. Ihre Bewertung bleibt verdeckt, bis
        beide Seiten bewertet haben oder {RATING_REVEAL_DAYS} Tage vergangen sind.
      </p>
      {RATING_CRITERIA.map((criterion) => (
        <StarScale
          key={criterion}
          id={groupId(criterion)}
          legend={labels[criterion]}
          value={scores[criterion]}
          onChange={(score) => setScores((now) => ({ ...now, [criterion]: score }))}
          error={form.errors[criterion]}
        />
      ))}
      <TextField
        id={COMMENT_ID}
        rows={3}
        label="Kommentar (freiwillig)"
        value={comment}
        maxLength={RATING_COMMENT_MAX_LENGTH}
        counted
        onChange={setComment}
        invalid={form.errors['comment'] !== undefined}
        feedback={form.errors['comment']}
        hint={`Der Kommentar erscheint erst, nachdem das Backoffice ihn geprüft hat – im Profil von ${rated.name}, ohne Ihren Namen und ohne diese Vorstellung.`}
      />
      <FormErrorSummary problem={form.summary} />
      <Button type="submit" className="mt-3">
        Bewertung abschicken
      </Button>
    </Form>
  );
}
