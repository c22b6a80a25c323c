import { Link } from 'react-router';
import {
  ADVERTISEMENT_MAX_AGE_MONTHS,
  calculateFees,
  CIRCUMVENTION_MONTHS,
  CIRCUMVENTION_PENALTY_EUR,
  formatEuro,
  GUARANTEE_DAYS,
  GUARANTEE_REFUND_RATE,
  guaranteeRefund,
  INVOICE_DUE_WORKING_DAYS,
  RECONTACT_WINDOW_MONTHS,
  REFUND_PAYOUT_WORKING_DAYS,
  SERVICE_FEE_RATE,
  TERMINATION_NOTICE_DAYS,
  TERMS_OBJECTION_WEEKS,
  UNUSED_ACCOUNT_MONTHS,
} from '@pb/core';
import { DocumentPage, PublicLayout } from '../../components/public/PublicLayout';
import styles from './legal.module.css';

const EXAMPLE_BONUS = 20;
const EXAMPLE_SALARY = 60_000;
const pct = (rate: number) => `${Math.round(rate * 100)} %`;
const WEEKS_WORD: Record<number, string> = { 6: 'sechs' };

/** AGB (spec §9 "Terms" and the claim rules of §4). Every figure comes from @pb/core. */
export function Component() {
  const example = calculateFees(EXAMPLE_BONUS, EXAMPLE_SALARY);
  const refund = guaranteeRefund(example.placementFee, example.serviceFee);
  const fee = pct(SERVICE_FEE_RATE);
  const refundRate = pct(GUARANTEE_REFUND_RATE);
  const objectionWeeks = WEEKS_WORD[TERMS_OBJECTION_WEEKS] ?? String(TERMS_OBJECTION_WEEKS);
  return (
    <PublicLayout
      title="AGB – Prämienbörse"
      description="Allgemeine Geschäftsbedingungen der Prämienbörse für Unternehmen und Personalberater/innen: Vermittlungsprämie, Servicegebühr, Garantie und Umgehungsschutz."
    >
      <DocumentPage
        title="Allgemeine Geschäftsbedingungen"
        lead="Diese Bedingungen regeln die Nutzung der Prämienbörse durch Unternehmen und Personalberater."
      >
        <h2>1. Geltungsbereich und Vertragspartner</h2>
        <p>
          Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Verträge zwischen der Betreiberin der
          Prämienbörse (siehe <Link to="/imprint">Impressum</Link>) und ihren registrierten Nutzerinnen und Nutzern.
          Nutzer sind Unternehmen, die Stelleninserate veröffentlichen („Unternehmen“), sowie Personalvermittlungen und
          Personalberater („Personalberater“). Die Prämienbörse richtet sich ausschließlich an Unternehmer im Sinne des
          § 1 KSchG. Abweichende Bedingungen der Nutzer gelten nur, wenn die Betreiberin ihnen ausdrücklich schriftlich
          zustimmt.
        </p>

        <h2>2. Ablauf</h2>
        <ol>
          <li>
            Das Unternehmen veröffentlicht ein Stelleninserat und legt eine Vermittlungsprämie in Prozent des
            Bruttojahresgehalts fest. Auf Wunsch erstellt die Betreiberin das Inserat anhand eines übermittelten Links
            oder PDF-Dokuments.
          </li>
          <li>
            Personalberater sehen das Inserat, nehmen über den Chat zum Inserat Kontakt mit dem Unternehmen auf und
            schlagen geeignete Kandidatinnen und Kandidaten vor.
          </li>
          <li>
            Kommt es zu einer Einstellung, meldet das Unternehmen oder der Personalberater die Besetzung über die
            Funktion „Stellenbesetzung melden“. Das Inserat wird damit deaktiviert.
          </li>
          <li>
            Nach der Meldung werden die Vermittlungsprämie und die Servicegebühr in Rechnung gestellt. Vorher entstehen
            dem Unternehmen keine Kosten.
          </li>
        </ol>

        <h2>3. Registrierung und Benutzerkonto</h2>
        <p>
          Die Registrierung ist kostenlos. Die Angaben bei der Registrierung müssen wahr und vollständig sein; das Konto
          ist nicht übertragbar und die Zugangsdaten sind geheim zu halten. Die Betreiberin kann Konten bei Verstößen
          gegen diese AGB sperren. Konten, die {UNUSED_ACCOUNT_MONTHS} Monate lang nicht genutzt wurden (kein Login),
          werden gelöscht; die Nutzer werden vorab per E-Mail informiert.
        </p>

        <h2>4. Stelleninserate</h2>
        <p>
          Das Unternehmen ist für den Inhalt seiner Inserate verantwortlich und sichert zu, dass die Stelle tatsächlich
          zu besetzen ist und die Angaben – insbesondere zum Gehalt (§ 9 Abs 2 GlBG) – den gesetzlichen Vorgaben
          entsprechen. Inserate können jederzeit deaktiviert werden. Inserate, die älter als{' '}
          {ADVERTISEMENT_MAX_AGE_MONTHS} Monate sind, darf die Betreiberin löschen.
        </p>

        <h2>5. Vermittlungsprämie</h2>
        <p>
          Die Vermittlungsprämie ist ein Prozentsatz des vereinbarten Bruttojahresgehalts der eingestellten Person und
          wird ausschließlich bei einer erfolgreichen Besetzung fällig. Das Unternehmen kann die Prämie jederzeit
          anpassen; die Änderung wird im Prämienverlauf des Inserats festgehalten. Für eine Kandidatin oder einen
          Kandidaten gilt stets die Prämie, die zu dem Zeitpunkt aktiv war, zu dem die Person dem Unternehmen
          vorgeschlagen wurde.
        </p>

        <h2>6. Servicegebühr</h2>
        <p>
          Für die Nutzung der Plattform verrechnet die Betreiberin dem Unternehmen eine Servicegebühr von {fee} der
          Vermittlungsprämie. Für Personalberater ist die Nutzung kostenlos. Alle Beträge verstehen sich zuzüglich der
          gesetzlichen Umsatzsteuer.
        </p>
        <p className={styles.exampleBox}>
          <strong>Beispiel:</strong> Bei einer Vermittlungsprämie von {EXAMPLE_BONUS} % und einem Bruttojahresgehalt von{' '}
          {formatEuro(EXAMPLE_SALARY)} beträgt die Vermittlungsprämie {formatEuro(example.placementFee)} zuzüglich einer
          Servicegebühr von {formatEuro(example.serviceFee)}, insgesamt {formatEuro(example.total)}.
        </p>

        <h2>7. Meldung und Zahlung</h2>
        <p>
          Das Unternehmen meldet jede Einstellung einer über die Prämienbörse vorgeschlagenen Person unverzüglich über
          die Plattform. Rechnungen sind innerhalb von {INVOICE_DUE_WORKING_DAYS} Werktagen ab Rechnungsdatum ohne Abzug
          zu bezahlen. Bei Zahlungsverzug gelten die gesetzlichen Verzugszinsen für unternehmerische Geschäfte (§ 456
          UGB).
        </p>

        <h2>8. Garantie</h2>
        <p>
          Endet das Dienstverhältnis der vermittelten Person innerhalb von {GUARANTEE_DAYS} Kalendertagen nach der
          Meldung der Besetzung, erhält das Unternehmen {refundRate} der bezahlten Vermittlungsprämie und {refundRate}{' '}
          der bezahlten Servicegebühr zurück. Voraussetzung ist, dass das Unternehmen die Beendigung innerhalb von{' '}
          {TERMINATION_NOTICE_DAYS} Tagen nach der Beendigung schriftlich an die Betreiberin meldet. Die Rückerstattung
          wird innerhalb von {REFUND_PAYOUT_WORKING_DAYS} Werktagen nach Eingang der Meldung ausbezahlt.
        </p>
        <p className={styles.exampleBox}>
          <strong>Beispiel:</strong> Im Beispiel aus Punkt 6 werden {formatEuro(refund.placementFee)} der
          Vermittlungsprämie und {formatEuro(refund.serviceFee)} der Servicegebühr erstattet, zusammen{' '}
          {formatEuro(refund.total)}.
        </p>

        <h2>9. Erstanspruch auf eine Kandidatin oder einen Kandidaten</h2>
        <p>
          Schlagen mehrere Personalberater dieselbe Person für dieselbe Stelle vor, hat der Personalberater Anspruch auf
          die Vermittlungsprämie, der die Person zuerst vorgeschlagen hat (Erstanspruch). Der Erstanspruch erlischt,
          wenn das Unternehmen der Person endgültig abgesagt hat. Er lebt wieder auf, wenn das Unternehmen die Person
          innerhalb von {RECONTACT_WINDOW_MONTHS} Monaten nach der endgültigen Absage erneut kontaktiert und einstellt.
        </p>

        <h2>10. Umgehungsverbot</h2>
        <p>
          Das Unternehmen verpflichtet sich, Personen, die ihm über die Prämienbörse vorgeschlagen wurden, innerhalb von{' '}
          {CIRCUMVENTION_MONTHS} Monaten ab dem Vorschlag nicht unter Umgehung der Plattform einzustellen – weder direkt
          noch über Dritte oder im Wege einer Direktvereinbarung mit dem Personalberater. Für jeden Fall der Umgehung
          ist eine Vertragsstrafe von {formatEuro(CIRCUMVENTION_PENALTY_EUR)} zu bezahlen. Die Geltendmachung eines
          darüber hinausgehenden Schadens bleibt vorbehalten.
        </p>

        <h2>11. Pflichten der Nutzer</h2>
        <p>
          Nutzer verwenden den Chat nur für die Besetzung der jeweiligen Stelle. Unterlagen von Kandidatinnen und
          Kandidaten dürfen nur mit deren Einwilligung geteilt werden. Unzulässig sind insbesondere rechtswidrige,
          diskriminierende oder werbliche Inhalte sowie das Hochladen von Schadsoftware.
        </p>

        <h2>12. Haftung</h2>
        <p>
          Die Betreiberin stellt die Plattform als Vermittlerin zur Verfügung und schuldet keinen Vermittlungserfolg.
          Sie haftet nur für Vorsatz und grobe Fahrlässigkeit; dies gilt nicht für Personenschäden. Für die Richtigkeit
          der Inserate und der Angaben der Nutzer übernimmt die Betreiberin keine Haftung.
        </p>

        <h2>13. Laufzeit und Beendigung</h2>
        <p>
          Der Nutzungsvertrag läuft auf unbestimmte Zeit. Nutzer können ihr Konto jederzeit im Profil deaktivieren.
          Bereits entstandene Ansprüche aus gemeldeten Besetzungen, die Garantie und das Umgehungsverbot bleiben davon
          unberührt.
        </p>

        <h2>14. Änderungen dieser AGB</h2>
        <p>
          Änderungen dieser AGB werden den Nutzern per E-Mail mitgeteilt. Sie gelten als angenommen, wenn der Nutzer
          nicht innerhalb von {objectionWeeks} Wochen ab Zugang der Mitteilung widerspricht. Auf diese Frist und die
          Folgen des Schweigens wird in der Mitteilung gesondert hingewiesen. Im Fall eines Widerspruchs können beide
          Seiten den Nutzungsvertrag kündigen.
        </p>

        <h2>15. Schlussbestimmungen</h2>
        <p className="mb-0">
          Es gilt österreichisches Recht unter Ausschluss der Verweisungsnormen und des UN-Kaufrechts. Gerichtsstand ist
          das für den Sitz der Betreiberin sachlich zuständige Gericht. Sollte eine Bestimmung unwirksam sein, bleiben
          die übrigen Bestimmungen wirksam.
        </p>
      </DocumentPage>
    </PublicLayout>
  );
}
