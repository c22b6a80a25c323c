import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { MSG } from '@pb/core';
import { AuthCard, AuthError, AuthSubmit } from './AuthCard';
import { errorText } from '../../lib/http';
import { useResetPassword } from './api/password';
import { TextField } from '../../components/TextField';

/** Reset password with the mailed code (spec §2/§5): both passwords must match and be non-empty. */
export function Component() {
  const { code = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const mutation = useResetPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || password !== confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    mutation.mutate({ code, password, passwordConfirmation: confirmation });
  };

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Passwort geändert" documentTitle="Passwort zurücksetzen">
        <Alert variant="success">{MSG.resetPasswordSuccess}</Alert>
        <Link to="/login" className="btn btn-primary w-100">
          Zum Login
        </Link>
      </AuthCard>
    );
  }

  const error = mismatch ? MSG.resetPasswordsDiffer : mutation.isError ? errorText(mutation.error) : null;

  return (
    <AuthCard
      title="Passwort zurücksetzen"
      lead="Legen Sie ein neues Passwort mit mindestens 6 Zeichen fest."
      footer={
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <Link to="/login">Zum Login</Link>
          <Link to="/forgot-password">Neuen Link anfordern</Link>
        </div>
      }
    >
      <AuthError error={error} />
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          className="mb-3"
          id="reset-password"
          label="Neues Passwort"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <TextField
          className="mb-4"
          id="reset-password-confirmation"
          label="Neues Passwort wiederholen"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
        />
        <AuthSubmit pending={mutation.isPending}>Passwort speichern</AuthSubmit>
      </Form>
    </AuthCard>
  );
}
