import { ADVERTISEMENT_MAX_AGE_MONTHS, STORAGE_KEYS, UNUSED_ACCOUNT_MONTHS } from '@pb/core';
import { DocumentPage, PublicLayout } from '../../components/public/PublicLayout';
import { DataController } from '../../components/public/DataController';

/** Datenschutzerklärung (DSGVO, DSG). */
export function Component() {
  return (
    <PublicLayout
      title="Datenschutzerklärung – Prämienbörse"
      description="Datenschutzerklärung der Prämienbörse: welche Daten wir verarbeiten, wozu, wie lange wir sie speichern und welche Rechte Sie haben."
    >
      <DocumentPage
        title="Datenschutzerklärung"
        lead="Wie wir personenbezogene Daten auf der Prämienbörse verarbeiten – nach der Datenschutz-Grundverordnung (DSGVO) und dem österreichischen Datenschutzgesetz (DSG)."
      >
        <h2>1. Verantwortlicher</h2>
        <DataController testId="privacy-controller" />
        <p>Bei allen Fragen zum Datenschutz erreichen Sie uns unter der oben genannten E-Mail-Adresse.</p>

        <h2>2. Welche Daten wir verarbeiten</h2>
        <ul>
          <li>
            <strong>Benutzerkonto:</strong> Firmen- bzw. Benutzername, E-Mail-Adresse, Passwort (nur als nicht
            umkehrbarer Prüfwert gespeichert), Rolle, Beschreibung, Zeitpunkt des letzten Logins; bei Personalberatern
            zusätzlich Profilbild, Leistungen und die Einstellung, ob das Profil öffentlich gelistet wird.
          </li>
          <li>
            <strong>Stelleninserate:</strong> Inhalte der Inserate, Standort, Gehaltsangabe, Vermittlungsprämie samt
            Verlauf und angehängte Dokumente.
          </li>
          <li>
            <strong>Chat:</strong> Nachrichten zwischen Unternehmen und Personalberatern samt Zeitstempel sowie darin
            geteilte Dateien (z. B. Lebensläufe).
          </li>
          <li>
            <strong>Besetzungsmeldungen:</strong> Unternehmen, Stelle, Ansprechperson, Personalberater, tatsächliche
            Prämie und tatsächliches Bruttojahresgehalt; bei Meldungen durch Unternehmen zusätzlich Rechnungsanschrift
            und UID-Nummer.
          </li>
          <li>
            <strong>Kontaktanfragen:</strong> Vor- und Nachname, Unternehmen, E-Mail-Adresse, Ihre Nachricht und die
            IP-Adresse zum Schutz vor Missbrauch.
          </li>
          <li>
            <strong>Protokolldaten:</strong> IP-Adresse, Zeitpunkt, aufgerufene Adresse, Statuscode und Browserkennung
            bei jedem Zugriff auf den Server sowie ein Protokoll sicherheitsrelevanter Vorgänge.
          </li>
        </ul>

        <h2>3. Zwecke und Rechtsgrundlagen</h2>
        <ul>
          <li>
            Bereitstellung der Plattform, Benutzerkonto, Inserate, Chat und Abwicklung von Besetzungen:
            Vertragserfüllung (Art 6 Abs 1 lit b DSGVO).
          </li>
          <li>
            Öffentliches Profil von Personalberatern (Name, Profilbild, Beschreibung und Leistungen auf der für alle
            zugänglichen Seite „Öffentliche Personalberater“): Einwilligung (Art 6 Abs 1 lit a DSGVO), die Sie im Profil
            mit dem Schalter „Profil öffentlich anzeigen“ jederzeit widerrufen können.
          </li>
          <li>
            Rechnungslegung und Aufbewahrung von Buchhaltungsunterlagen: rechtliche Verpflichtung (Art 6 Abs 1 lit c
            DSGVO iVm § 132 BAO und § 212 UGB).
          </li>
          <li>
            Beantwortung von Kontaktanfragen: vorvertragliche Maßnahmen bzw. unser berechtigtes Interesse an der
            Kommunikation mit Interessenten (Art 6 Abs 1 lit b und f DSGVO).
          </li>
          <li>
            Sicherheit, Missbrauchsabwehr (z. B. Begrenzung von Anfragen) und Fehleranalyse anhand von Protokolldaten:
            berechtigtes Interesse (Art 6 Abs 1 lit f DSGVO).
          </li>
          <li>
            Systemnachrichten per E-Mail (Kontobestätigung, Passwort, neue Chat-Nachrichten): Vertragserfüllung (Art 6
            Abs 1 lit b DSGVO).
          </li>
        </ul>
        <p>Wir treffen keine automatisierten Entscheidungen im Sinne des Art 22 DSGVO und erstellen keine Profile.</p>

        <h2>4. Empfänger und Auftragsverarbeiter</h2>
        <p>
          Inserate sind für angemeldete Nutzer sichtbar, die Titel, Prämie und Gehaltsangabe der neuesten Inserate auch
          auf der Startseite. Öffentlich gelistete Personalberater sind mit Name, Profilbild, Beschreibung und
          Leistungen für alle sichtbar (Seite „Öffentliche Personalberater“), ihre E-Mail-Adresse nur für angemeldete
          Nutzer. Chat-Nachrichten sieht nur die jeweilige Gegenseite. Darüber hinaus setzen wir folgende
          Auftragsverarbeiter ein, mit denen Verträge nach Art 28 DSGVO bestehen:
        </p>
        <ul>
          <li>
            <strong>Hosting:</strong> Rechenzentrumsbetreiber für Server, Datenbank und Dateispeicher.
          </li>
          <li>
            <strong>E-Mail-Versand:</strong> Dienstleister für den Versand unserer Systemnachrichten.
          </li>
        </ul>
        <p>Eine Weitergabe zu Werbezwecken findet nicht statt.</p>

        <h2>5. Speicherort</h2>
        <p>
          Alle Daten werden ausschließlich in Rechenzentren innerhalb der Europäischen Union gespeichert und
          verarbeitet. Eine Übermittlung in Drittländer findet nicht statt.
        </p>

        <h2>6. Speicherdauer</h2>
        <ul>
          <li>
            Kontodaten speichern wir, solange das Konto besteht. Konten, die {UNUSED_ACCOUNT_MONTHS} Monate lang nicht
            genutzt wurden, werden nach vorheriger Information per E-Mail gelöscht.
          </li>
          <li>
            Inserate, die älter als {ADVERTISEMENT_MAX_AGE_MONTHS} Monate sind, können gelöscht werden. Nach dem Löschen
            eines Kontos werden dessen personenbezogene Daten gelöscht oder anonymisiert, soweit keine gesetzlichen
            Aufbewahrungspflichten bestehen.
          </li>
          <li>
            Besetzungsmeldungen und Rechnungsdaten bewahren wir sieben Jahre auf, wie es das Steuer- und
            Unternehmensrecht verlangt.
          </li>
          <li>
            Kontaktanfragen löschen wir spätestens zwölf Monate nach ihrem Eingang; versendete E-Mails (auch Links zum
            Zurücksetzen des Passworts) nach 30 Tagen.
          </li>
          <li>Protokolldaten werden nach spätestens 30 Tagen gelöscht, sofern kein Sicherheitsvorfall vorliegt.</li>
        </ul>

        <h2>7. Cookies und lokaler Speicher</h2>
        <p>
          Wir setzen keine Cookies zu Analyse- oder Werbezwecken und verwenden keine Tracking-Dienste. Nach dem Login
          speichert Ihr Browser im lokalen Speicher (Local Storage) nur die für die Sitzung nötigen Werte:
        </p>
        <ul>
          {Object.values(STORAGE_KEYS).map((key) => (
            <li key={key}>
              <code>{key}</code>
            </li>
          ))}
        </ul>
        <p>
          Diese Einträge enthalten Ihr Anmelde-Token sowie Benutzer-ID, Name, E-Mail-Adresse, Rolle, Beschreibung und
          die Organisation, für die Sie gerade handeln, und werden beim Logout gelöscht. Rechtsgrundlage ist § 165 Abs 3
          TKG 2021 (unbedingt erforderlich) bzw. Art 6 Abs 1 lit b DSGVO. Ein Vorstellungsvideo auf der Startseite wird
          erst geladen, wenn Sie es selbst öffnen.
        </p>

        <h2>8. Datensicherheit</h2>
        <p>
          Die Übertragung erfolgt verschlüsselt (TLS). Passwörter werden nur als gesalzener Hash gespeichert. Dateien
          aus Chats erhalten nur die beteiligten Gesprächspartner.
        </p>

        <h2>9. Ihre Rechte</h2>
        <p>Sie haben jederzeit das Recht auf</p>
        <ul>
          <li>Auskunft über Ihre gespeicherten Daten (Art 15 DSGVO),</li>
          <li>Berichtigung unrichtiger Daten (Art 16 DSGVO),</li>
          <li>Löschung (Art 17 DSGVO),</li>
          <li>Einschränkung der Verarbeitung (Art 18 DSGVO),</li>
          <li>Datenübertragbarkeit (Art 20 DSGVO) und</li>
          <li>Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art 21 DSGVO).</li>
        </ul>
        <p>
          Wenden Sie sich dazu an die oben genannte E-Mail-Adresse. Wenn Sie meinen, dass die Verarbeitung Ihrer Daten
          gegen das Datenschutzrecht verstößt, können Sie sich bei der Aufsichtsbehörde beschweren:
        </p>
        <address className="mb-0">
          <strong>Österreichische Datenschutzbehörde</strong>
          <br />
          Barichgasse 40–42, 1030 Wien
          <br />
          E-Mail: <a href="mailto:dsb@dsb.gv.at">dsb@dsb.gv.at</a>
          <br />
          Web:{' '}
          <a href="https://www.dsb.gv.at" rel="noopener noreferrer">
            www.dsb.gv.at
          </a>
        </address>
      </DocumentPage>
    </PublicLayout>
  );
}
