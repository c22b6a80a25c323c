import type { RatingInput } from '@pb/core';
import type { Db } from '../../db/client';
import { moderateRating, rateIntroduction, replyToRating } from '../ratings';
import type { Actor } from './actors';

/**
 * The demo's ratings (issue 36), made with the real commands after the history: Alpenblick Hotels
 * (firma1) and Grazer Softwarehaus (firma3) are rated by the agencies often enough that their
 * averages show, Sabine Huber Personalberatung (berater1) by the companies; some comments are
 * published (one with the rated company's answer), one waits for the office. Auer's introduction is
 * rated by the agency only: Alpenblick Hotels (firma1) sees that the other side rated and until when
 * it may rate (a blind rating; it counts 14 days after it was given).
 */

export interface DemoRating {
  /** Last name of the candidate of the rated introduction (demo introductions or history). */
  candidate: string;
  side: 'company' | 'agency';
  scores: [number, number, number];
  comment?: string;
  /** The office's decision on the comment; absent: still waiting. */
  published?: boolean;
  reply?: string;
}

export const DEMO_RATINGS: readonly DemoRating[] = [
  // The agencies rate the companies.
  {
    candidate: 'Lechner',
    side: 'agency',
    scores: [5, 5, 5],
    comment: 'Schnelle, ehrliche Rückmeldungen – auch bei der Absage mit nachvollziehbarer Begründung.',
    published: true,
    reply: 'Danke! Wir melden uns gerne wieder, sobald die nächste Saisonstelle ausgeschrieben ist.',
  },
  { candidate: 'Auer', side: 'agency', scores: [4, 4, 5] },
  {
    candidate: 'Huemer',
    side: 'agency',
    scores: [5, 4, 5],
    comment: 'Interviewtermin innerhalb eines Tages fixiert.',
    published: true,
  },
  { candidate: 'Brunner', side: 'agency', scores: [5, 5, 4] },
  {
    candidate: 'Kern',
    side: 'agency',
    scores: [4, 4, 4],
    comment: 'Gute Gespräche im Chat, klare Anforderungen.',
    published: true,
  },
  { candidate: 'Fuchs', side: 'agency', scores: [5, 4, 5] },
  { candidate: 'Gruber', side: 'agency', scores: [4, 3, 4], comment: 'Die Absage kam nach dem Interview etwas spät.' },
  // The companies rate the agencies.
  {
    candidate: 'Lechner',
    side: 'company',
    scores: [5, 4, 5],
    comment: 'Sehr gut vorbereitete Kandidatin.',
    published: true,
  },
  { candidate: 'Huemer', side: 'company', scores: [4, 4, 4] },
  {
    candidate: 'Brunner',
    side: 'company',
    scores: [5, 5, 5],
    comment: 'Unser Küchenchef kam über Frau Huber – ausgezeichnet.',
    published: true,
  },
  { candidate: 'Fuchs', side: 'company', scores: [4, 5, 4] },
  { candidate: 'Gruber', side: 'company', scores: [5, 4, 4] },
  { candidate: 'Kern', side: 'company', scores: [4, 4, 5] },
];

export interface DemoRatingDeps {
  db: Db;
  /** The company and the agency of the introduction of a candidate, and its id. */
  introductionOf: (candidate: string) => { id: number; company: Actor; agency: Actor };
  now: Date;
}

export async function seedDemoRatings(deps: DemoRatingDeps): Promise<void> {
  const { db, now } = deps;
  // Ratings are blind until both sides rated: every rating first, then the office's decisions.
  const given: Array<{ rating: DemoRating; id: number }> = [];
  for (const rating of DEMO_RATINGS) {
    const introduction = deps.introductionOf(rating.candidate);
    const rater = rating.side === 'company' ? introduction.company : introduction.agency;
    const [communication, quality, speed] = rating.scores;
    const input: RatingInput = { communication, quality, speed, comment: rating.comment ?? null };
    const { id } = await rateIntroduction(db, rater, introduction.id, input, now);
    given.push({ rating, id });
  }
  for (const { rating, id } of given) {
    if (rating.comment === undefined || rating.published === undefined) continue;
    // The demo's history has no office member yet (ADMIN_EMAIL is set up after it): decided by nobody.
    await moderateRating(
      db,
      null,
      id,
      { part: 'comment', decision: rating.published ? 'approve' : 'reject', reason: 'Demo' },
      now,
    );
    if (rating.reply === undefined) continue;
    const introduction = deps.introductionOf(rating.candidate);
    const rated = rating.side === 'company' ? introduction.agency : introduction.company;
    await replyToRating(db, rated, id, { reply: rating.reply }, now);
    await moderateRating(db, null, id, { part: 'reply', decision: 'approve' }, now);
  }
}
