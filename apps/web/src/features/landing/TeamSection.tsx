import { initials } from '@pb/core';
import sections from './sections.module.css';
import styles from './TeamSection.module.css';

const FOUNDERS = [
  {
    name: 'Katharina Steiner',
    role: 'Gründerin & Geschäftsführerin',
    text: 'Fünfzehn Jahre Personalberatung in Wien und Graz. Sie verantwortet die Zusammenarbeit mit unseren Partneragenturen.',
  },
  {
    name: 'Lukas Gruber',
    role: 'Mitgründer, Unternehmenskunden',
    text: 'Begleitet Unternehmen vom Familienbetrieb bis zur Industrie – von der ersten Stellenausschreibung bis zur Besetzung.',
  },
  {
    name: 'Sophie Leitner',
    role: 'Mitgründerin, Produkt & Technik',
    text: 'Sorgt dafür, dass Inserate, Chat und Abrechnung einfach, sicher und DSGVO-konform funktionieren.',
  },
] as const;

/** "Über uns": the founders, shown with initials avatars. */
export function TeamSection() {
  return (
    <section id="ueber-uns" className={`${sections.section} ${sections.muted}`} aria-labelledby="ueber-uns-title">
      <div className="container">
        <div className={sections.head}>
          <p className={`${sections.eyebrow} text-primary`}>Über uns</p>
          <h2 id="ueber-uns-title">Aus der Personalberatung – für die Personalberatung</h2>
          <p className="text-body-secondary">
            Wir kennen beide Seiten: Unternehmen, die dringend Fachkräfte suchen, und Personalberater, die die passenden
            Menschen kennen. Die Prämienbörse bringt sie fair und transparent zusammen.
          </p>
        </div>
        <ul className="row g-4 list-unstyled mb-0">
          {FOUNDERS.map((person) => (
            <li key={person.name} className="col-md-4">
              <article className={`${styles.person} h-100`}>
                <span className={styles.avatar} aria-hidden="true">
                  {initials(person.name)}
                </span>
                <h3 className="h5 mb-1">{person.name}</h3>
                <p className={styles.role}>{person.role}</p>
                <p className="mb-0 text-body-secondary">{person.text}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
