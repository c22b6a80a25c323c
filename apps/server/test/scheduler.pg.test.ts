import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler, type ScheduledJob } from '../src/services/scheduler';
import { retentionJob } from '../src/modules/retention/schedule';
import { startInstancePair, type InstancePair } from './support/instances';

/**
 * Scheduled work across two app instances on one PostgreSQL database: whatever the timing,
 * each period runs exactly once (counted here), and the real retention job writes one
 * retention run per day however many instances tick.
 */

let pair: InstancePair;
const silent = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  pair = await startInstancePair('the scheduler across instances');
});
afterAll(async () => {
  await pair?.close();
});

describe('Scheduler across two instances', () => {
  it('When both instances tick concurrently over ten periods, then every period ran exactly once', async () => {
    const runs = new Map<string, string[]>();
    let clock = 0;
    const job = (instance: string): ScheduledJob => ({
      name: 'counted',
      period: () => `period-${clock}`,
      run: async ({ period }) => {
        runs.set(period, [...(runs.get(period) ?? []), instance]);
        // Long enough that the other instance's ticks overlap the run.
        await new Promise((resolve) => setTimeout(resolve, 30));
      },
    });
    const a = new Scheduler({ db: pair.a.app.db, log: silent, jobs: [job('a')], instance: 'a' });
    const b = new Scheduler({ db: pair.b.app.db, log: silent, jobs: [job('b')], instance: 'b' });
    for (clock = 0; clock < 10; clock += 1) {
      await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a.tick() : b.tick())));
    }
    expect([...runs.keys()].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `period-${i}`).sort());
    for (const [period, by] of runs) expect(by, period).toHaveLength(1);
    const rows = await pair.a.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scheduled_runs WHERE job = 'counted' AND status = 'done' AND attempts = 1`,
    );
    expect(rows[0]!.n).toBe(10);
  });

  it('When the retention job is scheduled on both instances, then each day has one retention run', async () => {
    let now = new Date('2026-11-24T05:00:00Z');
    const scheduler = (instance: 'a' | 'b') => {
      const app = pair[instance].app;
      return new Scheduler({ db: app.db, log: silent, jobs: [retentionJob(app)], now: () => now, instance });
    };
    const a = scheduler('a');
    const b = scheduler('b');
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    now = new Date('2026-11-24T20:00:00Z');
    await Promise.all([a.tick(), b.tick()]);
    now = new Date('2026-11-25T04:00:00Z');
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    const runs = await pair.a.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM retention_runs WHERE dry_run = false',
    );
    expect(runs[0]!.n).toBe(2);
    const scheduled = await pair.a.database.query<{ period: string; status: string }>(
      `SELECT period, status FROM scheduled_runs WHERE job = 'retention' ORDER BY period`,
    );
    expect(scheduled).toEqual([
      { period: '2026-11-24', status: 'done' },
      { period: '2026-11-25', status: 'done' },
    ]);
  });
});
