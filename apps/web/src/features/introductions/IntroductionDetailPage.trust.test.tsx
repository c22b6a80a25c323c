import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { TRUST_MSG, type OrganisationTrust, type RoleType } from '@pb/core';
import type { Session } from '../../lib/session';
import { json, renderWithFeedback, stubFeedback, stubFetch } from '../../test/harness';
import { detailOf, released } from '../../test/introductions';
import { AGENCY_TOO_LITTLE, agencyTrust } from '../../test/trust';
import { Component as IntroductionDetailPage } from './IntroductionDetailPage';

let role: RoleType = 'company';
vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: (): Session => ({
    token: 'token',
    userId: 1,
    username: 'Eva Berger',
    email: 'user@example.at',
    role,
    organisation:
      role === 'company'
        ? {
            memberId: 7,
            organisationId: 2,
            organisationName: 'Muster Gastro GmbH',
            kind: 'company',
            role: 'administrator',
          }
        : {
            memberId: 8,
            organisationId: 3,
            organisationName: 'Alpha Personal GmbH',
            kind: 'agency',
            role: 'administrator',
          },
  }),
}));

const fetchMock = stubFetch();
stubFeedback();

/** Introduction no. 12 (released) and the introducing agency's page. */
function serve(trust: OrganisationTrust) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/introductions/12') return json(detailOf(released));
    if (url === '/api/introductions/12/interviews') return json({ data: [], meta: {} });
    if (url === '/api/organisations/3/verification') return json({ data: { verified: false, checks: [] } });
    if (url === '/api/organisations/3/trust') return json({ data: trust });
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

async function renderPage() {
  renderWithFeedback(
    <Routes>
      <Route path="/advertisements/introductions/:id" element={<IntroductionDetailPage />} />
    </Routes>,
    '/advertisements/introductions/12',
  );
  await screen.findByRole('heading', { name: 'Vorstellung Nr. 12' });
}

const agencyCard = () => screen.getByRole('region', { name: 'Personalvermittlung' });

describe('IntroductionDetailPage: the introducing agency’s track record (issue 36)', () => {
  it('When the agency publishes it, then the company sees the agency’s name linked to its page and its track record in one line', async () => {
    role = 'company';
    serve(agencyTrust(true));
    await renderPage();
    const card = agencyCard();
    expect(within(card).getByRole('link', { name: 'Alpha Personal GmbH' }).getAttribute('href')).toBe(
      '/advertisements/organisations/3',
    );
    expect(
      await within(card).findByText(
        'In den letzten 12 Monaten: 20 Vorstellungen, 9 davon mit Interview, 4 Einstellungen.',
      ),
    ).toBeTruthy();
  });

  it('When the agency does not publish it, then the company is told so', async () => {
    role = 'company';
    serve(agencyTrust(false));
    await renderPage();
    expect(await within(agencyCard()).findByText(TRUST_MSG.notPublic)).toBeTruthy();
  });

  it('When the agency has too little data, then the line says how many introductions there are', async () => {
    role = 'company';
    serve({ ...agencyTrust(true), agency: AGENCY_TOO_LITTLE });
    await renderPage();
    expect(
      await within(agencyCard()).findByText(
        'Noch zu wenige Daten: 2 von mindestens 5 Vorstellungen in den letzten 12 Monaten.',
      ),
    ).toBeTruthy();
  });

  it('When the consultant looks at it, then there is no such card (and no request for it)', async () => {
    role = 'consultant';
    serve(agencyTrust(true));
    await renderPage();
    expect(screen.queryByRole('region', { name: 'Personalvermittlung' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/trust'))).toBe(false);
  });
});
