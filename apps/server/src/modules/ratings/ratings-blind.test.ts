import { describe, expect, it } from 'vitest';
import {
  RATING_MSG,
  RATING_REVEAL_DAYS,
  ratingSavedNotice,
  type AdminRatingText,
  type IntroductionRating,
} from '@pb/core';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { GOOD_RATING, ratingCalls } from '../../../test/support/ratings';
import { runTrustFigures } from '../trust';
import { publishedRatingsOf } from './index';

/**
 * Blind ratings (issue 36, docs/ratings.md), from the side that would rate in answer to what it
 * saw: a rating counts — in the averages, at the office, on the other side's page — only once both
 * sides rated or RATING_REVEAL_DAYS passed, and from then on the other side can no longer rate. A
 * party watching its averages learns a new rating's scores only when it can no longer answer it.
 */

const suite = introductionsSuite();
const { ctx, company, consultant, admin } = suite;
const { view, rate, moderate, section, rated, messageOf, hired, rejectedAfterInterview, organisationIdOf } =
  ratingCalls(suite);

const DAY = 86_400_000;

const countOf = async (organisationId: number) => (await publishedRatingsOf(ctx.app.db, organisationId)).ratings.count;

async function pendingTexts(): Promise<AdminRatingText[]> {
  const res = await ctx.request({ method: 'GET', url: '/api/admin/ratings?state=pending', token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AdminRatingText[] }>().data;
}

const revealedAt = async (ratingId: number) =>
  (
    await ctx.database.query<{ revealed_at: Date | null }>('SELECT revealed_at FROM ratings WHERE id = $1', [ratingId])
  )[0]!.revealed_at;

describe('Blind ratings', () => {
  it('When the company rates first, then nothing of it counts or reaches the office until the agency rated; then both count at once', async () => {
    suite.at('2027-03-01T09:00:00.000Z');
    const id = await hired();
    const agencyId = await organisationIdOf(consultant, 'agency');
    const companyId = await organisationIdOf(company, 'company');
    const [agencyBefore, companyBefore] = [await countOf(agencyId), await countOf(companyId)];

    const ratingId = await rated(company, id, { ...GOOD_RATING, comment: 'Gut vorbereitet.' });
    const deadline = new Date(Date.parse('2027-03-01T09:00:00.000Z') + RATING_REVEAL_DAYS * DAY).toISOString();
    expect((await section(company, id)).own).toMatchObject({ revealedAt: null, revealsBy: deadline });
    // The agency's average does not move (not even after a run), the office does not have the
    // comment, nobody may decide it.
    await runTrustFigures(ctx.app.db, ctx.app.now());
    expect(await countOf(agencyId)).toBe(agencyBefore);
    expect((await pendingTexts()).some((t) => t.ratingId === ratingId)).toBe(false);
    const early = await moderate(admin, ratingId, { part: 'comment', decision: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(RATING_MSG.notRevealedYet);

    // The agency learns that it was rated and until when it may rate — never how.
    const agencySide = await view(consultant, id);
    expect(agencySide.json<{ data: IntroductionRating }>().data).toMatchObject({
      canRate: true,
      otherSideRatedUntil: deadline,
      received: null,
    });
    expect(agencySide.body).not.toContain('vorbereitet');
    const [bell] = await ctx.database.query<{ title: string; body: string }>(
      "SELECT title, body FROM notifications WHERE user_id = $1 AND title = 'Die andere Seite hat bewertet'",
      [consultant.id],
    );
    expect(bell!.body).toContain(
      `Kandidatenvorstellung Nr. ${id}: Die andere Seite hat bewertet. Bitte bewerten Sie die Zusammenarbeit bis 15.03.2027, 10:00 Uhr:`,
    );

    suite.at('2027-03-03T10:00:00.000Z');
    const back = await rate(consultant, id, { communication: 2, quality: 3, speed: 2 });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json<{ meta: { notice: string } }>().meta.notice).toBe(ratingSavedNotice(true, false));
    // Both count from the second rating on, for both organisations: the next trust run averages them.
    expect(await revealedAt(ratingId)).toEqual(new Date('2027-03-03T10:00:00.000Z'));
    expect(await countOf(agencyId)).toBe(agencyBefore);
    await runTrustFigures(ctx.app.db, ctx.app.now());
    expect(await countOf(agencyId)).toBe(agencyBefore + 1);
    expect(await countOf(companyId)).toBe(companyBefore + 1);
    expect((await section(company, id)).own).toMatchObject({
      revealedAt: '2027-03-03T10:00:00.000Z',
      revealsBy: null,
    });
    expect((await section(consultant, id)).otherSideRatedUntil).toBeNull();
    expect((await pendingTexts()).some((t) => t.ratingId === ratingId)).toBe(true);
  });

  it('When the other side lets the 14 days pass, then it can no longer rate and the first rating counts alone from its deadline', async () => {
    suite.at('2027-04-05T08:00:00.000Z');
    const id = await hired();
    const companyId = await organisationIdOf(company, 'company');
    const before = await countOf(companyId);
    const ratingId = await rated(consultant, id, { communication: 1, quality: 1, speed: 1 });
    const deadline = new Date(Date.parse('2027-04-05T08:00:00.000Z') + RATING_REVEAL_DAYS * DAY);

    // A minute before: the company may still rate (and nothing counts yet, even after a run).
    suite.at(new Date(deadline.getTime() - 60_000).toISOString());
    expect((await section(company, id)).canRate).toBe(true);
    expect((await runTrustFigures(ctx.app.db, ctx.app.now())).ratingsRevealed).toBe(0);
    expect(await countOf(companyId)).toBe(before);

    // At the deadline: too late — its rating would answer one it can now infer.
    suite.at(deadline.toISOString());
    expect(await section(company, id)).toMatchObject({
      canRate: false,
      notAllowedReason: RATING_MSG.windowClosed,
      otherSideRatedUntil: null,
    });
    const late = await rate(company, id);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(RATING_MSG.windowClosed);

    // The trust run lets it count, from its deadline; a second run changes nothing.
    const run = await runTrustFigures(ctx.app.db, ctx.app.now());
    expect(run.ratingsRevealed).toBeGreaterThanOrEqual(1);
    expect(await revealedAt(ratingId)).toEqual(deadline);
    expect(await countOf(companyId)).toBe(before + 1);
    expect((await runTrustFigures(ctx.app.db, ctx.app.now())).ratingsRevealed).toBe(0);
    expect(await countOf(companyId)).toBe(before + 1);
    expect((await section(consultant, id)).own).toMatchObject({ revealedAt: deadline.toISOString(), revealsBy: null });
    expect(messageOf(await rate(company, id))).toBe(RATING_MSG.windowClosed);
  });

  it('When the company rates and then reopens its rejection, then its rating stays blind while the agency cannot rate, and the agency gets its full time after the new rejection', async () => {
    suite.at('2027-05-03T08:00:00.000Z');
    const id = await rejectedAfterInterview();
    const ratingId = await rated(company, id, { communication: 1, quality: 1, speed: 1 });
    // Reopened: the agency may not rate now — and is not told of a deadline it cannot meet.
    suite.at('2027-05-05T08:00:00.000Z');
    expect((await suite.move(company, id, 'interview')).statusCode).toBe(200);
    expect(await section(consultant, id)).toMatchObject({
      canRate: false,
      notAllowedReason: RATING_MSG.notYet,
      otherSideRatedUntil: null,
    });
    // Past the first deadline, the run does not let the company's rating count alone.
    suite.at('2027-05-25T08:00:00.000Z');
    expect((await runTrustFigures(ctx.app.db, ctx.app.now())).ratingsRevealed).toBe(0);
    expect(await revealedAt(ratingId)).toBeNull();
    // Rejected again: the agency has 14 days from then.
    expect((await suite.move(company, id, 'abgesagt', 'Doch nicht.')).statusCode).toBe(200);
    const until = new Date(Date.parse('2027-05-25T08:00:00.000Z') + RATING_REVEAL_DAYS * DAY).toISOString();
    expect(await section(consultant, id)).toMatchObject({ canRate: true, otherSideRatedUntil: until });
    suite.at('2027-06-07T08:00:00.000Z');
    expect((await runTrustFigures(ctx.app.db, ctx.app.now())).ratingsRevealed).toBe(0);
    await rated(consultant, id);
    expect(await revealedAt(ratingId)).toEqual(new Date('2027-06-07T08:00:00.000Z'));
  });
});
