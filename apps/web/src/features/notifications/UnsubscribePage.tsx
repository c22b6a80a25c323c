import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { NOTIFICATION_MSG } from '@pb/core';
import { PublicLayout } from '../../components/public/PublicLayout';
import { api } from '../../lib/http';

interface Answer {
  kind: string;
  label: string;
  unsubscribed: boolean;
}

/** /unsubscribe?token=… from a notification mail (issue 13): works without logging in. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const path = `/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const info = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => api<{ data: Answer }>(path, { signal }),
    enabled: token !== '',
    retry: false,
  });
  const unsubscribe = useMutation({ mutationFn: () => api<{ data: Answer }>(path, { method: 'POST' }) });
  const done = unsubscribe.isSuccess || info.data?.data.unsubscribed === true;
  return (
    <PublicLayout title="E-Mails abbestellen – Prämienbörse" description="E-Mails der Prämienbörse abbestellen.">
      <div className="container py-5" style={{ maxWidth: '40rem' }}>
        <h1 className="h3 mb-3">E-Mail-Benachrichtigungen abbestellen</h1>
        {token === '' && <Alert variant="danger">{NOTIFICATION_MSG.unsubscribeInvalid}</Alert>}
        {info.isPending && token !== '' && <Spinner animation="border" role="status" aria-label="Wird geladen" />}
        {info.isError && <Alert variant="danger">{info.error.message}</Alert>}
        {info.data && !done && (
          <>
            <p>
              Sie erhalten keine E-Mails mehr zum Thema <strong>„{info.data.data.label}“</strong>. In der App werden Sie
              weiterhin benachrichtigt.
            </p>
            {unsubscribe.isError && <Alert variant="danger">{unsubscribe.error.message}</Alert>}
            <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
              Abmelden
            </Button>
          </>
        )}
        {done && (
          <Alert variant="success" role="status">
            {NOTIFICATION_MSG.unsubscribed}
          </Alert>
        )}
      </div>
    </PublicLayout>
  );
}
