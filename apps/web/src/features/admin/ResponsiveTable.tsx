import type { ReactNode } from 'react';
import styles from './admin.module.css';

/** Column of a back office table; `end` aligns it right. */
export type ListColumn = string | { label: string; end: true };

const labelOf = (column: ListColumn) => (typeof column === 'string' ? column : column.label);

/**
 * A back office table. From 768 px a plain table that fits the page at 1280 px: text wraps between
 * words, a longer word breaks at 13rem in a dense list (`cell.text`), an e-mail address at 24rem
 * (`cell.email`), short data stays on one line (`cell.nowrap`). `cell.anywhere` only where the list
 * has room at 1280 px: in an automatic table layout it lets a column shrink below its longest word,
 * and once the columns must shrink the browser breaks even short titles in the middle.
 * Below 768 px each row is a card whose cells show their `data-label` (the column's name) above the
 * value; the header stays in the markup, hidden from view, so the table keeps its semantics.
 * `scroll` is the last resort for data too wide to fit (the audit log): a focusable, named region
 * that scrolls sideways.
 */
export function ResponsiveTable({
  columns,
  label,
  scroll = false,
  flat = false,
  className = 'table',
  children,
}: {
  columns: readonly ListColumn[];
  /** Name of the scrolling region (only with `scroll`). */
  label?: string;
  scroll?: boolean;
  /** Inside a card: the rows become a list on phones, not cards within the card. */
  flat?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={`${className} ${styles.cards} ${flat ? styles.flat : ''}`}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={labelOf(column)} scope="col" className={typeof column === 'string' ? undefined : 'text-end'}>
              {labelOf(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  if (flat) return table;
  if (!scroll) return <TableFrame>{table}</TableFrame>;
  return (
    // Keyboard users scroll it too: focusable, named, with a visible focus ring.
    <div className={`table-responsive ${styles.frame} ${styles.scroll}`} tabIndex={0} role="region" aria-label={label}>
      {table}
    </div>
  );
}

/**
 * The white frame of a back office table; on a tablet (768 to 1279 px) a list wider than the page
 * scrolls inside it (its links and buttons take the focus there) instead of the page.
 */
export function TableFrame({ children }: { children: ReactNode }) {
  return <div className={styles.frame}>{children}</div>;
}

/** Class names of a cell: `half` shares a line with its neighbour in the phone's card. */
export const cell = {
  text: styles.text,
  email: styles.email,
  anywhere: styles.anywhere,
  nowrap: styles.nowrap,
  end: styles.end,
  half: styles.half,
} as const;

/** The one column of a row's actions: right-aligned buttons that wrap inside it. */
export function ActionsCell({ label = 'Aktionen', children }: { label?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={styles.actions}>
      <div className={styles.actionList}>{children}</div>
    </td>
  );
}
