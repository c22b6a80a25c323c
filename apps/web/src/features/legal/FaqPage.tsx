import { Link } from 'react-router';
import Accordion from 'react-bootstrap/Accordion';
import {
  calculateFees,
  CIRCUMVENTION_MONTHS,
  CIRCUMVENTION_PENALTY_EUR,
  DOCUMENT_EXTENSIONS,
  formatEuro,
  GUARANTEE_DAYS,
  GUARANTEE_REFUND_RATE,
  INVOICE_DUE_WORKING_DAYS,
  MAX_CHAT_FILES,
  MAX_FILE_BYTES,
  RECONTACT_WINDOW_MONTHS,
  REFUND_PAYOUT_WORKING_DAYS,
  SERVICE_FEE_RATE,
  TERMINATION_NOTICE_DAYS,
  UNUSED_ACCOUNT_MONTHS,
  ADVERTISEMENT_MAX_AGE_MONTHS,
} from '@pb/core';
import type { ReactNode } from 'react';
import { DocumentPage, PublicLayout } from '../../components/public/PublicLayout';
import styles from './legal.module.css';

interface Question {
  q: string;
  a: ReactNode;
}

const example = calculateFees(20, 60_000);
const fee = `${Math.round(SERVICE_FEE_RATE * 100)} %`;
const refund = `${Math.round(GUARANTEE_REFUND_RATE * 100)} %`;
const maxMb = Math.round(MAX_FILE_BYTES / 1024 / 1024);
const fileTypes = DOCUMENT_EXTENSIONS.map((e) => e.toUpperCase()).join(', ');

