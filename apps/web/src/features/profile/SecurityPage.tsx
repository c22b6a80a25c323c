import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { formatDateTime, PASSKEY_NAME_MAX_LENGTH, type TotpSetup } from '@pb/core';
import { errorText } from '../../lib/http';
import { TextField } from '../../components/TextField';
import {
  type Confirmation,
  useAddPasskey,
  useNewRecoveryCodes,
  useRemovePasskey,
  useTotpConfirm,
  useTotpDisable,
  useTotpSetup,
  useTwoFactorStatus,
} from './api/twoFactor';

/**
 * 'Sicherheit' (decision 0028): the second factors — authenticator app (TOTP), passkeys and
 * recovery codes. Every change asks for the password and, once a second factor is set up, for
 * it too (a code, or the passkey when the code is left empty); the app is enabled only by a
 * valid code.
 */
export function Component() {
  const status = useTwoFactorStatus();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (status.isPending) return <Spinner role="status" aria-label="Wird geladen" className="m-4" />;
  if (status.isError)
    return (
      <Alert variant="danger" className="m-4">
        {errorText(status.error)}
      </Alert>
    );
  const s = status.data;
  const confirmation: Confirmation = { password, code, passkey: s.enabled && s.passkeys.length > 0 };
  // A code works once: after a change the field is emptied for the next one.
  const changed = () => setCode('');

  return (
    <div className="container py-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h3 mb-2">Sicherheit</h1>
      <p className="text-secondary">
        Mit der Zwei-Faktor-Anmeldung genügt Ihr Passwort allein nicht mehr: Nach dem Passwort bestätigen Sie die
        Anmeldung mit einem Code aus einer Authenticator-App oder mit einem Passkey.
      </p>
      {s.required && !s.sessionVerified ? (
        <Alert variant="warning" data-testid="second-factor-required">
          Für das Backoffice ist die Zwei-Faktor-Anmeldung verpflichtend. Richten Sie unten eine Authenticator-App oder
          einen Passkey ein.
        </Alert>
      ) : null}
      <p>
        Status:{' '}
        <strong data-testid="two-factor-state">
          {s.enabled ? 'Zwei-Faktor-Anmeldung aktiv' : 'nicht eingerichtet'}
        </strong>
      </p>
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {codes ? <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} /> : null}
      <TextField
        className="mb-4"
        id="security-password"
        label="Ihr Passwort (zur Bestätigung jeder Änderung)"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      {s.enabled ? (
        <TextField
          className="mb-4"
          id="security-code"
          label="Code aus der App oder Wiederherstellungscode (zur Bestätigung jeder Änderung)"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          hint={
            s.passkeys.length > 0
              ? 'Lassen Sie das Feld leer, um stattdessen mit Ihrem Passkey zu bestätigen. Jeder Code gilt nur einmal.'
              : 'Jeder Code gilt nur einmal; für die nächste Änderung warten Sie auf den nächsten Code der App.'
          }
        />
      ) : null}
      <TotpSection
        enabled={s.totp.enabled}
        enabledAt={s.totp.enabledAt}
        confirmation={confirmation}
        onChanged={changed}
        onCodes={setCodes}
        onNotice={setNotice}
      />
      <PasskeySection
        passkeys={s.passkeys}
        confirmation={confirmation}
        onChanged={changed}
        onCodes={setCodes}
        onNotice={setNotice}
      />
      {s.enabled ? (
        <RecoverySection
          left={s.recoveryCodesLeft}
          confirmation={confirmation}
          onChanged={changed}
          onCodes={setCodes}
        />
      ) : null}
      <p className="mt-4">
        <Link to="/advertisements/sessions">Sitzungen ansehen und abmelden</Link>
      </p>
    </div>
  );
}

type Show = (codes: string[]) => void;

function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert variant="info" data-testid="recovery-codes">
      <p className="fw-semibold mb-2">Ihre Wiederherstellungscodes – jetzt notieren, sie werden nur einmal gezeigt:</p>
      <ul className="list-unstyled row row-cols-2 row-cols-sm-3 g-1 font-monospace mb-2">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <p className="small mb-2">Jeder Code ersetzt einmal den zweiten Faktor, falls Sie Ihr Gerät verlieren.</p>
      <Button size="sm" variant="outline-primary" onClick={onDone}>
        Ich habe die Codes notiert
      </Button>
    </Alert>
  );
}

