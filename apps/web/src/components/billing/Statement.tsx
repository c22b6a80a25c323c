import { STATEMENT_LINE_KIND_LABELS, type CustomerStatement } from '@pb/core';
import { PdfButton } from './InvoiceDownload';
import { day, euro } from './format';
import styles from './billing.module.css';

const signed = (cents: number) => (cents < 0 ? `− ${euro(-cents)}` : euro(cents));

/**
 * The company's statement of account (issue 32): what it pays ('Sie zahlen € … bis …' with where to
 * pay) and what it receives ('Sie erhalten € … bis …') — each on its own, never set off — or that
 * the account is balanced; then every booking.
 */
export function Statement({ statement }: { statement: CustomerStatement }) {
  const balanced = statement.payCents === 0 && statement.receiveCents === 0;
  return (
    <section
      aria-labelledby="pb-statement"
      className={`${styles.card} ${styles.statement} mb-4`}
      data-testid="statement"
    >
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h2 id="pb-statement" className="h5">
          Kontoauszug
        </h2>
        <span>
          <PdfButton
            url="/api/billing/statement.pdf"
            label="Kontoauszug als PDF herunterladen"
            failMessage="Der Kontoauszug konnte nicht geladen werden."
          />
        </span>
      </div>
      {balanced ? (
        <p className={`${styles.summary} mb-2`} data-testid="statement-headline">
          Ihr Konto ist ausgeglichen.
        </p>
      ) : null}
      {statement.payCents > 0 ? (
        <>
          <AmountSentence
            verb="Sie zahlen"
            cents={statement.payCents}
            by={statement.payBy}
            testId="statement-headline"
          />
          {statement.payTo ? (
            <dl className={`${styles.payTo} mb-3`} data-testid="statement-pay-to">
              <dt>Empfänger</dt>
              <dd>{statement.payTo.recipient}</dd>
              <dt>IBAN</dt>
              <dd className="font-monospace">{statement.payTo.iban}</dd>
              <dt>BIC</dt>
              <dd className="font-monospace">{statement.payTo.bic}</dd>
              <dt>{statement.payTo.structured ? 'Zahlungsreferenz' : 'Verwendungszweck'}</dt>
              <dd>{statement.payTo.reference}</dd>
            </dl>
          ) : null}
        </>
      ) : null}
      {statement.receiveCents > 0 ? (
        <>
          <AmountSentence
            verb="Sie erhalten"
            cents={statement.receiveCents}
            by={statement.receiveBy}
            testId="statement-receive"
          />
          <p className="small text-body-secondary">
            Die Rückerstattung überweisen wir auf das Konto, von dem Ihre Zahlung kam
            {statement.payCents > 0 ? '; sie wird nicht mit Ihren offenen Rechnungen verrechnet' : ''}.
          </p>
        </>
      ) : null}
      {statement.lines.length > 0 ? (
        <details>
          <summary className="small">Alle Buchungen ({statement.lines.length})</summary>
          <table className={`table table-sm align-middle mt-2 mb-0 ${styles.table}`}>
            <caption className="visually-hidden">Buchungen des Kontoauszugs</caption>
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">Buchung</th>
                <th scope="col" className="text-end">
                  Betrag
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line, index) => (
                <tr key={`${line.kind}-${line.number ?? 'zahlung'}-${index}`}>
                  <td data-label="Datum">{day(line.date)}</td>
                  <td data-label="Buchung">
                    {STATEMENT_LINE_KIND_LABELS[line.kind]}
                    {line.number ? ` ${line.number}` : ''}
                    <div className="small text-body-secondary">{line.text}</div>
                  </td>
                  <td data-label="Betrag" className="text-end text-nowrap">
                    {signed(line.cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </section>
  );
}

/** 'Sie zahlen € 6.600,00 bis 18.12.2026.' */
function AmountSentence({
  verb,
  cents,
  by,
  testId,
}: {
  verb: string;
  cents: number;
  by: string | null;
  testId: string;
}) {
  return (
    <p className={`${styles.summary} mb-2`} data-testid={testId}>
      {verb} <strong>{euro(cents)}</strong>
      {by ? <> bis {day(by)}</> : null}.
    </p>
  );
}
