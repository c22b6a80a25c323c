import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  CLAIM_STATE_LABELS,
  CONSENT_MSG,
  CONSENT_STATE_LABELS,
  REGISTER_EVENT_LABELS,
  type Introduction,
  type IntroductionDetail,
  type RoleType,
} from '@pb/core';
import type { Session } from '../../lib/session';
import { json, renderWithFeedback, stubFeedback, stubFetch } from '../../test/harness';
import { declined, detailOf, pendingForCompany, pendingForConsultant, released } from '../../test/introductions';
import { Component as IntroductionDetailPage } from './IntroductionDetailPage';

let role: RoleType = 'company';
vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: (): Session => ({
    token: 'token',
    userId: 1,
    username: role === 'company' ? 'Eva Berger' : 'Karl Huber',
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
afterEach(() => {
  role = 'company';
});

/** The introduction no. 12 as the server answers it (no interviews), and the agency's (unchecked) verification. */
function serve(introduction: Introduction, timeline: IntroductionDetail['timeline'] = []) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/introductions/12') return json(detailOf(introduction, timeline));
    if (url === '/api/introductions/12/interviews') return json({ data: [], meta: {} });
    if (url === '/api/organisations/3/verification') return json({ data: { verified: false, checks: [] } });
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
  return userEvent.setup();
}

describe('IntroductionDetailPage (company)', () => {
  it('When the candidate has not agreed yet, then the company sees the anonymised profile and the notice, but no name, contact or CV', async () => {
    serve(pendingForCompany);
    await renderPage();
    const profile = screen.getByRole('region', { name: 'Anonymisiertes Profil' });
    for (const text of [
      'Koch/Köchin',
      '7 Jahre',
      'Wien',
      'À-la-carte, HACCP',
      '€ 48.000,00 Jahresbrutto',
      '1 Monat',
      '01.05.2026',
      'Deutsch, Englisch',
    ]) {
      expect(within(profile).getByText(text)).toBeTruthy();
    }
    expect(within(profile).getByText('Verfügbar ab')).toBeTruthy();
    const notice = screen.getByTestId('consent-pending-notice');
    expect(notice.textContent).toContain('angefragt am 02.03.2026, Antwort bis 10:15, 09.03.2026');
    expect(notice.textContent).toContain('Name, Kontaktdaten und Lebenslauf erhalten Sie nach ihrer Zustimmung');
    expect(notice.textContent).toContain('Eine Absage beendet die Vorstellung endgültig');
    expect(screen.getByText('Anonymisiert: Koch/Köchin, 7 J.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Gruber');
    expect(document.body.textContent).not.toContain('anna.gruber@example.at');
    expect(screen.queryByRole('button', { name: /Lebenslauf/ })).toBeNull();
    // Only a look or a rejection; no 'Bereits bekannt' before the identity is known.
    const actions = screen.getByRole('region', { name: 'Reaktion' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['In Prüfung', 'Endgültig absagen']);
    expect(document.body.textContent).not.toContain('„Bereits bekannt“ möglich');
  });

  it('When the company rejects before the consent, then the dialog says the introduction ends and the data go', async () => {
    serve(pendingForCompany);
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Endgültig absagen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endgültig absagen' });
    expect(within(dialog).getByTestId('note-hint').textContent).toContain(
      'Die Absage beendet die Vorstellung endgültig, und die Daten der Person werden sofort gelöscht.',
    );
  });

  it('When the candidate agreed, then the name, contact, CV, the release date and the profile folded away show', async () => {
    serve(released, [
      { kind: 'consent_confirmed', at: '2026-03-03T10:00:00.000Z', status: null, note: null, hash: 'h2' },
      { kind: 'identity_released', at: '2026-03-03T10:00:00.000Z', status: null, note: null, hash: 'h3' },
    ]);
    await renderPage();
    expect(screen.getByText('Anna Gruber')).toBeTruthy();
    expect(screen.getByText('anna.gruber@example.at')).toBeTruthy();
    expect(screen.getByText('Identität freigegeben am 03.03.2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lebenslauf herunterladen (Lebenslauf.pdf)' })).toBeTruthy();
    expect(screen.getByText(/„Bereits bekannt“ möglich bis 05.03.2026/)).toBeTruthy();
    expect(screen.queryByTestId('consent-pending-notice')).toBeNull();
    expect(screen.getByText('Anonymisiertes Profil anzeigen').closest('details')?.open).toBe(false);
    const timeline = screen.getByRole('list', { name: 'Verlauf' });
    expect(within(timeline).getByText(REGISTER_EVENT_LABELS.consent_confirmed)).toBeTruthy();
    expect(within(timeline).getByText(REGISTER_EVENT_LABELS.identity_released)).toBeTruthy();
  });

  it('When the candidate declined, then the page says it ended without consent and no claim arises', async () => {
    serve(declined, [
      { kind: 'consent_declined', at: '2026-03-04T08:00:00.000Z', status: null, note: null, hash: 'h2' },
    ]);
    await renderPage();
    const notice = screen.getByTestId('consent-ended-notice');
    expect(notice.textContent).toContain(CONSENT_MSG.endedUnconfirmed);
    expect(notice.textContent).toContain(CLAIM_STATE_LABELS.no_consent);
    expect(notice.textContent).toContain(CONSENT_STATE_LABELS.declined);
    expect(screen.getByText('Keine weitere Reaktion möglich.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Anonymisiertes Profil' })).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Verlauf' })).getByText(REGISTER_EVENT_LABELS.consent_declined),
    ).toBeTruthy();
  });
});

