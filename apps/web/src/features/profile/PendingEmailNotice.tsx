import { forwardRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { MSG, type OwnUser, type PendingEmailChange } from '@pb/core';
import { ApiError } from '../../lib/http';
import { useCancelEmailChange, useResendEmailChange } from './api/emailChange';
import { dateTimeText as validUntil } from './dateTimeText';

/**
 * A requested e-mail change waiting for the link mailed to the new address
 * (docs/decisions/0009-email-change.md): resend the link or withdraw the change.
 * Focusable so the profile can move focus here after a save that started it.
 */
export const PendingEmailNotice = forwardRef<
  HTMLDivElement,
  {
    userId: number;
    currentEmail: string;
    pending: PendingEmailChange;
    /** After resend or cancel: the fresh own user and, for a cancel, the profile's notice. */
    onChanged: (user: OwnUser, notice: string | null) => void;
  }
>(function PendingEmailNotice({ userId, currentEmail, pending, onChanged }, ref) {
  const [feedback, setFeedback] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const done = (user: OwnUser, feedbackText: string | null, notice: string | null) => {
    onChanged(user, notice);
    setFeedback(feedbackText ? { variant: 'success', text: feedbackText } : null);
  };
  const failed = (error: unknown) =>
    setFeedback({ variant: 'danger', text: error instanceof ApiError ? error.message : MSG.internal });
  const resend = useResendEmailChange(userId, {
    onSuccess: (user) => done(user, `Wir haben den Bestätigungslink erneut an ${pending.email} geschickt.`, null),
    onError: failed,
  });
  const cancel = useCancelEmailChange(userId, {
    onSuccess: (user) => done(user, null, `Die Änderung wurde abgebrochen. Ihre E-Mail-Adresse bleibt ${user.email}.`),
    onError: failed,
  });
  const busy = resend.isPending || cancel.isPending;

  return (
    <div ref={ref} tabIndex={-1} className="col-12" aria-labelledby="pending-email-title" data-testid="pending-email">
      <Alert variant="warning" className="mb-0">
        <p id="pending-email-title" className="fw-semibold mb-1">
          Neue E-Mail-Adresse <span className="text-break">{pending.email}</span> wartet auf Bestätigung
        </p>
        <p className="small mb-2">
          Wir haben einen Bestätigungslink an diese Adresse geschickt (gültig bis {validUntil(pending.expiresAt)}). Bis
          Sie ihn öffnen, bleibt <span className="text-break">{currentEmail}</span> Ihre Anmeldeadresse.
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-dark" disabled={busy} onClick={() => resend.mutate()}>
            {resend.isPending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
            Bestätigungslink erneut senden
          </Button>
          <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => cancel.mutate()}>
            {cancel.isPending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
            Änderung abbrechen
          </Button>
        </div>
        {feedback ? (
          <p className={`small mt-2 mb-0 ${feedback.variant === 'danger' ? 'text-danger' : ''}`} role="status">
            {feedback.text}
          </p>
        ) : null}
      </Alert>
    </div>
  );
});
