import { formatDateTime } from '@pb/core';
import { useAuditLog } from './api/auditLog';
import { ErrorLine, ListTable, PageHeader, SearchForm, usePagedSearch } from './components';
import { cell } from './ResponsiveTable';
import styles from './admin.module.css';

const ACTION_LABELS: Record<string, string> = {
  'placement.status': 'Vermittlungsstatus geändert',
  'placement.review': 'Meldung geprüft',
  'placement.objection': 'Widerspruch zur Meldung',
  'invoice.correct': 'Rechnungsbetrag korrigiert',
  'guarantee.decide': 'Garantiefall entschieden',
  'introduction.resolve': 'Vorstellung geklärt',
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

/** Lines of a value shown as they are; a longer one (a whole advertisement) opens on request. */
const SHORT_JSON_LINES = 8;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-body-secondary">–</span>;
  const text = JSON.stringify(value, null, 1);
  const pre = <pre className={styles.json}>{text}</pre>;
  const lines = text.split('\n').length;
  if (lines <= SHORT_JSON_LINES) return pre;
  const fields = typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).length : null;
  return (
    <details>
      <summary className="small">Anzeigen ({fields === null ? `${lines} Zeilen` : `${fields} Felder`})</summary>
      {pre}
    </details>
  );
}

export function Component() {
  const { text, limit, search, more } = usePagedSearch();
  const filters = text ? { $or: [{ action: { $containsi: text } }, { actorEmail: { $containsi: text } }] } : {};
  const log = useAuditLog({ sort: 'id:desc', pagination: { start: 0, limit }, filters });
  const rows = log.data?.data ?? [];
  const total = log.data?.meta.pagination.total ?? 0;
  return (
    <>
      <PageHeader title="Protokoll" />
      <div className="mb-3">
        <SearchForm label="Aktion oder E-Mail suchen" onSearch={search} />
      </div>
      <ErrorLine error={log.error} />
      <ListTable
        pending={log.isPending}
        shown={rows.length}
        total={total}
        onMore={more}
        columns={['Zeitpunkt', 'Wer', 'Aktion', 'Objekt', 'Vorher', 'Nachher']}
        className="table table-sm"
        // The recorded values can be wider than the page: the table scrolls sideways in its region.
        scroll
        label="Protokoll"
      >
        {rows.map((e) => (
          <tr key={e.id}>
            <td data-label="Zeitpunkt" className={`${cell.half} ${cell.nowrap}`}>
              {formatDateTime(e.createdAt)}
            </td>
            <td data-label="Wer" className={`${cell.half} ${cell.email}`}>
              {e.actorEmail ?? 'System'}
            </td>
            <td data-label="Aktion" className={cell.half}>
              {ACTION_LABELS[e.action] ?? e.action}
            </td>
            <td data-label="Objekt" className={cell.half}>
              {e.entity}
              {e.entityId ? ` #${e.entityId}` : ''}
            </td>
            <td data-label="Vorher">
              <Json value={e.before} />
            </td>
            <td data-label="Nachher">
              <Json value={e.after} />
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
