import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CONSENT_MSG, type CandidateConsentView, type ConsentState, type PublicConfig } from '@pb/core';
import { json, stubFeedback, stubFetch } from '../../test/harness';
import { PROFILE } from '../../test/introductions';
import { Component as CandidateConsentPage } from './CandidateConsentPage';

const TOKEN = 'Zq3xW9_kLm2-pR7tYv4NbC8dFg1HjK5sUe6oIa0Xc2E';

const PENDING: CandidateConsentView = {
  state: 'pending',
  agencyName: 'Alpha Personal GmbH',
  companyName: 'Muster Gastro GmbH',
  jobTitle: 'Küchenchef/in',
  introducedAt: '2026-03-02T09:15:00.000Z',
  expiresAt: '2026-03-09T09:15:00.000Z',
  answeredAt: null,
  withdrawnAt: null,
  keepLonger: false,
  profile: PROFILE,
  shares: { name: true, email: true, phone: false, cv: true, pitch: true },
};

const GONE = { profile: null, shares: { name: false, email: false, phone: false, cv: false, pitch: false } };
const VIEWS: Record<ConsentState, CandidateConsentView> = {
  pending: PENDING,
  confirmed: { ...PENDING, state: 'confirmed', expiresAt: null, answeredAt: '2026-03-03T10:00:00.000Z' },
  declined: { ...PENDING, ...GONE, state: 'declined', expiresAt: null, answeredAt: '2026-03-03T10:00:00.000Z' },
  expired: { ...PENDING, ...GONE, state: 'expired', expiresAt: null },
  cancelled: { ...PENDING, ...GONE, state: 'cancelled', expiresAt: null },
  withdrawn: {
    ...PENDING,
    state: 'withdrawn',
    expiresAt: null,
    profile: null,
    shares: { ...GONE.shares, name: true },
    withdrawnAt: '2026-03-05T10:00:00.000Z',
  },
};

const CONFIG: PublicConfig = {
  publicUrl: 'https://praemienboerse.at',
  introVideoUrl: null,
  officeEmail: 'office@praemienboerse.at',
  imprint: {
    company: 'Prämienbörse GmbH',
    address: 'Musterstraße 1, 1010 Wien',
    email: 'datenschutz@praemienboerse.at',
    phone: '+43 1 234567',
    register: 'FN 123456a',
    vatId: 'ATU12345678',
    ceo: 'Maria Muster',
    chamber: 'WKO Wien',
    authority: 'Magistrat der Stadt Wien',
    trade: 'Arbeitsvermittlung',
  },
};

const fetchMock = stubFetch();
stubFeedback();

/** The consent API answers `answers` by path (in order for repeated calls); the site settings always. */
function serve(answers: Record<string, (() => Promise<Response>)[]>) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/public-config') return json(CONFIG);
    const next = answers[url]?.shift();
    return next ? next() : Promise.reject(new Error(`no request expected: ${url}`));
  });
}
const view = (state: ConsentState) => () => json({ data: VIEWS[state], meta: {} });
const refusal = (message: string, status: number) => () => json({ error: { message } }, status);

/** The requests to the consent API: path and body. */
const consentCalls = () =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).startsWith('/api/candidate-consent'))
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(init!.body as string) as unknown }));

