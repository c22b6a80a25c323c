import { Link } from 'react-router';
import { LANDING_EXAMPLE_BONUS_PERCENT, PARTNER_AGENCIES_CLAIM, serviceFeePercent } from '@pb/core';
import { percentNumber } from '../../lib/jobFormat';
import { CheckIcon } from './icons';
import sections from './sections.module.css';
import styles from './BenefitsSection.module.css';

const bonus = percentNumber(LANDING_EXAMPLE_BONUS_PERCENT);
const fee = percentNumber(serviceFeePercent(LANDING_EXAMPLE_BONUS_PERCENT));

const EMPLOYER = [
  `Zugriff auf mehr als ${PARTNER_AGENCIES_CLAIM} Personalvermittlungen mit nur einem Inserat`,
  'Keine Fixkosten: Sie zahlen ausschließlich bei erfolgreicher Einstellung',
  'Prämie frei wählbar und jederzeit anpassbar',
  '60 Tage Garantie mit anteiliger Rückerstattung',
  'Alle Gespräche mit Personalberatern übersichtlich an einem Ort',
];

const RECRUITER = [
  'Laufend neue, geprüfte Stellen aus ganz Österreich',
  'Transparente Prämie in Prozent des Bruttojahresgehalts',
  'Direkter Draht zum Unternehmen über den Chat',
  'Besetzung mit wenigen Klicks melden',
  'Kostenlose Registrierung, keine Mitgliedsgebühr',
];

function BenefitList({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.checkList}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Benefits for employers and for recruiters, with the spec's fee example. */
export function BenefitsSection() {
  return (
    <section className={`${sections.section} ${sections.muted}`} aria-labelledby="vorteile-title">
      <div className="container">
        <div className={sections.head}>
          <p className={`${sections.eyebrow} text-primary`}>Ihre Vorteile</p>
          <h2 id="vorteile-title">Fair für beide Seiten</h2>
        </div>
        <div className="row g-4">
          <div className="col-lg-6">
            <article className={`${styles.card} h-100`} aria-labelledby="vorteile-unternehmen">
              <h3 id="vorteile-unternehmen" className="h4">
                Für Unternehmen
              </h3>
              <BenefitList items={EMPLOYER} />
              <p className={`${styles.example} mb-0`}>
                <strong>Beispiel:</strong> Bei einer Vermittlungsprämie von {bonus} % zahlen Sie zusätzlich nur {fee} %
                Servicegebühr – und das nur, wenn die Stelle über uns besetzt wird.
              </p>
            </article>
          </div>
          <div className="col-lg-6">
            <article className={`${styles.card} h-100`} aria-labelledby="vorteile-berater">
              <h3 id="vorteile-berater" className="h4">
                Für Personalberater
              </h3>
              <BenefitList items={RECRUITER} />
              <p className={`${styles.example} mb-0`}>
                Bereits <strong>mehr als {PARTNER_AGENCIES_CLAIM} Personalvermittlungen</strong> arbeiten mit der
                Prämienbörse. <Link to="/register">Jetzt dazukommen</Link>
              </p>
            </article>
          </div>
        </div>
      </div>
    </section>
  );
}
