import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  FEEDBACK_OUTCOME_LABELS,
  INTERVIEW_STATE_LABELS,
  REJECTION_REASON_LABELS,
  STORAGE_KEYS,
  type RoleType,
} from '@pb/core';
import { json, stubFeedback, stubFetch } from '../../../test/harness';
import { openIntroduction, serveInterviews, sessionOf, writesOf } from '../../../test/interviewPage';
import {
  cancelled,
  NOW,
  overdueForAgency,
  overdueForCompany,
  proposed,
  proposedForAgency,
  rejected,
  scheduledForCompany,
} from '../../../test/interviews';
import { pendingForCompany, released } from '../../../test/introductions';
import { introductionKeys } from '../../../components/introductions/api';
import { interviewKeys } from '../api/interviews';

let role: RoleType = 'company';
vi.mock('../../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/session')>()),
  useSession: () => sessionOf(role),
}));

const fetchMock = stubFetch();
stubFeedback();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  role = 'company';
});

const section = () => screen.findByRole('region', { name: 'Interviews' });
const card = (id: number) => screen.getByTestId(`interview-${id}`);
const buttonsOf = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('Interviews (company)', () => {
  it('When an introduction changes (live or by a write), then its interviews are asked for anew: their key lies under the introductions’', () => {
    expect(interviewKeys.list(12).slice(0, introductionKeys.all.length)).toEqual([...introductionKeys.all]);
  });

  it('When the candidate has not agreed yet, then there is no interview section and no request for it', async () => {
    serveInterviews(fetchMock, pendingForCompany, []);
    await openIntroduction();
    expect(screen.queryByRole('region', { name: 'Interviews' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/introductions/12/interviews');
  });

  it('When there is no interview yet, then the company may propose one', async () => {
    serveInterviews(fetchMock, released, []);
    await openIntroduction();
    const interviews = await section();
    await within(interviews).findByText(/Noch kein Interview/);
    expect(within(interviews).getByRole('button', { name: 'Interview vorschlagen' })).toBeTruthy();
  });

  it('When the introduction is finally rejected, then no interview can be proposed', async () => {
    serveInterviews(fetchMock, { ...released, status: 'abgesagt' }, [cancelled]);
    await openIntroduction();
    const interviews = await section();
    await within(interviews).findByText(/Die Kandidatin ist krank/);
    expect(within(interviews).queryByRole('button', { name: 'Interview vorschlagen' })).toBeNull();
  });

  it('When times are proposed, then the company sees them, the place and the note, and may only cancel (no new proposal, no choice)', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview' }, [
      { ...proposed, actions: { ...proposed.actions, cancel: true } },
    ]);
    await openIntroduction();
    const interviews = await section();
    await within(interviews).findByTestId('interview-40');
    const one = card(40);
    expect(within(one).getByRole('heading', { name: 'Terminvorschläge vom 06.03.2026' })).toBeTruthy();
    expect(one.textContent).toContain(INTERVIEW_STATE_LABELS.proposed);
    const slots = within(within(one).getByRole('list', { name: 'Vorgeschlagene Termine' })).getAllByRole('listitem');
    expect(slots.map((li) => li.textContent)).toEqual([
      'Mo., 09.03.2026, 10:00–11:00 Uhr (vorbei)',
      'Do., 12.03.2026, 10:00–11:00 Uhr',
      'Fr., 13.03.2026, 14:00–15:00 Uhr',
    ]);
    for (const text of [
      'Vor Ort',
      'Mariahilfer Straße 1, 1060 Wien',
      '60 Minuten',
      'Bitte beim Empfang nach Frau Berger fragen.',
    ]) {
      expect(one.textContent).toContain(text);
    }
    expect(buttonsOf(one)).toEqual(['Absagen']);
    expect(within(interviews).queryByRole('button', { name: 'Interview vorschlagen' })).toBeNull();
  });

  it('When the candidate chose a time, then the company sees who chose it, the link, the due day and may change the place, download the calendar file or cancel', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview' }, [scheduledForCompany]);
    await openIntroduction();
    await section();
    const one = await screen.findByTestId('interview-41');
    expect(within(one).getByRole('heading', { name: 'Interview am Do., 12.03.2026, 10:00–11:00 Uhr' })).toBeTruthy();
    expect(one.textContent).toContain('von Kandidat/in am 16:30, 07.03.2026');
    expect(one.textContent).toContain('Rückmeldung fällig bis 16.03.2026');
    expect(within(one).getByRole('link', { name: 'https://meet.example.at/kueche' }).getAttribute('href')).toBe(
      'https://meet.example.at/kueche',
    );
    expect(screen.queryByTestId('feedback-overdue')).toBeNull();
    expect(buttonsOf(one)).toEqual(['In Kalender eintragen (.ics)', 'Ort ändern', 'Absagen']);
  });

  it('When the calendar file is asked for, then it is fetched with the login token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    const createObjectURL = vi.fn(() => 'blob:x');
    // happy-dom has no object URLs; a subclass in place of the global (restored after the test).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    serveInterviews(fetchMock, { ...released, status: 'interview' }, [scheduledForCompany], {
      'GET /api/interviews/41/calendar.ics': [() => Promise.resolve(new Response('BEGIN:VCALENDAR', { status: 200 }))],
    });
    const user = await openIntroduction();
    const one = await screen.findByTestId('interview-41');
    await user.click(within(one).getByRole('button', { name: 'In Kalender eintragen (.ics)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/interviews/41/calendar.ics');
    expect(call?.[1]?.headers).toEqual({ authorization: 'Bearer token' });
    localStorage.removeItem(STORAGE_KEYS.token);
  });

  it('When the feedback is overdue, then a badge says so and the company may give it', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview' }, [overdueForCompany, cancelled]);
    await openIntroduction();
    await section();
    const one = await screen.findByTestId('interview-42');
    expect(within(one).getByTestId('feedback-overdue').textContent).toBe('Rückmeldung überfällig');
    expect(one.textContent).toContain('Rückmeldung fällig bis 09.03.2026');
    expect(one.textContent).toContain('von Personalberater/in am 09:00, 03.03.2026');
    // Held already: no calendar entry to add any more.
    expect(buttonsOf(one)).toEqual(['Rückmeldung geben']);
    const off = card(38);
    expect(off.textContent).toContain(INTERVIEW_STATE_LABELS.cancelled);
    expect(off.textContent).toContain('12:00, 04.03.2026: Die Kandidatin ist krank.');
    expect(buttonsOf(off)).toEqual([]);
  });

  it('When the feedback was a rejection, then its outcome, reason and note show', async () => {
    serveInterviews(fetchMock, { ...released, status: 'abgesagt', rejectionReason: 'gehalt' }, [rejected]);
    await openIntroduction();
    await section();
    const answer = await screen.findByTestId('interview-feedback');
    expect(answer.textContent).toBe(
      `${FEEDBACK_OUTCOME_LABELS.abgesagt} – ${REJECTION_REASON_LABELS.gehalt} (am 06.03.2026): Die Vorstellung liegt deutlich über unserem Rahmen.`,
    );
    expect(screen.queryByTestId('feedback-overdue')).toBeNull();
  });
});

