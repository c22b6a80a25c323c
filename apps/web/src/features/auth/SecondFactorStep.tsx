import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TWO_FACTOR_MSG, type LoginResponse, type SecondFactorChallenge } from '@pb/core';
import { errorText } from '../../lib/http';
import { TextField } from '../../components/TextField';
import { AuthCard, AuthSubmit } from './AuthCard';
import { useCompleteWithCode, useCompleteWithPasskey } from './api/secondFactor';

/**
 * The sign-in's second step (decision 0028): the code of the authenticator app or a recovery
 * code, or the passkey. The password step's challenge is good for a few minutes and tries.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: SecondFactorChallenge['secondFactor'];
  onSignedIn: (response: LoginResponse) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const withCode = useCompleteWithCode({ onSuccess: onSignedIn });
  const withPasskey = useCompleteWithPasskey({ onSuccess: onSignedIn });
  const hasApp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  const pending = withCode.isPending || withPasskey.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    withPasskey.reset();
    withCode.mutate({ challenge: challenge.challenge, code: code.trim() });
  };

  const failed = withCode.isError ? withCode.error : withPasskey.isError ? withPasskey.error : null;
  const error = failed ? errorText(failed, TWO_FACTOR_MSG.passkeyFailed) : null;
  const expired = error === TWO_FACTOR_MSG.challengeInvalid;

  return (
    <AuthCard
      title="Anmeldung bestätigen"
      documentTitle="Einloggen"
      lead={
        hasApp
          ? 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein – oder einen Ihrer Wiederherstellungscodes.'
          : 'Bestätigen Sie die Anmeldung mit Ihrem Passkey – oder mit einem Ihrer Wiederherstellungscodes.'
      }
    >
      {error ? (
        <Alert variant="danger" role="alert">
          <div>{error}</div>
          {expired ? (
            <Button variant="link" className="p-0 mt-2 alert-link" onClick={onRestart}>
              Erneut mit Passwort anmelden
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {hasPasskey ? (
        <div className="d-grid mb-3">
          <Button
            variant={hasApp ? 'outline-primary' : 'primary'}
            size="lg"
            disabled={pending}
            onClick={() => {
              withCode.reset();
              withPasskey.mutate(challenge.challenge);
            }}
          >
            Mit Passkey bestätigen
          </Button>
        </div>
      ) : null}
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          className="mb-4"
          id="second-factor-code"
          label={hasApp ? 'Code aus der App oder Wiederherstellungscode' : 'Wiederherstellungscode'}
          autoComplete="one-time-code"
          inputMode={hasApp ? 'numeric' : 'text'}
          value={code}
          onChange={setCode}
          required
        />
        <AuthSubmit pending={withCode.isPending}>Bestätigen</AuthSubmit>
      </Form>
      <div className="mt-3 small">
        <Button variant="link" className="p-0" onClick={onRestart}>
          Abbrechen und zurück zum Login
        </Button>
      </div>
    </AuthCard>
  );
}
