import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { PROFILE_FIELD_LABELS, REQUIRABLE_PROFILE_FIELDS, type Job } from '@pb/core';
import type { Session } from '../../lib/session';
import { json, renderWithProviders, stubFetch } from '../../test/harness';
import { Component as JobEditorPage } from './JobEditorPage';

vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: (): Session => ({
    token: 'token',
    userId: 1,
    username: 'Eva Berger',
    email: 'eva@muster.at',
    role: 'company',
    organisation: {
      memberId: 7,
      organisationId: 2,
      organisationName: 'Muster Gastro GmbH',
      kind: 'company',
      role: 'administrator',
    },
  }),
}));

const JOB: Job = {
  id: 5,
  jobTitle: 'Küchenchef/in',
  workingTime: 'Vollzeit',
  assignment: ['Leitung der Küche'],
  requirements: ['Abgeschlossene Lehre'],
  benefits: ['Gleitzeit'],
  jobInfo: ['Start ab sofort'],
  location: { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz' },
  salary: '52.000',
  district: { id: 601, name: 'Graz' },
  users_permissions_user: { id: 1, username: 'Eva Berger', email: 'eva@muster.at', description: null },
  organisation: { id: 2, name: 'Muster Gastro GmbH' },
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  publishedAt: '2026-03-01T09:00:00.000Z',
  placementBonus: 18,
  currentPlacementBonus: 18,
  salaryFacts: { kvMinimumCents: null, overpayment: null, yearlyPayments: 14 },
  requiredProfileFields: ['noticePeriod'],
  companyResponseMinutes: null,
};

const fetchMock = stubFetch();

/** The editor's reads; a save (POST or PUT /api/jobs…) answers with the advertisement. */
function serve() {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url.startsWith('/api/districts')) return json({ data: [{ id: 601, name: 'Graz', state: 'Steiermark' }] });
    if (url === '/api/jobs/5' && (init?.method ?? 'GET') === 'GET') return json({ data: JOB, meta: {} });
    if (url === '/api/jobs' || url === '/api/jobs/5') return json({ data: JOB, meta: {} });
    if (url === '/api/jobs/5/attachments' || url.startsWith('/api/placement-bonuses')) return json({ data: [] });
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

/** The body of the save request (POST or PUT to /api/jobs…). */
function savedData(): Record<string, unknown> {
  const save = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST' || init?.method === 'PUT');
  return (JSON.parse(save![1]!.body as string) as { data: Record<string, unknown> }).data;
}

const fieldset = () => screen.getByRole('group', { name: 'Pflichtangaben im anonymisierten Profil' });

describe('JobEditorPage: the anonymised profile’s required fields', () => {
  it('When a new advertisement is published with two of them ticked, then the request carries them in the contract’s order', async () => {
    serve();
    renderWithProviders(<JobEditorPage />, '/advertisements/create/save');
    await screen.findByRole('option', { name: 'Graz' });
    const user = userEvent.setup();
    const boxes = within(fieldset()).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('.form-check')?.textContent)).toEqual(
      REQUIRABLE_PROFILE_FIELDS.map((f) => PROFILE_FIELD_LABELS[f]),
    );
    expect(boxes.every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    expect(fieldset().textContent).toContain(
      'Personalberater/innen müssen diese Angaben machen, bevor die Kandidatin bzw. der Kandidat zugestimmt hat.',
    );

    await user.click(within(fieldset()).getByLabelText('Sprachen'));
    await user.click(within(fieldset()).getByLabelText('Gehaltsvorstellung'));
    await user.type(screen.getByLabelText('Jobtitel'), 'Polier');
    await user.selectOptions(screen.getByLabelText('Arbeitszeit'), 'Vollzeit');
    await user.type(screen.getByLabelText('Bruttojahresgehalt in EUR'), '52.000');
    await user.type(screen.getByLabelText('Ort'), 'Graz');
    await user.selectOptions(screen.getByLabelText('Bezirk'), 'Graz');
    for (const label of [
      'Aufgabenbeschreibung',
      'Qualifikationen/Erfahrung',
      'Benefits',
      'Zusätzliche Informationen zur Position',
    ]) {
      await user.type(screen.getByLabelText(`${label}: neuer Eintrag`), 'Eintrag{Enter}');
    }
    await user.click(screen.getByRole('button', { name: 'Inserat veröffentlichen' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(savedData().requiredProfileFields).toEqual(['salaryExpectation', 'languages']);
  });

  it('When an advertisement is edited, then its stored fields are ticked and the changed set is saved', async () => {
    serve();
    renderWithProviders(
      <Routes>
        <Route path="/advertisements/create/update/:id" element={<JobEditorPage />} />
      </Routes>,
      '/advertisements/create/update/5',
    );
    await screen.findByDisplayValue('Küchenchef/in');
    const user = userEvent.setup();
    const box = (field: (typeof REQUIRABLE_PROFILE_FIELDS)[number]) =>
      within(fieldset()).getByLabelText(PROFILE_FIELD_LABELS[field]) as HTMLInputElement;
    expect(REQUIRABLE_PROFILE_FIELDS.filter((f) => box(f).checked)).toEqual(['noticePeriod']);

    await user.click(box('noticePeriod'));
    await user.click(box('availableFrom'));
    await user.click(screen.getByRole('button', { name: 'Anpassungen speichern' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(savedData().requiredProfileFields).toEqual(['availableFrom']);
  });
});
