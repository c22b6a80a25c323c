import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { formatDateTime } from '@pb/core';
import { errorText } from '../../lib/http';
import { clearSession, signOut } from '../../lib/session';
import { useEndAllSessions, useEndSession, useSessions } from './api/sessions';

/**
 * 'Sitzungen' (decision 0028): where the account is signed in — device, network, last use — with
 * signing out one session or all of them.
 */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endAll = useEndAllSessions();
  const [confirmAll, setConfirmAll] = useState(false);

  const leave = () => {
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <div className="container py-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h3 mb-2">Sitzungen</h1>
      <p className="text-secondary mb-4">
        Hier sehen Sie, wo Ihr Account angemeldet ist. Kennen Sie eine Sitzung nicht, melden Sie sie ab und ändern Sie
        Ihr Passwort. Den Ort zeigen wir nur als Netzwerk (ungefähr), nie als genaue Adresse.
      </p>
      {sessions.isPending ? <Spinner role="status" aria-label="Wird geladen" /> : null}
      {sessions.isError ? <Alert variant="danger">{errorText(sessions.error)}</Alert> : null}
      {endOne.isError ? <Alert variant="danger">{errorText(endOne.error)}</Alert> : null}
      {endAll.isError ? <Alert variant="danger">{errorText(endAll.error)}</Alert> : null}
      <ul className="list-unstyled d-grid gap-3" aria-label="Aktive Sitzungen">
        {sessions.data?.data.map((session) => (
          <li key={session.id} className="card" data-testid="session">
            <div className="card-body d-flex flex-wrap gap-3 align-items-center">
              <div className="flex-grow-1" style={{ minWidth: '14rem' }}>
                <div className="fw-semibold">
                  {session.device}{' '}
                  {session.current ? (
                    <Badge bg="success" className="ms-1">
                      Diese Sitzung
                    </Badge>
                  ) : null}
                </div>
                <div className="small text-secondary">Netzwerk: {session.place}</div>
                <div className="small text-secondary">
                  Zuletzt aktiv: {formatDateTime(session.lastUsedAt)} · Angemeldet seit:{' '}
                  {formatDateTime(session.createdAt)}
                  {session.secondFactor ? ' · mit zweitem Faktor' : ''}
                </div>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                disabled={endOne.isPending}
                onClick={() => {
                  if (session.current) {
                    signOut();
                    leave();
                  } else {
                    endOne.mutate(session.id);
                  }
                }}
              >
                Abmelden
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="border-top pt-3 mt-4 d-flex flex-wrap gap-2 align-items-center">
        {confirmAll ? (
          <>
            <span className="me-2">Wirklich auf allen Geräten abmelden, auch hier?</span>
            <Button
              variant="danger"
              disabled={endAll.isPending}
              onClick={() =>
                endAll.mutate(undefined, {
                  onSuccess: () => {
                    clearSession();
                    leave();
                  },
                })
              }
            >
              Ja, überall abmelden
            </Button>
            <Button variant="link" onClick={() => setConfirmAll(false)}>
              Abbrechen
            </Button>
          </>
        ) : (
          <Button variant="outline-danger" onClick={() => setConfirmAll(true)}>
            Überall abmelden
          </Button>
        )}
        <Link to="/advertisements/security" className="ms-auto">
          Zur Zwei-Faktor-Anmeldung
        </Link>
      </div>
    </div>
  );
}