async function openLink(hash = `#${TOKEN}`) {
  window.history.replaceState(null, '', `/einwilligung${hash}`);
  // A data router, as the app's: the public layout reads the site settings through route data.
  const router = createMemoryRouter([{ path: '/einwilligung', element: <CandidateConsentPage /> }], {
    initialEntries: ['/einwilligung'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Ihre Zustimmung zur Vorstellung' });
  return userEvent.setup();
}

beforeEach(() => sessionStorage.clear());

describe('CandidateConsentPage: the open request', () => {
  it('When the link is opened, then the token goes in the body only and the page shows who, to whom, for what, the profile, what would be shared, the deadline and the privacy information', async () => {
    serve({ '/api/candidate-consent': [view('pending')] });
    await openLink();
    await screen.findByText(/möchte Sie dem Unternehmen/);
    expect(consentCalls()).toEqual([{ url: '/api/candidate-consent', body: { token: TOKEN } }]);
    // Taken out of the address bar (and the history entry) at once.
    expect(window.location.hash).toBe('');

    expect(screen.getByText(/möchte Sie dem Unternehmen/).textContent).toBe(
      'Die Personalvermittlung Alpha Personal GmbH möchte Sie dem Unternehmen Muster Gastro GmbH für die Position „Küchenchef/in“ vorstellen.',
    );
    expect(screen.getByTestId('consent-deadline').textContent).toContain('09.03.2026, 10:15 Uhr');
    const profile = screen.getByRole('region', { name: 'Was das Unternehmen jetzt sieht' });
    for (const text of ['Koch/Köchin', '7 Jahre', 'Wien', 'À-la-carte, HACCP', 'Deutsch, Englisch']) {
      expect(profile.textContent).toContain(text);
    }
    expect(
      within(screen.getByTestId('consent-shares'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ihr Name', 'Ihre E-Mail-Adresse', 'Ihr Lebenslauf', 'die Kurzbeschreibung der Personalvermittlung']);
    const privacy = screen.getByRole('region', { name: 'Datenschutz: Was mit Ihren Daten geschieht' });
    expect((await within(privacy).findByTestId('consent-controller')).textContent).toContain('Prämienbörse GmbH');
    for (const text of ['sofort', '7 Monate nach einer Absage', '24 Monate', 'Österreichischen Datenschutzbehörde']) {
      expect(privacy.textContent).toContain(text);
    }
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('When the candidate confirms with longer keeping, then the answer is sent, the result takes focus, and a withdrawal (asked first) follows', async () => {
    serve({
      '/api/candidate-consent': [view('pending')],
      '/api/candidate-consent/confirm': [view('confirmed')],
      '/api/candidate-consent/withdraw': [view('withdrawn')],
    });
    const user = await openLink();
    await user.click(
      await screen.findByLabelText(
        'Meine Daten dürfen bis zu 24 Monate nach einer Absage aufbewahrt werden, damit mich Alpha Personal GmbH für weitere Stellen ansprechen kann.',
      ),
    );
    await user.click(
      screen.getByRole('button', {
        name: 'Ich möchte von Alpha Personal GmbH bei Muster Gastro GmbH vorgestellt werden',
      }),
    );

    const confirmed = await screen.findByText(CONSENT_MSG.confirmed);
    await waitFor(() => expect(document.activeElement).toBe(confirmed));
    expect(consentCalls()[1]).toEqual({
      url: '/api/candidate-consent/confirm',
      body: { token: TOKEN, keepLonger: true },
    });
    expect(screen.queryByRole('button', { name: 'Nicht vorstellen' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Was das Unternehmen erhalten hat' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Einwilligung widerrufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einwilligung widerrufen?' });
    expect(consentCalls()).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Einwilligung widerrufen' }));

    const withdrawn = await screen.findByText(CONSENT_MSG.withdrawn);
    await waitFor(() => expect(document.activeElement).toBe(withdrawn));
    expect(consentCalls()[2]).toEqual({ url: '/api/candidate-consent/withdraw', body: { token: TOKEN } });
    expect(screen.queryByRole('button', { name: 'Einwilligung widerrufen' })).toBeNull();
  });

  it('When the candidate declines, then the page asks first (cancel sends nothing) and then says the data are deleted', async () => {
    serve({ '/api/candidate-consent': [view('pending')], '/api/candidate-consent/decline': [view('declined')] });
    const user = await openLink();
    await user.click(await screen.findByRole('button', { name: 'Nicht vorstellen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Vorstellung ablehnen?' });
    expect(dialog.textContent).toContain('lässt sich nicht rückgängig machen');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(consentCalls()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Nicht vorstellen' }));
    dialog = await screen.findByRole('dialog', { name: 'Vorstellung ablehnen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Nicht vorstellen' }));

    const declined = await screen.findByText(CONSENT_MSG.declined);
    await waitFor(() => expect(document.activeElement).toBe(declined));
    expect(consentCalls()[1]).toEqual({ url: '/api/candidate-consent/decline', body: { token: TOKEN } });
    expect(screen.queryByRole('button', { name: /Ich möchte von/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Was das Unternehmen jetzt sieht' })).toBeNull();
  });

  it('When the answer is refused (the deadline passed meanwhile), then the server’s message takes focus and the page shows the link’s state anew', async () => {
    serve({
      '/api/candidate-consent': [view('pending'), view('expired')],
      '/api/candidate-consent/confirm': [refusal(CONSENT_MSG.expired, 409)],
    });
    const user = await openLink();
    await user.click(
      await screen.findByRole('button', {
        name: 'Ich möchte von Alpha Personal GmbH bei Muster Gastro GmbH vorgestellt werden',
      }),
    );
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe(CONSENT_MSG.expired);
    await waitFor(() => expect(document.activeElement).toBe(message));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Ich möchte von/ })).toBeNull());
  });
  it('When the decline is refused (answered in another tab meanwhile), then the dialog says why and the page shows the link’s state anew', async () => {
    serve({
      '/api/candidate-consent': [view('pending'), view('confirmed')],
      '/api/candidate-consent/decline': [refusal(CONSENT_MSG.alreadyConfirmed, 409)],
    });
    const user = await openLink();
    await user.click(await screen.findByRole('button', { name: 'Nicht vorstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorstellung ablehnen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Nicht vorstellen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CONSENT_MSG.alreadyConfirmed);
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Einwilligung widerrufen' })).toBeTruthy();
  });
});

describe('CandidateConsentPage: every other state says what it means', () => {
  const STATE_TEXT: [Exclude<ConsentState, 'pending'>, string][] = [
    ['confirmed', CONSENT_MSG.alreadyConfirmed],
    ['declined', CONSENT_MSG.alreadyDeclined],
    ['expired', CONSENT_MSG.expired],
    ['cancelled', CONSENT_MSG.cancelled],
    ['withdrawn', CONSENT_MSG.alreadyWithdrawn],
  ];
  it.each(STATE_TEXT)('When the link is %s, then the page says so and offers no answer', async (state, text) => {
    serve({ '/api/candidate-consent': [view(state)] });
    await openLink();
    expect((await screen.findByTestId('consent-state')).textContent).toBe(text);
    expect(screen.queryByRole('button', { name: /Ich möchte von/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nicht vorstellen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Einwilligung widerrufen' }) !== null).toBe(state === 'confirmed');
  });

  it('When the server does not know the link, then its message is shown', async () => {
    serve({ '/api/candidate-consent': [refusal(CONSENT_MSG.invalidLink, 404)] });
    await openLink();
    expect((await screen.findByTestId('consent-link-problem')).textContent).toBe(CONSENT_MSG.invalidLink);
  });

  it('When a party is signed in, then the server’s refusal is shown', async () => {
    const message = 'Diese Antwort kann nur die Kandidatin bzw. der Kandidat selbst geben.';
    serve({ '/api/candidate-consent': [refusal(message, 403)] });
    await openLink();
    expect((await screen.findByTestId('consent-link-problem')).textContent).toBe(message);
  });

  it.each([
    [
      'no token',
      '',
      'Der Link ist unvollständig. Bitte öffnen Sie den vollständigen Link aus der E-Mail der Prämienbörse.',
    ],
    ['a malformed token', '#kurz', CONSENT_MSG.invalidLink],
  ])('When the link has %s, then the page says so without asking the server', async (_, hash, text) => {
    serve({});
    await openLink(hash);
    expect(screen.getByTestId('consent-link-problem').textContent).toBe(text);
    expect(consentCalls()).toEqual([]);
  });
});
