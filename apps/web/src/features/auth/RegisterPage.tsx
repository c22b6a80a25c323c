import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MSG, REGISTRATION_ROLE_CODES, registrationFormSchema } from '@pb/core';
import { AuthCard, AuthError, AuthSubmit } from './AuthCard';
import styles from './auth.module.css';
import { useRegister } from './api/register';
import { LineIcon } from '../../components/LineIcon';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../lib/useSchemaSubmit';

/** The fields' ids by schema path, in the form's order (focus goes to the first refused). */
const FIELD_IDS = {
  name: 'register-name',
  email: 'register-email',
  password: 'register-password',
  passwordRepeat: 'register-password-repeat',
  privacyAccepted: 'register-privacy',
};
const PRIVACY_FEEDBACK_ID = 'register-privacy-feedback';

type RoleCode = 0 | 1 | 3;

/** Registration (spec §2/§5): role step, form with the five ordered checks, confirmation screen. */
export function Component() {
  const [role, setRole] = useState<RoleCode>(REGISTRATION_ROLE_CODES.none);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthCard title={MSG.registrationConfirmTitle} icon={<MailIcon />}>
        <p>{MSG.registrationConfirmText}</p>
        <Link to="/login" className="btn btn-primary w-100 mt-2">
          Zum Login
        </Link>
      </AuthCard>
    );
  }

  if (role === REGISTRATION_ROLE_CODES.none) {
    return (
      <AuthCard
        title="Registrieren"
        lead="Wie möchten Sie die Prämienbörse nutzen?"
        wide
        footer={
          <span>
            Bereits registriert? <Link to="/login">Zum Login</Link>
          </span>
        }
      >
        <div className="row g-3">
          <div className="col-sm-6">
            <RoleChoice
              icon={<BuildingIcon />}
              title="Unternehmen"
              text="Stelleninserate mit Vermittlungsprämie veröffentlichen und passende Kandidaten über Personalberater finden."
              onChoose={() => setRole(REGISTRATION_ROLE_CODES.company)}
            />
          </div>
          <div className="col-sm-6">
            <RoleChoice
              icon={<PersonIcon />}
              title="Personalberater"
              text="Offene Stellen durchsuchen, Unternehmen kontaktieren und für erfolgreiche Vermittlungen Prämien erhalten."
              onChoose={() => setRole(REGISTRATION_ROLE_CODES.consultant)}
            />
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <RegistrationForm role={role} onReset={() => setRole(REGISTRATION_ROLE_CODES.none)} onDone={() => setDone(true)} />
  );
}

function RoleChoice({
  icon,
  title,
  text,
  onChoose,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onChoose: () => void;
}) {
  return (
    <button type="button" className={styles.roleChoice} onClick={onChoose}>
      <span className={styles.roleIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.roleTitle}>{title}</span>
      <span className="text-secondary small">{text}</span>
    </button>
  );
}

function RegistrationForm({ role, onReset, onDone }: { role: 1 | 3; onReset: () => void; onDone: () => void }) {
  const isCompany = role === REGISTRATION_ROLE_CODES.company;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [description, setDescription] = useState('');
  const [privacyAccepted, setPrivacyAccepted] = useState(false);

  const mutation = useRegister({ onSuccess: onDone });
  const form = useSchemaForm(
    registrationFormSchema,
    { privacyAccepted, role, name, email, password, passwordRepeat, description: isCompany ? description : undefined },
    FIELD_IDS,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The spec's five checks in order as the summary, and every refused field marked at once.
    if (!form.check()) {
      mutation.reset();
      return;
    }
    mutation.mutate({
      username: name.trim(),
      email: email.trim(),
      password,
      role: isCompany ? 'company' : 'consultant',
      ...(isCompany && description.trim() ? { description: description.trim() } : {}),
    });
  };

  const error = form.summary ?? (mutation.isError ? MSG.registrationFailed : null);
  const privacyError = form.errors.privacyAccepted;

  return (
    <AuthCard
      title={isCompany ? 'Als Unternehmen registrieren' : 'Als Personalberater registrieren'}
      documentTitle="Registrieren"
      wide
      footer={
        <span>
          Bereits registriert? <Link to="/login">Zum Login</Link>
        </span>
      }
    >
      <p className="text-secondary">
        {isCompany ? 'Sie registrieren sich als Unternehmen.' : 'Sie registrieren sich als Personalberater.'}{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={onReset}>
          anders registrieren
        </Button>
      </p>
      <AuthError error={error} />
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          className="mb-3"
          id="register-name"
          label={isCompany ? 'Firmenname' : 'Name'}
          autoComplete={isCompany ? 'organization' : 'name'}
          value={name}
          onChange={setName}
          invalid={form.errors.name !== undefined}
          feedback={form.errors.name}
        />
        <TextField
          className="mb-3"
          id="register-email"
          label="E-Mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          invalid={form.errors.email !== undefined}
          feedback={form.errors.email}
        />
        <div className="row g-3 mb-3">
          <TextField
            className="col-sm-6"
            id="register-password"
            label="Passwort"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            hint="Mindestens 6 Zeichen."
            invalid={form.errors.password !== undefined}
            feedback={form.errors.password}
          />
          <TextField
            className="col-sm-6"
            id="register-password-repeat"
            label="Passwort wiederholen"
            type="password"
            autoComplete="new-password"
            value={passwordRepeat}
            onChange={setPasswordRepeat}
            invalid={form.errors.passwordRepeat !== undefined}
            feedback={form.errors.passwordRepeat}
          />
        </div>
        {isCompany ? (
          <Form.Group className="mb-3" controlId="register-description">
            <Form.Label>Beschreibung des Unternehmens</Form.Label>
            <Form.Control as="textarea" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
          </Form.Group>
        ) : null}
        <Form.Group className="mb-4" controlId={FIELD_IDS.privacyAccepted}>
          <Form.Check type="checkbox">
            <Form.Check.Input
              type="checkbox"
              checked={privacyAccepted}
              onChange={(e) => setPrivacyAccepted(e.target.checked)}
              isInvalid={privacyError !== undefined}
              aria-invalid={privacyError !== undefined || undefined}
              aria-describedby={privacyError !== undefined ? PRIVACY_FEEDBACK_ID : undefined}
            />
            <Form.Check.Label>
              Ich akzeptiere die{' '}
              <Link to="/privacy-policy" target="_blank" rel="noopener">
                Datenschutzbestimmungen
              </Link>
              .
            </Form.Check.Label>
            {privacyError !== undefined ? (
              <Form.Control.Feedback type="invalid" id={PRIVACY_FEEDBACK_ID}>
                {privacyError}
              </Form.Control.Feedback>
            ) : null}
          </Form.Check>
        </Form.Group>
        <AuthSubmit pending={mutation.isPending}>Registrieren</AuthSubmit>
      </Form>
    </AuthCard>
  );
}

function MailIcon() {
  return (
    <LineIcon size={28}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </LineIcon>
  );
}

function BuildingIcon() {
  return (
    <LineIcon size={24}>
      <rect x="4" y="3" width="16" height="18" rx="1" />
      <path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M10 21v-3h4v3" />
    </LineIcon>
  );
}

function PersonIcon() {
  return (
    <LineIcon size={24}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </LineIcon>
  );
}
