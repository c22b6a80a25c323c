import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MODERATION_STATE_LABELS,
  RATING_COMMENT_MAX_LENGTH,
  RATING_MSG,
  ratingSavedNotice,
  type Introduction,
  type IntroductionRating,
  type OwnRating,
} from '@pb/core';
import { description, expectRefused, json, renderWithFeedback, stubFeedback, stubFetch } from '../../../test/harness';
import { released } from '../../../test/introductions';
import { RatingSection } from './RatingSection';

const fetchMock = stubFetch();
stubFeedback();

const ended: Introduction = { ...released, status: 'abgesagt', nextStatuses: [] };

/** The company's side of introduction no. 12: it rates Alpha Personal GmbH. */
const mayRate: IntroductionRating = {
  side: 'company',
  rated: { id: 3, name: 'Alpha Personal GmbH', kind: 'agency' },
  canRate: true,
  notAllowedReason: null,
  own: null,
  otherSideRatedUntil: null,
  received: null,
};
const own: OwnRating = {
  id: 55,
  communication: 4,
  quality: 5,
  speed: 3,
  comment: 'Rasche, ehrliche Rückmeldungen.',
  commentState: 'pending',
  commentRejectionReason: null,
  createdAt: '2026-03-20T10:00:00.000Z',
  revealedAt: '2026-03-21T09:00:00.000Z',
  revealsBy: null,
};
const rated: IntroductionRating = { ...mayRate, canRate: false, own };

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const sent = (index = 0) => JSON.parse(String(posts()[index]![1]!.body)) as unknown;

function serve(rating: IntroductionRating, write?: () => Promise<Response>) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/introductions/12/rating' && init?.method !== 'POST') return json({ data: rating, meta: {} });
    if (write && init?.method === 'POST') return write();
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

async function renderSection(introduction: Introduction = ended) {
  renderWithFeedback(<RatingSection introduction={introduction} />, '/advertisements/introductions/12');
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return userEvent.setup();
}

const section = () => screen.findByRole('region', { name: 'Bewertung' });
const group = (name: string) => screen.getByRole('group', { name });

