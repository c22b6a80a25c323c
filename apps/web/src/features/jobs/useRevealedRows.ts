import { useEffect, useState } from 'react';

/**
 * Rows a newly loaded list renders at once (a phone shows ~6 below the filters), then per task.
 * Measured on the CI machine (2026-11-26, traces without throttling; Lighthouse counts them 4x):
 * a step of 25 rows took 14-27 ms with its layout, i.e. 55-110 ms at 4x CPU, above the 50 ms of
 * a long task; a step of 6 took 10-16 ms.
 */
export const FIRST_ROWS = 8;
export const ROWS_PER_STEP = 6;

/**
 * How many of a list's `total` rows to render. A list under a new `key` (the browser's filters)
 * shows its first FIRST_ROWS at once and the rest ROWS_PER_STEP per task after that: the first
 * screen paints without waiting for 200 rows, and no task renders more than a few dozen (each
 * row is a few DOM nodes; 200 at once kept the page's main thread busy for a long task on a slow
 * phone). Once the whole list is shown, rows added to it ('Mehr laden') show at once.
 */
export function useRevealedRows(total: number, key: string): number {
  // A page mounted with its list already loaded (prefetched, or cached from an earlier visit)
  // draws its first rows in the task after its own first render: two tasks, not one long one
  // (issue 14). A list that arrives later shows its first rows at once.
  const [state, setState] = useState(() => ({ key, shown: total > 0 ? 0 : FIRST_ROWS }));
  // A new key starts over; set during render, so the first rows of the new list render at once.
  if (state.key !== key) setState({ key, shown: FIRST_ROWS });
  const shown = state.key === key ? state.shown : FIRST_ROWS;
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => {
      // The last step marks the list complete: what is added to it later shows at once.
      const next = (current: number) => {
        const shownNext = current === 0 ? FIRST_ROWS : current + ROWS_PER_STEP;
        return shownNext >= total ? Infinity : shownNext;
      };
      setState((s) => (s.key === key ? { key, shown: next(s.shown) } : s));
    }, 0);
    return () => clearTimeout(timer);
  }, [key, shown, total]);
  return Math.min(total, shown);
}
