import { describe, expect, it } from 'vitest';
import { RATING_MSG } from '@pb/core';
import { createChatUser } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { ratingCalls } from '../../../test/support/ratings';
import { runTrustFigures } from '../trust';

/**
 * Ratings under real concurrency (PostgreSQL): a double submit makes one rating and a clean 409;
 * both sides at once both count; ratings of one organisation that begin to count at the same moment
 * all count in its averages, also when two trust runs average or reveal them at once; an answer and
 * an office decision happen once however many tabs send them.
 */

const suite = introductionsSuite();
const { ctx, company, consultant, admin } = suite;
const { rate, reply, moderate, rated, messageOf, hired } = ratingCalls(suite);

const rows = async (introductionId: number) =>
  ctx.database.query<{ side: string }>('SELECT side FROM ratings WHERE introduction_id = $1 ORDER BY side', [
    introductionId,
  ]);

describe('ratings at once', () => {
  it('When one side submits five times at once, then one rating exists and the others get the German 409', async () => {
    const id = await hired();
    const answers = await Promise.all(Array.from({ length: 5 }, () => rate(company, id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map(messageOf)).toEqual(Array(4).fill(RATING_MSG.alreadyRated));
    expect(await rows(id)).toEqual([{ side: 'company' }]);
  });

  it('When both sides rate at the same moment, then both ratings stand and both count', async () => {
    const id = await hired();
    const [mine, theirs] = await Promise.all([rate(company, id), rate(consultant, id)]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(await rows(id)).toEqual([{ side: 'agency' }, { side: 'company' }]);
    const blind = await ctx.database.query('SELECT 1 FROM ratings WHERE introduction_id = $1 AND revealed_at IS NULL', [
      id,
    ]);
    expect(blind).toHaveLength(0);
  });

  it('When three companies rate one agency at the same moment, then all three count in its averages', async () => {
    const agency = await createChatUser(ctx.app, 'consultant', 'Gleichzeitig Personal GmbH');
    const companies = await Promise.all([1, 2, 3].map(() => createChatUser(ctx.app, 'company')));
    const introductions: number[] = [];
    for (const each of companies) introductions.push(await hired(each, agency));
    const scores = [
      { communication: 5, quality: 5, speed: 4 },
      { communication: 4, quality: 3, speed: 4 },
      { communication: 2, quality: 4, speed: 5 },
    ];
    for (const [n, each] of companies.entries()) await rated(each, introductions[n]!, scores[n]);
    // Blind until the agency rates back — which it does on all three at once — and the trust run
    // (here two at once) averages them.
    const answers = await Promise.all(introductions.map((id) => rate(agency, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    await Promise.all([runTrustFigures(ctx.app.db, ctx.app.now()), runTrustFigures(ctx.app.db, ctx.app.now())]);
    const [trust] = await ctx.database.query<Record<string, unknown>>(
      `SELECT t.ratings_count, t.rating_communication::text AS c, t.rating_quality::text AS q, t.rating_speed::text AS s
         FROM organisation_trust t JOIN organisation_members m ON m.organisation_id = t.organisation_id
        WHERE m.user_id = $1`,
      [agency.id],
    );
    expect(trust).toEqual({ ratings_count: 3, c: '3.67', q: '4.00', s: '4.33' });
  });

  it('When the rated agency answers in five tabs and the office decides in three, then one answer and one decision', async () => {
    const id = await hired();
    const ratingId = await rated(company, id, { communication: 4, quality: 4, speed: 4, comment: 'Gut betreut.' });
    await rated(consultant, id);
    const decisions = await Promise.all(
      Array.from({ length: 3 }, () => moderate(admin, ratingId, { part: 'comment', decision: 'approve' })),
    );
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409, 409]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) => reply(consultant, ratingId, `Danke, Antwort ${n + 1}.`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const audit = await ctx.database.query(
      "SELECT 1 FROM audit_log WHERE entity = 'rating' AND entity_id = $1 AND action = 'rating.comment.approve'",
      [String(ratingId)],
    );
    expect(audit).toHaveLength(1);
  });

  it('When two trust runs reveal overdue blind ratings at once, then each counts once', async () => {
    const agency = await createChatUser(ctx.app, 'consultant', 'Verdeckt Personal GmbH');
    suite.at('2027-06-01T09:00:00.000Z');
    const first = await hired(company, agency);
    const second = await hired(company, agency);
    await rated(company, first, { communication: 5, quality: 5, speed: 5 });
    await rated(company, second, { communication: 3, quality: 3, speed: 3 });
    suite.at('2027-06-20T09:00:00.000Z');
    // Earlier tests' blind ratings are due by now too: every blind rating is revealed exactly once.
    const [blind] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ratings WHERE revealed_at IS NULL',
    );
    const runs = await Promise.all([
      runTrustFigures(ctx.app.db, ctx.app.now()),
      runTrustFigures(ctx.app.db, ctx.app.now()),
    ]);
    expect(blind!.n).toBeGreaterThanOrEqual(2);
    expect(runs[0]!.ratingsRevealed + runs[1]!.ratingsRevealed).toBe(blind!.n);
    const [trust] = await ctx.database.query<Record<string, unknown>>(
      `SELECT t.ratings_count, t.rating_communication::text AS c
         FROM organisation_trust t JOIN organisation_members m ON m.organisation_id = t.organisation_id
        WHERE m.user_id = $1`,
      [agency.id],
    );
    expect(trust).toEqual({ ratings_count: 2, c: '4.00' });
  });
});
