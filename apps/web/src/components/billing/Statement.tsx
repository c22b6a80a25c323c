import { statementHeadline, type CustomerStatement } from '@pb/core';
import { day, euro } from './format';
import styles from './billing.module.css';

const KIND_LABELS = { rechnung: 'Rechnung', korrektur: 'Korrekturrechnung', zahlung: 'Zahlung' } as const;

/**
 * The company's statement of account (issue 32): one sentence first — 'Sie zahlen € … bis …' with
 * where to pay, 'Sie erhalten € … bis …', or 'ausgeglichen' — then the lines it nets.
 */
export function Statement({ statement }: { statement: CustomerStatement }) {
  const amount = euro(Math.abs(statement.balanceCents));
  return (
    <section
      aria-labelledby="pb-statement"
      className={`${styles.card} ${styles.statement} mb-4`}
      data-testid="statement"
    >
      <h2 id="pb-statement" className="h5">
        Kontoauszug
      </h2>
      <p className={`${styles.summary} mb-2`} data-testid="statement-headline">
        {statementHeadline(statement)}
        {statement.direction === 'ausgeglichen' ? (
          '.'
        ) : (
          <>
            {' '}
            <strong>{amount}</strong>
            {statement.dueOn ? <> bis {day(statement.dueOn)}</> : null}.
          </>
        )}
      </p>
      {statement.direction === 'zahlen' && statement.payTo ? (
        <dl className={`${styles.payTo} mb-3`} data-testid="statement-pay-to">
          <dt>Empfänger</dt>
          <dd>{statement.payTo.recipient}</dd>
          <dt>IBAN</dt>
          <dd className="font-monospace">{statement.payTo.iban}</dd>
          <dt>BIC</dt>
          <dd className="font-monospace">{statement.payTo.bic}</dd>
          <dt>Verwendungszweck</dt>
          <dd>{statement.payTo.reference}</dd>
        </dl>
      ) : null}
      {statement.direction === 'erhalten' ? (
        <p className="small text-body-secondary">
          Wir überweisen den Betrag auf das Konto, von dem Ihre Zahlung kam. Sie müssen nichts weiter tun.
        </p>
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
                <tr key={`${line.kind}-${line.number ?? index}-${index}`}>
                  <td data-label="Datum">{day(line.date)}</td>
                  <td data-label="Buchung">
                    {KIND_LABELS[line.kind]}
                    {line.number ? ` ${line.number}` : ''}
                    <div className="small text-body-secondary">{line.text}</div>
                  </td>
                  <td data-label="Betrag" className="text-end text-nowrap">
                    {line.cents < 0 ? `− ${euro(-line.cents)}` : euro(line.cents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Saldo
                </th>
                <td className="text-end text-nowrap fw-semibold">
                  {statement.balanceCents < 0 ? `− ${euro(-statement.balanceCents)}` : euro(statement.balanceCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </details>
      ) : null}
    </section>
  );
}
