import { describe, expect, it } from 'vitest';
import { createJob } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { answerConsent } from '../../../test/support/candidate-consent';
import { expireConsents } from './consent-runs';

/**
 * The candidate's answer against everyone else at the same moment (issue 35), on PostgreSQL with
 * real concurrent connections: one answer per link, and a rejection or the expiry run racing the
 * confirmation leaves one consistent outcome — never an identity released for a cancelled request.
 */

const suite = introductionsSuite();
const { ctx, company, consultant, at, introduced, move } = suite;

async function entries(id: number, kind: string): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM introduction_events WHERE introduction_id = $1 AND kind = $2',
    [id, kind],
  );
  return row!.n;
}

async function stateOf(id: number) {
  const [row] = await ctx.database.query<{
    consent_state: string;
    email: string | null;
    identity_released_at: Date | null;
  }>('SELECT consent_state, email, identity_released_at FROM introductions WHERE id = $1', [id]);
  return row!;
}

describe('The candidate answers while others act', () => {
  it('When the link is used five times at once, then exactly one confirmation counts', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data } = await introduced(consultant, job.id, undefined, { confirm: false });
    const answers = await Promise.all(Array.from({ length: 5 }, () => answerConsent(ctx, data.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await entries(data.id, 'consent_confirmed')).toBe(1);
    expect(await entries(data.id, 'identity_released')).toBe(1);
  });

  it('When the company rejects from the profile as the candidate confirms, then one of the two comes first and the other sees it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
      const { data } = await introduced(consultant, job.id, undefined, { confirm: false });
      const [confirmed, rejected] = await Promise.all([
        answerConsent(ctx, data.id),
        move(company, data.id, 'abgesagt', 'Passt nicht.'),
      ]);
      expect(rejected.statusCode).toBe(200);
      const state = await stateOf(data.id);
      if (confirmed.statusCode === 200) {
        // Confirmed first: the rejection then ended an introduction whose identity the company had.
        expect(state.consent_state).toBe('confirmed');
        expect(state.identity_released_at).not.toBeNull();
      } else {
        expect(confirmed.statusCode).toBe(409);
        expect(state).toMatchObject({ consent_state: 'cancelled', email: null, identity_released_at: null });
        expect(await entries(data.id, 'identity_released')).toBe(0);
      }
    }
  });

  it('When the expiry run and a late click meet, then the introduction ends once and nothing is released', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data } = await introduced(consultant, job.id, undefined, { confirm: false });
    at('2026-12-11T09:00:01Z');
    const deps = { db: ctx.app.db, registerSecret: ctx.app.config.registerSecret, publicUrl: 'http://localhost' };
    const [click] = await Promise.all([
      answerConsent(ctx, data.id),
      expireConsents(deps, new Date('2026-12-11T09:00:01Z')),
    ]);
    expect(click.statusCode).toBe(409);
    expect(await stateOf(data.id)).toMatchObject({ consent_state: 'expired', email: null, identity_released_at: null });
    expect(await entries(data.id, 'consent_expired')).toBe(1);
    expect(await entries(data.id, 'personal_data_deleted')).toBe(1);
  });
});
