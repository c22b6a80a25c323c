import { useEffect, useState } from 'react';

/**
 * Rows a newly loaded list renders at once (the list box holds ~7 at 900 px height, a phone ~6),
 * then per task. Measured at 4x CPU: the task that renders the arrived list with the profile took
 * ~65 ms with 25 first rows and stays under 50 ms with 10; a step of 25 rows alone stays under 50.
 */
export const FIRST_ROWS = 12;
export const ROWS_PER_STEP = 25;

/**
 * How many of a list's `total` rows to render. A list under a new `key` (the browser's filters)
 * shows its first FIRST_ROWS at once and the rest ROWS_PER_STEP per task after that: the first
 * screen paints without waiting for 200 rows, and no task renders more than a few dozen (each
 * row is a few DOM nodes; 200 at once kept the page's main thread busy for a long task on a slow
 * phone). Once the whole list is shown, rows added to it ('Mehr laden') show at once.
 */
export function useRevealedRows(total: number, key: string): number {
  const [state, setState] = useState({ key, shown: FIRST_ROWS });
  // A new key starts over; set during render, so the first rows of the new list render at once.
  if (state.key !== key) setState({ key, shown: FIRST_ROWS });
  const shown = state.key === key ? state.shown : FIRST_ROWS;
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => {
      // The last step marks the list complete: what is added to it later shows at once.
      const next = (current: number) => (current + ROWS_PER_STEP >= total ? Infinity : current + ROWS_PER_STEP);
      setState((s) => (s.key === key ? { key, shown: next(s.shown) } : s));
    }, 0);
    return () => clearTimeout(timer);
  }, [key, shown, total]);
  return Math.min(total, shown);
}
