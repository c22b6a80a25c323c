import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FeedbackHost } from '../components/feedback/FeedbackHost';
import { resetFeedback } from '../components/feedback/feedback';

/**
 * What the web's component tests share (test files only): a fetch each test answers, the providers
 * a page needs, the feedback host for a page that asks first, and what a screen reader is told
 * about a field.
 */

/**
 * The fetch the tests answer: registers a beforeEach that resets it and puts it in place of the
 * global one (a file sets its answers in a beforeEach of its own or in the test), and an afterEach
 * that unmounts what was rendered and restores the global fetch.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/** A fetch's answer: `body` as JSON with `status`. */
export const json = (body: unknown, status = 200): Promise<Response> =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

/**
 * For a page that asks first and says what it did (askFirst, showSuccess): registers a beforeAll
 * that makes every element count as shown (happy-dom lays nothing out, and the dialog's focus trap
 * skips what is not laid out) and an afterEach that clears what the feedback still holds.
 */
export function stubFeedback() {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  });
  afterEach(() => act(() => resetFeedback()));
}

/** Renders `page` at `path` as renderWithProviders does, with the feedback host (dialogs, notices) beside it. */
export function renderWithFeedback(page: ReactNode, path: string) {
  return renderWithProviders(
    <>
      {page}
      <FeedbackHost />
    </>,
    path,
  );
}

/** Renders `ui` at `path` with a query client of its own that retries nothing (a refusal shows at once). */
export function renderWithProviders(ui: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The texts a control's aria-describedby points to (what a screen reader reads with it). */
export function description(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The field is marked invalid and its description says `message`. */
export function expectRefused(control: HTMLElement, message: string) {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(description(control)).toContain(message);
}
