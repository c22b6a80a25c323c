import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DATA_EXPORT_MSG, DATA_EXPORT_VALID_DAYS, fileSizeText, type DataExportStatus } from '@pb/core';
import { ConfirmModal } from '../../components/FormModal';
import { errorText } from '../../lib/http';
import { useLatestDataExport, useRequestDataExport } from './api/dataExport';
import { dateTimeText } from './dateTimeText';
import { ProfileNotice, type Notice } from './ProfileNotice';

/** What the profile says about the latest request (in Arbeit / bereit bis … / abgelaufen …). */
function stateText(status: DataExportStatus): string {
  switch (status.state) {
    case 'in_arbeit':
      return `Ihr Datenexport vom ${dateTimeText(status.requestedAt)} wird gerade erstellt. Sie erhalten den Link per E-Mail.`;
    case 'bereit':
      return `Ihr Datenexport ist bereit${status.size !== null ? ` (${fileSizeText(status.size)})` : ''}: Den Link haben wir Ihnen per E-Mail geschickt. Er gilt bis ${dateTimeText(status.expiresAt ?? status.requestedAt)}.`;
    case 'heruntergeladen':
      return `Ihr letzter Datenexport wurde am ${dateTimeText(status.downloadedAt ?? status.requestedAt)} heruntergeladen und bei uns gelöscht.`;
    case 'abgelaufen':
      return `Der Link Ihres letzten Datenexports ist abgelaufen${status.expiresAt ? ` (gültig bis ${dateTimeText(status.expiresAt)})` : ''}.`;
    case 'fehlgeschlagen':
      return 'Ihr letzter Datenexport konnte nicht erstellt werden. Bitte fordern Sie ihn erneut an.';
  }
}

/**
 * 'Meine Daten herunterladen' (DSGVO Art. 15 and 20): asks for the ZIP after a confirmation that
 * says what happens; the state of the latest request stays visible (docs/privacy.md).
 */
export function DataExportSection({ userId, email }: { userId: number; email: string }) {
  const latest = useLatestDataExport(userId);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const request = useRequestDataExport(userId, {
    onSuccess: () => setNotice({ variant: 'success', text: DATA_EXPORT_MSG.requested }),
    onError: (error) => setNotice({ variant: 'danger', text: errorText(error) }),
    onSettled: () => setConfirming(false),
  });
  const status = latest.data ?? null;
  const canRequest = status === null || status.canRequest;

  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="profile-data-export-title">
      <div className="card-body p-4">
        <h2 id="profile-data-export-title" className="h5 mb-1">
          Meine Daten
        </h2>
        <p className="text-secondary small mb-3">
          Sie können eine ZIP-Datei mit allen Daten zu Ihrem Account anfordern (Auskunft und Datenübertragbarkeit nach
          Art. 15 und 20 DSGVO).
        </p>
        {status ? (
          <p className="mb-3" data-testid="data-export-state">
            {stateText(status)}
          </p>
        ) : null}
        <ProfileNotice
          notice={notice}
          onClose={() => setNotice(null)}
          role={notice?.variant === 'danger' ? 'alert' : 'status'}
        />
        <div className="d-flex flex-column flex-sm-row gap-2 align-items-sm-center">
          <Button variant="outline-primary" disabled={!canRequest} onClick={() => setConfirming(true)}>
            Meine Daten herunterladen
          </Button>
          {!canRequest && status?.state !== 'in_arbeit' ? (
            <span className="text-secondary small">Heute sind keine weiteren Anforderungen möglich.</span>
          ) : null}
        </div>
      </div>

      <ConfirmModal
        show={confirming}
        title="Meine Daten herunterladen"
        titleId="data-export-title"
        onClose={() => setConfirming(false)}
        confirmLabel="Daten anfordern"
        confirmVariant="primary"
        pending={request.isPending}
        onConfirm={() => request.mutate()}
      >
        <p>
          Wir stellen alle Daten zu Ihrem Account zusammen: Konto und Profil, Inserate, Gespräche mit ihren Dateien,
          Vorstellungen, Vermittlungen, Rechnungen, Benachrichtigungen und Protokolleinträge.
        </p>
        <p>
          Sobald die ZIP-Datei bereit ist, senden wir einen Link an <strong>{email}</strong>.
        </p>
        <p className="mb-0 text-secondary">
          Der Link funktioniert ein Mal, {DATA_EXPORT_VALID_DAYS} Tage lang und nur, wenn Sie mit diesem Account
          angemeldet sind. Nach dem Download wird die Datei bei uns gelöscht.
        </p>
      </ConfirmModal>
    </section>
  );
}
