import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatDate, formatDateTime, type AdminUser, type RoleType } from '@pb/core';
import { useSession } from '../../lib/session';
import { useAdminUsers, useBlockUser, useDeleteUser, useResendUserConfirmation } from './api/users';
import { ErrorLine, FilterSelect, ListTable, PageHeader, SearchForm, usePagedSearch } from './components';
import { ActionsCell, cell } from './ResponsiveTable';
import { ConfirmModal } from '../../components/FormModal';
import { askFirst, showSuccess } from '../../components/feedback/feedback';

const ROLE_LABELS: Record<RoleType, string> = {
  company: 'Unternehmen',
  consultant: 'Personalberater',
  admin: 'Backoffice',
};

export function Component() {
  const session = useSession();
  const [role, setRole] = useState<RoleType | ''>('');
  const { text, limit, search, more } = usePagedSearch();
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const filters: Record<string, unknown> = {};
  if (text) filters['$or'] = [{ username: { $containsi: text } }, { email: { $containsi: text } }];
  if (role) filters['role'] = { $eq: role };
  const users = useAdminUsers({ sort: 'createdAt:desc', pagination: { start: 0, limit }, filters });
  const block = useBlockUser();
  const resend = useResendUserConfirmation();
  const remove = useDeleteUser();
  const rows = users.data?.data ?? [];
  const total = users.data?.meta.pagination.total ?? 0;

  return (
    <>
      <PageHeader title="Benutzer" />
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchForm label="Name oder E-Mail suchen" onSearch={search} />
        <FilterSelect<RoleType | ''>
          label="Rolle filtern"
          value={role}
          onChange={setRole}
          options={[['', 'Alle Rollen'], ...(Object.entries(ROLE_LABELS) as Array<[RoleType, string]>)]}
        />
      </div>
      <ErrorLine error={users.error ?? block.error ?? resend.error ?? remove.error} />
      <ListTable
        pending={users.isPending}
        shown={rows.length}
        total={total}
        onMore={more}
        columns={[
          'Name',
          'E-Mail',
          'Rolle',
          'Status',
          'Letzter Login',
          'Registriert',
          { label: 'Aktionen', end: true },
        ]}
        empty="Keine Benutzer gefunden."
      >
        {rows.map((u) => {
          const self = u.id === session?.userId;
          return (
            <tr key={u.id} data-testid={`user-${u.id}`}>
              <td data-label="Name" className={cell.text}>
                {u.username}
              </td>
              <td data-label="E-Mail" className={cell.email}>
                {u.email}
              </td>
              <td data-label="Rolle" className={cell.half}>
                {ROLE_LABELS[u.role]}
              </td>
              <td data-label="Status" className={cell.half}>
                {u.confirmed ? (
                  <Badge bg="success">Bestätigt</Badge>
                ) : (
                  <Badge bg="warning" text="dark">
                    Unbestätigt
                  </Badge>
                )}{' '}
                {u.blocked ? <Badge bg="danger">Gesperrt</Badge> : null}
                {u.retentionWarnedAt ? (
                  <div className="small text-body-secondary">Löschwarnung am {formatDate(u.retentionWarnedAt)}</div>
                ) : null}
              </td>
              <td data-label="Letzter Login" className={cell.half}>
                {u.lastLogin ? formatDateTime(u.lastLogin) : '–'}
              </td>
              <td data-label="Registriert" className={`${cell.half} ${cell.nowrap}`}>
                {formatDate(u.createdAt)}
              </td>
              <ActionsCell>
                {!u.confirmed ? (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={resend.isPending}
                    onClick={() =>
                      resend.mutate(u.id, {
                        onSuccess: () => showSuccess(`Bestätigungsmail an ${u.email} wurde erneut gesendet.`),
                      })
                    }
                  >
                    Bestätigung erneut senden
                  </Button>
                ) : null}
                {!self ? (
                  <>
                    <Button
                      size="sm"
                      variant={u.blocked ? 'outline-success' : 'outline-warning'}
                      disabled={block.isPending}
                      onClick={() =>
                        u.blocked
                          ? block.mutate(
                              { id: u.id, blocked: false },
                              { onSuccess: () => showSuccess(`${u.username} kann sich wieder anmelden.`) },
                            )
                          : askFirst({
                              title: `Benutzer „${u.username}“ sperren`,
                              body: (
                                <p className="mb-0">
                                  {u.username} ({u.email}) wird sofort abgemeldet und kann sich nicht mehr anmelden, bis
                                  Sie den Account entsperren. Inserate, Konversationen und Vermittlungen bleiben
                                  erhalten.
                                </p>
                              ),
                              confirmLabel: 'Sperren',
                              confirmVariant: 'danger',
                              action: () => block.mutateAsync({ id: u.id, blocked: true }),
                              success: `${u.username} ist gesperrt.`,
                            })
                      }
                    >
                      {u.blocked ? 'Entsperren' : 'Sperren'}
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => setToDelete(u)}>
                      Löschen
                    </Button>
                  </>
                ) : (
                  <span className="small text-body-secondary">Eigener Account</span>
                )}
              </ActionsCell>
            </tr>
          );
        })}
      </ListTable>
      <ConfirmModal
        show={toDelete !== null}
        title={`Benutzer „${toDelete?.username ?? ''}“ löschen`}
        confirmLabel="Endgültig löschen"
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const name = toDelete.username;
          remove.mutate(toDelete.id, {
            onSuccess: () => showSuccess(`Der Benutzer ${name} wurde gelöscht.`),
            onSettled: () => setToDelete(null),
          });
        }}
      >
        <p className="mb-0">
          Der Account wird wie bei einer Selbstlöschung entfernt: Inserate werden deaktiviert, das Profilbild gelöscht.
          Konversationen und Vermittlungen bleiben erhalten. Dies kann nicht rückgängig gemacht werden.
        </p>
      </ConfirmModal>
    </>
  );
}
