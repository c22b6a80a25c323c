import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CASE_MSG, type CircumventionCase, type MemberRole } from '@pb/core';
import type { Session } from '../../lib/session';
import {
  answeredCase as answered,
  CASE_ANSWER as ANSWER,
  FINDING,
  hearingCase as hearing,
} from '../../test/circumventionCases';
import { expectRefused, json, renderWithFeedback, stubFeedback, stubFetch } from '../../test/harness';
import { Component as CircumventionCasesPage } from './CircumventionCasesPage';

let role: MemberRole = 'administrator';
vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: (): Session => ({
    token: 'token',
    userId: 1,
    username: 'Eva Berger',
    email: 'eva@gastro.example.at',
    role: 'company',
    organisation: { memberId: 7, organisationId: 3, organisationName: 'Muster Gastro GmbH', kind: 'company', role },
  }),
}));

const decided: CircumventionCase = { ...answered, id: 5, ...FINDING };

const fetchMock = stubFetch();
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

/** The company's cases (after a statement: answered), and what the statement answers. */
function serve(cases: CircumventionCase[], answer: () => Promise<Response> = () => json({ data: answered, meta: {} })) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/circumvention-cases') {
      const now = puts().length > 0 ? cases.map((c) => (c.id === 7 ? answered : c)) : cases;
      return json({ data: now, meta: {} });
    }
    if (url === '/api/circumvention-cases/7/answer' && init?.method === 'PUT') return answer();
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

stubFeedback();
afterEach(() => {
  role = 'administrator';
});

function renderPage() {
  renderWithFeedback(<CircumventionCasesPage />, '/advertisements/circumvention-cases');
  return userEvent.setup();
}

async function writeAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Ihre Stellungnahme'), ANSWER);
  await user.click(screen.getByRole('button', { name: 'Stellungnahme senden' }));
  return screen.findByRole('dialog', { name: 'Stellungnahme senden' });
}

describe('CircumventionCasesPage (company)', () => {
  it('When the company has no case, then the page says so', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('Es gibt keine Umgehungsverfahren zu Ihrem Unternehmen.')).toBeTruthy();
  });

  it('When a member is no administrator, then the page says who answers and asks the server nothing', async () => {
    role = 'recruiting';
    serve([hearing]);
    renderPage();
    expect(screen.getByText(CASE_MSG.answerForbidden)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('When a hearing runs, then the letter, the deadline and the form show, and an empty statement is refused without asking', async () => {
    serve([hearing]);
    const user = renderPage();
    const card = await screen.findByTestId('case-7');
    expect(within(card).getByTestId('case-letter').textContent).toBe(hearing.letter);
    expect(card.textContent).toContain('bis 15.04.2026');
    expect(within(card).getByText('Anhörung läuft')).toBeTruthy();
    const field = within(card).getByLabelText('Ihre Stellungnahme');
    expect(field.getAttribute('aria-describedby')).toContain('pb-case-7-answer-help');
    expect(document.getElementById('pb-case-7-answer-help')?.textContent).toContain('nicht mehr ändern');
    await user.click(within(card).getByRole('button', { name: 'Stellungnahme senden' }));
    expectRefused(field, CASE_MSG.answerRequired);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it('When the company sends its statement, then it is asked first, and afterwards sees it sent and the form gone', async () => {
    serve([hearing]);
    const user = renderPage();
    const dialog = await writeAndSend(user);
    expect(dialog.textContent).toContain('nicht mehr ändern oder ergänzen');
    expect(puts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stellungnahme senden' }));

    expect(await screen.findByText('Ihre Stellungnahme wurde gesendet.')).toBeTruthy();
    expect(JSON.parse(String(puts()[0]![1]!.body))).toEqual({ data: { answer: ANSWER } });
    const card = screen.getByTestId('case-7');
    await waitFor(() => expect(within(card).getByTestId('case-answer').textContent).toContain(ANSWER));
    expect(within(card).queryByLabelText('Ihre Stellungnahme')).toBeNull();
    expect(card.textContent).toContain('Das Backoffice entscheidet nun');
  });

  it('When the deadline has passed, then the server’s refusal stands in the dialog as it is', async () => {
    serve([hearing], () => json({ error: { message: CASE_MSG.deadlinePassed('2026-04-15') } }, 409));
    const user = renderPage();
    const dialog = await writeAndSend(user);
    await user.click(within(dialog).getByRole('button', { name: 'Stellungnahme senden' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CASE_MSG.deadlinePassed('2026-04-15'));
  });

  it('When a case is decided, then the decision, its reasons and the penalty invoice show', async () => {
    serve([decided]);
    renderPage();
    const decision = await screen.findByTestId('case-decision');
    expect(decision.textContent).toContain('Umgehung festgestellt am 05.04.2026');
    expect(decision.textContent).toContain('Eingestellt vier Wochen nach der Vorstellung.');
    expect(decision.textContent?.replace(/\u00a0/g, ' ')).toContain(
      'Rechnung über Vertragsstrafe 2026-000031: € 35.000,00',
    );
    expect(within(decision).getByRole('button', { name: 'Rechnung 2026-000031 als PDF herunterladen' })).toBeTruthy();
    expect(screen.getByTestId('case-5').textContent).toContain(ANSWER);
  });
});
