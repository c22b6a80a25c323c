import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_HINTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MAIL_INTERVAL_MINUTES,
} from '@pb/core';
import { useNotificationSettings, useSaveNotificationSetting } from '../../components/notifications/api';

/** 'Benachrichtigungen' (issue 13): per kind in the app only, or also by mail (batched). */
export function Component() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  return (
    <div className="container py-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h3 mb-2">Benachrichtigungen</h1>
      <p className="text-body-secondary">
        Alles erscheint bei der Glocke. Per E-Mail bekommen Sie je Thema höchstens eine Nachricht alle{' '}
        {NOTIFICATION_MAIL_INTERVAL_MINUTES} Minuten; was dazwischen kommt, fassen wir zusammen. Jede E-Mail enthält
        einen Link zum Abmelden.
      </p>
      {settings.isPending && <Spinner animation="border" role="status" aria-label="Wird geladen" />}
      {settings.isError && <Alert variant="danger">{settings.error.message}</Alert>}
      {save.isError && <Alert variant="danger">{save.error.message}</Alert>}
      {save.isSuccess && (
        <p role="status" className="text-success">
          Gespeichert.
        </p>
      )}
      {settings.data &&
        NOTIFICATION_KINDS.map((kind) => (
          <fieldset key={kind} className="border rounded p-3 mb-3">
            <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">{NOTIFICATION_KIND_LABELS[kind]}</legend>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <Form.Check
                key={channel}
                type="radio"
                id={`pb-setting-${kind}-${channel}`}
                name={`pb-setting-${kind}`}
                label={NOTIFICATION_CHANNEL_LABELS[channel]}
                checked={settings.data.data[kind] === channel}
                disabled={save.isPending}
                onChange={() => save.mutate({ kind, channel })}
              />
            ))}
            {NOTIFICATION_KIND_HINTS[kind] && (
              <p className="small text-body-secondary mb-0 mt-1">{NOTIFICATION_KIND_HINTS[kind]}</p>
            )}
          </fieldset>
        ))}
    </div>
  );
}
