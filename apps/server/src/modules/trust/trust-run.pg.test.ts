import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { Scheduler } from '../../services/scheduler';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, organisationOf } from '../../../test/support/chat-fixtures';
import { recordNewFacts } from './facts';
import { runTrustFigures, trustJob, type TrustRunResult } from './run';

/**
 * The trust run on PostgreSQL with real parallel transactions: two instances (two connection
 * pools on one database) run it at the same moment over more introductions than one batch, and
 * a run cut off after its first steps is finished by the next — always one consistent result.
 */

const INTRODUCTIONS = 2500;
const NOW = new Date('2027-03-15T11:00:00Z');

let ctx: TestContext;
let second: Database;

async function snapshot() {
  const [row] = await ctx.database.query<Record<string, unknown>>(
    `SELECT (SELECT json_agg(json_build_object('id', organisation_id, 'company', company_figures, 'agency', agency_figures,
                                               'minutes', response_minutes) ORDER BY organisation_id)
               FROM organisation_trust) AS organisations,
            (SELECT json_agg(m ORDER BY organisation_id, user_id) FROM member_track_records m) AS members,
            (SELECT count(*)::int FROM introduction_trust_facts) AS facts,
            (SELECT count(*)::int FROM introduction_trust_facts WHERE first_reaction_at IS NOT NULL) AS answered,
            (SELECT json_agg(company_response_minutes ORDER BY id) FROM jobs) AS advertisements`,
  );
  return row!;
}

const sum = (results: TrustRunResult[], key: keyof TrustRunResult) => results.reduce((n, r) => n + r[key], 0);

beforeAll(async () => {
  ctx = await createTestContext();
  const company = await createChatUser(ctx.app, 'company', 'Massenhof GmbH');
  const consultant = await createChatUser(ctx.app, 'consultant', 'Viele Vorstellungen KG');
  const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
  const [{ name }] = (await ctx.database.query<{ name: string }>('SELECT current_database() AS name')) as [
    { name: string },
  ];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  second = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  // Introductions written straight into the table (the register's chain is not under test here):
  // one every 3 minutes from Monday 1 March 2027, every fifth moved to 'In Prüfung' an hour later.
  await ctx.database.query(
    `INSERT INTO introductions (job_id, company_id, consultant_id, job_title, company_name, bonus, introduced_at, email,
                                consent_state, consent_at, identity_released_at, status, status_changed_at,
                                company_organisation_id, agency_organisation_id, introduced_by_member_id)
     SELECT $1, $2, $3, 'Koch/Köchin', 'Massenhof GmbH', 15, t, 'kandidat' || g || '@example.at',
            'confirmed', t, t, 'neu', t, $4, $5,
            (SELECT id FROM organisation_members WHERE user_id = $3 AND organisation_id = $5)
       FROM generate_series(1, ${INTRODUCTIONS}) g,
            LATERAL (SELECT timestamptz '2027-03-01 08:00:00+00' + g * interval '3 minutes' AS t) x`,
    [
      job.id,
      company.id,
      consultant.id,
      await organisationOf(ctx.app.db, company.id),
      await organisationOf(ctx.app.db, consultant.id),
    ],
  );
  await ctx.database.query(
    `INSERT INTO introduction_events (introduction_id, kind, content, prev_hash, hash, created_at)
     SELECT id, 'status', jsonb_build_object('status', 'in_pruefung', 'from', 'neu'), repeat('0', 64), encode(sha256(id::text::bytea), 'hex'),
            introduced_at + interval '1 hour'
       FROM introductions WHERE id % 5 = 0`,
  );
});

afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

describe('The trust run across instances', () => {
  it('When a run stopped after its first steps and two instances then run at the same moment, then every fact is written once and the figures are those of one run', async () => {
    // A run cut off after the facts and part of the reactions (as by a crash): the next finishes it.
    expect(await recordNewFacts(ctx.app.db, NOW)).toBe(INTRODUCTIONS);
    await ctx.database.query('UPDATE introduction_trust_facts SET first_reaction_at = NULL, response_minutes = NULL');
    const results = await Promise.all([
      runTrustFigures(ctx.app.db, NOW),
      runTrustFigures(second.db, NOW),
      runTrustFigures(ctx.app.db, NOW),
    ]);
    expect(sum(results, 'factsRecorded')).toBe(0);
    expect(sum(results, 'reactionsRecorded')).toBe(INTRODUCTIONS / 5);
    const together = await snapshot();
    expect(together).toMatchObject({ facts: INTRODUCTIONS, answered: INTRODUCTIONS / 5 });
    expect(
      (together['organisations'] as Array<{ company: { introductions: number } | null }>)[0]!.company,
    ).toMatchObject({ introductions: INTRODUCTIONS, enoughData: true });

    // One more run on its own changes nothing.
    await runTrustFigures(second.db, NOW);
    expect(await snapshot()).toEqual(together);
  });

  it('When two instances start from nothing at once, then each introduction gets one fact and one first reaction', async () => {
    await ctx.database.query('DELETE FROM introduction_trust_facts');
    const results = await Promise.all([runTrustFigures(ctx.app.db, NOW), runTrustFigures(second.db, NOW)]);
    expect(sum(results, 'factsRecorded')).toBe(INTRODUCTIONS);
    expect(sum(results, 'reactionsRecorded')).toBe(INTRODUCTIONS / 5);
    const state = await snapshot();
    expect(state).toMatchObject({ facts: INTRODUCTIONS, answered: INTRODUCTIONS / 5 });
  });

  it("When two instances' schedulers tick in the same 10 minutes, then only one runs the job", async () => {
    const log = { warn: () => {}, error: () => {} };
    const at = () => new Date('2027-03-15T11:04:00Z');
    const one = new Scheduler({ db: ctx.app.db, log, jobs: [trustJob(ctx.app.db)], now: at, instance: 'one' });
    const two = new Scheduler({ db: second.db, log, jobs: [trustJob(second.db)], now: at, instance: 'two' });
    const ran = await Promise.all([one.tick(), two.tick()]);
    expect(ran.flat()).toEqual(['trust-figures']);
    const [run] = await ctx.database.query<{ period: string; status: string }>(
      "SELECT period, status FROM scheduled_runs WHERE job = 'trust-figures'",
    );
    expect(run).toEqual({ period: '2027-03-15T11:00', status: 'done' });
  });
});