describe('RatingSection: the form', () => {
  it('When the side may rate, then it names the other organisation, the three criteria as star groups and what becomes public', async () => {
    serve(mayRate);
    await renderSection();
    const form = within(await section()).getByRole('form', { name: 'Bewerten Sie Alpha Personal GmbH' });
    for (const legend of ['Kommunikation', 'Qualität der Kandidat/innen', 'Schnelligkeit']) {
      const names = within(group(legend))
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent);
      // The number is what the eye reads under each star; the name says it whole.
      expect(names).toEqual([
        '11 von 5 Sternen',
        '22 von 5 Sternen',
        '33 von 5 Sternen',
        '44 von 5 Sternen',
        '55 von 5 Sternen',
      ]);
      expect(within(group(legend)).getByRole('radio', { name: '4 von 5 Sternen' })).toBeTruthy();
    }
    expect(form.textContent).toContain('Sichtbar ist nur der Durchschnitt, sobald es mindestens 3 Bewertungen gibt.');
    const comment = within(form).getByLabelText('Kommentar (freiwillig)');
    expect(description(comment)).toContain('erst, nachdem das Backoffice ihn geprüft hat');
    expect(description(comment)).toContain(`0 / ${RATING_COMMENT_MAX_LENGTH.toLocaleString('de-AT')} Zeichen`);
  });

  it('When criteria are missing, then the first missing one is refused and focused in the server’s order, and nothing is asked or sent', async () => {
    serve(mayRate);
    const user = await renderSection();
    await section();
    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    const first = within(group('Kommunikation')).getByRole('radio', { name: '1 von 5 Sternen' });
    expectRefused(first, RATING_MSG.invalidScore);
    expect(document.activeElement).toBe(first);
    expect(screen.getByRole('alert').textContent).toBe(RATING_MSG.invalidScore);

    await user.click(within(group('Kommunikation')).getByRole('radio', { name: '4 von 5 Sternen' }));
    // A comment too long waits behind the missing scores (the schema's order).
    fireEvent.change(screen.getByLabelText('Kommentar (freiwillig)'), {
      target: { value: 'x'.repeat(RATING_COMMENT_MAX_LENGTH + 1) },
    });
    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    expect(document.activeElement).toBe(
      within(group('Qualität der Kandidat/innen')).getByRole('radio', { name: '1 von 5 Sternen' }),
    );
    expect(screen.getByRole('alert').textContent).toBe(RATING_MSG.invalidScore);
    expect(
      within(group('Kommunikation')).getByRole('radio', { name: '4 von 5 Sternen' }).getAttribute('aria-invalid'),
    ).toBeNull();

    await user.click(within(group('Qualität der Kandidat/innen')).getByRole('radio', { name: '5 von 5 Sternen' }));
    await user.click(within(group('Schnelligkeit')).getByRole('radio', { name: '3 von 5 Sternen' }));
    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    expectRefused(screen.getByLabelText('Kommentar (freiwillig)'), RATING_MSG.commentTooLong);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('When the stars are chosen with the keyboard, then the arrow keys move within a group and the choice is written out', async () => {
    serve(mayRate);
    const user = await renderSection();
    await section();
    const speed = group('Schnelligkeit');
    await user.click(within(speed).getByRole('radio', { name: '2 von 5 Sternen' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const four = within(speed).getByRole('radio', { name: '4 von 5 Sternen' });
    expect((four as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(four);
    expect(speed.textContent).toContain('4 von 5 Sternen');
  });

  it('When the rating is complete, then it is asked first, sent as the server expects and confirmed; the section then shows it', async () => {
    // The other side rated since the page was loaded: the server's thanks say both count now.
    serve(mayRate, () => json({ data: rated, meta: { notice: ratingSavedNotice(true, true) } }, 201));
    const user = await renderSection();
    await section();
    await user.click(within(group('Kommunikation')).getByRole('radio', { name: '4 von 5 Sternen' }));
    await user.click(within(group('Qualität der Kandidat/innen')).getByRole('radio', { name: '5 von 5 Sternen' }));
    await user.click(within(group('Schnelligkeit')).getByRole('radio', { name: '3 von 5 Sternen' }));
    await user.type(screen.getByLabelText('Kommentar (freiwillig)'), '  Gerne wieder.  ');
    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bewertung abschicken?' });
    expect(dialog.textContent).toContain('Sie können die Bewertung danach nicht mehr ändern.');
    expect(dialog.textContent).toContain('Qualität der Kandidat/innen: 5 von 5 Sternen');
    expect(posts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Bewertung abschicken' }));

    expect(await screen.findByText(ratingSavedNotice(true, true))).toBeTruthy();
    expect(String(posts()[0]![0])).toBe('/api/introductions/12/rating');
    expect(sent()).toEqual({
      data: { communication: 4, quality: 5, speed: 3, comment: 'Gerne wieder.' },
    });
    const shown = await screen.findByTestId('rating-own');
    expect(screen.queryByRole('form', { name: 'Bewerten Sie Alpha Personal GmbH' })).toBeNull();
    expect(shown.textContent).toContain(MODERATION_STATE_LABELS.pending);
  });

  it('When there is no comment, then none is sent and the thanks say nothing of the office; cancelling sends nothing', async () => {
    serve(mayRate, () =>
      json(
        {
          data: { ...rated, own: { ...own, comment: null, commentState: null } },
          meta: { notice: ratingSavedNotice(false, false) },
        },
        201,
      ),
    );
    const user = await renderSection();
    await section();
    for (const name of ['Kommunikation', 'Qualität der Kandidat/innen', 'Schnelligkeit']) {
      await user.click(within(group(name)).getByRole('radio', { name: '2 von 5 Sternen' }));
    }
    await user.type(screen.getByLabelText('Kommentar (freiwillig)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    let dialog = await screen.findByRole('dialog', { name: 'Bewertung abschicken?' });
    expect(dialog.textContent).toContain('Ohne Kommentar.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    dialog = await screen.findByRole('dialog', { name: 'Bewertung abschicken?' });
    await user.click(within(dialog).getByRole('button', { name: 'Bewertung abschicken' }));
    expect(await screen.findByText(ratingSavedNotice(false, false))).toBeTruthy();
    expect(sent()).toEqual({ data: { communication: 2, quality: 2, speed: 2 } });
    expect((await screen.findByTestId('rating-own')).textContent).toContain('Ohne Kommentar.');
  });

  it('When the server refuses, then its message stands in the dialog', async () => {
    serve(mayRate, () => json({ error: { message: RATING_MSG.alreadyRated } }, 409));
    const user = await renderSection();
    await section();
    for (const name of ['Kommunikation', 'Qualität der Kandidat/innen', 'Schnelligkeit']) {
      await user.click(within(group(name)).getByRole('radio', { name: '5 von 5 Sternen' }));
    }
    await user.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bewertung abschicken?' });
    await user.click(within(dialog).getByRole('button', { name: 'Bewertung abschicken' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(RATING_MSG.alreadyRated);
  });
});
