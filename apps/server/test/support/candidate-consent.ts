import type { LightMyRequestResponse } from 'fastify';
import type { AnonymousProfile } from '@pb/core';
import { consentTokenOf } from '../../src/modules/introductions';
import type { TestContext } from '../helpers';

/**
 * The candidate's side of an introduction in tests (issue 35): a valid anonymised profile, and the
 * candidate answering the mailed link — the token derived the way the reminder derives it.
 */

type Ctx = Pick<TestContext, 'app' | 'request'>;

export const TEST_PROFILE: AnonymousProfile = {
  position: 'Rezeptionistin',
  experienceYears: 5,
  region: 'Wien',
  skills: ['Opera PMS', 'Gästebetreuung'],
  salaryExpectationCents: null,
  noticePeriod: null,
  availableFrom: null,
  languages: ['Deutsch', 'Englisch'],
};

export async function consentTokenFor(ctx: Ctx, introductionId: number): Promise<string> {
  const token = await consentTokenOf(ctx.app.db, ctx.app.config.registerSecret, introductionId);
  if (!token) throw new Error(`introduction ${introductionId} has no consent request`);
  return token;
}

/** The candidate answers: 'confirm' (default), 'decline' or 'withdraw'; `token` as a session (a bearer) if given. */
export async function answerConsent(
  ctx: Ctx,
  introductionId: number,
  answer: 'confirm' | 'decline' | 'withdraw' = 'confirm',
  options: { keepLonger?: boolean; sessionToken?: string } = {},
): Promise<LightMyRequestResponse> {
  const token = await consentTokenFor(ctx, introductionId);
  return ctx.request({
    method: 'POST',
    url: `/api/candidate-consent/${answer}`,
    token: options.sessionToken,
    payload: answer === 'confirm' ? { token, keepLonger: options.keepLonger ?? false } : { token },
  });
}

/** The candidate agrees (asserting it worked): the identity reaches the company. */
export async function confirmCandidate(ctx: Ctx, introductionId: number): Promise<void> {
  const res = await answerConsent(ctx, introductionId);
  if (res.statusCode !== 200) throw new Error(`consent refused: ${res.statusCode} ${res.body}`);
}
