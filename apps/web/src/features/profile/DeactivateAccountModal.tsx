import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useDeactivateAccount } from './api/deactivateAccount';

/** Deactivation (spec §4/§8): a confirmation; a failure closes the modal and the page shows the message. */
export function DeactivateAccountModal({
  show,
  userId,
  onClose,
  onDeactivated,
  onFailed,
}: {
  show: boolean;
  userId: number;
  onClose: () => void;
  onDeactivated: () => void;
  onFailed: () => void;
}) {
  const mutation = useDeactivateAccount({
    onSuccess: onDeactivated,
    onError: () => {
      onClose();
      onFailed();
    },
  });

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="deactivate-title">
      <Modal.Header closeButton closeLabel="Schließen">
        <Modal.Title id="deactivate-title" as="h2" className="h5">
          Account deaktivieren
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>Möchten Sie Ihren Account wirklich deaktivieren?</p>
        <p className="mb-0 text-secondary">
          Ihre persönlichen Daten werden gelöscht und Sie werden ausgeloggt. Dieser Schritt kann nicht rückgängig
          gemacht werden.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          Abbrechen
        </Button>
        <Button variant="danger" onClick={() => mutation.mutate(userId)} disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
          Account endgültig deaktivieren
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
