import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { MSG } from '@pb/core';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { useOwnUser } from './api/ownUser';
import { AccountForm } from './AccountForm';
import { OrganisationProfileSection } from './OrganisationProfileSection';
import styles from './profile.module.css';

/**
 * Own profile (spec §2 Profile edit, §5 Profile save / image, §8). Since issue 31 in two parts
 * with their own save buttons: the public profile of the organisation the session acts for
 * (none without one) and the person's own account.
 */
export function Component() {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const me = useOwnUser(userId);
  const role = session?.role ?? me.data?.role.type ?? null;
  const heading = role === 'consultant' ? 'Personalvermittlerprofil bearbeiten' : 'Unternehmensprofil bearbeiten';
  const organisationId = session?.organisation?.organisationId ?? null;

  useEffect(() => {
    document.title = `${heading} – Prämienbörse`;
  }, [heading]);

  return (
    <div className="container py-4 py-md-5">
      <div className={`${styles.profile} mx-auto`}>
        <h1 className="h3 mb-4">{heading}</h1>
        {organisationId !== null ? <OrganisationProfileSection organisationId={organisationId} /> : null}
        {me.isPending ? (
          <div className="d-flex align-items-center gap-2 text-secondary" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Konto wird geladen …
          </div>
        ) : me.isError ? (
          <Alert variant="danger">{me.error instanceof ApiError ? me.error.message : MSG.internal}</Alert>
        ) : (
          <AccountForm key={me.data.id} user={me.data} />
        )}
      </div>
    </div>
  );
}