describe('IntroductionDetailPage (consultant)', () => {
  it('When the link is open, then the consultant sees the state with its dates, the hint and what the company sees', async () => {
    role = 'consultant';
    serve(pendingForConsultant);
    await renderPage();
    const facts = screen.getByTestId('consent-facts');
    expect(facts.textContent).toContain(CONSENT_STATE_LABELS.pending);
    expect(facts.textContent).toContain('Angefragt am 02.03.2026');
    expect(facts.textContent).toContain('Erinnert am 04.03.2026');
    expect(facts.textContent).toContain('Antwort möglich bis 10:15, 09.03.2026');
    const hint = screen.getByTestId('consent-pending-hint');
    expect(hint.textContent).toContain('Er gilt 7 Tage; nach 2 Tagen erinnern wir einmal.');
    expect(screen.getByText('Anna Gruber')).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Anonymisiertes Profil' });
    expect(within(profile).getByText('Das sieht das Unternehmen bis zur Zustimmung.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reaktion' })).toBeNull();
  });

  it('When the candidate agreed and later withdrew, then both dates and the withdrawal show', async () => {
    role = 'consultant';
    serve({
      ...released,
      status: 'abgesagt',
      consent: { ...released.consent, state: 'withdrawn', withdrawnAt: '2026-03-06T12:00:00.000Z' },
      claim: 'lapsed',
    });
    await renderPage();
    const facts = screen.getByTestId('consent-facts');
    expect(facts.textContent).toContain(CONSENT_STATE_LABELS.withdrawn);
    expect(facts.textContent).toContain('Zugestimmt am 03.03.2026');
    expect(facts.textContent).toContain('Widerrufen am 06.03.2026');
    expect(screen.getByTestId('consent-withdrawn-notice').textContent).toContain('am 06.03.2026 widerrufen');
    expect(screen.queryByTestId('consent-ended-notice')).toBeNull();
  });

  it('When the link expired, then the consultant is told that the introduction ended without a claim', async () => {
    role = 'consultant';
    serve({ ...declined, consent: { ...declined.consent, state: 'expired', answeredAt: null } });
    await renderPage();
    expect(screen.getByTestId('consent-ended-notice').textContent).toContain(CONSENT_STATE_LABELS.expired);
    expect(screen.getByTestId('consent-facts').textContent).toContain('Angefragt am 02.03.2026');
    expect(screen.queryByTestId('consent-pending-hint')).toBeNull();
  });
});
