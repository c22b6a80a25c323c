import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Introduction, RoleType } from '@pb/core';
import type { Session } from '../../lib/session';
import { json, renderWithFeedback, stubFeedback, stubFetch } from '../../test/harness';
import { declined, pendingForCompany, pendingForConsultant, released } from '../../test/introductions';
import { Component as IntroductionsPage } from './IntroductionsPage';

let role: RoleType = 'company';
vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: (): Session => ({
    token: 'token',
    userId: 1,
    username: 'Eva Berger',
    email: 'user@example.at',
    role,
    organisation: null,
  }),
}));

const fetchMock = stubFetch();
stubFeedback();
afterEach(() => {
  role = 'company';
});

/** The caller's introductions, whatever the filter. */
function serve(introductions: Introduction[]) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/introductions?'))
      return json({
        data: introductions,
        meta: { pagination: { start: 0, limit: 100, total: introductions.length }, unseen: 0 },
      });
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

const pending: Introduction = { ...pendingForCompany, id: 13 };
const ended: Introduction = { ...declined, id: 14 };

describe('IntroductionsPage', () => {
  it('When the company awaits a consent, then the list shows the anonymised profile instead of the name, with its badge', async () => {
    serve([pending, released, ended]);
    renderWithFeedback(<IntroductionsPage />, '/advertisements/introductions');
    const waiting = await screen.findByTestId('introduction-13');
    expect(within(waiting).getByText('Anonymisiert: Koch/Köchin, 7 J.')).toBeTruthy();
    expect(within(waiting).getByText('Wartet auf Zustimmung')).toBeTruthy();
    expect(within(waiting).getByRole('link').getAttribute('aria-label')).toBe(
      'Vorstellung Nr. 13: Anonymisiert: Koch/Köchin, 7 J., Küchenchef/in',
    );
    const known = screen.getByTestId('introduction-12');
    expect(within(known).getByText('Anna Gruber')).toBeTruthy();
    expect(within(known).queryByTestId('consent-badge-12')).toBeNull();
    const gone = screen.getByTestId('introduction-14');
    expect(within(gone).getByText('Personenbezogene Daten gelöscht')).toBeTruthy();
    expect(within(gone).getByText('Zustimmung abgelehnt')).toBeTruthy();
    expect(within(gone).getByText('Kein Anspruch (keine Zustimmung der Kandidatin bzw. des Kandidaten)')).toBeTruthy();
  });

  it('When the company looks at the columns, then a card awaiting the consent is anonymised and offers only a look or a rejection', async () => {
    serve([pending, released]);
    renderWithFeedback(<IntroductionsPage />, '/advertisements/introductions?ansicht=spalten');
    const card = await screen.findByTestId('pipeline-card-13');
    expect(within(card).getByRole('link', { name: 'Anonymisiert: Koch/Köchin, 7 J.' })).toBeTruthy();
    expect(within(card).getByText('Wartet auf Zustimmung')).toBeTruthy();
    expect(card.textContent).not.toContain('Gruber');
    expect(
      within(card).getByRole('button', { name: 'Status von „Koch/Köchin, 7 J.“ (anonymisiert) ändern' }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('pipeline-card-12')).getByRole('link', { name: 'Anna Gruber' })).toBeTruthy();
  });

  it('When the consultant awaits a consent, then the list names the candidate and shows the badge', async () => {
    role = 'consultant';
    serve([{ ...pendingForConsultant, id: 13 }]);
    renderWithFeedback(<IntroductionsPage />, '/advertisements/introductions');
    const row = await screen.findByTestId('introduction-13');
    expect(within(row).getByText('Anna Gruber')).toBeTruthy();
    expect(within(row).getByText('Wartet auf Zustimmung')).toBeTruthy();
  });
});
