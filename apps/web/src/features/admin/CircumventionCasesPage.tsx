import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { CASE_DECISION_LABELS, formatDateTime, type CaseEvidenceEntry, type CircumventionCase } from '@pb/core';
import { day, euro } from '../../components/billing/format';
import {
  CaseAnswer,
  CaseCard,
  CaseDecision,
  CaseLetter,
  PenaltyInvoiceLink,
} from '../../components/circumventionCases/CaseParts';
import { CaseDecisionForm } from './CaseDecisionForm';
import { ErrorLine, FilterSelect, Loading, PageHeader } from './components';
import { cell, ResponsiveTable } from './ResponsiveTable';
import { useAdminCircumventionCases, type CaseFilter } from './api/circumventionCases';

/**
 * Back office 'Umgehungsverfahren' (issue 34): each case with the hearing letter, the register's
 * evidence as it stood at opening (each entry with its hash), the company's statement and, once the
 * company answered or its deadline passed, the decision with reasons — asked first, confirmed after.
 */

/** The register entries of the agency's introduction, frozen at opening; the hash ties each to the register. */
function Evidence({ entries }: { entries: CaseEvidenceEntry[] }) {
  return (
    <section className="mb-3">
      <h3 className="h6">Nachweis aus dem Register</h3>
      {entries.length === 0 ? (
        <p className="text-body-secondary">Keine Einträge.</p>
      ) : (
        <ResponsiveTable flat className="table table-sm mb-0" columns={['Eintrag', 'Zeitpunkt', 'Hash']}>
          {entries.map((e) => (
            <tr key={e.hash}>
              <td data-label="Eintrag" className={cell.text}>
                {e.label}
              </td>
              <td data-label="Zeitpunkt" className={cell.nowrap}>
                {formatDateTime(e.at)}
              </td>
              <td data-label="Hash">
                <code title={e.hash}>
                  <span aria-hidden="true">{e.hash.slice(0, 12)}…</span>
                  <span className="visually-hidden">{e.hash}</span>
                </code>
              </td>
            </tr>
          ))}
        </ResponsiveTable>
      )}
    </section>
  );
}

function OfficeCase({ c, onDecided }: { c: CircumventionCase; onDecided: (decided: CircumventionCase) => void }) {
  return (
    <CaseCard
      c={c}
      moreFacts={[
        ['Unternehmen', c.companyName],
        ['Personalberatung', c.agencyName ?? '–'],
        ['Vorgestellt am', `${day(c.introducedOn)} (Vorstellung Nr. ${c.introductionId})`],
      ]}
    >
      <div className="row g-3">
        <div className="col-lg-6">
          <CaseLetter letter={c.letter} />
        </div>
        <div className="col-lg-6">
          <Evidence entries={c.evidence ?? []} />
          <CaseAnswer c={c} title="Stellungnahme des Unternehmens" />
        </div>
      </div>
      {c.state === 'zur_entscheidung' ? (
        <div className="border-top pt-3">
          <CaseDecisionForm c={c} onDecided={onDecided} />
        </div>
      ) : null}
      {c.state === 'entschieden' ? (
        <div className="border-top pt-3">
          <CaseDecision c={c} />
        </div>
      ) : null}
    </CaseCard>
  );
}

/** What the decision just taken did: for a finding, the penalty invoice with its PDF. */
function Decided({ c }: { c: CircumventionCase }) {
  return (
    <Alert variant="success" role="status" data-testid="case-decided">
      <strong>
        Verfahren Nr. {c.id}: {c.decision ? CASE_DECISION_LABELS[c.decision] : 'entschieden'}.
      </strong>{' '}
      {c.penaltyInvoice ? (
        <>
          Die Rechnung über Vertragsstrafe <span className="text-nowrap">{c.penaltyInvoice.number}</span> (
          {euro(c.penaltyInvoice.grossCents)}) an {c.companyName} ist ausgestellt und gesendet:{' '}
          <PenaltyInvoiceLink invoice={c.penaltyInvoice} />
        </>
      ) : (
        'Das Unternehmen und die Personalberatung erhalten die Entscheidung mit der Begründung.'
      )}
    </Alert>
  );
}

export function Component() {
  const [filter, setFilter] = useState<CaseFilter>('offen');
  const cases = useAdminCircumventionCases(filter);
  const [decided, setDecided] = useState<CircumventionCase | null>(null);
  const shown = cases.data ?? [];
  return (
    <>
      <PageHeader title="Umgehungsverfahren">
        <FilterSelect<CaseFilter>
          label="Verfahren filtern"
          value={filter}
          onChange={setFilter}
          options={[
            ['offen', 'Offene Verfahren'],
            ['alle', 'Alle Verfahren'],
          ]}
        />
      </PageHeader>
      <p className="small text-body-secondary">
        Ein Verfahren eröffnen Sie bei einer Meldung mit Umgehungsverdacht unter{' '}
        <Link to="/admin/placements">Vermittlungen</Link>. Entschieden wird, sobald das Unternehmen Stellung genommen
        hat oder seine Frist abgelaufen ist.
      </p>
      <ErrorLine error={cases.error} />
      {decided ? <Decided c={decided} /> : null}
      {cases.isPending ? (
        <Loading />
      ) : shown.length === 0 ? (
        <p className="text-body-secondary">
          {filter === 'offen' ? 'Keine offenen Umgehungsverfahren.' : 'Noch kein Umgehungsverfahren.'}
        </p>
      ) : (
        shown.map((c) => <OfficeCase key={c.id} c={c} onDecided={setDecided} />)
      )}
    </>
  );
}
