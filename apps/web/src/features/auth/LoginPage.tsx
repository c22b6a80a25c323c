import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { loginFormSchema, MSG, type LoginResponse, type SecondFactorChallenge } from '@pb/core';
import { storage } from '../../lib/storage';
import { saveLogin } from '../../lib/session';
import { AuthCard, AuthSubmit } from './AuthCard';
import { errorText } from '../../lib/http';
import { recordLastLogin, useLogin } from './api/login';
import { useResendEmailConfirmation } from './api/emailConfirmation';
import { TextField } from '../../components/TextField';
import { SecondFactorStep } from './SecondFactorStep';
import { useSchemaForm } from '../../lib/useSchemaSubmit';

/** The fields' ids by schema path, in the form's order (focus goes to the first refused). */
const FIELD_IDS = { identifier: 'login-email', password: 'login-password' };

/**
 * Login (spec §2/§4): a stored token sends the user straight on; a confirmed
 * registration (`?confirmed=1&email=…` from the mailed link) pre-fills the e-mail
 * and shows the activation banner.
 */
export function Component() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [confirmation] = useState(() => {
    const confirmed = params.get('confirmed');
    const email = params.get('email');
    return { ok: confirmed === '1' && Boolean(email), failed: confirmed === '0', email: email ?? '' };
  });
  const [activatedEmail] = useState(() => (confirmation.ok ? confirmation.email : (storage.get('authUser') ?? '')));
  const [bannerOpen, setBannerOpen] = useState(Boolean(activatedEmail));
  const [identifier, setIdentifier] = useState(activatedEmail);
  const [password, setPassword] = useState('');
  const [redirecting, setRedirecting] = useState(() => Boolean(storage.token));
  const [resent, setResent] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge['secondFactor'] | null>(null);

  // Remember the activated address (spec: auth_user) and drop the query from the URL.
  useEffect(() => {
    if (confirmation.ok) storage.set('authUser', confirmation.email);
    if (params.has('confirmed') || params.has('email')) setParams({}, { replace: true });
  }, [confirmation, params, setParams]);

  // Spec §4: an already stored token updates the last login and goes to the guarded area.
  useEffect(() => {
    if (!storage.token) return;
    let active = true;
    void recordLastLogin().then(() => {
      if (!active) return;
      if (storage.token) navigate('/advertisements', { replace: true });
      else setRedirecting(false);
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  const signedIn = async (response: LoginResponse) => {
    saveLogin(response);
    storage.remove('authUser');
    await recordLastLogin();
    // Operators work in the back office; everyone else in the guarded area.
    navigate(response.user.role.type === 'admin' ? '/admin' : '/advertisements', { replace: true });
  };
  const loginMutation = useLogin({
    onSuccess: async (outcome) => {
      // With a second factor the password step answers a challenge, never a token (decision 0028).
      if ('secondFactor' in outcome) setChallenge(outcome.secondFactor);
      else await signedIn(outcome);
    },
  });
  const resendMutation = useResendEmailConfirmation({
    onSuccess: () => setResent(true),
  });

  const form = useSchemaForm(loginFormSchema, { identifier, password }, FIELD_IDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResent(false);
    resendMutation.reset();
    // An empty field is marked and named in the summary; an earlier refusal must not come back under it.
    if (!form.check()) {
      loginMutation.reset();
      return;
    }
    loginMutation.mutate({ identifier: identifier.trim(), password });
  };

  const dismissBanner = () => {
    setBannerOpen(false);
    storage.remove('authUser');
  };

  if (redirecting) {
    return (
      <AuthCard title="Einloggen">
        <div className="d-flex align-items-center gap-2 text-secondary" role="status">
          <Spinner animation="border" size="sm" /> Sie werden weitergeleitet …
        </div>
      </AuthCard>
    );
  }

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={(response) => void signedIn(response)}
        onRestart={() => {
          setChallenge(null);
          setPassword('');
          loginMutation.reset();
        }}
      />
    );
  }

  const error = form.summary ?? (loginMutation.isError ? errorText(loginMutation.error, MSG.loginFailed) : null);
  const unconfirmed = error === MSG.loginUnconfirmed;

  return (
    <AuthCard
      title="Einloggen"
      lead="Willkommen zurück bei der Prämienbörse."
      footer={
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <span>
            Noch kein Konto? <Link to="/register">Jetzt registrieren</Link>
          </span>
          <Link to="/forgot-password">Passwort vergessen?</Link>
        </div>
      }
    >
      {bannerOpen ? (
        <Alert variant="success" dismissible onClose={dismissBanner} closeLabel="Hinweis schließen" role="status">
          {MSG.accountActivated}
        </Alert>
      ) : null}
      {confirmation.failed ? <Alert variant="danger">{MSG.confirmationLinkInvalid}</Alert> : null}
      {error ? (
        <Alert variant="danger" role="alert">
          <div>{error}</div>
          {unconfirmed ? (
            resent ? (
              <div className="mt-2 fw-semibold">{MSG.confirmationResent}</div>
            ) : (
              <Button
                variant="link"
                className="p-0 mt-2 alert-link"
                onClick={() => resendMutation.mutate(identifier.trim())}
                disabled={resendMutation.isPending}
              >
                Bestätigungsmail erneut senden
              </Button>
            )
          ) : null}
          {resendMutation.isError ? <div className="mt-2">{errorText(resendMutation.error)}</div> : null}
        </Alert>
      ) : null}
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          className="mb-3"
          id="login-email"
          label="E-Mail"
          type="email"
          autoComplete="username"
          value={identifier}
          onChange={setIdentifier}
          required
          invalid={form.errors.identifier !== undefined}
          feedback={form.errors.identifier}
        />
        <TextField
          className="mb-4"
          id="login-password"
          label="Passwort"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
          invalid={form.errors.password !== undefined}
          feedback={form.errors.password}
        />
        <AuthSubmit pending={loginMutation.isPending}>Einloggen</AuthSubmit>
      </Form>
    </AuthCard>
  );
}
