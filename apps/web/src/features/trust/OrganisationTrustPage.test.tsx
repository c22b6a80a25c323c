import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { TRUST_MSG, type OrganisationTrust } from '@pb/core';
import { json, renderWithProviders, stubFetch } from '../../test/harness';
import { agencyTrust, COMPANY_TOO_LITTLE, companyTrust } from '../../test/trust';
import { Component as OrganisationTrustPage } from './OrganisationTrustPage';

const fetchMock = stubFetch();

function serve(id: number, answer: OrganisationTrust | null) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === `/api/organisations/${id}/trust`) {
      return answer ? json({ data: answer }) : json({ error: { status: 404, message: TRUST_MSG.notFound } }, 404);
    }
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

function renderPage(id: number) {
  renderWithProviders(
    <Routes>
      <Route path="/advertisements/organisations/:id" element={<OrganisationTrustPage />} />
    </Routes>,
    `/advertisements/organisations/${id}`,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('OrganisationTrustPage', () => {
  it('When a company has figures and ratings, then its name, description, figures with chart, averages and comments show', async () => {
    serve(2, companyTrust);
    renderPage(2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Muster Gastro GmbH' })).toBeTruthy();
    expect(screen.getByText('Gastronomie in Graz.')).toBeTruthy();
    const figures = section('Kennzahlen');
    expect(within(figures).getByText(/^Das Unternehmen antwortet meist innerhalb von 1 Arbeitstag/)).toBeTruthy();
    expect(await within(figures).findByRole('img', { name: 'Antwortverhalten des Unternehmens' })).toBeTruthy();
    const ratings = section('Bewertungen');
    expect(within(ratings).getByText('Qualität der Rückmeldungen')).toBeTruthy();
    expect(within(ratings).getByRole('heading', { name: 'Kommentare' })).toBeTruthy();
    expect(within(ratings).getByText('Antwort der Organisation')).toBeTruthy();
    expect(document.title).toBe('Muster Gastro GmbH – Prämienbörse');
  });

  it('When a company has too little data, then the figures say how many introductions there are', async () => {
    serve(2, { ...companyTrust, company: COMPANY_TOO_LITTLE });
    renderPage(2);
    const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
    expect(
      within(figures).getByText('Noch zu wenige Daten: 3 von mindestens 5 Vorstellungen in den letzten 12 Monaten.'),
    );
    expect(within(figures).queryByTestId('trust-chart')).toBeNull();
  });

  it('When an agency does not publish its track record, then the page says so; its services and the hidden ratings show', async () => {
    serve(3, agencyTrust(false));
    renderPage(3);
    const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
    expect(within(figures).getByText(TRUST_MSG.notPublic)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Leistungen' })).toBeTruthy();
    expect(screen.getByText('Hotellerie')).toBeTruthy();
    const ratings = section('Bewertungen');
    expect(within(ratings).getByText('Bewertungen werden ab 3 angezeigt.')).toBeTruthy();
    expect(within(ratings).queryByRole('heading', { name: 'Kommentare' })).toBeNull();
  });

  it('When an agency publishes its track record, then the funnel shows', async () => {
    serve(3, agencyTrust(true));
    renderPage(3);
    const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
    expect(
      within(figures).getByText('In den letzten 12 Monaten: 20 Vorstellungen, 9 davon mit Interview, 4 Einstellungen.'),
    ).toBeTruthy();
    expect(
      await within(figures).findByRole('img', {
        name: 'Vorstellungen, Interviews und Einstellungen der letzten 12 Monate',
      }),
    ).toBeTruthy();
    expect(within(figures).queryByText(/Nur Ihre Organisation/)).toBeNull();
  });

  it('When a member looks at their agency’s page whose figures are not public, then they see them with a note', async () => {
    serve(3, { ...agencyTrust(true), trackRecordPublic: false });
    renderPage(3);
    const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
    expect(within(figures).getByText(/Nur Ihre Organisation sieht diese Kennzahlen/)).toBeTruthy();
  });

  it('When there is no such organisation, then the page says so', async () => {
    serve(99, null);
    renderPage(99);
    expect(await screen.findByText(TRUST_MSG.notFound)).toBeTruthy();
  });
});
