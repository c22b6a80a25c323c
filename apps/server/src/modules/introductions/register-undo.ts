import { STATUS_UNDO_SECONDS, UNDOABLE_STATUSES } from '@pb/core';
import type { ChainValue } from './register-chain';

type Content = { [key: string]: ChainValue };

/**
 * A 'status_undone' takes back the introduction's entry right before it: a move within the
 * selection (not out of a rejection) made at most STATUS_UNDO_SECONDS earlier, back to where it came from.
 */
export function undoesPrevious(undo: Content, previous: { id: number; content: Content } | null): boolean {
  if (!previous || previous.content['kind'] !== 'status' || Number(undo['undoes']) !== previous.id) return false;
  const moved = previous.content['status'];
  const from = previous.content['from'];
  const seconds = (Date.parse(String(undo['at'])) - Date.parse(String(previous.content['at']))) / 1000;
  return (
    typeof moved === 'string' &&
    (UNDOABLE_STATUSES as readonly string[]).includes(moved) &&
    from !== 'abgesagt' &&
    undo['status'] === from &&
    seconds >= 0 &&
    seconds <= STATUS_UNDO_SECONDS
  );
}
