import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { dailyInVienna, Scheduler, scheduledRunsPruneJob, type ScheduledJob } from './scheduler';

/** The scheduler on one instance (PGlite and PostgreSQL); scheduler.pg.test.ts runs two at once. */

let ctx: TestContext;
const silent = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function runRow(job: string, period: string) {
  const [row] = await ctx.database.query<{ status: string; attempts: number; instance: string; error: string | null }>(
    'SELECT status, attempts, instance, error FROM scheduled_runs WHERE job = $1 AND period = $2',
    [job, period],
  );
  return row;
}

describe('Scheduler', () => {
  it('When the Vienna clock passes 03:00, then the daily period is that Vienna day (and nothing before)', () => {
    const daily = dailyInVienna(3);
    expect(daily(new Date('2026-11-24T01:59:00Z'))).toBeNull(); // 02:59 Vienna (CET)
    expect(daily(new Date('2026-11-24T02:00:00Z'))).toBe('2026-11-24');
    expect(daily(new Date('2026-07-01T00:30:00Z'))).toBeNull(); // 02:30 Vienna (CEST)
    expect(daily(new Date('2026-07-01T01:00:00Z'))).toBe('2026-07-01');
    expect(daily(new Date('2026-12-31T23:30:00Z'))).toBeNull(); // 00:30 Vienna on 1 January
    expect(daily(new Date('2027-01-01T02:15:00Z'))).toBe('2027-01-01');
  });

  it('When a job is due, then it runs once per period however often the instance ticks, and again in the next period', async () => {
    let clock = '2026-03-01';
    const runs: string[] = [];
    const job: ScheduledJob = {
      name: 'once-test',
      period: () => clock,
      run: async ({ period }) => void runs.push(period),
    };
    const scheduler = new Scheduler({ db: ctx.app.db, log: silent, jobs: [job] });
    expect(await scheduler.tick()).toEqual(['once-test']);
    expect(await scheduler.tick()).toEqual([]);
    await Promise.all([scheduler.tick(), scheduler.tick(), scheduler.tick()]);
    clock = '2026-03-02';
    await scheduler.tick();
    await scheduler.tick();
    expect(runs).toEqual(['2026-03-01', '2026-03-02']);
    expect(await runRow('once-test', '2026-03-01')).toMatchObject({ status: 'done', attempts: 1, error: null });
  });

  it('When a job is not due yet (period null), then nothing is claimed', async () => {
    const job: ScheduledJob = { name: 'not-due', period: () => null, run: async () => undefined };
    expect(await new Scheduler({ db: ctx.app.db, log: silent, jobs: [job] }).tick()).toEqual([]);
    expect(await ctx.database.query(`SELECT 1 FROM scheduled_runs WHERE job = 'not-due'`)).toEqual([]);
  });

  it('When a job fails, then later ticks retry it until maxAttempts, recording the error; one job failing does not stop the next', async () => {
    let calls = 0;
    const failing: ScheduledJob = {
      name: 'failing',
      period: () => 'p1',
      run: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
    };
    let other = 0;
    const next: ScheduledJob = { name: 'after-failing', period: () => 'p1', run: async () => void (other += 1) };
    const scheduler = new Scheduler({ db: ctx.app.db, log: silent, jobs: [failing, next], maxAttempts: 3 });
    for (let i = 0; i < 6; i += 1) await scheduler.tick();
    expect(calls).toBe(3);
    expect(other).toBe(1);
    expect(await runRow('failing', 'p1')).toMatchObject({ status: 'failed', attempts: 3, error: 'boom 3' });
  });

  it('When the instance holding a run died, then its run is taken over only after the lease has expired', async () => {
    await ctx.database.query(
      `INSERT INTO scheduled_runs (job, period, status, instance, lease_until)
       VALUES ('crashed', 'live', 'running', 'dead-instance', now() + interval '1 hour'),
              ('crashed', 'expired', 'running', 'dead-instance', now() - interval '1 second')`,
    );
    const runs: string[] = [];
    let period = 'live';
    const job: ScheduledJob = { name: 'crashed', period: () => period, run: async (c) => void runs.push(c.period) };
    const scheduler = new Scheduler({ db: ctx.app.db, log: silent, jobs: [job], instance: 'survivor' });
    await scheduler.tick();
    expect(runs).toEqual([]);
    period = 'expired';
    await scheduler.tick();
    expect(runs).toEqual(['expired']);
    expect(await runRow('crashed', 'expired')).toMatchObject({ status: 'done', attempts: 2, instance: 'survivor' });
  });

  it('When a run outlasts its lease, then the lease is renewed and no other instance takes it over', async () => {
    let release: () => void = () => undefined;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const job: ScheduledJob = {
      name: 'long',
      period: () => 'p',
      run: async () => {
        runs += 1;
        await blocker;
      },
    };
    // Over twice the lease: without the renewal (every third of it) b would take the run over.
    const a = new Scheduler({ db: ctx.app.db, log: silent, jobs: [job], leaseMs: 900, instance: 'a' });
    const b = new Scheduler({ db: ctx.app.db, log: silent, jobs: [job], leaseMs: 900, instance: 'b' });
    const first = a.tick();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await b.tick();
    release();
    await first;
    expect(runs).toBe(1);
    expect(await runRow('long', 'p')).toMatchObject({ status: 'done', instance: 'a', attempts: 1 });
  });

  it('When stopped during a run, then stop() waits for the run to finish', async () => {
    let finished = false;
    const job: ScheduledJob = {
      name: 'stop-waits',
      period: () => 'p',
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        finished = true;
      },
    };
    const scheduler = new Scheduler({ db: ctx.app.db, log: silent, jobs: [job], tickMs: 50 });
    const running = scheduler.tick();
    await scheduler.stop();
    expect(finished).toBe(true);
    await running;
    expect(await runRow('stop-waits', 'p')).toMatchObject({ status: 'done' });
  });

  it('When the daily prune runs (once across instances), then rows finished or abandoned over 30 days ago go and the rest stay', async () => {
    const ago = (days: string) => `now() - interval '${days}'`;
    await ctx.database.query(
      `INSERT INTO scheduled_runs (job, period, status, instance, attempts, claimed_at, lease_until, finished_at)
       VALUES ('prune-test', 'old-done', 'done', 'x', 1, ${ago('60 days')}, ${ago('60 days')}, ${ago('60 days')}),
              ('prune-test', 'old-failed', 'failed', 'x', 5, ${ago('60 days')}, ${ago('60 days')}, ${ago('60 days')}),
              ('prune-test', 'old-failed-early', 'failed', 'x', 2, ${ago('40 days')}, ${ago('40 days')}, ${ago('40 days')}),
              ('prune-test', 'old-abandoned', 'running', 'x', 1, ${ago('40 days')}, ${ago('31 days')}, NULL),
              ('prune-test', 'day-31', 'done', 'x', 1, ${ago('31 days')}, ${ago('31 days')}, ${ago('30 days 1 minute')}),
              ('prune-test', 'day-29', 'done', 'x', 1, ${ago('29 days')}, ${ago('29 days')}, ${ago('29 days 23 hours')}),
              ('prune-test', 'recent-failed', 'failed', 'x', 1, ${ago('1 day')}, ${ago('1 day')}, ${ago('1 day')}),
              ('prune-test', 'abandoned-lately', 'running', 'x', 1, ${ago('40 days')}, ${ago('29 days')}, NULL),
              ('prune-test', 'running-now', 'running', 'x', 1, now(), now() + interval '10 minutes', NULL)`,
    );
    const now = () => new Date('2027-03-01T04:00:00Z'); // 05:00 in Vienna: the day's prune is due
    const jobs = [scheduledRunsPruneJob(ctx.app.db)];
    const a = new Scheduler({ db: ctx.app.db, log: silent, jobs, now, instance: 'a' });
    const b = new Scheduler({ db: ctx.app.db, log: silent, jobs, now, instance: 'b' });
    expect([...(await a.tick()), ...(await b.tick())]).toEqual(['scheduled-runs-prune']);
    const left = await ctx.database.query<{ period: string }>(
      `SELECT period FROM scheduled_runs WHERE job = 'prune-test' ORDER BY period`,
    );
    expect(left.map((r) => r.period)).toEqual(['abandoned-lately', 'day-29', 'recent-failed', 'running-now']);
    // Its own row stays: the day's prune is not run again.
    expect(await runRow('scheduled-runs-prune', '2027-03-01')).toMatchObject({ status: 'done', attempts: 1 });
  });
});
