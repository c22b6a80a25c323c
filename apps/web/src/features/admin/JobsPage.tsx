import { useState } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatDate, formatNumber, MSG } from '@pb/core';
import { useAdminJobs, usePublishAdminJob } from './api/jobs';
import { useCompanies } from './api/users';
import { askFirst, showSuccess } from '../../components/feedback/feedback';
import { ErrorLine, FilterSelect, ListTable, PageHeader, SearchForm, usePagedSearch } from './components';
import { ActionsCell, cell } from './ResponsiveTable';

type StateFilter = 'all' | 'active' | 'inactive';

export function Component() {
  const [companyId, setCompanyId] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const { text, limit, search, more } = usePagedSearch();
  const companies = useCompanies();
  const filters: Record<string, unknown> = {};
  if (text) filters['$or'] = ['jobTitle', 'location', 'salary'].map((f) => ({ [f]: { $containsi: text } }));
  if (companyId) filters['users_permissions_user'] = { id: { $eq: Number(companyId) } };
  if (state !== 'all') filters['publishedAt'] = state === 'active' ? { $notNull: true } : { $null: true };
  const jobs = useAdminJobs({ sort: 'createdAt:desc', pagination: { start: 0, limit }, filters });
  const publish = usePublishAdminJob();
  const rows = jobs.data?.data ?? [];
  const total = jobs.data?.meta.pagination.total ?? 0;

  return (
    <>
      <PageHeader title="Inserate">
        <Link to="/admin/advertisements/new" className="btn btn-primary">
          Inserat für ein Unternehmen erstellen
        </Link>
      </PageHeader>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchForm label="Titel, Ort oder Gehalt suchen" onSearch={search} />
        <FilterSelect
          label="Unternehmen filtern"
          value={companyId}
          onChange={setCompanyId}
          options={[
            ['', 'Alle Unternehmen'],
            ...(companies.data ?? []).map((c) => [String(c.id), c.username] as const),
          ]}
        />
        <FilterSelect<StateFilter>
          label="Status filtern"
          value={state}
          onChange={setState}
          options={[
            ['all', 'Aktive und deaktivierte'],
            ['active', 'Nur aktive'],
            ['inactive', 'Nur deaktivierte'],
          ]}
        />
      </div>
      <ErrorLine error={jobs.error ?? publish.error} />
      <ListTable
        pending={jobs.isPending}
        shown={rows.length}
        total={total}
        onMore={more}
        columns={['Titel', 'Unternehmen', 'Ort', 'Prämie', 'Erstellt', 'Status', { label: 'Aktionen', end: true }]}
        className="table table-hover"
        empty="Keine Inserate gefunden."
      >
        {rows.map((job) => (
          <tr key={job.id} data-testid={`admin-job-${job.id}`}>
            <td data-label="Titel" className={cell.text}>
              {job.jobTitle} (m/w/d)
              <div className="small text-body-secondary">{job.workingTime}</div>
            </td>
            <td data-label="Unternehmen" className={cell.text}>
              {job.users_permissions_user?.username ?? <em>{MSG.userGone}</em>}
            </td>
            <td data-label="Ort" className={cell.half}>
              {[job.location.postcode, job.location.city].filter(Boolean).join(' ')}
            </td>
            <td data-label="Prämie" className={`${cell.half} ${cell.nowrap}`}>
              {formatNumber(job.currentPlacementBonus, 1)} %
            </td>
            <td data-label="Erstellt" className={`${cell.half} ${cell.nowrap}`}>
              {formatDate(job.createdAt)}
            </td>
            <td data-label="Status" className={cell.half}>
              {job.publishedAt ? <Badge bg="success">Aktiv</Badge> : <Badge bg="secondary">Deaktiviert</Badge>}
            </td>
            <ActionsCell>
              <Link to={`/admin/advertisements/${job.id}`} className="btn btn-sm btn-outline-primary">
                Bearbeiten
              </Link>
              <Button
                size="sm"
                variant={job.publishedAt ? 'outline-danger' : 'outline-success'}
                disabled={publish.isPending}
                onClick={() =>
                  job.publishedAt
                    ? askFirst({
                        title: 'Inserat deaktivieren',
                        body: (
                          <p className="mb-0">
                            „{job.jobTitle}“ ist danach für Personalberater nicht mehr sichtbar; neue Vorstellungen und
                            Konversationen sind nicht mehr möglich. Bestehende Konversationen bleiben erhalten.
                          </p>
                        ),
                        confirmLabel: 'Deaktivieren',
                        confirmVariant: 'danger',
                        action: () => publish.mutateAsync({ id: job.id, published: false }),
                        // No undo: reactivating stamps a new publication date (and may be refused).
                        success: `„${job.jobTitle}“ wurde deaktiviert.`,
                      })
                    : publish.mutate(
                        { id: job.id, published: true },
                        { onSuccess: () => showSuccess(`„${job.jobTitle}“ ist wieder aktiv.`) },
                      )
                }
              >
                {job.publishedAt ? 'Deaktivieren' : 'Reaktivieren'}
              </Button>
            </ActionsCell>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
