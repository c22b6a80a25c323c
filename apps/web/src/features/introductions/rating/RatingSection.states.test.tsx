import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MODERATION_STATE_LABELS,
  RATING_MSG,
  ratingSavedNotice,
  type Introduction,
  type IntroductionRating,
  type ReceivedRating,
} from '@pb/core';
import { expectRefused, json, renderWithFeedback, stubFeedback, stubFetch } from '../../../test/harness';
import { released } from '../../../test/introductions';
import { RatingSection } from './RatingSection';

const fetchMock = stubFetch();
stubFeedback();

const hired: Introduction = { ...released, status: 'eingestellt', nextStatuses: [] };

/** The agency's side of introduction no. 12: it rates Muster Gastro GmbH, its rating sent. */
const base: IntroductionRating = {
  side: 'agency',
  rated: { id: 2, name: 'Muster Gastro GmbH', kind: 'company' },
  canRate: false,
  notAllowedReason: null,
  own: {
    id: 56,
    communication: 5,
    quality: 4,
    speed: 2,
    comment: 'Rückmeldungen kamen spät.',
    commentState: 'pending',
    commentRejectionReason: null,
    createdAt: '2026-03-20T10:00:00.000Z',
    revealedAt: '2026-03-21T09:00:00.000Z',
    revealsBy: null,
  },
  otherSideRatedUntil: null,
  received: null,
};
const comment: ReceivedRating = {
  id: 55,
  comment: 'Sehr gute Kandidatin, rasch vorgestellt.',
  reply: null,
  replyState: null,
  replyRejectionReason: null,
  canReply: true,
};

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

function serve(rating: IntroductionRating, write?: () => Promise<Response>) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/introductions/12/rating' && init?.method !== 'POST') return json({ data: rating, meta: {} });
    if (write && init?.method === 'POST') return write();
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

async function renderSection(introduction: Introduction = hired) {
  renderWithFeedback(<RatingSection introduction={introduction} />, '/advertisements/introductions/12');
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return userEvent.setup();
}

const section = () => screen.findByRole('region', { name: 'Bewertung' });

