import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { MSG, PASSWORD_MIN_LENGTH } from '@pb/core';
import { saveLogin } from '../../lib/session';
import { useChangePassword } from './api/changePassword';
import { TextField } from '../../components/TextField';

/**
 * Password change (spec §4/§5/§8): sent only when the new password equals the
 * confirmation, is non-empty and has at least 6 characters. A server failure
 * closes the modal; closing clears the fields.
 */
export function ChangePasswordModal({
  show,
  onClose,
  onResult,
}: {
  show: boolean;
  onClose: () => void;
  onResult: (ok: boolean) => void;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [invalid, setInvalid] = useState(false);

  const reset = () => {
    setCurrent('');
    setNext('');
    setConfirmation('');
    setInvalid(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const mutation = useChangePassword({
    onSuccess: (response) => {
      // the server revokes older tokens: keep the new one
      saveLogin(response);
      close();
      onResult(true);
    },
    onError: () => {
      close();
      onResult(false);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next || next !== confirmation || next.length < PASSWORD_MIN_LENGTH) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    mutation.mutate({ currentPassword: current, password: next, passwordConfirmation: confirmation });
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="change-password-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="change-password-title" as="h2" className="h5">
            Passwort ändern
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {invalid ? (
            <Alert variant="danger" role="alert">
              {MSG.passwordChangeFailed}
            </Alert>
          ) : null}
          <TextField
            className="mb-3"
            id="password-current"
            label="Aktuelles Passwort"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            autoFocus
          />
          <TextField
            className="mb-3"
            id="password-new"
            label="Neues Passwort"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
          />
          <TextField
            id="password-confirm"
            label="Neues Passwort bestätigen"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={setConfirmation}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
            Passwort ändern
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
