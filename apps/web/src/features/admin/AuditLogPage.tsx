import { useState } from 'react';
import { formatDateTime } from '@pb/core';
import { useAuditLog } from './api';
import { CountLine, ErrorLine, LoadMore, Loading, PAGE_STEP, PageHeader, SearchForm } from './components';

const ACTION_LABELS: Record<string, string> = {
  'placement.status': 'Vermittlungsstatus geändert',
  'user.block': 'Benutzer gesperrt',
  'user.unblock': 'Benutzer entsperrt',
  'user.delete': 'Benutzer gelöscht',
  'user.resend-confirmation': 'Bestätigungsmail erneut gesendet',
  'job.create': 'Inserat erstellt',
  'job.update': 'Inserat bearbeitet',
  'job.publish': 'Inserat reaktiviert',
  'job.deactivate': 'Inserat deaktiviert',
  'contact.handled': 'Kontaktanfrage erledigt',
  'contact.reopened': 'Kontaktanfrage wieder geöffnet',
  'district.create': 'Bezirk angelegt',
  'district.rename': 'Bezirk umbenannt',
  'district.delete': 'Bezirk gelöscht',
  'admin.create': 'Admin angelegt',
  'admin.promote': 'Benutzer zum Admin gemacht',
  'admin.password': 'Admin-Passwort gesetzt',
  'retention.run': 'Aufbewahrungsregeln angewendet',
};

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-body-secondary">–</span>;
  return <pre className="pb-admin-json">{JSON.stringify(value, null, 1)}</pre>;
}

export function Component() {
  const [text, setText] = useState('');
  const [limit, setLimit] = useState(PAGE_STEP);
  const filters = text ? { $or: [{ action: { $containsi: text } }, { actorEmail: { $containsi: text } }] } : {};
  const log = useAuditLog({ sort: 'id:desc', pagination: { start: 0, limit }, filters });
  const rows = log.data?.data ?? [];
  const total = log.data?.meta.pagination.total ?? 0;
  return (
    <>
      <PageHeader title="Protokoll" />
      <div className="mb-3">
        <SearchForm label="Aktion oder E-Mail suchen" onSearch={(t) => (setText(t), setLimit(PAGE_STEP))} />
      </div>
      <ErrorLine error={log.error} />
      {log.isPending ? (
        <Loading />
      ) : (
        <>
          <CountLine shown={rows.length} total={total} />
          <div className="table-responsive card shadow-sm mb-3">
            <table className="table table-sm mb-0">
              <thead>
                <tr>
                  <th>Zeitpunkt</th>
                  <th>Wer</th>
                  <th>Aktion</th>
                  <th>Objekt</th>
                  <th>Vorher</th>
                  <th>Nachher</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id}>
                    <td className="text-nowrap">{formatDateTime(e.createdAt)}</td>
                    <td>{e.actorEmail ?? 'System'}</td>
                    <td>{ACTION_LABELS[e.action] ?? e.action}</td>
                    <td className="text-nowrap">
                      {e.entity}
                      {e.entityId ? ` #${e.entityId}` : ''}
                    </td>
                    <td>
                      <Json value={e.before} />
                    </td>
                    <td>
                      <Json value={e.after} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore shown={rows.length} total={total} onMore={() => setLimit((l) => l + PAGE_STEP)} />
        </>
      )}
    </>
  );
}
