import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  checkInterviewSlots,
  INTERVIEW_MSG,
  INTRODUCTION_MSG,
  REJECTION_REASON_LABELS,
  type Interview,
  type RoleType,
} from '@pb/core';
import { expectRefused, json, stubFeedback, stubFetch } from '../../../test/harness';
import { openIntroduction, serveInterviews, sessionOf, writesOf, type Answer } from '../../../test/interviewPage';
import { NOW, overdueForCompany, proposed, scheduledForCompany } from '../../../test/interviews';
import { released } from '../../../test/introductions';

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

const answered =
  (interview: Interview): Answer =>
  () =>
    json({ data: interview, meta: {} }, 201);

async function openProposal(writes: Record<string, Answer[]> = {}) {
  serveInterviews(fetchMock, released, [], writes);
  const user = await openIntroduction();
  await user.click(await screen.findByRole('button', { name: 'Interview vorschlagen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Interview vorschlagen' });
  return { user, dialog };
}

/** Date and time of row `index` (the browser's own pickers; a change event as they send it). */
function setSlot(dialog: HTMLElement, index: number, date: string, time: string) {
  const row = within(dialog).getByTestId(`slot-${index}`);
  fireEvent.change(within(row).getByLabelText('Datum'), { target: { value: date } });
  fireEvent.change(within(row).getByLabelText('Uhrzeit'), { target: { value: time } });
}

async function submitProposal(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Termine vorschlagen' }));
}

const summary = (dialog: HTMLElement) => within(dialog).getByRole('alert').textContent;

describe('Interview vorschlagen', () => {
  it('When nothing is filled in, then the first message is the server’s and focus goes to the first date', async () => {
    const { user, dialog } = await openProposal();
    await submitProposal(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.slotInvalid);
    const date = within(within(dialog).getByTestId('slot-0')).getByLabelText('Datum');
    await waitFor(() => expect(document.activeElement).toBe(date));
    expectRefused(date, INTERVIEW_MSG.slotInvalid);
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('When two times overlap, then the dialog says so as the server would and marks the later one', async () => {
    const { user, dialog } = await openProposal();
    await user.click(within(dialog).getByRole('button', { name: 'Weiteren Termin hinzufügen' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(within(dialog).getByTestId('slot-1')).getByLabelText('Datum')),
    );
    setSlot(dialog, 0, '2026-03-12', '10:00');
    setSlot(dialog, 1, '2026-03-12', '10:30');
    await user.type(within(dialog).getByLabelText('Adresse'), 'Mariahilfer Straße 1, 1060 Wien');
    await submitProposal(user, dialog);
    const slots = [
      { date: '2026-03-12', time: '10:00' },
      { date: '2026-03-12', time: '10:30' },
    ];
    expect(checkInterviewSlots(slots, 60, NOW)).toEqual({ problem: INTERVIEW_MSG.slotsOverlap });
    expect(summary(dialog)).toBe(INTERVIEW_MSG.slotsOverlap);
    expectRefused(within(within(dialog).getByTestId('slot-1')).getByLabelText('Uhrzeit'), INTERVIEW_MSG.slotsOverlap);
    expect(within(within(dialog).getByTestId('slot-0')).getByLabelText('Uhrzeit').getAttribute('aria-invalid')).toBe(
      null,
    );

    // 30 minutes apart fit 30-minute interviews.
    fireEvent.change(within(dialog).getByLabelText('Dauer'), { target: { value: '30' } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('When a time falls into the change to summer time, then the dialog names it', async () => {
    const { user, dialog } = await openProposal();
    setSlot(dialog, 0, '2026-03-29', '02:30');
    await user.type(within(dialog).getByLabelText('Adresse'), 'Mariahilfer Straße 1, 1060 Wien');
    await submitProposal(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.slotNonexistent('2026-03-29', '02:30'));
    expect(summary(dialog)).toBe('Die Uhrzeit 02:30 gibt es am 29.03.2026 wegen der Umstellung auf Sommerzeit nicht.');
  });

  it('When a time is too soon, at night or a video link is not https, then each is refused in the server’s order', async () => {
    const { user, dialog } = await openProposal();
    setSlot(dialog, 0, '2026-03-10', '09:30');
    await user.click(within(dialog).getByLabelText('Videogespräch'));
    await user.type(within(dialog).getByLabelText('Link zum Videogespräch'), 'meet.example.at/kueche');
    await submitProposal(user, dialog);
    // The schema (the link) comes before the times, as on the server.
    expect(summary(dialog)).toBe(INTERVIEW_MSG.videoLinkInvalid);
    await user.clear(within(dialog).getByLabelText('Link zum Videogespräch'));
    await user.type(within(dialog).getByLabelText('Link zum Videogespräch'), 'https://meet.example.at/kueche');
    await submitProposal(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.slotInPast);
    setSlot(dialog, 0, '2026-03-11', '22:00');
    await submitProposal(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.slotOutsideHours);
  });

  it('When another duration is typed, then it is checked in the server’s range', async () => {
    const { user, dialog } = await openProposal();
    setSlot(dialog, 0, '2026-03-12', '10:00');
    await user.type(within(dialog).getByLabelText('Adresse'), 'Mariahilfer Straße 1, 1060 Wien');
    fireEvent.change(within(dialog).getByLabelText('Dauer'), { target: { value: 'andere' } });
    await user.type(within(dialog).getByLabelText('Dauer in Minuten'), '10');
    await submitProposal(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.durationInvalid);
    expectRefused(within(dialog).getByLabelText('Dauer in Minuten'), INTERVIEW_MSG.durationInvalid);
  });

  it('When the proposal is right, then it is sent as the server expects and the page says what happens next', async () => {
    const { user, dialog } = await openProposal({ 'POST /api/introductions/12/interviews': [answered(proposed)] });
    expect(dialog.textContent).toContain('Die Vorstellung wird dabei auf „Interview“ gesetzt.');
    await user.click(within(dialog).getByRole('button', { name: 'Weiteren Termin hinzufügen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Weiteren Termin hinzufügen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Termin 2 entfernen' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Weiteren Termin hinzufügen' })),
    );
    expect(within(dialog).queryByTestId('slot-2')).toBeNull();
    setSlot(dialog, 0, '2026-03-12', '10:00');
    setSlot(dialog, 1, '2026-03-13', '14:00');
    fireEvent.change(within(dialog).getByLabelText('Dauer'), { target: { value: '90' } });
    await user.click(within(dialog).getByLabelText('Telefon'));
    await user.type(within(dialog).getByLabelText('Telefonnummer'), '+43 1 234567');
    await user.type(within(dialog).getByLabelText('Notiz (optional)'), 'Frau Berger ruft an.');
    await submitProposal(user, dialog);
    await screen.findByText(/Die Terminvorschläge sind gesendet/);
    expect(writesOf(fetchMock)).toEqual([
      {
        request: 'POST /api/introductions/12/interviews',
        body: {
          data: {
            slots: [
              { date: '2026-03-12', time: '10:00' },
              { date: '2026-03-13', time: '14:00' },
            ],
            durationMinutes: 90,
            mode: 'telefon',
            location: '+43 1 234567',
            note: 'Frau Berger ruft an.',
          },
        },
      },
    ]);
  });

  it('When the server refuses, then its message stays in the dialog', async () => {
    const { user, dialog } = await openProposal({
      'POST /api/introductions/12/interviews': [() => json({ error: { message: INTERVIEW_MSG.openInterview } }, 409)],
    });
    setSlot(dialog, 0, '2026-03-12', '10:00');
    await user.type(within(dialog).getByLabelText('Adresse'), 'Mariahilfer Straße 1, 1060 Wien');
    await submitProposal(user, dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(INTERVIEW_MSG.openInterview);
  });
});

describe('Rückmeldung geben', () => {
  async function openFeedback(writes: Record<string, Answer[]> = {}) {
    serveInterviews(fetchMock, { ...released, status: 'interview' }, [overdueForCompany], writes);
    const user = await openIntroduction();
    await user.click(await screen.findByRole('button', { name: 'Rückmeldung geben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rückmeldung zum Interview' });
    return { user, dialog };
  }
  const save = (user: UserEvent, dialog: HTMLElement) =>
    user.click(within(dialog).getByRole('button', { name: 'Rückmeldung speichern' }));

  it('When a rejection is given, then the reason and a note are required, it is asked once more, and sent', async () => {
    const { user, dialog } = await openFeedback({
      'POST /api/interviews/42/feedback': [() => json({ data: overdueForCompany, meta: {} })],
    });
    await save(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.outcomeInvalid);

    await user.click(within(dialog).getByLabelText('Absage'));
    await save(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.reasonRequired);
    const reason = within(dialog).getByLabelText('Grund');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expectRefused(reason, INTERVIEW_MSG.reasonRequired);

    await user.selectOptions(reason, REJECTION_REASON_LABELS.gehalt);
    await save(user, dialog);
    expect(summary(dialog)).toBe(INTERVIEW_MSG.feedbackNoteRequired);
    await user.type(within(dialog).getByLabelText('Begründung (für die Personalvermittlung)'), 'Zu teuer.');
    await save(user, dialog);

    const confirm = await screen.findByRole('dialog', { name: 'Absage endgültig speichern?' });
    expect(confirm.textContent).toContain(REJECTION_REASON_LABELS.gehalt);
    expect(confirm.textContent).toContain('Das lässt sich nicht rückgängig machen.');
    expect(writesOf(fetchMock)).toEqual([]);
    // Back keeps what was entered.
    await user.click(within(confirm).getByRole('button', { name: 'Zurück' }));
    const again = await screen.findByRole('dialog', { name: 'Rückmeldung zum Interview' });
    expect(
      (within(again).getByLabelText('Begründung (für die Personalvermittlung)') as HTMLTextAreaElement).value,
    ).toBe('Zu teuer.');
    await save(user, again);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Absage endgültig speichern?' })).getByRole('button', {
        name: 'Absage speichern',
      }),
    );
    await screen.findByText(/Die Absage ist gespeichert; die Vorstellung ist endgültig abgesagt/);
    expect(writesOf(fetchMock)).toEqual([
      {
        request: 'POST /api/interviews/42/feedback',
        body: { data: { outcome: 'abgesagt', reason: 'gehalt', note: 'Zu teuer.' } },
      },
    ]);
  });

  it('When an offer is the outcome, then no reason is asked and it is sent at once', async () => {
    const { user, dialog } = await openFeedback({
      'POST /api/interviews/42/feedback': [() => json({ data: overdueForCompany, meta: {} })],
    });
    await user.click(within(dialog).getByLabelText('Angebot'));
    expect(within(dialog).queryByLabelText('Grund')).toBeNull();
    await save(user, dialog);
    await screen.findByText(/Sie machen ein Angebot/);
    expect(writesOf(fetchMock)).toEqual([
      { request: 'POST /api/interviews/42/feedback', body: { data: { outcome: 'angebot' } } },
    ]);
  });
});

describe('Ort ändern', () => {
  it('When the video link of an agreed interview changes, then it must stay an https link and is sent', async () => {
    serveInterviews(fetchMock, { ...released, status: 'interview' }, [scheduledForCompany], {
      'PUT /api/interviews/41': [() => json({ data: scheduledForCompany, meta: {} })],
    });
    const user = await openIntroduction();
    await user.click(await screen.findByRole('button', { name: 'Ort ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link zum Videogespräch ändern' });
    const field = within(dialog).getByLabelText('Link zum Videogespräch');
    expect((field as HTMLInputElement).value).toBe('https://meet.example.at/kueche');
    await user.clear(field);
    await user.type(field, 'meet.example.at/neu');
    await user.click(within(dialog).getByRole('button', { name: 'Änderung speichern' }));
    expect(summary(dialog)).toBe(INTERVIEW_MSG.videoLinkInvalid);
    await user.clear(field);
    await user.type(field, 'https://meet.example.at/neu');
    await user.click(within(dialog).getByRole('button', { name: 'Änderung speichern' }));
    await screen.findByText(/Die Angabe ist geändert/);
    expect(writesOf(fetchMock)).toEqual([
      { request: 'PUT /api/interviews/41', body: { data: { location: 'https://meet.example.at/neu' } } },
    ]);
  });
});

describe('Endgültig absagen (the introduction)', () => {
  it('When the company rejects, then a reason from the catalogue and a note are required and sent as reasonCategory', async () => {
    serveInterviews(fetchMock, released, [], {
      'POST /api/introductions/12/status': [() => json({ data: released, meta: {} })],
    });
    const user = await openIntroduction();
    await user.click(screen.getByRole('button', { name: 'Endgültig absagen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endgültig absagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Absage speichern' }));
    expect(summary(dialog)).toBe(INTERVIEW_MSG.reasonRequired);
    expectRefused(within(dialog).getByLabelText('Grund'), INTERVIEW_MSG.reasonRequired);
    await user.selectOptions(within(dialog).getByLabelText('Grund'), REJECTION_REASON_LABELS.stelle_besetzt);
    await user.click(within(dialog).getByRole('button', { name: 'Absage speichern' }));
    expect(summary(dialog)).toBe(INTRODUCTION_MSG.noteRequired);
    await user.type(within(dialog).getByLabelText('Begründung (für den Personalberater)'), 'Intern besetzt.');
    await user.click(within(dialog).getByRole('button', { name: 'Absage speichern' }));
    await screen.findByText('Die Absage ist gespeichert; der Personalberater erhält die Begründung.');
    expect(writesOf(fetchMock)).toEqual([
      {
        request: 'POST /api/introductions/12/status',
        body: { data: { status: 'abgesagt', reason: 'Intern besetzt.', reasonCategory: 'stelle_besetzt' } },
      },
    ]);
  });

  it('When the introduction was rejected with a reason from the catalogue, then its last reaction names it', async () => {
    serveInterviews(
      fetchMock,
      {
        ...released,
        status: 'abgesagt',
        rejectionReason: 'stelle_besetzt',
        lastReaction: { status: 'abgesagt', at: '2026-03-06T09:00:00.000Z', note: 'Intern besetzt.' },
        nextStatuses: ['interview', 'angebot', 'eingestellt'],
      },
      [],
    );
    await openIntroduction();
    expect(
      await screen.findByText('Endgültig abgesagt am 06.03.2026 (Grund: Stelle bereits besetzt): Intern besetzt.'),
    ).toBeTruthy();
  });
});
