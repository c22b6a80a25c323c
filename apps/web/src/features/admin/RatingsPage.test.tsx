import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATION_STATE_LABELS, RATING_MSG, type AdminRatingText } from '@pb/core';
import { expectRefused, json, renderWithFeedback, stubFeedback, stubFetch } from '../../test/harness';
import { Component as RatingsPage } from './RatingsPage';

const comment: AdminRatingText = {
  ratingId: 55,
  part: 'comment',
  text: 'Sehr gute Kandidatin,\nrasch vorgestellt.',
  state: 'pending',
  rejectionReason: null,
  writtenAt: '2026-03-20T10:00:00.000Z',
  author: { organisationId: 2, organisationName: 'Muster Gastro GmbH', memberName: 'Eva Berger' },
  rated: { organisationId: 3, organisationName: 'Alpha Personal GmbH' },
  introductionId: 12,
  answers: null,
};
const reply: AdminRatingText = {
  ...comment,
  ratingId: 54,
  part: 'reply',
  text: 'Danke!',
  answers: 'Schnelle Rückmeldungen.',
  writtenAt: '2026-03-21T08:00:00.000Z',
  author: { organisationId: 3, organisationName: 'Alpha Personal GmbH', memberName: 'Karl Huber' },
  introductionId: 11,
};
const rejected: AdminRatingText = {
  ...comment,
  ratingId: 50,
  state: 'rejected',
  rejectionReason: 'Nennt einen Namen.',
};

const fetchMock = stubFetch();
stubFeedback();
const moderations = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/moderation'));
const sent = (index = 0) => JSON.parse(String(moderations()[index]![1]!.body)) as unknown;

function serve(pending: AdminRatingText[], decide: () => Promise<Response> = () => json({ data: comment, meta: {} })) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/admin/ratings?state=pending') return json({ data: pending, meta: {} });
    if (url === '/api/admin/ratings?state=decided') return json({ data: [rejected], meta: {} });
    if (url.endsWith('/moderation') && init?.method === 'POST') return decide();
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

async function renderPage() {
  renderWithFeedback(<RatingsPage />, '/admin/ratings');
  await screen.findByRole('heading', { name: 'Bewertungen' });
  return userEvent.setup();
}

const row = (key: string) => screen.findByTestId(`rating-text-${key}`);

describe('Back office RatingsPage', () => {
  it('When texts wait, then each shows when, what, who wrote it about whom, the text and its introduction, with both decisions', async () => {
    serve([comment, reply]);
    await renderPage();
    const one = await row('55-comment');
    for (const text of ['11:00, 20.03.2026', 'Kommentar', 'Muster Gastro GmbH', 'Eva Berger']) {
      expect(one.textContent).toContain(text);
    }
    expect(within(one).getByText(/Sehr gute Kandidatin/).textContent).toBe(comment.text);
    expect(one.textContent).toContain('Alpha Personal GmbH');
    expect(within(one).getByRole('link', { name: 'Nr. 12' }).getAttribute('href')).toBe(
      '/admin/introductions?introduction=12',
    );
    expect(
      within(one)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Freigeben', 'Ablehnen']);
    expect((await row('54-reply')).textContent).toContain(
      'Antwortder bewerteten OrganisationAlpha Personal GmbHKarl Huber',
    );
    // An answer is read with the comment it answers; a comment answers nothing.
    expect((await row('54-reply')).textContent).toContain('Antwort auf: „Schnelle Rückmeldungen.“Danke!');
    expect(one.textContent).not.toContain('Antwort auf');
  });

  it('When nothing waits, then the page says so', async () => {
    serve([]);
    await renderPage();
    expect(await screen.findByText('Keine Texte warten auf eine Prüfung.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('When the office approves, then it is told first what becomes public and afterwards that it is done', async () => {
    serve([comment]);
    const user = await renderPage();
    await user.click(within(await row('55-comment')).getByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kommentar freigeben?' });
    expect(dialog.textContent).toContain('Der Kommentar erscheint im Profil von Alpha Personal GmbH');
    expect(dialog.textContent).toContain('mindestens 3 Bewertungen');
    expect(moderations()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Kommentar freigegeben.')).toBeTruthy();
    expect(String(moderations()[0]![0])).toBe('/api/admin/ratings/55/moderation');
    expect(sent()).toEqual({ data: { part: 'comment', decision: 'approve' } });
  });

  it('When the office rejects without a reason, then the reason is required; with one, it is sent and the author is named', async () => {
    serve([reply], () => json({ data: { ...reply, state: 'rejected', rejectionReason: 'Unsachlich.' }, meta: {} }));
    const user = await renderPage();
    await user.click(within(await row('54-reply')).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Antwort ablehnen' });
    expect(dialog.textContent).toContain('Danke!');
    expect(dialog.textContent).toContain('eine neue Antwort auf diesen Kommentar ist nicht möglich');
    const reason = within(dialog).getByLabelText(/^Grund/);
    await user.click(within(dialog).getByRole('button', { name: 'Antwort ablehnen' }));
    expectRefused(reason, RATING_MSG.reasonRequired);
    expect(moderations()).toHaveLength(0);

    await user.type(reason, 'Unsachlich.');
    await user.click(within(dialog).getByRole('button', { name: 'Antwort ablehnen' }));
    expect(await screen.findByText('Antwort abgelehnt; Karl Huber erhält den Grund.')).toBeTruthy();
    expect(String(moderations()[0]![0])).toBe('/api/admin/ratings/54/moderation');
    expect(sent()).toEqual({ data: { part: 'reply', decision: 'reject', reason: 'Unsachlich.' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('When the server refuses a rejection, then its message stands in the dialog', async () => {
    serve([comment], () => json({ error: { message: RATING_MSG.nothingToModerate } }, 409));
    const user = await renderPage();
    await user.click(within(await row('55-comment')).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kommentar ablehnen' });
    await user.type(within(dialog).getByLabelText(/^Grund/), 'Beleidigend.');
    await user.click(within(dialog).getByRole('button', { name: 'Kommentar ablehnen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(RATING_MSG.nothingToModerate);
  });

  it('When the decided ones are chosen, then they show their state and reason without buttons', async () => {
    serve([comment]);
    const user = await renderPage();
    await row('55-comment');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Texte filtern' }), 'decided');
    const decided = await row('50-comment');
    expect(decided.textContent).toContain(`${MODERATION_STATE_LABELS.rejected} Grund: Nennt einen Namen.`);
    expect(within(decided).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('rating-text-55-comment')).toBeNull();
  });
});
