import { Link } from 'react-router';
import { calculateFees, formatEuro, LANDING_EXAMPLE_BONUS_PERCENT, serviceFeePercent } from '@pb/core';
import { percentNumber } from '../../lib/jobFormat';
import { PlayIcon } from './icons';
import sections from './sections.module.css';
import styles from './HeroSection.module.css';

const EXAMPLE_SALARY = 60_000;

/**
 * Hero: promise, register call to action, intro video link and a worked fee example.
 * `onPlayVideo`: null without a video; undefined while the site settings load — the link's place
 * is kept (invisible), so the column does not grow under the reader when it appears.
 */
export function HeroSection({ onPlayVideo }: { onPlayVideo: (() => void) | null | undefined }) {
  const bonus = LANDING_EXAMPLE_BONUS_PERCENT;
  const fee = serviceFeePercent(bonus);
  const example = calculateFees(bonus, EXAMPLE_SALARY);
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className="container">
        <div className="row align-items-center gy-5">
          <div className="col-lg-7">
            <p className={`${sections.eyebrow} ${styles.eyebrow}`}>Personalvermittlung mit Erfolgsprämie</p>
            <h1 id="hero-title" className={styles.title}>
              Offene Stellen besetzen – mit den besten Personalberatern Österreichs.
            </h1>
            <p className={styles.lead}>
              Unternehmen veröffentlichen Stelleninserate mit einer Vermittlungsprämie. Personalberater finden passende
              Kandidaten. Bezahlt wird nur bei erfolgreicher Besetzung.
            </p>
            <div className="d-flex flex-wrap gap-3 align-items-center">
              <Link to="/register" className="btn btn-light btn-lg px-4 fw-semibold">
                Jetzt kostenlos registrieren
              </Link>
              {onPlayVideo !== null ? (
                <button
                  type="button"
                  className={`btn btn-link ${styles.videoLink}`}
                  onClick={onPlayVideo}
                  aria-haspopup="dialog"
                  style={onPlayVideo ? undefined : { visibility: 'hidden' }}
                  tabIndex={onPlayVideo ? undefined : -1}
                >
                  <PlayIcon /> Video ansehen
                </button>
              ) : null}
            </div>
          </div>
          <div className="col-lg-5">
            <div className={styles.card}>
              <h2 id="hero-example-title" className="h6 text-uppercase text-body-secondary mb-3">
                Rechenbeispiel
              </h2>
              <dl className={`${styles.example} mb-0`}>
                <div>
                  <dt>Bruttojahresgehalt</dt>
                  <dd>{formatEuro(EXAMPLE_SALARY)}</dd>
                </div>
                <div>
                  <dt>Vermittlungsprämie {percentNumber(bonus)} %</dt>
                  <dd>{formatEuro(example.placementFee)}</dd>
                </div>
                <div>
                  <dt>Servicegebühr {percentNumber(fee)} %</dt>
                  <dd>{formatEuro(example.serviceFee)}</dd>
                </div>
                <div className={styles.total}>
                  <dt>Fällig nur bei Einstellung</dt>
                  <dd>{formatEuro(example.total)}</dd>
                </div>
              </dl>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