const GROUPS: Array<{ title: string; items: Question[] }> = [
  {
    title: 'Für Unternehmen',
    items: [
      {
        q: 'Was kostet die Prämienbörse?',
        a: (
          <>
            Registrierung und Inserate sind kostenlos. Erst wenn Sie eine Stelle über die Prämienbörse besetzen, zahlen
            Sie die Vermittlungsprämie und eine Servicegebühr von {fee} der Prämie. Beispiel: 20 % Prämie bei einem
            Bruttojahresgehalt von {formatEuro(60_000)} ergeben {formatEuro(example.placementFee)} plus{' '}
            {formatEuro(example.serviceFee)} Servicegebühr.
          </>
        ),
      },
      {
        q: 'Wie hoch sollte ich die Vermittlungsprämie ansetzen?',
        a: (
          <>
            Die Höhe bestimmen Sie selbst, in Prozent des Bruttojahresgehalts. Viele Unternehmen wählen rund 20 %; je
            attraktiver die Prämie, desto mehr Personalberater arbeiten an Ihrer Stelle. Sie können die Prämie jederzeit
            anpassen – für eine vorgeschlagene Person gilt die Prämie, die zum Zeitpunkt des Vorschlags aktiv war.
          </>
        ),
      },
      {
        q: 'Wie veröffentliche ich ein Inserat?',
        a: (
          <>
            Nach dem Login wählen Sie „Inserate erstellen/bearbeiten“ und dann „Neues Inserat erstellen“. Sie können uns
            stattdessen auch einen Link oder ein PDF Ihrer Ausschreibung senden – wir stellen das Inserat für Sie
            online.
          </>
        ),
      },
      {
        q: 'Wann und wie bezahle ich?',
        a: (
          <>
            Melden Sie eine Einstellung über „Stellenbesetzung melden“ in Ihrer Inseratsliste. Danach erhalten Sie die
            Rechnung, die innerhalb von {INVOICE_DUE_WORKING_DAYS} Werktagen zu bezahlen ist.
          </>
        ),
      },
      {
        q: 'Was passiert, wenn die neue Mitarbeiterin oder der neue Mitarbeiter bald wieder geht?',
        a: (
          <>
            Endet das Dienstverhältnis innerhalb von {GUARANTEE_DAYS} Tagen, erhalten Sie {refund} der bezahlten
            Vermittlungsprämie und {refund} der Servicegebühr zurück. Melden Sie die Beendigung dafür innerhalb von{' '}
            {TERMINATION_NOTICE_DAYS} Tagen; die Auszahlung erfolgt innerhalb von {REFUND_PAYOUT_WORKING_DAYS}{' '}
            Werktagen.
          </>
        ),
      },
      {
        q: 'Darf ich vorgeschlagene Kandidaten direkt einstellen?',
        a: (
          <>
            Nein. Personen, die Ihnen über die Prämienbörse vorgeschlagen wurden, dürfen {CIRCUMVENTION_MONTHS} Monate
            lang nicht an der Plattform vorbei eingestellt werden. Für jeden Fall der Umgehung sehen unsere{' '}
            <Link to="/terms-and-conditions">AGB</Link> eine Vertragsstrafe von {formatEuro(CIRCUMVENTION_PENALTY_EUR)}{' '}
            vor.
          </>
        ),
      },
    ],
  },
  {
    title: 'Für Personalberater',
    items: [
      {
        q: 'Wer kann sich als Personalberater registrieren – und was kostet es?',
        a: (
          <>
            Personalvermittlungen und selbstständige Personalberater können sich kostenlos registrieren. Für
            Personalberater fallen keine Gebühren an.
          </>
        ),
      },
      {
        q: 'Wie nehme ich Kontakt mit einem Unternehmen auf?',
        a: (
          <>
            Öffnen Sie das Inserat und wählen Sie „Unternehmen kontaktieren“. Der weitere Austausch läuft im Chat. Sie
            können bis zu {MAX_CHAT_FILES} Dateien auf einmal senden ({fileTypes}, je höchstens {maxMb} MB).
          </>
        ),
      },
      {
        q: 'Wann habe ich Anspruch auf die Prämie?',
        a: (
          <>
            Wer eine Person für eine Stelle zuerst vorschlägt, hat den Erstanspruch. Er erlischt, wenn das Unternehmen
            der Person endgültig absagt, und lebt wieder auf, wenn das Unternehmen die Person innerhalb von{' '}
            {RECONTACT_WINDOW_MONTHS} Monaten erneut kontaktiert und einstellt.
          </>
        ),
      },
      {
        q: 'Kann ich mein Profil öffentlich zeigen?',
        a: (
          <>
            Ja. In Ihrem Profil können Sie sich unter{' '}
            <Link to="/public-consultants">„Öffentliche Personalberater“</Link> listen lassen – mit Bild, Beschreibung
            und Ihren Leistungen, für alle sichtbar. Ihre E-Mail-Adresse sehen nur angemeldete Unternehmen und
            Personalberater.
          </>
        ),
      },
    ],
  },
  {
    title: 'Allgemein',
    items: [
      {
        q: 'Was passiert mit Konten und Inseraten, die nicht mehr genutzt werden?',
        a: (
          <>
            Konten, die {UNUSED_ACCOUNT_MONTHS} Monate lang nicht genutzt wurden, werden nach vorheriger Information
            gelöscht. Inserate, die älter als {ADVERTISEMENT_MAX_AGE_MONTHS} Monate sind, können wir löschen.
          </>
        ),
      },
      {
        q: 'Wie lösche ich mein Konto?',
        a: (
          <>
            Sie können Ihr Konto jederzeit in Ihrem Profil deaktivieren. Ihre Daten werden dann gelöscht, soweit keine
            gesetzlichen Aufbewahrungspflichten bestehen – Details in der{' '}
            <Link to="/privacy-policy">Datenschutzerklärung</Link>.
          </>
        ),
      },
    ],
  },
];

/** FAQ for companies and recruiters, consistent with the terms. */
export function Component() {
  return (
    <PublicLayout
      title="FAQ – Prämienbörse"
      description="Häufige Fragen zur Prämienbörse: wie Vermittlungsprämie, Servicegebühr und Garantie funktionieren und wie Unternehmen und Personalberater/innen zusammenarbeiten."
    >
      <DocumentPage
        title="Häufige Fragen"
        lead="Antworten rund um Inserate, Prämien, Gebühren und die Zusammenarbeit auf der Prämienbörse."
      >
        {GROUPS.map((group, g) => (
          <section key={group.title} aria-labelledby={`faq-group-${g}`} className={`${styles.faqGroup} mb-5`}>
            <h2 id={`faq-group-${g}`}>{group.title}</h2>
            <Accordion>
              {group.items.map((item, i) => (
                <Accordion.Item key={item.q} eventKey={`${g}-${i}`}>
                  <Accordion.Header as="h3">{item.q}</Accordion.Header>
                  <Accordion.Body>{item.a}</Accordion.Body>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
        <p className="mb-0">
          Ihre Frage ist nicht dabei? <Link to="/#kontakt">Schreiben Sie uns</Link> – wir helfen gerne weiter.
        </p>
      </DocumentPage>
    </PublicLayout>
  );
}
