import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { DATA_EXPORT_MSG, DATA_EXPORT_TOKEN_PATTERN } from '@pb/core';
import { PublicLayout } from '../../components/public/PublicLayout';
import { errorText } from '../../lib/http';
import { useSession } from '../../lib/session';
import { useDownloadDataExport } from './api/dataExport';
import styles from './profile.module.css';

/**
 * The mailed link of a finished data export (/data-export#<token>): the token stays in the
 * fragment (never sent in a URL, never in a log). Downloading needs the token AND being signed in
 * as the account that asked; opening the page changes nothing (mail scanners open links too), the
 * button downloads, once (docs/privacy.md).
 */
export function Component() {
  const session = useSession();
  const location = useLocation();
  const token = location.hash.replace(/^#/, '');
  const valid = DATA_EXPORT_TOKEN_PATTERN.test(token);
  const [done, setDone] = useState(false);
  const download = useDownloadDataExport({ onSuccess: () => setDone(true) });

  useEffect(() => {
    document.title = 'Meine Daten herunterladen – Prämienbörse';
  }, []);

  let body;
  if (!valid) {
    body = <Alert variant="danger">{DATA_EXPORT_MSG.invalidToken}</Alert>;
  } else if (!session) {
    body = (
      <>
        <Alert variant="info">{DATA_EXPORT_MSG.signInRequired} Öffnen Sie danach den Link aus der E-Mail erneut.</Alert>
        <Link to="/login" className="btn btn-primary">
          Zur Anmeldung
        </Link>
      </>
    );
  } else if (done) {
    body = (
      <Alert variant="success" role="status">
        Der Download wurde gestartet. Die Datei ist jetzt bei uns gelöscht; der Link funktioniert nicht mehr.
      </Alert>
    );
  } else {
    body = (
      <>
        <p>
          Die ZIP-Datei enthält alle Daten zu Ihrem Account. Der Link funktioniert ein Mal: Nach dem Download wird die
          Datei bei uns gelöscht.
        </p>
        {download.isError ? (
          <Alert variant="danger" role="alert">
            {errorText(download.error, DATA_EXPORT_MSG.downloadFailed)}
          </Alert>
        ) : null}
        <Button size="lg" disabled={download.isPending} onClick={() => download.mutate(token)}>
          {download.isPending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
          ZIP-Datei herunterladen
        </Button>
      </>
    );
  }

  return (
    <PublicLayout
      title="Meine Daten herunterladen – Prämienbörse"
      description="Die Kopie Ihrer Daten bei der Prämienbörse herunterladen."
    >
      <div className="container py-5">
        <div className={`${styles.profile} mx-auto`}>
          <section className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5">
              <h1 className="h3 mb-3">Meine Daten herunterladen</h1>
              {body}
              <p className="mt-4 mb-0">
                <Link to="/advertisements/profile">Zum Profil</Link>
              </p>
            </div>
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
