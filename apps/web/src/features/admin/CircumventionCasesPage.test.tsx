import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CASE_MSG, type CircumventionCase } from '@pb/core';
import { answeredCase, FINDING } from '../../test/circumventionCases';
import { expectRefused, json, renderWithFeedback, stubFeedback, stubFetch } from '../../test/harness';
import { Component as CircumventionCasesPage } from './CircumventionCasesPage';

const HASH = 'a3f9c2d18e7b4f60a3f9c2d18e7b4f60a3f9c2d18e7b4f60a3f9c2d18e7b4f60';

const heard: CircumventionCase = {
  ...answeredCase,
  evidence: [{ kind: 'introduced', label: 'Vorgestellt', at: '2026-03-02T09:15:00.000Z', hash: HASH }],
};
const running: CircumventionCase = { ...heard, id: 8, state: 'anhoerung', answer: null, answeredAt: null };
const found: CircumventionCase = { ...heard, ...FINDING };

const fetchMock = stubFetch();
const decisions = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/decision'));

/** The open cases, and what the decision answers. */
function serve(decide: () => Promise<Response> = () => json({ data: found, meta: {} })) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/admin/circumvention-cases?state=offen') return json({ data: [heard, running], meta: {} });
    if (url === '/api/admin/circumvention-cases/7/decision' && init?.method === 'POST') return decide();
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

stubFeedback();

async function renderPage() {
  renderWithFeedback(<CircumventionCasesPage />, '/admin/circumvention-cases');
  await screen.findByTestId('case-7');
  return userEvent.setup();
}

async function chooseAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  const card = screen.getByTestId('case-7');
  await user.click(within(card).getByRole('radio', { name: 'Umgehung festgestellt' }));
  await user.type(within(card).getByLabelText(/^Begründung/), 'Eingestellt vier Wochen nach der Vorstellung.');
  await user.click(within(card).getByRole('button', { name: 'Entscheidung treffen' }));
  return screen.findByRole('dialog', { name: 'Umgehung feststellen' });
}

describe('Back office CircumventionCasesPage', () => {
  it('When a heard case is shown, then it names the parties, the letter, the evidence with its full hash and the answer, and only it can be decided', async () => {
    serve();
    await renderPage();
    const card = screen.getByTestId('case-7');
    expect(card.textContent).toContain('Muster Gastro GmbH');
    expect(card.textContent).toContain('Alpha Personal GmbH');
    expect(card.textContent).toContain('02.03.2026 (Vorstellung Nr. 12)');
    expect(card.textContent).toContain('bis 15.04.2026');
    expect(within(card).getByText('Zur Entscheidung')).toBeTruthy();
    expect(within(card).getByTestId('case-letter').textContent).toBe(heard.letter);
    const row = within(card).getByRole('row', { name: /Vorgestellt/ });
    // Vienna time (CET in March), the hash shortened on screen and whole for screen readers.
    expect(row.textContent).toContain('10:15, 02.03.2026');
    expect(within(row).getByTitle(HASH).textContent).toContain(HASH);
    expect(within(card).getByTestId('case-answer').textContent).toContain('Eingegangen am 14:30, 03.04.2026');
    const waiting = screen.getByTestId('case-8');
    expect(within(waiting).getByTestId('case-answer').textContent).toContain('Noch keine Stellungnahme.');
    expect(within(waiting).queryByRole('button', { name: 'Entscheidung treffen' })).toBeNull();
  });

  it('When the office decides without choosing or reasons, then both fields say what they need and nothing is sent', async () => {
    serve();
    const user = await renderPage();
    const card = screen.getByTestId('case-7');
    await user.click(within(card).getByRole('button', { name: 'Entscheidung treffen' }));
    expectRefused(within(card).getByRole('radio', { name: 'Umgehung festgestellt' }), CASE_MSG.decisionRequired);
    expectRefused(within(card).getByLabelText(/^Begründung/), CASE_MSG.reasonsRequired);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(decisions()).toHaveLength(0);
  });

  it('When the office finds circumvention, then it is told first what the penalty and the placement do, and afterwards shown the penalty invoice', async () => {
    serve();
    const user = await renderPage();
    const dialog = await chooseAndSubmit(user);
    const said = dialog.textContent?.replace(/\u00a0/g, ' ');
    expect(said).toContain('An Muster Gastro GmbH wird eine Rechnung über € 35.000,00');
    expect(said).toContain('geht an Alpha Personal GmbH');
    expect(decisions()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Umgehung feststellen' }));

    const done = await screen.findByTestId('case-decided');
    expect(JSON.parse(String(decisions()[0]![1]!.body))).toEqual({
      data: { decision: 'umgehung_festgestellt', reasons: 'Eingestellt vier Wochen nach der Vorstellung.' },
    });
    expect(done.textContent).toContain('Rechnung über Vertragsstrafe 2026-000031');
    expect(within(done).getByRole('button', { name: 'Rechnung 2026-000031 als PDF herunterladen' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Das Umgehungsverfahren Nr. 7 ist entschieden.')).toBeTruthy();
  });

  it('When the server refuses the decision, then its message stands in the dialog as it is', async () => {
    serve(() => json({ error: { message: CASE_MSG.hearingRunning('2026-04-15') } }, 409));
    const user = await renderPage();
    const dialog = await chooseAndSubmit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Umgehung feststellen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CASE_MSG.hearingRunning('2026-04-15'));
    expect(screen.queryByTestId('case-decided')).toBeNull();
  });
});
