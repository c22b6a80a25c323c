import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import {
  CASE_DECISION_LABELS,
  CASE_STATE_LABELS,
  formatDate,
  formatDateTime,
  formatDay,
  type CaseState,
  type CircumventionCase,
} from '@pb/core';
import { PdfButton } from '../billing/InvoiceDownload';
import { euro } from '../billing/format';
import styles from '../billing/billing.module.css';

/**
 * What the office's and the company's pages show alike of a circumvention case (issue 34): its
 * state, its facts, the hearing letter, the company's statement and the decision with the penalty
 * invoice. Each case is an h2 on its page; these parts are its h3 sections.
 */

const STATE_BADGE: Record<CaseState, { bg: string; text?: 'dark' }> = {
  anhoerung: { bg: 'warning', text: 'dark' },
  zur_entscheidung: { bg: 'info', text: 'dark' },
  entschieden: { bg: 'secondary' },
};

export function CaseStateBadge({ state }: { state: CaseState }) {
  return (
    <Badge bg={STATE_BADGE[state].bg} text={STATE_BADGE[state].text}>
      {CASE_STATE_LABELS[state]}
    </Badge>
  );
}

/** The case's facts side by side (two a line on a phone; six in one line on a wide screen). */
export function CaseFacts({ facts }: { facts: ReadonlyArray<Fact> }) {
  return (
    <dl className={`row row-cols-2 row-cols-md-3 ${facts.length > 3 ? 'row-cols-xl-6' : ''} g-2 small mb-3`}>
      {facts.map(([label, value]) => (
        <div key={label} className="col">
          <dt className="fw-normal text-body-secondary">{label}</dt>
          <dd className="mb-0 fw-semibold text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Fact = readonly [string, ReactNode];

/**
 * A case as a card: its number and state as the h2, its facts (the job, `moreFacts` after it, the
 * day it was opened and the deadline), then what the page shows of it (`children`).
 */
export function CaseCard({
  c,
  moreFacts = [],
  children,
}: {
  c: CircumventionCase;
  moreFacts?: ReadonlyArray<Fact>;
  children: ReactNode;
}) {
  const titleId = `pb-case-${c.id}`;
  return (
    <article className="card mb-3" aria-labelledby={titleId} data-testid={`case-${c.id}`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id={titleId} className="h5 mb-0">
            Verfahren Nr. {c.id}
          </h2>
          <CaseStateBadge state={c.state} />
        </div>
        <CaseFacts
          facts={[
            ['Stelle', c.jobTitle],
            ...moreFacts,
            ['Eröffnet am', formatDateTime(c.openedAt)],
            ['Frist zur Stellungnahme', `bis ${formatDay(c.deadline)}`],
          ]}
        />
        {children}
      </div>
    </article>
  );
}

/** The hearing letter as the office wrote it (its line breaks kept). */
export function CaseLetter({ letter }: { letter: string }) {
  return (
    <section className="mb-3">
      <h3 className="h6">Anhörungsschreiben</h3>
      <div
        className={`${styles.preWrap} text-break border rounded p-2 p-sm-3 bg-body-tertiary`}
        data-testid="case-letter"
      >
        {letter}
      </div>
    </section>
  );
}

/** The company's statement with its time, or that there is none (yet). */
export function CaseAnswer({ c, title }: { c: CircumventionCase; title: string }) {
  return (
    <section className="mb-3" data-testid="case-answer">
      <h3 className="h6">{title}</h3>
      {c.answer !== null ? (
        <>
          {c.answeredAt ? (
            <p className="small text-body-secondary mb-1">Eingegangen am {formatDateTime(c.answeredAt)}</p>
          ) : null}
          <div className={`${styles.preWrap} text-break`}>{c.answer}</div>
        </>
      ) : (
        <p className="text-body-secondary mb-0">
          {c.state === 'anhoerung' ? 'Noch keine Stellungnahme.' : 'Keine Stellungnahme innerhalb der Frist.'}
        </p>
      )}
    </section>
  );
}

/** The penalty invoice's authorised PDF download, as a link in the text. */
export function PenaltyInvoiceLink({ invoice }: { invoice: NonNullable<CircumventionCase['penaltyInvoice']> }) {
  return (
    <PdfButton
      link
      url={invoice.url}
      label={`Rechnung ${invoice.number} als PDF herunterladen`}
      failMessage="Die Rechnung konnte nicht geladen werden."
    >
      Rechnung {invoice.number} als PDF
    </PdfButton>
  );
}

/** The decision, its reasons and day, and after a finding the penalty invoice. */
export function CaseDecision({ c }: { c: CircumventionCase }) {
  if (c.decision === null) return null;
  return (
    <section className="mb-0" data-testid="case-decision">
      <h3 className="h6">Entscheidung</h3>
      <p className="mb-1">
        <strong>{CASE_DECISION_LABELS[c.decision]}</strong>
        {c.decidedAt ? <> am {formatDate(c.decidedAt)}</> : null}
      </p>
      {c.reasons ? <div className={`${styles.preWrap} text-break mb-2`}>{c.reasons}</div> : null}
      {c.penaltyInvoice ? (
        <p className="mb-0">
          Rechnung über Vertragsstrafe <span className="text-nowrap">{c.penaltyInvoice.number}</span>:{' '}
          {euro(c.penaltyInvoice.grossCents)} · <PenaltyInvoiceLink invoice={c.penaltyInvoice} />
        </p>
      ) : null}
    </section>
  );
}
