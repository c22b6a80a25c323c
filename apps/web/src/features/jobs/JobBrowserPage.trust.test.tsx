import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { Job } from '@pb/core';
import type { Session } from '../../lib/session';
import { json, renderWithProviders, stubFetch } from '../../test/harness';
import { companyTrust } from '../../test/trust';
import { JobBrowserPage } from './JobBrowserPage';

vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: (): Session => ({
    token: 'token',
    userId: 4,
    username: 'Karl Huber',
    email: 'karl@alpha.at',
    role: 'consultant',
    organisation: {
      memberId: 8,
      organisationId: 3,
      organisationName: 'Alpha Personal GmbH',
      kind: 'agency',
      role: 'administrator',
    },
  }),
}));

const job = (id: number, title: string, companyResponseMinutes: number | null): Job => ({
  id,
  jobTitle: title,
  workingTime: 'Vollzeit',
  assignment: ['Leitung der Küche'],
  requirements: [],
  benefits: [],
  jobInfo: [],
  location: { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz' },
  salary: '52.000',
  district: { id: 601, name: 'Graz' },
  users_permissions_user: { id: 1, username: 'Muster Gastro GmbH', email: 'eva@muster.at', description: null },
  organisation: { id: 2, name: 'Muster Gastro GmbH' },
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  publishedAt: '2026-03-01T09:00:00.000Z',
  placementBonus: 18,
  currentPlacementBonus: 18,
  salaryFacts: { kvMinimumCents: null, overpayment: null, yearlyPayments: 14 },
  requiredProfileFields: [],
  companyResponseMinutes,
});

const JOBS = [job(5, 'Küchenchef/in', 240), job(6, 'Kellner/in', 2500), job(7, 'Rezeption', null)];

/** The list's request as it was before issue 36, byte for byte (the caches key on it). */
const DEFAULT_LIST =
  '/api/jobs?sort=createdAt%3Adesc&pagination[start]=0&pagination[limit]=200&pagination[withCount]=true&populate=%2A';

const fetchMock = stubFetch();

/** The sections observed so far; `reveal()` scrolls them into view (happy-dom lays nothing out). */
const observed: Array<{ callback: IntersectionObserverCallback; element: Element }> = [];
const reveal = () =>
  observed.forEach(({ callback, element }) =>
    callback(
      [{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry],
      {} as IntersectionObserver,
    ),
  );
beforeEach(() => {
  observed.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({ callback: this.callback, element });
      }
      disconnect() {}
    },
  );
});

function serve() {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/jobs?')) {
      return json({ data: JOBS, meta: { pagination: { start: 0, limit: 200, total: JOBS.length } } });
    }
    if (url.startsWith('/api/districts')) return json({ data: [] });
    if (url === '/api/job-watches' || url === '/api/saved-searches') return json({ data: [] });
    if (url === '/api/jobs/5/attachments') return json({ data: [] });
    if (url === '/api/jobs/5/views') return json({});
    if (url === '/api/organisations/2/verification') return json({ data: { verified: false, checks: [] } });
    if (url === '/api/organisations/2/trust') return json({ data: companyTrust });
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

const listRequests = () =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/jobs?'));

/** The page's URL's query, for the tests to read. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

async function renderBrowser(path = '/advertisements/view') {
  serve();
  renderWithProviders(
    <>
      <JobBrowserPage conversationJobIds={new Set()} />
      <Search />
    </>,
    path,
  );
  await screen.findAllByTestId('job-row-title');
  return userEvent.setup();
}

describe('JobBrowserPage: the company’s answer time (issue 36)', () => {
  it('When nothing is chosen, then the list is asked for exactly as before and each row with figures says how fast its company answers', async () => {
    await renderBrowser();
    expect(listRequests()).toEqual([DEFAULT_LIST]);
    const rows = within(screen.getByTestId('job-rows')).getAllByRole('button');
    expect(rows[0]!.textContent).toContain('antwortet meist innerhalb von 1 Arbeitstag');
    expect(rows[1]!.textContent).toContain('antwortet meist innerhalb von 5 Arbeitstagen');
    expect(rows[2]!.textContent).not.toContain('antwortet');
    expect((screen.getByLabelText('Sortierung') as HTMLSelectElement).value).toBe('newest');
  });

  it('When the fastest answer is chosen first, then the list is asked for sorted by companyResponse ascending', async () => {
    const user = await renderBrowser();
    expect(screen.getByTestId('search').textContent).toBe('');
    await user.selectOptions(screen.getByLabelText('Sortierung'), 'Schnellste Antwort zuerst');
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(listRequests()[1]).toBe(DEFAULT_LIST.replace('sort=createdAt%3Adesc', 'sort=companyResponse%3Aasc'));
    expect(screen.getByTestId('search').textContent).toBe('?sort=companyResponse');
  });

  it('When an answer time is chosen in the further filters, then the list is asked for with respondsWithin', async () => {
    const user = await renderBrowser();
    await user.click(screen.getByText('Weitere Filter'));
    const select = screen.getByLabelText('Antwortzeit des Unternehmens');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'beliebig',
      'innerhalb von 1 Arbeitstag',
      'innerhalb von 2 Arbeitstagen',
      'innerhalb von 5 Arbeitstagen',
    ]);
    await user.selectOptions(select, 'innerhalb von 2 Arbeitstagen');
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(listRequests()[1]).toBe(`/api/jobs?respondsWithin=2&${DEFAULT_LIST.slice('/api/jobs?'.length)}`);
    expect(screen.getByText('Weitere Filter (1)')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?respondsWithin=2'));
  });

  it('When the URL names both (a saved search’s link), then the first request carries them', async () => {
    await renderBrowser('/advertisements/view?respondsWithin=1&sort=companyResponse');
    expect(listRequests()[0]).toBe(
      `/api/jobs?respondsWithin=1&${DEFAULT_LIST.slice('/api/jobs?'.length).replace('createdAt%3Adesc', 'companyResponse%3Aasc')}`,
    );
    expect((screen.getByLabelText('Sortierung') as HTMLSelectElement).value).toBe('companyResponse');
  });

  it('When a consultant looks at an advertisement, then its company’s figures, ratings and the link to its page show', async () => {
    await renderBrowser();
    const section = await screen.findByTestId('company-trust');
    expect(within(section).getByRole('heading', { name: 'Reaktionszeit des Unternehmens' })).toBeTruthy();
    // asked for only once the section comes near the screen
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/organisations/2/trust')).toBe(false);
    act(() => reveal());
    await within(section).findByText(
      'Das Unternehmen antwortet meist innerhalb von 1 Arbeitstag (Median: 4 Arbeitsstunden bis zur ersten Reaktion).',
    );
    expect(within(section).getByText('Durchschnitt aus 7 Bewertungen.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Profil des Unternehmens' }).getAttribute('href')).toBe(
      '/advertisements/organisations/2',
    );
    expect(within(section).queryByTestId('trust-chart')).toBeNull();
    expect(screen.getByText('Das Unternehmen antwortet meist innerhalb von 1 Arbeitstag.')).toBeTruthy();
  });

  it('When the consultant chose an advertisement, then its company’s figures load at once, without waiting for the section to be scrolled to', async () => {
    await renderBrowser('/advertisements/view?id=5');
    const section = await screen.findByTestId('company-trust');
    expect(
      await within(section).findByText('83 % der Vorstellungen wurden innerhalb von 2 Arbeitstagen beantwortet.'),
    ).toBeTruthy();
    expect(observed.length).toBeGreaterThan(0);
  });
});
