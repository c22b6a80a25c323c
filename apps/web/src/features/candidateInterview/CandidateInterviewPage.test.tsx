import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { INTERVIEW_MSG, type CandidateInterviewView } from '@pb/core';
import { json, stubFeedback, stubFetch } from '../../test/harness';
import { NOW } from '../../test/interviews';
import { Component as CandidateInterviewPage } from './CandidateInterviewPage';

const TOKEN = 'Zq3xW9_kLm2-pR7tYv4NbC8dFg1HjK5sUe6oIa0Xc2E';

const PROPOSED: CandidateInterviewView = {
  state: 'proposed',
  companyName: 'Muster Gastro GmbH',
  agencyName: 'Alpha Personal GmbH',
  jobTitle: 'Küchenchef/in',
  durationMinutes: 60,
  mode: 'vor_ort',
  location: 'Mariahilfer Straße 1, 1060 Wien',
  slots: [
    { id: 401, startsAt: '2026-03-12T09:00:00.000Z', endsAt: '2026-03-12T10:00:00.000Z' },
    { id: 402, startsAt: '2026-03-13T13:00:00.000Z', endsAt: '2026-03-13T14:00:00.000Z' },
  ],
  chosenSlot: null,
};
const SCHEDULED: CandidateInterviewView = { ...PROPOSED, state: 'scheduled', chosenSlot: PROPOSED.slots[1]! };
const CANCELLED: CandidateInterviewView = { ...PROPOSED, state: 'cancelled' };

const fetchMock = stubFetch();
stubFeedback();

/** The interview-choice API answers `answers` by path (in order); the site settings always. */
function serve(answers: Record<string, (() => Promise<Response>)[]>) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/public-config') return json({ publicUrl: 'https://praemienboerse.at' });
    const next = answers[url]?.shift();
    return next ? next() : Promise.reject(new Error(`no request expected: ${url}`));
  });
}
const view = (v: CandidateInterviewView) => () => json({ data: v, meta: {} });
const refusal = (message: string, status: number) => () => json({ error: { message } }, status);

const choiceCalls = () =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).startsWith('/api/interview-choice'))
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(init!.body as string) as unknown }));

