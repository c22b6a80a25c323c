import { initials } from '@pb/core';

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
    <section id="ueber-uns" className="pb-section pb-section-muted" aria-labelledby="ueber-uns-title">
      <div className="container">
        <div className="pb-section-head">
          <p className="pb-eyebrow text-primary">Über uns</p>
          <h2 id="ueber-uns-title">Aus der Personalberatung – für die Personalberatung</h2>
          <p className="text-body-secondary">
            Wir kennen beide Seiten: Unternehmen, die dringend Fachkräfte suchen, und Berater, die die passenden
            Menschen kennen. Die Prämienbörse bringt sie fair und transparent zusammen.
          </p>
        </div>
        <ul className="row g-4 list-unstyled mb-0">
          {FOUNDERS.map((person) => (
            <li key={person.name} className="col-md-4">
              <article className="pb-person h-100">
                <span className="pb-avatar" aria-hidden="true">
                  {initials(person.name)}
                </span>
                <h3 className="h5 mb-1">{person.name}</h3>
                <p className="pb-person-role">{person.role}</p>
                <p className="mb-0 text-body-secondary">{person.text}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
