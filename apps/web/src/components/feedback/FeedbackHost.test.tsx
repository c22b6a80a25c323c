import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FeedbackHost } from './FeedbackHost';
import { askFirst, NOTICE_MS, resetFeedback, showSuccess, UNDO_WINDOW_MS } from './feedback';

beforeAll(() => {
  // happy-dom lays nothing out: every element counts as shown for the focus trap.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});
afterEach(() => {
  cleanup();
  act(() => resetFeedback());
  vi.useRealTimers();
});

function ask(action: () => Promise<unknown>, undo?: () => Promise<unknown>) {
  act(() =>
    askFirst({
      title: 'Rechnung ausstellen',
      body: <p>Eine Rechnung über € 15.840,00 wird ausgestellt.</p>,
      confirmLabel: 'Rechnung ausstellen',
      action,
      success: 'Die Rechnung wurde ausgestellt.',
      ...(undo ? { undo } : {}),
    }),
  );
}

describe('askFirst', () => {
  it('When the user cancels, then nothing runs and no success is said', async () => {
    const action = vi.fn(() => Promise.resolve());
    render(<FeedbackHost />);
    ask(action);
    const dialog = await screen.findByRole('dialog', { name: 'Rechnung ausstellen' });
    expect(dialog.textContent).toContain('€ 15.840,00');
    // The safe choice has the focus.
    expect(document.activeElement?.textContent).toBe('Abbrechen');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(action).not.toHaveBeenCalled();
    expect(screen.queryByTestId('success-notice')).toBeNull();
  });

  it('When the user confirms, then the action runs once and the success is said after it', async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<FeedbackHost />);
    ask(action);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rechnung ausstellen' }));
    // A second click while the request runs issues nothing twice.
    await user.click(screen.getByRole('button', { name: 'Rechnung ausstellen' }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('success-notice')).toBeNull();
    act(() => finish());
    expect((await screen.findByTestId('success-notice')).textContent).toContain('Die Rechnung wurde ausgestellt.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('When the server refuses, then the dialog stays open with its German message and no success is said', async () => {
    const action = vi.fn(() => Promise.reject(new Error('Die Meldung wurde bereits verrechnet.')));
    render(<FeedbackHost />);
    ask(action);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rechnung ausstellen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Meldung wurde bereits verrechnet.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByTestId('success-notice')).toBeNull();
  });
});

describe('showSuccess', () => {
  it('When an action can be taken back, then "Rückgängig" runs the undo and says so', async () => {
    const undo = vi.fn(() => Promise.resolve());
    render(<FeedbackHost />);
    act(() => showSuccess('„Koch/Köchin“ wurde deaktiviert.', undo));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rückgängig' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('success-notice')).textContent).toContain('Rückgängig gemacht.');
  });

  it('When the undo window has passed, then the message and its undo are gone', () => {
    vi.useFakeTimers();
    render(<FeedbackHost />);
    act(() => showSuccess('„Koch/Köchin“ wurde deaktiviert.', () => Promise.resolve()));
    expect(screen.getByRole('button', { name: 'Rückgängig' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS + 1));
    expect(screen.queryByRole('button', { name: 'Rückgängig' })).toBeNull();
  });

  it('When the pointer rests on the message, then it stays past its time and goes after the pointer leaves', () => {
    vi.useFakeTimers();
    render(<FeedbackHost />);
    act(() => showSuccess('Die Rechnung wurde ausgestellt.'));
    const notice = screen.getByTestId('success-notice');
    fireEvent.mouseEnter(notice);
    act(() => vi.advanceTimersByTime(NOTICE_MS * 3));
    expect(screen.queryByTestId('success-notice')).not.toBeNull();
    fireEvent.mouseLeave(notice);
    act(() => vi.advanceTimersByTime(NOTICE_MS + 1));
    expect(screen.queryByTestId('success-notice')).toBeNull();
  });

  it('When the undo is refused, then the message stays and says why', async () => {
    render(<FeedbackHost />);
    act(() => showSuccess('Gespeichert.', () => Promise.reject(new Error('Nicht mehr möglich.'))));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rückgängig' }));
    expect((await screen.findByTestId('success-notice')).textContent).toContain('Nicht mehr möglich.');
  });
});
