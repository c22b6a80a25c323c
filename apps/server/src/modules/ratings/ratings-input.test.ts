import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RATING_COMMENT_MAX_LENGTH, RATING_MSG, ratingInputSchema } from '@pb/core';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { hostile, toJson } from '../../../test/support/hostile-values';
import { ratingCalls } from '../../../test/support/ratings';

/**
 * Whatever a party sends as a rating — scores of any type and size, comments of any length or
 * encoding, extra fields, no object at all — the answer is a saved rating exactly when core's
 * schema accepts the body, and otherwise a German 4xx; never a 5xx. Ids and envelopes likewise.
 */

const suite = introductionsSuite();
const { ctx, company } = suite;
const { rate, messageOf, hired } = ratingCalls(suite);

/** English words zod, Fastify, Node or PostgreSQL would put into a message (as test/input-properties.test.ts). */
const ENGLISH =
  /\b(the|is|are|must|should|invalid|expected|required|unexpected|received|input|string|number|object|array|body|error|value|syntax|failed)\b/i;
const german = (message: string) => !ENGLISH.test(message.replace(/„[^“]*“/g, '').replace(/Unbekanntes Feld: .*$/, ''));

const score = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: hostile });
const comment = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(null, '', '   ', 'x'.repeat(RATING_COMMENT_MAX_LENGTH + 1), 'Gut\u0000', 'Très bien 👍'),
  hostile,
);
const fields = (requiredKeys: Array<'communication' | 'quality' | 'speed'>) =>
  fc
    .tuple(
      fc.record({ communication: score, quality: score, speed: score, comment }, { requiredKeys }),
      fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 }), { freq: 4 }),
    )
    .map(([known, extra]) => ({ ...known, ...(extra ?? {}) }));
const body = fc.oneof(
  { weight: 5, arbitrary: fields(['communication', 'quality', 'speed']) },
  { weight: 2, arbitrary: fields([]) },
  { weight: 1, arbitrary: hostile },
);

describe('Rating input', () => {
  it('When any body is sent, then it is saved exactly when the schema accepts it, else a German 4xx — never a 5xx', async () => {
    let introduction = await hired();
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(body, async (data) => {
        const text = toJson({ data });
        const res = await ctx.request({
          method: 'POST',
          url: `/api/introductions/${introduction}/rating`,
          token: company.token,
          headers: { 'content-type': 'application/json' },
          payload: text,
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const parsed = (() => {
          try {
            return ratingInputSchema.safeParse((JSON.parse(text) as { data: unknown }).data).success;
          } catch {
            return false;
          }
        })();
        if (res.statusCode === 201) {
          expect(parsed, text).toBe(true);
          saved += 1;
          introduction = await hired();
          return;
        }
        expect(parsed, `${text} → ${res.body}`).toBe(false);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(german(messageOf(res)), res.body).toBe(true);
      }),
      { numRuns: 60, seed: 20_261_236 },
    );
    expect(saved).toBeGreaterThan(5);
  });

  it('When a score is out of range or a comment too long, then the German message says which', async () => {
    const id = await hired();
    const cases: Array<[unknown, string | null]> = [
      [{ communication: 0, quality: 3, speed: 3 }, RATING_MSG.invalidScore],
      [{ communication: 3, quality: 6, speed: 3 }, RATING_MSG.invalidScore],
      [{ communication: 3, quality: 3, speed: 2.5 }, RATING_MSG.invalidScore],
      [{ communication: '5', quality: 3, speed: 3 }, RATING_MSG.invalidScore],
      [{ communication: 3, quality: 3 }, RATING_MSG.invalidScore],
      [{ communication: 3, quality: 3, speed: 3, comment: 'x'.repeat(1001) }, RATING_MSG.commentTooLong],
      [{ communication: 3, quality: 3, speed: 3, stars: 5 }, null],
    ];
    for (const [data, message] of cases) {
      const res = await rate(company, id, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      if (message) expect(messageOf(res)).toBe(message);
      else expect(german(messageOf(res)), res.body).toBe(true);
    }
    for (const url of ['abc', '0', '-1', '99999999999', '1.5']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.request({
          method,
          url: `/api/introductions/${url}/rating`,
          token: company.token,
          ...(method === 'POST' ? { payload: { data: { communication: 3, quality: 3, speed: 3 } } } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(german(messageOf(res))).toBe(true);
      }
    }
    const noEnvelope = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${id}/rating`,
      token: company.token,
      payload: { communication: 3, quality: 3, speed: 3 },
    });
    expect(noEnvelope.statusCode).toBe(400);
    const broken = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${id}/rating`,
      token: company.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"data": {',
    });
    expect(broken.statusCode).toBe(400);
    expect(german(messageOf(broken))).toBe(true);
  });
});
