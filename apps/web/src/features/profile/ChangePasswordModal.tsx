import { useState } from 'react';
import { MSG, PASSWORD_MIN_LENGTH } from '@pb/core';
import { saveLogin } from '../../lib/session';
import { useChangePassword } from './api/changePassword';
import { FormModal } from '../../components/FormModal';
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

  const onSubmit = () => {
    if (!current || !next || next !== confirmation || next.length < PASSWORD_MIN_LENGTH) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    mutation.mutate({ currentPassword: current, password: next, passwordConfirmation: confirmation });
  };

  return (
    <FormModal
      show={show}
      title="Passwort ändern"
      titleId="change-password-title"
      onClose={close}
      onSubmit={onSubmit}
      submitLabel="Passwort ändern"
      pending={mutation.isPending}
      problem={invalid ? MSG.passwordChangeFailed : null}
    >
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
    </FormModal>
  );
}
