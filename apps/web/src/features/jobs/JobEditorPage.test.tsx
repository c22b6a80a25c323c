import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_FIELD_MSG, MSG, SALARY_FACTS_MSG } from '@pb/core';
import type { Session } from '../../lib/session';
import { description, expectRefused, renderWithProviders, stubFetch } from '../../test/harness';
import { Component as JobEditorPage } from './JobEditorPage';

const company: Session = {
  token: 'token',
  userId: 1,
  username: 'Muster Bau GmbH',
  email: 'office@muster.at',
  role: 'company',
  organisation: null,
};
vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: () => company,
}));

// The districts load; any other request (a publish) would be a failure of the check.
const fetchMock = stubFetch();
beforeEach(() => {
  fetchMock.mockImplementation((input) =>
    String(input).startsWith('/api/districts')
      ? Promise.resolve(new Response(JSON.stringify({ data: [{ id: 601, name: 'Graz', state: 'Steiermark' }] })))
      : Promise.reject(new Error(`no request expected: ${String(input)}`)),
  );
});

async function renderEditor() {
  renderWithProviders(<JobEditorPage />, '/advertisements/create/save');
  await screen.findByRole('option', { name: 'Graz' });
  return userEvent.setup();
}

const LIST_LABELS = {
  assignment: 'Aufgabenbeschreibung',
  requirements: 'Qualifikationen/Erfahrung',
  benefits: 'Benefits',
  jobInfo: 'Zusätzliche Informationen zur Position',
} as const;

const publish = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Inserat veröffentlichen' }));

describe('JobEditorPage: each field says what it needs', () => {
  it('When the new advertisement is published empty, then every required field has its message at once, the summary is the spec’s and focus is on the job title', async () => {
    const user = await renderEditor();
    const title = screen.getByLabelText('Jobtitel');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    await publish(user);

    expect(screen.getByTestId('editor-error').textContent).toBe(MSG.fillAllFields);
    expectRefused(title, JOB_FIELD_MSG.jobTitle);
    // The title's hint stays described after the message.
    expect(description(title)).toContain('Der Zusatz (m/w/d) wird automatisch angehängt.');
    expectRefused(screen.getByLabelText('Arbeitszeit'), JOB_FIELD_MSG.workingTime);
    expectRefused(screen.getByLabelText('Bruttojahresgehalt in EUR'), JOB_FIELD_MSG.salary);
    for (const label of ['Straße und Hausnummer', 'PLZ', 'Ort']) {
      expectRefused(screen.getByLabelText(label), JOB_FIELD_MSG.location);
    }
    expectRefused(screen.getByLabelText('Bezirk'), JOB_FIELD_MSG.district);
    for (const [key, label] of Object.entries(LIST_LABELS)) {
      expectRefused(screen.getByLabelText(`${label}: neuer Eintrag`), JOB_FIELD_MSG[key as keyof typeof LIST_LABELS]);
    }
    // The default bonus (0 %) is fine and not marked.
    expect(screen.getByLabelText('Prämie in % des Bruttojahresgehalts').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(fetchMock.mock.calls.every(([input]) => String(input).startsWith('/api/districts'))).toBe(true);

    // A corrected field loses its message at once; the list's goes when it has an entry.
    await user.type(title, 'Polier');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText('Benefits: neuer Eintrag'), 'Firmenwagen{Enter}');
    expect(screen.getByLabelText('Benefits: neuer Eintrag').getAttribute('aria-invalid')).toBeNull();
    expectRefused(screen.getByLabelText('Arbeitszeit'), JOB_FIELD_MSG.workingTime);
  });

  it('When only the KV minimum and the bonus are wrong, then both fields say so, the summary is the schema’s first message and focus is on the KV minimum', async () => {
    const user = await renderEditor();
    await user.type(screen.getByLabelText('Jobtitel'), 'Polier');
    await user.selectOptions(screen.getByLabelText('Arbeitszeit'), 'Vollzeit');
    await user.type(screen.getByLabelText('Bruttojahresgehalt in EUR'), '52.000');
    await user.type(screen.getByLabelText('Ort'), 'Graz');
    await user.selectOptions(screen.getByLabelText('Bezirk'), 'Graz');
    for (const label of Object.values(LIST_LABELS)) {
      await user.type(screen.getByLabelText(`${label}: neuer Eintrag`), 'Eintrag{Enter}');
    }
    const kvMinimum = screen.getByLabelText('KV-Mindestgehalt (€ brutto/Monat)');
    await user.type(kvMinimum, 'viel');
    const bonus = screen.getByLabelText('Prämie in % des Bruttojahresgehalts');
    await user.clear(bonus);
    await user.type(bonus, '150');
    await publish(user);

    expect(screen.getByTestId('editor-error').textContent).toBe(SALARY_FACTS_MSG.kvMinimumInvalid);
    expectRefused(kvMinimum, SALARY_FACTS_MSG.kvMinimumInvalid);
    expectRefused(bonus, MSG.bonusOutOfRange);
    expect(screen.getByLabelText('Jobtitel').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(kvMinimum));
  });
});
