import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { MSG, resetPasswordFormSchema } from '@pb/core';
import { AuthCard, AuthError, AuthSubmit } from './AuthCard';
import { errorText } from '../../lib/http';
import { useResetPassword } from './api/password';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../lib/useSchemaSubmit';

const FIELD_IDS = { password: 'reset-password', passwordConfirmation: 'reset-password-confirmation' };

/**
 * Reset password with the mailed code (spec §2/§5): both passwords must match and be non-empty,
 * and be long enough (resetPasswordFormSchema); each refused field says why.
 */
export function Component() {
  const { code = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const mutation = useResetPassword();
  const form = useSchemaForm(resetPasswordFormSchema, { password, passwordConfirmation: confirmation }, FIELD_IDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      mutation.reset();
      return;
    }
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

  const error = form.summary ?? (mutation.isError ? errorText(mutation.error) : null);

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
          invalid={form.errors.password !== undefined}
          feedback={form.errors.password}
        />
        <TextField
          className="mb-4"
          id="reset-password-confirmation"
          label="Neues Passwort wiederholen"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          invalid={form.errors.passwordConfirmation !== undefined}
          feedback={form.errors.passwordConfirmation}
        />
        <AuthSubmit pending={mutation.isPending}>Passwort speichern</AuthSubmit>
      </Form>
    </AuthCard>
  );
}
