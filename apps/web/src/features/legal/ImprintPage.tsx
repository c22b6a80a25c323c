import { DocumentPage, PublicLayout } from '../../components/public/PublicLayout';
import styles from './legal.module.css';
import { usePublicConfig } from '../../lib/publicConfig';

function OperatorFacts() {
  const config = usePublicConfig();
  if (config.isPending) {
    return (
      <p role="status" className="text-body-secondary">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Angaben werden geladen …
      </p>
    );
  }
  if (config.isError) {
    return (
      <div className="alert alert-warning" role="alert">
        Die Angaben konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.
      </div>
    );
  }
  const { imprint } = config.data;
  return (
    <dl className={styles.facts} data-testid="imprint-facts">
      <dt>Medieninhaber und Diensteanbieter</dt>
      <dd>{imprint.company}</dd>
      <dt>Anschrift</dt>
      <dd>{imprint.address}</dd>
      <dt>E-Mail</dt>
      <dd>
        <a href={`mailto:${imprint.email}`}>{imprint.email}</a>
      </dd>
      <dt>Telefon</dt>
      <dd>
        <a href={`tel:${imprint.phone.replace(/[^\d+]/g, '')}`}>{imprint.phone}</a>
      </dd>
      <dt>Geschäftsführung</dt>
      <dd>{imprint.ceo}</dd>
      <dt>Firmenbuch</dt>
      <dd>{imprint.register}</dd>
      <dt>UID-Nummer</dt>
      <dd>{imprint.vatId}</dd>
      <dt>Gewerbe</dt>
      <dd>{imprint.trade}</dd>
      <dt>Kammerzugehörigkeit</dt>
      <dd>{imprint.chamber}</dd>
      <dt>Gewerbebehörde</dt>
      <dd>{imprint.authority}</dd>
      <dt>Anwendbare Rechtsvorschriften</dt>
      <dd>
        Gewerbeordnung 1994, abrufbar im Rechtsinformationssystem des Bundes unter{' '}
        <a href="https://www.ris.bka.gv.at" rel="noopener noreferrer">
          www.ris.bka.gv.at
        </a>
      </dd>
      <dt>Unternehmensgegenstand</dt>
      <dd>Betrieb einer Online-Plattform für Stelleninserate mit Vermittlungsprämie</dd>
    </dl>
  );
}

/** Impressum: information duties under § 5 ECG, § 14 UGB and § 25 MedienG; operator data from config. */
export function Component() {
  return (
    <PublicLayout
      title="Impressum – Prämienbörse"
      description="Impressum der Prämienbörse: Medieninhaber, Anschrift, Kontakt, Firmenbuch und UID-Nummer."
    >
      <DocumentPage title="Impressum" lead="Informationen gemäß § 5 ECG, § 14 UGB und Offenlegung gemäß § 25 MedienG.">
        <h2>Betreiberin</h2>
        <OperatorFacts />

        <h2>Offenlegung gemäß § 25 MedienG</h2>
        <p>
          Grundlegende Richtung: Information über die Prämienbörse und Betrieb eines Online-Marktplatzes, auf dem
          Unternehmen in Österreich Stelleninserate mit einer Vermittlungsprämie veröffentlichen und Personalberater
          passende Kandidatinnen und Kandidaten vorschlagen.
        </p>

        <h2>Haftung für Inhalte und Links</h2>
        <p>
          Für Stelleninserate und Profile sind die jeweiligen Nutzer verantwortlich. Wir prüfen fremde Inhalte nicht
          laufend, entfernen rechtswidrige Inhalte aber unverzüglich, sobald wir davon Kenntnis erlangen. Für Inhalte
          verlinkter externer Seiten sind ausschließlich deren Betreiber verantwortlich.
        </p>

        <h2>Urheberrecht</h2>
        <p className="mb-0">
          Texte, Grafiken und Gestaltung dieser Website sind urheberrechtlich geschützt. Eine Verwendung außerhalb der
          Plattform bedarf unserer vorherigen Zustimmung.
        </p>
      </DocumentPage>
    </PublicLayout>
  );
}
