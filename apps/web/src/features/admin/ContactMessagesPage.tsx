import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatDateTime } from '@pb/core';
import { useContactMessages, useMarkHandled } from './api/contactMessages';
import { CountLine, ErrorLine, FilterSelect, Loading, LoadMore, PAGE_STEP, PageHeader } from './components';

type Filter = 'open' | 'handled' | 'all';

export function Component() {
  const [filter, setFilter] = useState<Filter>('open');
  const [limit, setLimit] = useState(PAGE_STEP);
  const filters = filter === 'all' ? {} : { handledAt: filter === 'open' ? { $null: true } : { $notNull: true } };
  const messages = useContactMessages({ sort: 'createdAt:desc', pagination: { start: 0, limit }, filters });
  const mark = useMarkHandled();
  const rows = messages.data?.data ?? [];
  const total = messages.data?.meta.pagination.total ?? 0;

  return (
    <>
      <PageHeader title="Kontaktanfragen">
        <FilterSelect<Filter>
          label="Anfragen filtern"
          value={filter}
          onChange={setFilter}
          options={[
            ['open', 'Offene'],
            ['handled', 'Erledigte'],
            ['all', 'Alle'],
          ]}
        />
      </PageHeader>
      <ErrorLine error={messages.error ?? mark.error} />
      {messages.isPending ? (
        <Loading />
      ) : (
        <>
          <CountLine shown={rows.length} total={total} />
          {rows.length === 0 ? <p className="text-body-secondary">Keine Anfragen.</p> : null}
          <div className="d-flex flex-column gap-3 mb-3">
            {rows.map((m) => (
              <article key={m.id} className="card shadow-sm">
                <div className="card-body">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <div className="text-break">
                      <h2 className="h6 mb-1">
                        {m.firstname} {m.lastname} · {m.company}
                      </h2>
                      <a href={`mailto:${m.email}`} className="small">
                        {m.email}
                      </a>
                      <div className="small text-body-secondary">{formatDateTime(m.createdAt)}</div>
                    </div>
                    <div className="text-end">
                      {m.handledAt ? (
                        <Badge bg="success" className="mb-2">
                          Erledigt am {formatDateTime(m.handledAt)}
                        </Badge>
                      ) : (
                        <Badge bg="warning" text="dark" className="mb-2">
                          Offen
                        </Badge>
                      )}
                      <div>
                        <Button
                          size="sm"
                          variant={m.handledAt ? 'outline-secondary' : 'outline-success'}
                          disabled={mark.isPending}
                          onClick={() => mark.mutate({ id: m.id, handled: m.handledAt === null })}
                        >
                          {m.handledAt ? 'Wieder öffnen' : 'Als erledigt markieren'}
                        </Button>
                      </div>
                    </div>
                  </div>
                  <p className="mt-3 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.message}
                  </p>
                </div>
              </article>
            ))}
          </div>
          <LoadMore shown={rows.length} total={total} onMore={() => setLimit((l) => l + PAGE_STEP)} />
        </>
      )}
    </>
  );
}