describe('Interviews (agency)', () => {
  beforeEach(() => {
    role = 'consultant';
  });

  it('When times are proposed, then each time still ahead can be chosen (asked first) and everyone gets the invitation', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview', nextStatuses: [] }, [proposedForAgency], {
      'POST /api/interviews/40/choice': [() => json({ data: scheduledForCompany, meta: {} })],
    });
    const user = await openIntroduction();
    await section();
    const one = await screen.findByTestId('interview-40');
    const choices = within(one).getAllByRole('button', { name: /^Diesen Termin wählen/ });
    expect(choices.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Diesen Termin wählen: Do., 12.03.2026, 10:00–11:00 Uhr',
      'Diesen Termin wählen: Fr., 13.03.2026, 14:00–15:00 Uhr',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Interviews' })).queryByRole('button', {
        name: 'Interview vorschlagen',
      }),
    ).toBeNull();

    await user.click(choices[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Termin wählen?' });
    expect(dialog.textContent).toContain('Fr., 13.03.2026, 14:00–15:00 Uhr');
    expect(dialog.textContent).toContain('erhalten eine Kalendereinladung per E-Mail');
    expect(writesOf(fetchMock)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Termin wählen' }));

    await screen.findByText(/ist vereinbart; alle Beteiligten erhalten eine Kalendereinladung/);
    expect(writesOf(fetchMock)).toEqual([{ request: 'POST /api/interviews/40/choice', body: { data: { slot: 402 } } }]);
  });

  it('When the consultant lets the candidate choose, then the page asks first, names the address and sends the link', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview', nextStatuses: [] }, [proposedForAgency], {
      'POST /api/interviews/40/candidate-link': [
        () => json({ data: { ...proposedForAgency, candidateLinkSentAt: NOW.toISOString() }, meta: {} }),
      ],
    });
    const user = await openIntroduction();
    const one = await screen.findByTestId('interview-40');
    expect(buttonsOf(one)).toEqual([
      'Diesen Termin wählen',
      'Diesen Termin wählen',
      'Link an Kandidat/in senden',
      'Absagen',
    ]);
    await user.click(within(one).getByRole('button', { name: 'Link an Kandidat/in senden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link an Kandidat/in senden?' });
    expect(dialog.textContent).toContain('anna.gruber@example.at');
    await user.click(within(dialog).getByRole('button', { name: 'Link senden' }));
    await screen.findByText('Der Link zur Terminwahl ist an die Kandidatin bzw. den Kandidaten gesendet.');
    expect(writesOf(fetchMock)).toEqual([{ request: 'POST /api/interviews/40/candidate-link', body: undefined }]);
  });

  it('When the link was sent, then the page says when', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview', nextStatuses: [] }, [
      { ...proposedForAgency, candidateLinkSentAt: '2026-03-06T12:00:00.000Z' },
    ]);
    await openIntroduction();
    expect((await screen.findByTestId('interview-40')).textContent).toContain('Link gesendet am 13:00, 06.03.2026');
  });

  it('When the candidate has no e-mail address, then no link can be sent and the page says why', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview', nextStatuses: [] }, [
      { ...proposedForAgency, actions: { ...proposedForAgency.actions, sendCandidateLink: false } },
    ]);
    await openIntroduction();
    const one = await screen.findByTestId('interview-40');
    expect(within(one).queryByRole('button', { name: 'Link an Kandidat/in senden' })).toBeNull();
    expect(one.textContent).toContain('keine E-Mail-Adresse hinterlegt');
  });

  it('When the company’s feedback is overdue, then the agency sees the badge too, without the company’s buttons', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview', nextStatuses: [] }, [overdueForAgency]);
    await openIntroduction();
    const one = await screen.findByTestId('interview-42');
    expect(within(one).getByTestId('feedback-overdue')).toBeTruthy();
    expect(buttonsOf(one)).toEqual([]);
  });

  it('When the consultant cancels, then a reason is required and sent', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview', nextStatuses: [] }, [proposedForAgency], {
      'POST /api/interviews/40/cancellation': [() => json({ data: cancelled, meta: {} })],
    });
    const user = await openIntroduction();
    const one = await screen.findByTestId('interview-40');
    await user.click(within(one).getByRole('button', { name: 'Absagen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Interview absagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Interview absagen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Bitte geben Sie an, warum das Interview abgesagt wird.',
    );
    expect(writesOf(fetchMock)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Warum wird das Interview abgesagt?'), 'Die Kandidatin ist krank.');
    await user.click(within(dialog).getByRole('button', { name: 'Interview absagen' }));
    await screen.findByText('Das Interview ist abgesagt; alle Beteiligten werden informiert.');
    expect(writesOf(fetchMock)).toEqual([
      { request: 'POST /api/interviews/40/cancellation', body: { data: { reason: 'Die Kandidatin ist krank.' } } },
    ]);
  });
});
