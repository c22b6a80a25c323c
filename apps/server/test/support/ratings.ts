import { expect } from 'vitest';
import { addCalendarDays, viennaDate, type IntroductionRating } from '@pb/core';
import { createJob, type ChatUser } from './chat-fixtures';
import type { introductionsSuite } from './introductions-suite';

/**
 * Ratings in tests (issue 36): the calls of the rating routes, and introductions brought to where
 * their parties may rate (or not) through the product's own API — a hire, an interview held and
 * a final rejection — on the introductions suite's clock.
 */

type Suite = ReturnType<typeof introductionsSuite>;
/** Anyone with a bearer token (a ChatUser, or a member who joined by invitation). */
export interface Caller {
  token: string;
}

export const GOOD_RATING = { communication: 5, quality: 4, speed: 3 };

export function ratingCalls(suite: Suite) {
  const { ctx, company, consultant, at, introduced, move } = suite;

  const view = (user: Caller | null, introductionId: number) =>
    ctx.request({ method: 'GET', url: `/api/introductions/${introductionId}/rating`, token: user?.token });

  const rate = (user: Caller | null, introductionId: number, data: unknown = GOOD_RATING) =>
    ctx.request({
      method: 'POST',
      url: `/api/introductions/${introductionId}/rating`,
      token: user?.token,
      payload: { data },
    });

  const reply = (user: Caller, ratingId: number, text: unknown) =>
    ctx.request({
      method: 'POST',
      url: `/api/ratings/${ratingId}/reply`,
      token: user.token,
      payload: { data: { reply: text } },
    });

  const moderate = (admin: Caller, ratingId: number, data: object) =>
    ctx.request({
      method: 'POST',
      url: `/api/admin/ratings/${ratingId}/moderation`,
      token: admin.token,
      payload: { data },
    });

  /** The section as the caller sees it (asserting 200). */
  async function section(user: Caller, introductionId: number): Promise<IntroductionRating> {
    const res = await view(user, introductionId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: IntroductionRating }>().data;
  }

  /** A rating saved (asserting 201); its id. */
  async function rated(user: Caller, introductionId: number, data: object = GOOD_RATING): Promise<number> {
    const res = await rate(user, introductionId, data);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: IntroductionRating }>().data.own!.id;
  }

  const messageOf = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;

  /** The caller's first organisation of a kind (a person may be in a company and an agency). */
  const organisationIdOf = async (user: ChatUser, kind: 'company' | 'agency') =>
    (
      await ctx.database.query<{ id: number }>(
        `SELECT m.organisation_id AS id FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id
          WHERE m.user_id = $1 AND o.kind = $2 ORDER BY m.id LIMIT 1`,
        [user.id, kind],
      )
    )[0]!.id;

  /** A fresh introduction the candidate agreed to, on a new advertisement of `by`'s company. */
  async function agreed(by: ChatUser = company, agency: ChatUser = consultant, jobTitle = 'Rezeptionist/in') {
    const job = await createJob(ctx.app.db, by.id, { jobTitle, bonus: 12 });
    return (await introduced(agency, job.id)).data.id;
  }

  /** The company hired the candidate by its own stage change. */
  async function hired(by: ChatUser = company, agency: ChatUser = consultant) {
    const id = await agreed(by, agency, 'Koch/Köchin');
    const res = await move(by, id, 'eingestellt');
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  /**
   * An interview agreed a week ahead (the agency chose the time); `held` moves the clock past it.
   * Answers the interview's id.
   */
  async function interview(introductionId: number, by: ChatUser = company, agency: ChatUser = consultant) {
    const day = addCalendarDays(viennaDate(ctx.app.now()), 7);
    const proposed = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${introductionId}/interviews`,
      token: by.token,
      payload: {
        data: { slots: [{ date: day, time: '10:00' }], durationMinutes: 60, mode: 'telefon', location: '+43 1 234' },
      },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { id, slots } = proposed.json<{ data: { id: number; slots: Array<{ id: number; startsAt: string }> } }>()
      .data;
    const chosen = await ctx.request({
      method: 'POST',
      url: `/api/interviews/${id}/choice`,
      token: agency.token,
      payload: { data: { slot: slots[0]!.id } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return { id, startsAt: new Date(slots[0]!.startsAt) };
  }

  /** Moves the suite's clock to a day after `instant`. */
  const after = (instant: Date) => at(new Date(instant.getTime() + 24 * 3_600_000).toISOString());

  /** Rejected for good by the company after an interview that took place. */
  async function rejectedAfterInterview(by: ChatUser = company, agency: ChatUser = consultant) {
    const id = await agreed(by, agency, 'Sommelier/e');
    after((await interview(id, by, agency)).startsAt);
    const res = await move(by, id, 'abgesagt', 'Gehaltsvorstellung passt nicht.');
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  return {
    view,
    rate,
    reply,
    moderate,
    section,
    rated,
    messageOf,
    organisationIdOf,
    agreed,
    hired,
    interview,
    after,
    rejectedAfterInterview,
  };
}
