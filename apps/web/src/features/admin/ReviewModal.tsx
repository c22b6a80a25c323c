import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  formatEuro,
  PLACEMENT_FLAG_LABELS,
  PLACEMENT_REVIEW_NOTE_MAX,
  placementReviewSchema,
  type AdminPlacementReport,
  type PlacementReviewRequest,
} from '@pb/core';
import { FeeSheet } from '../../components/billing/FeeSheet';
import { parseAmount } from './components';

/**
 * 'Prüfen' (issue 28): the office decides a flagged, suspected or objected report before it can be
 * invoiced — releases it (with the bonus and salary to invoice, never 0 €) or discards it; the
 * reason is required and audited. What the decision does is said before it is taken.
 */
export function ReviewModal({
  report,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  report: AdminPlacementReport;
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (review: PlacementReviewRequest) => void;
}) {
  const [bonus, setBonus] = useState(String(report.placementBonus).replace('.', ','));
  const [salary, setSalary] = useState(String(report.actualSalary).replace('.', ','));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const amounts = { placementBonus: parseAmount(bonus), actualSalary: parseAmount(salary) };
  const valid = Number.isFinite(amounts.placementBonus) && Number.isFinite(amounts.actualSalary);
  const waitsForRelease = report.variant === 'consultant' && report.introductionId === null;

  const decide = (decision: PlacementReviewRequest['decision']) => {
    const body = decision === 'freigegeben' ? { decision, note, ...amounts } : { decision, note };
    const checked = placementReviewSchema.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    onSubmit(checked.data);
  };

  return (
    <Modal show onHide={onCancel} centered size="lg" aria-labelledby="pb-review-title">
      <Form noValidate onSubmit={(e) => e.preventDefault()}>
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-review-title" as="h2" className="h5">
            Meldung prüfen: {report.jobTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
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
          <div className="row g-2">
            <Form.Group className="col-sm-5" controlId="pb-review-bonus">
              <Form.Label>Prämie in % (für die Rechnung)</Form.Label>
              <Form.Control inputMode="decimal" value={bonus} onChange={(e) => setBonus(e.target.value)} />
            </Form.Group>
            <Form.Group className="col-sm-7" controlId="pb-review-salary">
              <Form.Label>Bruttojahresgehalt in EUR</Form.Label>
              <Form.Control inputMode="decimal" value={salary} onChange={(e) => setSalary(e.target.value)} />
            </Form.Group>
            <Form.Group className="col-12" controlId="pb-review-note">
              <Form.Label>Begründung (wird protokolliert und dem Meldenden gemailt)</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={note}
                maxLength={PLACEMENT_REVIEW_NOTE_MAX}
                onChange={(e) => setNote(e.target.value)}
                required
              />
            </Form.Group>
          </div>
          {valid && (
            <div className="mt-3">
              <FeeSheet
                bonusPercent={amounts.placementBonus}
                salary={{
                  minCents: Math.round(amounts.actualSalary * 100),
                  maxCents: Math.round(amounts.actualSalary * 100),
                }}
                title="Rechnungsbetrag nach Freigabe"
              />
            </div>
          )}
          <p className="small text-body-secondary mt-3 mb-0">
            „Freigeben“ erlaubt die Verrechnung mit diesen Beträgen
            {waitsForRelease ? ' und deaktiviert das Inserat' : ''}. „Verwerfen“ schließt die Meldung endgültig; sie
            wird nie verrechnet.
          </p>
          {(problem ?? error?.message) && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {problem ?? error?.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel}>
            Abbrechen
          </Button>
          {/* The two decisions stay together when a phone's footer wraps. */}
          <div className="d-flex gap-2 ms-auto">
            <Button variant="outline-danger" disabled={busy} onClick={() => decide('verworfen')}>
              Verwerfen
            </Button>
            <Button disabled={busy} onClick={() => decide('freigegeben')}>
              Freigeben
            </Button>
          </div>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
