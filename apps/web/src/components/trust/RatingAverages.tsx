import {
  formatDecimal,
  RATING_CRITERIA,
  RATING_CRITERION_LABELS,
  RATING_MAX,
  RATINGS_MIN_SHOWN,
  type RatingSummary,
} from '@pb/core';
import styles from './trust.module.css';

/** Five stars filled to the average (decoration: the number beside them says it). */
function Stars({ average }: { average: number }) {
  const filled = `${Math.max(0, Math.min(1, average / RATING_MAX)) * 100}%`;
  return (
    <span className={styles.stars} aria-hidden="true">
      ★★★★★
      <span className={styles.starsFilled} style={{ width: filled }}>
        ★★★★★
      </span>
    </span>
  );
}

/**
 * An organisation's ratings (issue 36): the average per criterion with the number of ratings, only
 * when the server gives averages (from RATINGS_MIN_SHOWN ratings on); before that, that there are
 * none yet or from when they are shown. `kind`: the rated organisation's (the criteria's labels).
 */
export function RatingAverages({ summary, kind }: { summary: RatingSummary; kind: 'company' | 'agency' }) {
  const shown = RATING_CRITERIA.some((criterion) => summary[criterion] !== null);
  if (summary.count === 0) return <p className="text-body-secondary mb-0">Noch keine Bewertungen.</p>;
  if (!shown) {
    return <p className="text-body-secondary mb-0">Bewertungen werden ab {RATINGS_MIN_SHOWN} angezeigt.</p>;
  }
  return (
    <div>
      <dl className={styles.ratings}>
        {RATING_CRITERIA.map((criterion) => {
          const average = summary[criterion];
          return (
            <div key={criterion}>
              <dt>{RATING_CRITERION_LABELS[kind][criterion]}</dt>
              <dd>
                {average === null ? (
                  '–'
                ) : (
                  <>
                    <Stars average={average} />
                    <span>
                      {formatDecimal(average)} von {RATING_MAX}
                    </span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="small text-body-secondary mb-0">
        Durchschnitt aus {summary.count} {summary.count === 1 ? 'Bewertung' : 'Bewertungen'}.
      </p>
    </div>
  );
}
