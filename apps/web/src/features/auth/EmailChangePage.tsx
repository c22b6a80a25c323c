import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { EMAIL_CHANGE_STATUSES, emailChangeStatusMessage, type EmailChangeStatus } from '@pb/core';
import { clearSession, getSession } from '../../lib/session';
import { AuthCard } from './AuthCard';
import styles from './auth.module.css';

const titles: Record<EmailChangeStatus, string> = {
  confirmed: 'E-Mail-Adresse geändert',
  expired: 'Link abgelaufen',
  used: 'Link bereits verwendet',
  cancelled: 'Änderung abgebrochen',
  taken: 'E-Mail-Adresse vergeben',
  invalid: 'Link ungültig',
};

function parseStatus(value: string | null): EmailChangeStatus {
  return EMAIL_CHANGE_STATUSES.find((s) => s === value) ?? 'invalid';
}

/**
 * Where the confirmation link for a new e-mail address lands
 * (`/email-change?status=…`, docs/decisions/0009-email-change.md). After a
 * change every session has ended, so a stored one is dropped here too.
 */
export function Component() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [outcome] = useState(() => ({ status: parseStatus(params.get('status')), email: params.get('email') ?? '' }));
  const [signedIn] = useState(() => getSession() !== null && outcome.status !== 'confirmed');
  const headingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome.status !== 'confirmed') return;
    clearSession();
    queryClient.clear();
  }, [outcome.status, queryClient]);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const ok = outcome.status === 'confirmed';
  return (
    <AuthCard
      title={titles[outcome.status]}
      documentTitle="E-Mail-Adresse ändern"
      footer={ok ? undefined : <Link to="/">Zur Startseite</Link>}
    >
      <div ref={headingRef} tabIndex={-1} className={styles.focusTarget}>
        <Alert variant={ok ? 'success' : 'warning'} role="status">
          {emailChangeStatusMessage(outcome.status)}
        </Alert>
        {ok && outcome.email ? (
          <p>
            Ihre neue Anmeldeadresse: <strong className="text-break">{outcome.email}</strong>
          </p>
        ) : null}
      </div>
      {signedIn ? (
        <Link to="/advertisements/profile" className="btn btn-primary w-100">
          Zum Profil
        </Link>
      ) : (
        <Link to="/login" className="btn btn-primary w-100">
          Zum Login
        </Link>
      )}
    </AuthCard>
  );
}
