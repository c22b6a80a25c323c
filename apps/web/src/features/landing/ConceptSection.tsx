import { LANDING_EXAMPLE_BONUS_PERCENT, PARTNER_AGENCIES_CLAIM, serviceFeePercent } from '@pb/core';
import { percentNumber } from '../../lib/jobFormat';
import sections from './sections.module.css';
import styles from './ConceptSection.module.css';

const bonus = percentNumber(LANDING_EXAMPLE_BONUS_PERCENT);

const STEPS = [
  {
    title: 'Inserat veröffentlichen',
    text: `Sie stellen Ihre offene Stelle online und legen die Vermittlungsprämie fest – zum Beispiel ${bonus} % des Bruttojahresgehalts.`,
  },
  {
    title: 'Personalberater suchen',
    text: `Mehr als ${PARTNER_AGENCIES_CLAIM} Personalvermittlungen sehen Ihr Inserat und schlagen passende Kandidatinnen und Kandidaten vor.`,
  },
  {
    title: 'Direkt austauschen',
    text: 'Fragen, Lebensläufe und Termine klären Sie im Chat zum jeweiligen Inserat – sicher und nachvollziehbar.',
  },
  {
    title: 'Erfolgreich besetzen',
    text: `Erst bei einer Einstellung wird die Prämie fällig. Unsere Servicegebühr beträgt 10 % der Prämie – im Beispiel ${percentNumber(serviceFeePercent(LANDING_EXAMPLE_BONUS_PERCENT))} %.`,
  },
] as const;

/** "Unser Konzept": the four-step process. */
export function ConceptSection() {
  return (
    <section id="konzept" className={sections.section} aria-labelledby="konzept-title">
      <div className="container">
        <div className={sections.head}>
          <p className={`${sections.eyebrow} text-primary`}>Unser Konzept</p>
          <h2 id="konzept-title">In vier Schritten zur Besetzung</h2>
          <p className="text-body-secondary">
            Die Prämienbörse verbindet Unternehmen mit Personalberatern. Sie zahlen nicht für Inserate, sondern für
            Ergebnisse.
          </p>
        </div>
        <ol className="row g-4 list-unstyled mb-0">
          {STEPS.map((step, index) => (
            <li key={step.title} className="col-sm-6 col-lg-3">
              <div className={`${styles.step} h-100`}>
                <span className={styles.number} aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="h5">{step.title}</h3>
                <p className="mb-0 text-body-secondary">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
