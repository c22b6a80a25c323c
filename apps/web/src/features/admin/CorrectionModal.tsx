import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { invoiceCorrectionSchema, type AdminPlacementReport, type InvoiceCorrection } from '@pb/core';
import { FeeSheet } from '../../components/billing/FeeSheet';
import { parseAmount } from './components';

/**
 * 'Betrag korrigieren' (an invoiced, unpaid placement): the corrected bonus and salary with a
 * reason; the invoice in force is cancelled by a Storno-/Korrekturrechnung and a new one issued.
 */
export function CorrectionModal({
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
  onSubmit: (correction: InvoiceCorrection) => void;
}) {
  const [bonus, setBonus] = useState(String(report.placementBonus).replace('.', ','));
  const [salary, setSalary] = useState(String(report.actualSalary).replace('.', ','));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const parsed = { placementBonus: parseAmount(bonus), actualSalary: parseAmount(salary) };
  const valid = Number.isFinite(parsed.placementBonus) && Number.isFinite(parsed.actualSalary);
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="pb-correct-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const checked = invoiceCorrectionSchema.safeParse({ ...parsed, reason });
          if (!checked.success) {
            setProblem(checked.error.issues[0]?.message ?? null);
            return;
          }
          setProblem(null);
          onSubmit(checked.data);
        }}
      >
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-correct-title" as="h2" className="h5">
            Betrag korrigieren: {report.jobTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            Rechnung {report.invoiceNumber} wird mit einer Storno-/Korrekturrechnung storniert; das Unternehmen erhält
            beide Rechnungen per E-Mail.
          </p>
          <div className="row g-2">
            <Form.Group className="col-5" controlId="pb-correct-bonus">
              <Form.Label>Prämie in %</Form.Label>
              <Form.Control inputMode="decimal" value={bonus} onChange={(e) => setBonus(e.target.value)} />
            </Form.Group>
            <Form.Group className="col-7" controlId="pb-correct-salary">
              <Form.Label>Bruttojahresgehalt in EUR</Form.Label>
              <Form.Control inputMode="decimal" value={salary} onChange={(e) => setSalary(e.target.value)} />
            </Form.Group>
            <Form.Group className="col-12" controlId="pb-correct-reason">
              <Form.Label>Grund der Korrektur</Form.Label>
              <Form.Control value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} required />
            </Form.Group>
          </div>
          {valid && (
            <div className="mt-3">
              <FeeSheet
                bonusPercent={parsed.placementBonus}
                salary={{
                  minCents: Math.round(parsed.actualSalary * 100),
                  maxCents: Math.round(parsed.actualSalary * 100),
                }}
                title="Neuer Rechnungsbetrag"
              />
            </div>
          )}
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
          <Button type="submit" disabled={busy}>
            Korrigieren
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
