import type { Interview } from '@pb/core';

/**
 * Interviews of the introduction no. 12 (test/introductions.ts) the web's tests show (test files
 * only), as the server answers them on 10.03.2026, 09:00 Vienna time (NOW): proposed, agreed, held
 * and overdue, cancelled, answered.
 */

export const NOW = new Date('2026-03-10T08:00:00.000Z');

const NO_ACTIONS: Interview['actions'] = {
  choose: false,
  sendCandidateLink: false,
  cancel: false,
  update: false,
  feedback: false,
};

/** Three times proposed: one passed already (12.03. 10:00 and 13.03. 14:00 Vienna are ahead). */
export const proposed: Interview = {
  id: 40,
  introductionId: 12,
  state: 'proposed',
  durationMinutes: 60,
  mode: 'vor_ort',
  location: 'Mariahilfer Straße 1, 1060 Wien',
  note: 'Bitte beim Empfang nach Frau Berger fragen.',
  slots: [
    { id: 400, startsAt: '2026-03-09T09:00:00.000Z', endsAt: '2026-03-09T10:00:00.000Z' },
    { id: 401, startsAt: '2026-03-12T09:00:00.000Z', endsAt: '2026-03-12T10:00:00.000Z' },
    { id: 402, startsAt: '2026-03-13T13:00:00.000Z', endsAt: '2026-03-13T14:00:00.000Z' },
  ],
  chosenSlot: null,
  chosenBy: null,
  proposedAt: '2026-03-06T10:00:00.000Z',
  scheduledAt: null,
  cancelledAt: null,
  cancelReason: null,
  candidateLinkSentAt: null,
  feedback: null,
  feedbackDue: null,
  feedbackOverdue: false,
  actions: NO_ACTIONS,
};

/** What the agency may do with it: pick a time, mail the candidate the link, cancel. */
export const proposedForAgency: Interview = {
  ...proposed,
  actions: { ...NO_ACTIONS, choose: true, sendCandidateLink: true, cancel: true },
};

/** Agreed by the candidate through the link: a video call on 12.03. */
export const scheduledForCompany: Interview = {
  ...proposed,
  id: 41,
  state: 'scheduled',
  mode: 'video',
  location: 'https://meet.example.at/kueche',
  note: null,
  chosenSlot: { id: 401, startsAt: '2026-03-12T09:00:00.000Z', endsAt: '2026-03-12T10:00:00.000Z' },
  chosenBy: 'candidate',
  scheduledAt: '2026-03-07T15:30:00.000Z',
  candidateLinkSentAt: '2026-03-06T12:00:00.000Z',
  feedbackDue: '2026-03-16',
  actions: { ...NO_ACTIONS, cancel: true, update: true },
};

/** Held on 05.03., the feedback was due on 09.03.: overdue. */
export const overdueForCompany: Interview = {
  ...proposed,
  id: 42,
  state: 'scheduled',
  chosenSlot: { id: 420, startsAt: '2026-03-05T09:00:00.000Z', endsAt: '2026-03-05T10:00:00.000Z' },
  slots: [{ id: 420, startsAt: '2026-03-05T09:00:00.000Z', endsAt: '2026-03-05T10:00:00.000Z' }],
  chosenBy: 'consultant',
  proposedAt: '2026-03-02T10:00:00.000Z',
  scheduledAt: '2026-03-03T08:00:00.000Z',
  feedbackDue: '2026-03-09',
  feedbackOverdue: true,
  actions: { ...NO_ACTIONS, feedback: true },
};

/** The same as the agency sees it. */
export const overdueForAgency: Interview = { ...overdueForCompany, actions: NO_ACTIONS };

/** Called off by the agency before a time was chosen. */
export const cancelled: Interview = {
  ...proposed,
  id: 38,
  state: 'cancelled',
  proposedAt: '2026-03-03T10:00:00.000Z',
  cancelledAt: '2026-03-04T11:00:00.000Z',
  cancelReason: 'Die Kandidatin ist krank.',
};

/** Held and answered with a rejection. */
export const rejected: Interview = {
  ...overdueForCompany,
  id: 39,
  feedbackOverdue: false,
  feedback: {
    at: '2026-03-06T09:00:00.000Z',
    outcome: 'abgesagt',
    reason: 'gehalt',
    note: 'Die Vorstellung liegt deutlich über unserem Rahmen.',
  },
  actions: NO_ACTIONS,
};
