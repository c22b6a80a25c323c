import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * What the user is told after an action ('Die Rechnung wurde ausgestellt.') and what they are asked
 * before one that cannot be taken back: one store for both, shown by <FeedbackHost/> in the shell and
 * the back office, so every page says it the same way.
 */

export interface SuccessNotice {
  id: number;
  text: string;
  /** Offered for `UNDO_WINDOW_MS` where taking the action back is safe. */
  undo?: (() => Promise<unknown>) | undefined;
}

export interface Confirmation<R = unknown> {
  title: string;
  /** What will happen, in German, with the amount where there is one. */
  body: ReactNode;
  confirmLabel: string;
  confirmVariant?: 'danger' | 'primary' | 'success' | 'warning';
  /** The request; the dialog stays open with its spinner while it runs and shows its refusal. */
  action: () => Promise<R>;
  /** Said after the action succeeded; a function reads it from the action's answer (the server's words). */
  success: string | ((result: R) => string);
  undo?: () => Promise<unknown>;
}

/** How long a success message stays, and an offered undo with it (paused while the user is on it). */
export const NOTICE_MS = 6000;
export const UNDO_WINDOW_MS = 10_000;

interface FeedbackState {
  notices: SuccessNotice[];
  confirmation: (Confirmation & { id: number }) | null;
}

let state: FeedbackState = { notices: [], confirmation: null };
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: FeedbackState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFeedback(): FeedbackState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Says that an action succeeded; with `undo`, offers to take it back for a few seconds. */
export function showSuccess(text: string, undo?: () => Promise<unknown>): void {
  const notice: SuccessNotice = { id: nextId++, text, undo };
  // One at a time: the newest says what just happened; an older one is out of date (and its undo
  // would take back something the user has moved on from).
  update({ ...state, notices: [notice] });
}

export function dismissNotice(id: number): void {
  if (!state.notices.some((n) => n.id === id)) return;
  update({ ...state, notices: state.notices.filter((n) => n.id !== id) });
}

/** Asks before an irreversible or money-moving action; runs it on 'yes' and says what happened. */
export function askFirst<R>(confirmation: Confirmation<R>): void {
  // The host hands `success` the answer of this confirmation's own `action`, so R holds there.
  update({ ...state, confirmation: { ...(confirmation as Confirmation), id: nextId++ } });
}

export function closeConfirmation(): void {
  update({ ...state, confirmation: null });
}

/** For tests: a clean slate. */
export function resetFeedback(): void {
  update({ notices: [], confirmation: null });
}
