import { RATING_MAX, RATING_MIN } from '@pb/core';
import { FieldFeedback } from '../../../components/FieldFeedback';
import styles from './rating.module.css';

/** 1 … 5. */
const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** '4 von 5 Sternen' (also for 1: 'Sternen' is the dative plural of the scale). */
export const scoreText = (score: number) => `${score} von ${RATING_MAX} Sternen`;

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={filled ? styles.starFilled : styles.starEmpty} aria-hidden="true">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

/** A score shown: the stars as decoration, the words for everyone ('4 von 5 Sternen'). */
export function StarsShown({ score }: { score: number }) {
  return (
    <span className={styles.shown}>
      <span className={styles.shownStars} aria-hidden="true">
        {SCORES.map((n) => (
          <Star key={n} filled={n <= score} />
        ))}
      </span>
      <span>{scoreText(score)}</span>
    </span>
  );
}

/**
 * One criterion as a group of five radio buttons (fieldset and legend): each a star with its
 * number under it, named '4 von 5 Sternen'; the arrow keys move between them as in any radio
 * group, the focused star is outlined, the stars up to the chosen one are filled and the choice
 * is written out beside them. `id` is the group's name; its first radio's id is `${id}-1`.
 */
export function StarScale({
  id,
  legend,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  value: number | undefined;
  onChange: (score: number) => void;
  error: string | undefined;
}) {
  const feedbackId = `${id}-feedback`;
  return (
    <fieldset className={styles.criterion}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.scale}>
        <div className={`${styles.stars} ${error ? styles.invalid : ''}`}>
          {SCORES.map((n) => (
            <span key={n} className={styles.option}>
              <input
                type="radio"
                className={styles.radio}
                id={`${id}-${n}`}
                name={id}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? feedbackId : undefined}
              />
              <label htmlFor={`${id}-${n}`} className={styles.star}>
                <Star filled={value !== undefined && n <= value} />
                <span className={styles.number} aria-hidden="true">
                  {n}
                </span>
                <span className="visually-hidden">{scoreText(n)}</span>
              </label>
            </span>
          ))}
        </div>
        {/* The checked radio says it already; this is for the eye. */}
        <span className={value === undefined ? styles.choiceNone : styles.choice} aria-hidden="true">
          {value === undefined ? 'Noch nicht gewählt' : scoreText(value)}
        </span>
      </div>
      <FieldFeedback id={feedbackId} message={error} standalone />
    </fieldset>
  );
}
