import { formatDateTime } from '@pb/core';

/** README.txt of the ZIP: what each file holds, in German (DSGVO Art. 15: understandable). */
export function exportReadme(username: string, createdAt: Date): string {
  return `Ihre Daten bei der Prämienbörse
================================

Erstellt für: ${username}
Erstellt am: ${formatDateTime(createdAt.toISOString())} (Wiener Zeit)

Diese ZIP-Datei enthält alle Daten, die die Prämienbörse zu Ihrem Account gespeichert hat
(Auskunft nach Art. 15 DSGVO), in einem gängigen, maschinenlesbaren Format (JSON, Datenübertragbarkeit
nach Art. 20 DSGVO), sowie die Dateien, die Sie hochgeladen oder in Gesprächen erhalten haben.
Zeitangaben sind in UTC (ISO 8601), Geldbeträge mit der Endung „Cents“ in Cent.
Daten anderer Personen sind nur so weit enthalten, wie Sie sie auch in der Prämienbörse sehen.

Dateien
-------
konto.json
  Ihre Kontodaten: Kontonummer, Name, E-Mail-Adresse, Rolle, ob die E-Mail-Adresse bestätigt
  und der Account gesperrt ist, Registrierung, Zustimmung zu AGB und Datenschutzerklärung (bei der
  Registrierung), letzte Anmeldung und eine noch nicht bestätigte Änderung der E-Mail-Adresse.
  Ihr Passwort ist nur als Prüfwert gespeichert und nicht enthalten.

bilder.json
  Bilder, die Sie hochgeladen haben (etwa das Logo Ihrer Organisation), mit dem Pfad der Datei im
  Ordner dateien/bilder/, wann Sie sie hochgeladen haben und wessen Logo sie sind. Beschreibung,
  Leistungen und Logo gehören zum öffentlichen Profil Ihrer Organisation, nicht zu Ihrer Person.

sicherheit.json
  sitzungen: Ihre Anmeldungen (Gerät und Browser, Netz der Anmeldung, angemeldet am, zuletzt aktiv,
  gültig bis, beendet am, ob ein zweiter Faktor bestätigt wurde) — beendete bis 180 Tage;
  zweiFaktor: ob die Authenticator-App aktiv ist (seit wann), wie viele Wiederherstellungscodes
  unbenutzt sind, Ihre Passkeys (Name, hinzugefügt, zuletzt verwendet). Anmeldetoken, Schlüssel
  und Codes selbst sind nicht enthalten.

inserate.json (Unternehmen)
  Ihre Inserate (veröffentlicht und deaktiviert) mit allen Angaben, dem Verlauf der
  Vermittlungsprämie (praemienverlauf: Prozent und seit wann) und den Dokumenten im Ordner
  dateien/inserate/.

nachrichten.json
  Ihre Gespräche (gespraech: Inserat und Gesprächspartner) mit allen Nachrichten
  (message: Text, username: Absender, timestamp: Zeitpunkt). Dateien, die Sie gesendet oder
  erhalten haben, liegen in dateien/nachrichten/<Gespräch>/ (dateienImZip).

vorstellungen.json (Personalberater und Unternehmen)
  Kandidatenvorstellungen, die Sie gemacht (Personalberater) oder erhalten (Unternehmen) haben:
  Inserat, Zeitpunkt, Prämie, Status, Rückmeldungen und die Kandidatendaten, soweit sie Ihnen
  in der Prämienbörse angezeigt werden (nach Ablauf der Aufbewahrung gelöscht).

vermittlungen-und-rechnungen.json (Personalberater und Unternehmen)
  vermittlungen: Vermittlungsmeldungen mit Gehalt, Prämie, Status und Garantiefall (claim);
  garantiefallDokumente: Ihre Dokumente zu Garantiefällen in dateien/garantiefaelle/;
  rechnungen: Rechnungen und Korrekturrechnungen, die PDFs im Ordner rechnungen/;
  jahre: Summen je Jahr; offenerBetragCent: noch offener Betrag (Unternehmen).

bewertungen.json (Personalberater und Unternehmen)
  bewertungen: Ihre Bewertungen anderer Organisationen nach einer Vorstellung (Noten, Kommentar,
  ob das Backoffice ihn veröffentlicht oder mit welchem Grund abgelehnt hat); antworten: Ihre
  Antworten auf Kommentare über Ihre Organisation und ihr Stand.

benachrichtigungen.json
  einstellungen: wie Sie je Art benachrichtigt werden; benachrichtigungen: die Einträge Ihrer
  Benachrichtigungsglocke.

suchauftraege.json (Personalberater)
  Gespeicherte Suchen mit Filtern und Häufigkeit sowie die Nummern gemerkter Inserate.

protokoll.json
  Einträge im Änderungsprotokoll der Prämienbörse, die Ihren Account betreffen oder die Sie
  ausgelöst haben (Aktion, Zeitpunkt, vorher/nachher). Wer im Betrieb gehandelt hat, ist nicht
  enthalten. Für Administratoren: bei Einträgen über andere Personen oder deren Daten fehlen
  vorher/nachher (das sind nicht Ihre Daten).

Fragen zu Ihren Daten richten Sie bitte über das Kontaktformular an uns.
`;
}
