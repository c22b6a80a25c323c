import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import {
  formatEuro,
  PLACEMENT_FLAG_LABELS,
  PLACEMENT_REVIEW_NOTE_MAX,
  placementReviewSchema,
  type PlacementReviewRequest,
} from '@pb/core';
import { FormModal } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { useSchemaSubmit } from '../../lib/useSchemaSubmit';
import { InvoiceAmountFields, useInvoiceAmounts, type ReportDecisionProps } from './InvoiceAmountFields';

/**
 * 'Prüfen' (issue 28): the office decides a flagged, suspected or objected report before it can be
 * invoiced — releases it (with the bonus and salary to invoice, never 0 €) or discards it; the
 * reason is required and audited. What the decision does is said before it is taken.
 */
export function ReviewModal({ report, busy, error, onCancel, onSubmit }: ReportDecisionProps<PlacementReviewRequest>) {
  const invoiceAmounts = useInvoiceAmounts(report);
  const [note, setNote] = useState('');
  const { problem, submit } = useSchemaSubmit(placementReviewSchema, onSubmit);
  const waitsForRelease = report.variant === 'consultant' && report.introductionId === null;

  const decide = (decision: PlacementReviewRequest['decision']) =>
    submit(decision === 'freigegeben' ? { decision, note, ...invoiceAmounts.amounts } : { decision, note });

  return (
    <FormModal
      title={`Meldung prüfen: ${report.jobTitle}`}
      titleId="pb-review-title"
      size="lg"
      onClose={onCancel}
      problem={problem}
      error={error}
      actions={
        // The two decisions stay together when a phone's footer wraps.
        <div className="d-flex gap-2 ms-auto">
          <Button variant="outline-danger" disabled={busy} onClick={() => decide('verworfen')}>
            Verwerfen
          </Button>
          <Button disabled={busy} onClick={() => decide('freigegeben')}>
            Freigeben
          </Button>
        </div>
      }
    >
      <p className="small mb-2">
        {report.companyName} · gemeldet von {report.recruiter} · {formatEuro(report.placementFee)} Prämie
      </p>
      {(report.flags.length > 0 || report.circumvention || report.objectedAt) && (
        <ul className="small" aria-label="Gründe der Prüfung">
          {report.flags.map((f) => (
            <li key={f.code}>
              <strong>{PLACEMENT_FLAG_LABELS[f.code]}:</strong> {f.reason}
            </li>
          ))}
          {report.circumvention && <li>Umgehungsverdacht (siehe Vorstellungen in der Liste)</li>}
          {report.objectedAt && <li>Widerspruch des Unternehmens: {report.objectionNote}</li>}
        </ul>
      )}
      <InvoiceAmountFields
        idPrefix="pb-review"
        bonusLabel="Prämie in % (für die Rechnung)"
        columns={['col-sm-5', 'col-sm-7']}
        state={invoiceAmounts}
        sheetTitle="Rechnungsbetrag nach Freigabe"
      >
        <TextField
          rows={3}
          id="pb-review-note"
          className="col-12"
          label="Begründung (wird protokolliert und dem Meldenden gemailt)"
          value={note}
          maxLength={PLACEMENT_REVIEW_NOTE_MAX}
          onChange={setNote}
          required
        />
      </InvoiceAmountFields>
      <p className="small text-body-secondary mt-3 mb-0">
        „Freigeben“ erlaubt die Verrechnung mit diesen Beträgen
        {waitsForRelease ? ' und deaktiviert das Inserat' : ''}. „Verwerfen“ schließt die Meldung endgültig; sie wird
        nie verrechnet.
      </p>
    </FormModal>
  );
}
