import { useState } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import { formatDate, LEGAL_FORMS, ORGANISATION_KIND_NAMES, type OrganisationKind } from '@pb/core';
import { useAdminOrganisations } from './api/organisations';
import { ErrorLine, FilterSelect, ListTable, PageHeader, SearchForm, usePagedSearch } from './components';
import { cell } from './ResponsiveTable';

const KIND_OPTIONS: ReadonlyArray<readonly [OrganisationKind | '', string]> = [
  ['', 'Alle Organisationen'],
  ['company', 'Unternehmen'],
  ['agency', 'Personalvermittlungen'],
];

/** /admin/organisations: every company and agency, its members and whether its identity is checked. */
export function Component() {
  const [kind, setKind] = useState<OrganisationKind | ''>('');
  const { text, limit, search, more } = usePagedSearch();
  const filters: Record<string, unknown> = {};
  if (text) {
    filters['$or'] = [
      { name: { $containsi: text } },
      { city: { $containsi: text } },
      { uid: { $containsi: text } },
      { registerNumber: { $containsi: text } },
    ];
  }
  if (kind) filters['kind'] = { $eq: kind };
  const organisations = useAdminOrganisations({ sort: 'createdAt:desc', pagination: { start: 0, limit }, filters });
  const rows = organisations.data?.data ?? [];

  return (
    <>
      <PageHeader title="Organisationen" />
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchForm label="Name, Ort, UID oder FN suchen" onSearch={search} />
        <FilterSelect<OrganisationKind | ''>
          label="Art filtern"
          value={kind}
          onChange={setKind}
          options={KIND_OPTIONS}
        />
      </div>
      <ErrorLine error={organisations.error} />
      <ListTable
        pending={organisations.isPending}
        shown={rows.length}
        total={organisations.data?.meta.pagination.total ?? 0}
        onMore={more}
        columns={['Name', 'Art', 'Rechtsform', 'Ort', 'Mitglieder', 'Identität', 'Seit']}
        empty="Keine Organisationen gefunden."
      >
        {rows.map((o) => (
          <tr key={o.id} data-testid={`organisation-${o.id}`}>
            <td data-label="Name" className={cell.text}>
              <Link to={`/admin/organisations/${o.id}`}>{o.name}</Link>
            </td>
            <td data-label="Art" className={cell.half}>
              {ORGANISATION_KIND_NAMES[o.kind]}
            </td>
            <td data-label="Rechtsform" className={cell.half}>
              {o.legalForm ? LEGAL_FORMS[o.legalForm].name : '–'}
            </td>
            <td data-label="Ort" className={cell.half}>
              {o.city ?? '–'}
            </td>
            <td data-label="Mitglieder" className={cell.half}>
              {o.memberCount}
            </td>
            <td data-label="Identität" className={cell.half}>
              {o.verified ? (
                <Badge bg="success">geprüft</Badge>
              ) : o.legalIdentityComplete ? (
                <Badge bg="info" text="dark">
                  vollständig, ungeprüft
                </Badge>
              ) : (
                <Badge bg="warning" text="dark">
                  unvollständig
                </Badge>
              )}
            </td>
            <td data-label="Seit" className={`${cell.half} ${cell.nowrap}`}>
              {formatDate(o.createdAt)}
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
