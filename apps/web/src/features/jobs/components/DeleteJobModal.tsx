import type { Job } from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useDeactivateJob } from '../api/jobs';

/** Delete confirmation (spec §4 Deleting an advertisement): confirming deactivates it. */
export function DeleteJobModal({ job, onClose, onDeleted }: { job: Job; onClose: () => void; onDeleted: () => void }) {
  const deactivate = useDeactivateJob();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="pb-delete-title">
      <Modal.Header closeButton closeLabel="Schließen">
        <Modal.Title id="pb-delete-title" as="h2" className="h5 text-break">
          {`Inserat '${job.jobTitle}' löschen`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>Das Inserat wird gelöscht und kann nicht wiederhergestellt werden.</p>
        <p className="mb-0">
          Wurde die Stelle über die Prämienbörse erfolgreich besetzt, müssen Sie die Stellenbesetzung melden.
        </p>
        {deactivate.error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {deactivate.error.message}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Abbrechen
        </Button>
        <Button
          variant="danger"
          disabled={deactivate.isPending}
          onClick={() => deactivate.mutate(job.id, { onSuccess: onDeleted })}
        >
          {deactivate.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Inserat löschen
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