async function openLink(hash = `#${TOKEN}`) {
  window.history.replaceState(null, '', `/termin${hash}`);
  const router = createMemoryRouter([{ path: '/termin', element: <CandidateInterviewPage /> }], {
    initialEntries: ['/termin'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Ihr Interviewtermin' });
  return userEvent.setup();
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('CandidateInterviewPage', () => {
  it('When the link is opened, then the token goes in the body only and the page shows who, what, where and the times', async () => {
    serve({ '/api/interview-choice': [view(PROPOSED)] });
    await openLink();
    const lead = await screen.findByText(/lädt Sie zu einem Vorstellungsgespräch/);
    expect(choiceCalls()).toEqual([{ url: '/api/interview-choice', body: { token: TOKEN } }]);
    expect(window.location.hash).toBe('');
    expect(lead.textContent).toBe(
      'Muster Gastro GmbH lädt Sie zu einem Vorstellungsgespräch für die Position „Küchenchef/in“ ein. Vorgestellt hat Sie die Personalvermittlung Alpha Personal GmbH.',
    );
    for (const text of ['Vor Ort', 'Mariahilfer Straße 1, 1060 Wien', '60 Minuten']) {
      expect(document.body.textContent).toContain(text);
    }
    const choice = screen.getByRole('group', { name: 'Welcher Termin passt Ihnen? (Wiener Zeit)' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('id')),
    ).toEqual(['interview-slot-401', 'interview-slot-402']);
    expect(within(choice).getByLabelText('Do., 12.03.2026, 10:00–11:00 Uhr')).toBeTruthy();
    expect(within(choice).getByLabelText('Fr., 13.03.2026, 14:00–15:00 Uhr')).toBeTruthy();
  });

  it('When the candidate chooses, then the page asks first (a calendar invitation follows), sends the time and shows it, focused', async () => {
    serve({ '/api/interview-choice': [view(PROPOSED)], '/api/interview-choice/choose': [view(SCHEDULED)] });
    const user = await openLink();
    await user.click(await screen.findByRole('button', { name: 'Termin wählen' }));
    expect(screen.getByText('Bitte wählen Sie einen der Termine.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByLabelText('Fr., 13.03.2026, 14:00–15:00 Uhr'));
    await user.click(screen.getByRole('button', { name: 'Termin wählen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Termin verbindlich wählen?' });
    expect(dialog.textContent).toContain('Fr., 13.03.2026, 14:00–15:00 Uhr');
    expect(dialog.textContent).toContain('Sie erhalten eine Kalendereinladung per E-Mail');
    expect(choiceCalls()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Termin wählen' }));

    const outcome = await screen.findByTestId('interview-outcome');
    expect(outcome.textContent).toContain('Ihr Termin ist vereinbart: Fr., 13.03.2026, 14:00–15:00 Uhr');
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(choiceCalls()[1]).toEqual({ url: '/api/interview-choice/choose', body: { token: TOKEN, slot: 402 } });
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('When the time was taken meanwhile, then the server’s message shows in the dialog and the page shows the new state', async () => {
    serve({
      '/api/interview-choice': [view(PROPOSED), view(SCHEDULED)],
      '/api/interview-choice/choose': [refusal(INTERVIEW_MSG.alreadyScheduled, 409)],
    });
    const user = await openLink();
    await user.click(await screen.findByLabelText('Do., 12.03.2026, 10:00–11:00 Uhr'));
    await user.click(screen.getByRole('button', { name: 'Termin wählen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Termin verbindlich wählen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Termin wählen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(INTERVIEW_MSG.alreadyScheduled);
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect((await screen.findByTestId('interview-state')).textContent).toContain(
      'Ihr Termin ist vereinbart: Fr., 13.03.2026, 14:00–15:00 Uhr',
    );
  });

  it('When a time is already agreed, then the page shows it and offers no choice', async () => {
    serve({ '/api/interview-choice': [view(SCHEDULED)] });
    await openLink();
    expect((await screen.findByTestId('interview-state')).textContent).toContain(
      'Ihr Termin ist vereinbart: Fr., 13.03.2026, 14:00–15:00 Uhr (Wiener Zeit)',
    );
    expect(screen.queryByRole('button', { name: 'Termin wählen' })).toBeNull();
  });

  it('When the interview was cancelled, then the page says so', async () => {
    serve({ '/api/interview-choice': [view(CANCELLED)] });
    await openLink();
    expect((await screen.findByTestId('interview-state')).textContent).toContain(INTERVIEW_MSG.cancelled);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('When every proposed time has passed, then the page asks the candidate to contact the agency', async () => {
    serve({ '/api/interview-choice': [view({ ...PROPOSED, slots: [] })] });
    await openLink();
    expect((await screen.findByTestId('interview-no-slots')).textContent).toContain('Alpha Personal GmbH');
    expect(screen.queryByRole('button', { name: 'Termin wählen' })).toBeNull();
  });

  it('When the link is unknown to the server, then its message shows', async () => {
    serve({ '/api/interview-choice': [refusal(INTERVIEW_MSG.candidateLinkInvalid, 404)] });
    await openLink();
    const problem = await screen.findByTestId('interview-link-problem');
    expect(problem.textContent).toBe(INTERVIEW_MSG.candidateLinkInvalid);
    await waitFor(() => expect(document.activeElement).toBe(problem));
  });

  it('When the link is malformed or missing, then nothing is asked and the page says so', async () => {
    serve({});
    await openLink('#kaputt');
    expect(screen.getByTestId('interview-link-problem').textContent).toBe(INTERVIEW_MSG.candidateLinkInvalid);
    expect(choiceCalls()).toEqual([]);
  });

  it('When the page is opened without a link, then it says the link is incomplete', async () => {
    serve({});
    await openLink('');
    expect(screen.getByTestId('interview-link-problem').textContent).toContain('Der Link ist unvollständig');
    expect(choiceCalls()).toEqual([]);
  });

  it('When the page is reloaded, then the token kept for the tab is used again', async () => {
    serve({ '/api/interview-choice': [view(PROPOSED)] });
    await openLink();
    await screen.findByText(/lädt Sie zu einem Vorstellungsgespräch/);
    expect(sessionStorage.getItem('pb.interviewChoiceToken')).toBe(TOKEN);
  });
});
