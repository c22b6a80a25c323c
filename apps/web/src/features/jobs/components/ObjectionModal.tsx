import { useState } from 'react';
import {
  formatDate,
  formatNumber,
  PLACEMENT_OBJECTION_MSG,
  PLACEMENT_OBJECTION_NOTE_MAX,
  type CompanyPlacementReport,
} from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useObjectToPlacement } from '../api/placementReports';

/**
 * 'Widersprechen' (decision 0015): the company objects to a consultant's placement report
 * with a required note; the advertisement becomes active again and the office checks the case.
 * Focus starts in the note; Escape and 'Abbrechen' close the dialog.
 */
export function ObjectionModal({
  report,
  onClose,
  onObjected,
}: {
  report: CompanyPlacementReport;
  onClose: () => void;
  onObjected: (report: CompanyPlacementReport) => void;
}) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const object = useObjectToPlacement();
  const empty = note.trim() === '';
  const tooLong = note.length > PLACEMENT_OBJECTION_NOTE_MAX;
  const invalid = empty || tooLong;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid || object.isPending) return;
    object.mutate({ id: report.id, note: note.trim() }, { onSuccess: onObjected });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="pb-objection-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-objection-title" as="h2" className="h5 text-break">
            Widerspruch zur Meldung „{report.jobTitle}“
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {report.consultantName ?? 'Ein HR-Consultant'} hat am {formatDate(report.reportedAt)} eine Stellenbesetzung
            gemeldet. Wenn das nicht zutrifft, begründen Sie Ihren Widerspruch kurz: Das Inserat wird sofort wieder
            aktiv und unser Backoffice prüft den Fall.
          </p>
          <Form.Group controlId="pb-objection-note">
            <Form.Label>Begründung</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              autoFocus
              required
              value={note}
              maxLength={PLACEMENT_OBJECTION_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              isInvalid={tried && invalid}
              aria-describedby="pb-objection-count"
            />
            <Form.Control.Feedback type="invalid">
              {tooLong ? PLACEMENT_OBJECTION_MSG.noteTooLong : PLACEMENT_OBJECTION_MSG.noteRequired}
            </Form.Control.Feedback>
            <Form.Text id="pb-objection-count">
              {formatNumber(note.length)} / {formatNumber(PLACEMENT_OBJECTION_NOTE_MAX)} Zeichen
            </Form.Text>
          </Form.Group>
          {object.error && (
            <Alert variant="danger" className="mt-3 mb-0">
              {object.error.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer className="flex-wrap">
          <Button variant="outline-secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" variant="danger" disabled={object.isPending}>
            {object.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Widerspruch senden
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