function TotpSection(props: {
  enabled: boolean;
  enabledAt: string | null;
  confirmation: Confirmation;
  onChanged: () => void;
  onCodes: Show;
  onNotice: (text: string) => void;
}) {
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const disable = useTotpDisable();
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const failed = setup.error ?? confirm.error ?? disable.error;

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: (result) => {
        setPending(null);
        setCode('');
        props.onNotice('Die Authenticator-App ist eingerichtet.');
        if (result.recoveryCodes) props.onCodes(result.recoveryCodes);
      },
    });
  };

  return (
    <section className="card mb-3" aria-labelledby="totp-title">
      <div className="card-body">
        <h2 className="h5" id="totp-title">
          Authenticator-App
        </h2>
        {failed ? <Alert variant="danger">{errorText(failed)}</Alert> : null}
        {props.enabled ? (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span className="flex-grow-1">
              Eingerichtet{props.enabledAt ? ` am ${formatDateTime(props.enabledAt)}` : ''}.
            </span>
            <Button
              variant="outline-danger"
              size="sm"
              disabled={disable.isPending}
              onClick={() =>
                disable.mutate(props.confirmation, {
                  onSuccess: () => {
                    props.onChanged();
                    props.onNotice('Die App ist deaktiviert.');
                  },
                })
              }
            >
              Deaktivieren
            </Button>
          </div>
        ) : pending ? (
          <Form noValidate onSubmit={onConfirm}>
            <p>
              Scannen Sie den QR-Code mit Ihrer Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator):
            </p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pending.qrSvg)}`}
              alt="QR-Code für die Authenticator-App"
              width={200}
              height={200}
              className="d-block mb-2 border rounded bg-white"
              data-testid="totp-qr"
            />
            <p className="small text-secondary">
              Oder geben Sie diesen Schlüssel ein: <code data-testid="totp-secret">{pending.secret}</code>
            </p>
            <TextField
              className="mb-3"
              id="totp-code"
              label="6-stelliger Code aus der App"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={setCode}
            />
            <Button type="submit" disabled={confirm.isPending}>
              Code bestätigen
            </Button>
          </Form>
        ) : (
          <Button
            disabled={setup.isPending}
            onClick={() =>
              setup.mutate(props.confirmation, {
                onSuccess: (data) => {
                  props.onChanged();
                  setPending(data);
                },
              })
            }
          >
            Authenticator-App einrichten
          </Button>
        )}
      </div>
    </section>
  );
}

function PasskeySection(props: {
  passkeys: Array<{ id: number; name: string; createdAt: string; lastUsedAt: string | null }>;
  confirmation: Confirmation;
  onChanged: () => void;
  onCodes: Show;
  onNotice: (text: string) => void;
}) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const failed = add.error ?? remove.error;

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { confirmation: props.confirmation, name: name.trim() || 'Passkey' },
      {
        onSuccess: (result) => {
          setName('');
          props.onChanged();
          props.onNotice(`Der Passkey „${result.passkey.name}“ ist eingerichtet.`);
          if (result.recoveryCodes) props.onCodes(result.recoveryCodes);
        },
      },
    );
  };

  return (
    <section className="card mb-3" aria-labelledby="passkey-title">
      <div className="card-body">
        <h2 className="h5" id="passkey-title">
          Passkeys
        </h2>
        {failed ? <Alert variant="danger">{errorText(failed, 'Der Passkey wurde nicht eingerichtet.')}</Alert> : null}
        {props.passkeys.length > 0 ? (
          <ul className="list-unstyled mb-3" data-testid="passkeys">
            {props.passkeys.map((p) => (
              <li key={p.id} className="d-flex flex-wrap gap-2 align-items-center border-bottom py-2">
                <span className="flex-grow-1">
                  <span className="fw-semibold">{p.name}</span>
                  <span className="small text-secondary d-block">
                    Hinzugefügt am {formatDateTime(p.createdAt)}
                    {p.lastUsedAt ? ` · zuletzt verwendet am ${formatDateTime(p.lastUsedAt)}` : ''}
                  </span>
                </span>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={`Passkey „${p.name}“ entfernen`}
                  onClick={() =>
                    remove.mutate({ id: p.id, confirmation: props.confirmation }, { onSuccess: props.onChanged })
                  }
                >
                  Entfernen
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-secondary">Noch kein Passkey eingerichtet.</p>
        )}
        <Form noValidate onSubmit={onAdd} className="d-flex flex-wrap gap-2 align-items-end">
          <Form.Group controlId="passkey-name" className="flex-grow-1">
            <Form.Label>Name des Passkeys</Form.Label>
            <Form.Control
              value={name}
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              placeholder="z. B. Laptop im Büro"
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" variant="outline-primary" disabled={add.isPending}>
            Passkey hinzufügen
          </Button>
        </Form>
      </div>
    </section>
  );
}

function RecoverySection({
  left,
  confirmation,
  onChanged,
  onCodes,
}: {
  left: number;
  confirmation: Confirmation;
  onChanged: () => void;
  onCodes: Show;
}) {
  const renew = useNewRecoveryCodes();
  return (
    <section className="card mb-3" aria-labelledby="recovery-title">
      <div className="card-body d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h5 w-100" id="recovery-title">
          Wiederherstellungscodes
        </h2>
        {renew.isError ? (
          <Alert variant="danger" className="w-100">
            {errorText(renew.error)}
          </Alert>
        ) : null}
        <span className="flex-grow-1">Noch {left} unbenutzte Codes.</span>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={renew.isPending}
          onClick={() =>
            renew.mutate(confirmation, {
              onSuccess: (r) => {
                onChanged();
                if (r.recoveryCodes) onCodes(r.recoveryCodes);
              },
            })
          }
        >
          Neue Codes erzeugen
        </Button>
      </div>
    </section>
  );
}
