import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { EMAIL_CHANGE_MSG } from '@pb/core';
import { clearSession } from '../../lib/session';
import { AuthCard, AuthError } from './AuthCard';
import styles from './auth.module.css';
import { errorText } from '../../lib/http';
import { useObjectToEmailChange } from './api/emailObjection';

/**
 * The objection link from the notice to the old address
 * (docs/decisions/0009-email-change.md). Opening the link changes nothing (mail
 * scanners open links too); the button objects: the change is cancelled or
 * reverted, every session ends and a new password is set through a mailed link.
 */
export function Component() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const resultRef = useRef<HTMLDivElement>(null);
  const mutation = useObjectToEmailChange({
    onSuccess: () => {
      clearSession();
      queryClient.clear();
    },
  });

  useEffect(() => {
    if (mutation.isSuccess) resultRef.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Widerspruch erfasst" documentTitle="Änderung widerrufen">
        <div ref={resultRef} tabIndex={-1} className={styles.focusTarget}>
          <Alert variant={mutation.data.status === 'blocked' ? 'warning' : 'success'} role="status">
            {mutation.data.message}
          </Alert>
        </div>
        {mutation.data.status === 'blocked' ? (
          <Link to="/#kontakt" className="btn btn-primary w-100">
            Zum Kontaktformular
          </Link>
        ) : (
          <Link to="/login" className="btn btn-primary w-100">
            Zum Login
          </Link>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Änderung der E-Mail-Adresse widerrufen"
      documentTitle="Änderung widerrufen"
      lead="Sie haben die Änderung Ihrer E-Mail-Adresse nicht selbst angefordert? Dann widerrufen Sie sie hier."
      footer={<Link to="/">Zur Startseite</Link>}
    >
      <ul className="mb-4">
        <li>Eine offene Änderung wird abgebrochen; eine bereits bestätigte wird rückgängig gemacht.</li>
        <li>Alle Sitzungen werden beendet, auch auf anderen Geräten.</li>
        <li>Ihr bisheriges Passwort gilt nicht mehr: Sie bekommen einen Link, mit dem Sie ein neues festlegen.</li>
      </ul>
      <AuthError error={mutation.isError ? errorText(mutation.error, EMAIL_CHANGE_MSG.objectionInvalid) : null} />
      <Button
        size="lg"
        variant="danger"
        className="w-100"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(token)}
      >
        {mutation.isPending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
        Änderung widerrufen
      </Button>
    </AuthCard>
  );
}