describe('RatingSection: a rating sent, one received, and why not', () => {
  it('When the own comment waits for the office, then the scores are shown with the company’s criteria and the comment’s state', async () => {
    serve(base);
    await renderSection();
    const own = within(await section()).getByTestId('rating-own');
    expect(within(own).getByRole('heading', { name: /Ihre Bewertung von Muster Gastro GmbH/ }).textContent).toContain(
      'vom 20.03.2026',
    );
    const terms = within(own)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(['Kommunikation', 'Qualität der Rückmeldungen', 'Schnelligkeit']);
    const values = within(own)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(values).toEqual(['5 von 5 Sternen', '4 von 5 Sternen', '2 von 5 Sternen']);
    expect(own.textContent).toContain('Rückmeldungen kamen spät.');
    expect(own.textContent).toContain(MODERATION_STATE_LABELS.pending);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('When the office published the comment, then it says so', async () => {
    serve({ ...base, own: { ...base.own!, commentState: 'approved' } });
    await renderSection();
    expect((await screen.findByTestId('rating-own')).textContent).toContain(MODERATION_STATE_LABELS.approved);
  });

  it('When the office rejected the comment, then the reason is shown and that the stars still count', async () => {
    serve({
      ...base,
      own: { ...base.own!, commentState: 'rejected', commentRejectionReason: 'Nennt eine Person beim Namen.' },
    });
    await renderSection();
    const own = await screen.findByTestId('rating-own');
    expect(own.textContent).toContain(`${MODERATION_STATE_LABELS.rejected} Grund: Nennt eine Person beim Namen.`);
    expect(own.textContent).toContain('Ihre Sterne zählen trotzdem.');
  });

  it('When rating is not possible after a rejection without an interview, then the reason is a muted line, not an error', async () => {
    serve({ ...base, own: null, notAllowedReason: RATING_MSG.notYet });
    await renderSection({ ...released, status: 'abgesagt', nextStatuses: [] });
    const line = within(await section()).getByTestId('rating-not-allowed');
    expect(line.textContent).toBe(RATING_MSG.notYet);
    expect(line.className).toContain('text-body-secondary');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('When the introduction is still open and nothing is rated, then there is no section', async () => {
    serve({ ...base, own: null, notAllowedReason: RATING_MSG.notYet });
    await renderSection({ ...released, status: 'interview' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Bewertung' })).toBeNull();
  });

  it('When organisations share a member, then that is said (no form)', async () => {
    serve({ ...base, own: null, notAllowedReason: RATING_MSG.sharedMembers });
    await renderSection();
    expect(within(await section()).getByTestId('rating-not-allowed').textContent).toBe(RATING_MSG.sharedMembers);
  });
});

describe('RatingSection: the answer to a comment received', () => {
  it('When the other side’s comment is published, then it is shown and an empty answer is refused', async () => {
    serve({ ...base, received: comment });
    const user = await renderSection();
    const received = within(await section()).getByTestId('rating-received');
    expect(
      within(received).getByRole('heading', { name: 'Kommentar von Muster Gastro GmbH über Ihre Organisation' }),
    ).toBeTruthy();
    expect(received.textContent).toContain('Sehr gute Kandidatin, rasch vorgestellt.');
    await user.type(within(received).getByLabelText('Ihre Antwort'), '   ');
    await user.click(within(received).getByRole('button', { name: 'Antwort abschicken' }));
    expectRefused(within(received).getByLabelText('Ihre Antwort'), RATING_MSG.replyEmpty);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('When an answer is written, then it is asked first (once, not to be changed), sent and confirmed; then it waits for the office', async () => {
    const answered: IntroductionRating = {
      ...base,
      received: { ...comment, reply: 'Danke für die Rückmeldung!', replyState: 'pending', canReply: false },
    };
    serve({ ...base, received: comment }, () => json({ data: answered, meta: { notice: RATING_MSG.replySaved } }, 201));
    const user = await renderSection();
    await section();
    await user.type(screen.getByLabelText('Ihre Antwort'), ' Danke für die Rückmeldung! ');
    await user.click(screen.getByRole('button', { name: 'Antwort abschicken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Antwort abschicken?' });
    expect(dialog.textContent).toContain('Sie können nur einmal antworten und die Antwort danach nicht mehr ändern.');
    expect(posts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Antwort abschicken' }));

    expect(await screen.findByText(RATING_MSG.replySaved)).toBeTruthy();
    expect(String(posts()[0]![0])).toBe('/api/ratings/55/reply');
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ data: { reply: 'Danke für die Rückmeldung!' } });
    const received = screen.getByTestId('rating-received');
    await waitFor(() => expect(within(received).queryByLabelText('Ihre Antwort')).toBeNull());
    expect(received.textContent).toContain('Danke für die Rückmeldung!');
    expect(received.textContent).toContain(MODERATION_STATE_LABELS.pending);
  });

  it('When the answer was rejected, then it is shown with the reason and no new form', async () => {
    serve({
      ...base,
      received: {
        ...comment,
        reply: 'Unsinn.',
        replyState: 'rejected',
        replyRejectionReason: 'Unsachlich.',
        canReply: false,
      },
    });
    await renderSection();
    const received = within(await section()).getByTestId('rating-received');
    expect(received.textContent).toContain(`${MODERATION_STATE_LABELS.rejected} Grund: Unsachlich.`);
    expect(within(received).queryByRole('button')).toBeNull();
  });
});

describe('RatingSection: blind ratings', () => {
  it('When the own rating does not count yet, then it says so with the date and that the office checks the comment only then', async () => {
    serve({ ...base, own: { ...base.own!, revealedAt: null, revealsBy: '2026-04-03T10:00:00.000Z' } });
    await renderSection();
    const own = within(await section()).getByTestId('rating-own');
    expect(within(own).getByTestId('rating-blind').textContent).toBe(
      'Verdeckt Ihre Bewertung zählt, sobald Muster Gastro GmbH bewertet hat, spätestens ab 03.04.2026, 12:00 Uhr. Bis dahin erfährt die andere Seite nur, dass Sie bewertet haben.',
    );
    expect(own.textContent).toContain('Das Backoffice prüft ihn, sobald Ihre Bewertung zählt.');
    expect(own.textContent).not.toContain(MODERATION_STATE_LABELS.pending);
  });

  it('When the other side rated first, then the deadline is said before the form and the thanks say both count now', async () => {
    const sentBack: IntroductionRating = { ...base, otherSideRatedUntil: null };
    serve({ ...base, canRate: true, own: null, otherSideRatedUntil: '2026-04-03T10:00:00.000Z' }, () =>
      json({ data: sentBack, meta: { notice: ratingSavedNotice(true, false) } }, 201),
    );
    const user = await renderSection();
    const note = within(await section()).getByTestId('rating-other-side');
    expect(note.textContent).toContain(
      'Muster Gastro GmbH hat diese Vorstellung bereits bewertet. Bewerten Sie bis 03.04.2026',
    );
    for (const name of ['Kommunikation', 'Qualität der Rückmeldungen', 'Schnelligkeit']) {
      await user.click(within(screen.getByRole('group', { name })).getByRole('radio', { name: '3 von 5 Sternen' }));
    }
    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bewertung abschicken?' });
    await user.click(within(dialog).getByRole('button', { name: 'Bewertung abschicken' }));
    expect(await screen.findByText(ratingSavedNotice(true, false))).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });
});
