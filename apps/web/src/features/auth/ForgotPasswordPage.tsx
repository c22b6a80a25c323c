import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { forgotPasswordFormSchema, MSG } from '@pb/core';
import { ApiError, errorText } from '../../lib/http';
import { AuthCard, AuthError, AuthSubmit } from './AuthCard';
import { useForgotPassword } from './api/password';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../lib/useSchemaSubmit';

const FIELD_IDS = { email: 'forgot-email' };

/** Forgot password (spec §2/§4): a form, then the sent confirmation — or the wrong-mail message. */
export function Component() {
  const [email, setEmail] = useState('');
  const mutation = useForgotPassword();
  const form = useSchemaForm(forgotPasswordFormSchema, { email }, FIELD_IDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // An address the server refuses is marked here, with the summary its 400 would bring.
    if (!form.check()) {
      mutation.reset();
      return;
    }
    mutation.mutate(email.trim());
  };

  const footer = (
    <span>
      Passwort wieder eingefallen? <Link to="/login">Zum Login</Link>
    </span>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title="E-Mail gesendet" documentTitle="Passwort vergessen" footer={footer}>
        <Alert variant="success" className="mb-0">
          {MSG.forgotPasswordSent}
        </Alert>
      </AuthCard>
    );
  }

  const error =
    form.summary ??
    (mutation.isError
      ? mutation.error instanceof ApiError && mutation.error.status === 400
        ? MSG.forgotUnknownEmail
        : errorText(mutation.error)
      : null);

  return (
    <AuthCard
      title="Passwort vergessen"
      lead="Geben Sie Ihre E-Mail-Adresse ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können."
      footer={footer}
    >
      <AuthError error={error} />
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          className="mb-4"
          id="forgot-email"
          label="E-Mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          invalid={form.errors.email !== undefined}
          feedback={form.errors.email}
        />
        <AuthSubmit pending={mutation.isPending}>Link anfordern</AuthSubmit>
      </Form>
    </AuthCard>
  );
}
