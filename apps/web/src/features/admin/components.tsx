import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { SEARCH_TEXT_MAX_LENGTH } from '@pb/core';
import { ResponsiveTable, type ListColumn } from './ResponsiveTable';

/** Small building blocks shared by the back office pages. */

export const PAGE_STEP = 50;

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      {children ? <div className="d-flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

/** Search field that applies on submit (Enter or button). */
export function SearchForm({
  label,
  onSearch,
  initial = '',
}: {
  label: string;
  onSearch: (text: string) => void;
  initial?: string;
}) {
  const [text, setText] = useState(initial);
  return (
    <Form
      role="search"
      className="d-flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Form.Control
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={label}
        aria-label={label}
        maxLength={SEARCH_TEXT_MAX_LENGTH}
      />
      <Button type="submit" variant="outline-primary">
        Suchen
      </Button>
    </Form>
  );
}

export function Loading() {
  return (
    <div className="text-center py-4">
      <Spinner role="status" aria-label="Wird geladen" />
    </div>
  );
}

export function ErrorLine({ error }: { error: Error | null | undefined }) {
  if (!error) return null;
  return (
    <Alert variant="danger" role="alert">
      {error.message}
    </Alert>
  );
}

export function CountLine({ shown, total }: { shown: number; total: number }) {
  return (
    <p className="small text-body-secondary mb-2" aria-live="polite">
      {total === 1 ? '1 Eintrag' : `${total} Einträge`}
      {shown < total ? ` (${shown} angezeigt)` : ''}
    </p>
  );
}

export function LoadMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className="text-center">
      <Button variant="outline-secondary" onClick={onMore}>
        Mehr laden
      </Button>
    </div>
  );
}

/** Search text and page size of a back office list; a new search starts at the first page again. */
export function usePagedSearch() {
  const [text, setText] = useState('');
  const [limit, setLimit] = useState(PAGE_STEP);
  return {
    text,
    limit,
    search: (t: string) => {
      setText(t);
      setLimit(PAGE_STEP);
    },
    more: () => setLimit((l) => l + PAGE_STEP),
  };
}

/**
 * A back office list: spinner while loading, count line, table (with an empty row) and 'Mehr laden'.
 * The table fits the page from 768 px and shows a card per row below (ResponsiveTable); `scroll`
 * (named `label`) only for data too wide to fit.
 */
export function ListTable({
  pending,
  shown,
  total,
  onMore,
  columns,
  empty,
  className = 'table',
  scroll = false,
  label = 'Tabelle',
  children,
}: {
  pending: boolean;
  shown: number;
  total: number;
  onMore: () => void;
  columns: readonly ListColumn[];
  /** Text of the single row shown when nothing matches (none: an empty body). */
  empty?: string;
  className?: string;
  scroll?: boolean;
  label?: string;
  children: ReactNode;
}) {
  if (pending) return <Loading />;
  return (
    <>
      <CountLine shown={shown} total={total} />
      <div className="mb-3">
        <ResponsiveTable columns={columns} className={className} scroll={scroll} label={label}>
          {shown === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-body-secondary py-4">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </ResponsiveTable>
      </div>
      <LoadMore shown={shown} total={total} onMore={onMore} />
    </>
  );
}

/** Compact select that filters a back office list; options are [value, label] pairs. */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<readonly [T, string]>;
}) {
  return (
    <Form.Select
      // A long option (a company's name) never widens the page past a phone's screen.
      style={{ width: 'auto', maxWidth: '100%' }}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      aria-label={label}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </Form.Select>
  );
}

/** An amount the office types ("12,5", "55.000") as a number; NaN when it is none. */
export function parseAmount(text: string): number {
  return Number(text.trim().replace(/\./g, '').replace(',', '.'));
}
