import { Link } from 'react-router';
import {
  CIRCUMVENTION_MONTHS,
  LONGER_KEEPING_MONTHS,
  RECONTACT_WINDOW_MONTHS,
  type CandidateConsentView,
} from '@pb/core';
import { DataController } from '../../components/public/DataController';

/** What the agency passed on about the person (categories only, from the view). */
function storedData(view: CandidateConsentView): string {
  const parts = [
    view.shares.name && 'Ihr Name',
    view.shares.email && 'Ihre E-Mail-Adresse',
    view.shares.phone && 'Ihre Telefonnummer',
    view.shares.cv && 'Ihr Lebenslauf',
    view.shares.pitch && 'eine Kurzbeschreibung der Personalvermittlung',
    view.profile && 'das anonymisierte Profil',
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return 'Zu Ihrer Person ist nichts mehr gespeichert.';
  const last = parts.pop();
  return `${parts.length > 0 ? `${parts.join(', ')} und ${last}` : last}.`;
}

/**
 * The information a person is owed whose data the platform got from someone else (Art. 13/14
 * DSGVO), in plain German: who is responsible, where the data came from, what for, what is
 * stored, when it goes, the withdrawal and the person's rights.
 */
export function ConsentPrivacy({ view }: { view: CandidateConsentView }) {
  return (
    <section aria-labelledby="consent-privacy" className="mt-5">
      <h2 id="consent-privacy" className="h5">
        Datenschutz: Was mit Ihren Daten geschieht
      </h2>
      <h3 className="h6 mt-3">Verantwortlich</h3>
      <DataController testId="consent-controller" />
      <h3 className="h6 mt-3">Woher die Daten stammen und wozu sie dienen</h3>
      <p>
        Die Personalvermittlung {view.agencyName} hat Ihre Daten über die Prämienbörse eingegeben, um Sie dem
        Unternehmen {view.companyName} für die Position „{view.jobTitle}“ vorzustellen. Die Prämienbörse verwendet sie,
        um Sie um Ihre Zustimmung zu bitten, um sie nach Ihrer Zustimmung an das Unternehmen weiterzugeben und um
        nachzuweisen, welche Personalvermittlung Sie wann vorgestellt hat (davon hängt die Vermittlungsprämie ab).
      </p>
      <p>
        Die Weitergabe an das Unternehmen beruht auf Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Bis zu Ihrer
        Antwort und für den Nachweis der Vorstellung verarbeiten wir die Daten aufgrund unseres berechtigten Interesses
        und des der Personalvermittlung (Art. 6 Abs. 1 lit. f DSGVO).
      </p>
      <h3 className="h6 mt-3">Was gespeichert ist</h3>
      <p>
        {storedData(view)} Für den Abgleich mit anderen Vorstellungen speichert die Prämienbörse Name und Kontaktdaten
        außerdem in unkenntlich gemachter Form (Prüfwerte); im Vorstellungsregister stehen Zeitpunkte und Beteiligte der
        Vorstellung, aber keine Angaben zu Ihrer Person.
      </p>
      <h3 className="h6 mt-3">Wann die Daten gelöscht werden</h3>
      <ul>
        <li>Lehnen Sie ab oder antworten Sie nicht rechtzeitig, löschen wir Ihre Daten sofort.</li>
        <li>
          Nach Ihrer Zustimmung: {RECONTACT_WINDOW_MONTHS} Monate nach einer Absage durch das Unternehmen, sonst{' '}
          {CIRCUMVENTION_MONTHS} Monate nach der letzten Änderung der Vorstellung.
        </li>
        <li>
          Haben Sie der längeren Aufbewahrung zugestimmt: {LONGER_KEEPING_MONTHS} Monate nach der letzten Änderung.
        </li>
        <li>Die unkenntlich gemachten Prüfwerte: {CIRCUMVENTION_MONTHS} Monate nach der Vorstellung.</li>
      </ul>
      <h3 className="h6 mt-3">Widerruf</h3>
      <p>
        Sie können Ihre Einwilligung jederzeit widerrufen – mit demselben Link aus der E-Mail. Was bis dahin
        weitergegeben wurde, bleibt davon unberührt; die Vorstellung endet und Kontaktdaten, Lebenslauf,
        Kurzbeschreibung und Profil werden gelöscht.
      </p>
      <h3 className="h6 mt-3">Ihre Rechte</h3>
      <p className="mb-2">
        Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Einschränkung der Verarbeitung sowie auf
        Widerspruch. Schreiben Sie dazu an die oben genannte E-Mail-Adresse. Sie können sich außerdem bei der
        Österreichischen Datenschutzbehörde beschweren (
        <a href="https://www.dsb.gv.at" rel="noopener noreferrer">
          www.dsb.gv.at
        </a>
        ).
      </p>
      <p>
        Mehr dazu in der <Link to="/privacy-policy">Datenschutzerklärung</Link>.
      </p>
    </section>
  );
}
