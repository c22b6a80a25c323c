import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { viennaDate, viennaParts } from '@pb/core';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { isDatabaseUnavailable, rootCause } from '../lib/db-errors';

/**
 * Scheduled work that runs exactly once per period across every instance (retention today;
 * alert digests later). Each instance ticks on its own timer; a run is claimed by inserting
 * the row (job, period) into scheduled_runs — the primary key lets exactly one instance win.
 * The winner holds a lease it renews while working. A run whose instance died (lease
 * expired) or that failed is taken over on a later tick, so a period is never skipped;
 * a finished period is never run again, whichever instance ticks and however often.
 */

export interface ScheduledJob {
  /** Unique name, the key in scheduled_runs. */
  name: string;
  /** The period `now` falls in once the job is due (e.g. the Vienna date after 03:00), else null. */
  period(now: Date): string | null;
  run(context: { now: Date; period: string }): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  db: Db;
  log: Logger;
  jobs: readonly ScheduledJob[];
  now?: () => Date;
  /** How often this instance looks for due work. */
  tickMs?: number;
  /** A claim is held this long and renewed every third of it while the job runs. */
  leaseMs?: number;
  /** A failed run is retried on later ticks until it has been tried this often. */
  maxAttempts?: number;
  /** Names this instance in scheduled_runs (default: host, pid and a random suffix). */
  instance?: string;
}

/** Daily at `hour` (Vienna time): the period is the Vienna calendar day, due from that hour on. */
export function dailyInVienna(hour: number): (now: Date) => string | null {
  return (now) => (Number(viennaParts(now).hour) >= hour ? viennaDate(now) : null);
}

/** Finished rows of scheduled_runs are kept this long (who ran what, docs/operations.md), then pruned. */
export const SCHEDULED_RUNS_KEEP_DAYS = 30;
const PRUNE_HOUR = 4;

/**
 * Prunes scheduled_runs once a day, once across instances (a job like any other): rows finished
 * (done, or failed — retried or not) more than SCHEDULED_RUNS_KEEP_DAYS ago, and rows still
 * 'running' whose lease ran out that long ago (an instance died and the period passed). Every
 * job's period is an hour, a 10-minute slot or a Vienna day: a row that old is never claimed
 * again, so removing it can never let a period run twice. The trust run alone writes 144 rows a day.
 */
export function scheduledRunsPruneJob(db: Db): ScheduledJob {
  return {
    name: 'scheduled-runs-prune',
    period: dailyInVienna(PRUNE_HOUR),
    async run() {
      await pruneScheduledRuns(db);
    },
  };
}

/**
 * Deletes the rows described at scheduledRunsPruneJob; returns how many. By the database's clock,
 * the one finished_at and lease_until are written by.
 */
export async function pruneScheduledRuns(db: Db): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM scheduled_runs
     WHERE (status IN ('done', 'failed') AND finished_at < now() - make_interval(days => ${SCHEDULED_RUNS_KEEP_DAYS}))
        OR (status = 'running' AND lease_until < now() - make_interval(days => ${SCHEDULED_RUNS_KEEP_DAYS}))
    RETURNING job`);
  return rowsOf(result).length;
}

export class Scheduler {
  private readonly instance: string;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<string[]> | undefined;
  private stopped = true;

  constructor(private readonly options: SchedulerOptions) {
    this.instance = options.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      void this.tick().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(loop, this.options.tickMs ?? 60_000);
        this.timer.unref();
      });
    };
    // Shortly after start: a period missed while every instance was down is caught up at once.
    this.timer = setTimeout(loop, 1000);
    this.timer.unref();
  }

  /** Stops ticking and waits for a running job to finish (its lease would otherwise be taken over later). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
  }

  /** Runs every job that is due and not yet claimed for its period; returns the names run here. */
  tick(): Promise<string[]> {
    if (this.ticking) return this.ticking;
    this.ticking = this.runDue().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.options.jobs) {
      const now = this.now();
      const period = job.period(now);
      if (period === null) continue;
      try {
        if (!(await this.claim(job.name, period))) continue;
      } catch (err) {
        this.logFailure(err, job.name, 'claim');
        continue;
      }
      ran.push(job.name);
      await this.runClaimed(job, now, period);
    }
    return ran;
  }

  /** Inserts the run row, or takes over an expired lease or a failed run with attempts left. */
  private async claim(job: string, period: string): Promise<boolean> {
    const result = await this.options.db.execute(sql`
      INSERT INTO scheduled_runs (job, period, status, instance, lease_until)
      VALUES (${job}, ${period}, 'running', ${this.instance}, now() + make_interval(secs => ${this.leaseMs / 1000}))
      ON CONFLICT (job, period) DO UPDATE
        SET status = 'running', instance = EXCLUDED.instance, attempts = scheduled_runs.attempts + 1,
            claimed_at = now(), lease_until = EXCLUDED.lease_until, finished_at = NULL
        WHERE (scheduled_runs.status = 'running' AND scheduled_runs.lease_until < now())
           OR (scheduled_runs.status = 'failed' AND scheduled_runs.attempts < ${this.maxAttempts})
      RETURNING attempts`);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  }

  private async runClaimed(job: ScheduledJob, now: Date, period: string): Promise<void> {
    const renew = setInterval(() => {
      this.options.db
        .execute(
          sql`UPDATE scheduled_runs SET lease_until = now() + make_interval(secs => ${this.leaseMs / 1000})
              WHERE job = ${job.name} AND period = ${period} AND instance = ${this.instance} AND status = 'running'`,
        )
        .catch((err: unknown) => this.logFailure(err, job.name, 'lease renewal'));
    }, this.leaseMs / 3);
    renew.unref();
    let error: string | null = null;
    try {
      await job.run({ now, period });
    } catch (err) {
      this.logFailure(err, job.name, 'run');
      error = err instanceof Error ? err.message.slice(0, 1000) : String(err).slice(0, 1000);
    } finally {
      clearInterval(renew);
    }
    try {
      await this.options.db.execute(sql`
        UPDATE scheduled_runs SET status = ${error === null ? 'done' : 'failed'}, finished_at = now(), error = ${error}
        WHERE job = ${job.name} AND period = ${period} AND instance = ${this.instance}`);
    } catch (err) {
      // The lease runs out and another instance repeats the run: jobs are written to be idempotent.
      this.logFailure(err, job.name, 'finish');
    }
  }

  private logFailure(err: unknown, job: string, step: string): void {
    if (isDatabaseUnavailable(err)) {
      this.options.log.warn({ job, step, err: rootCause(err) }, 'scheduler: database unavailable, will retry');
    } else {
      this.options.log.error({ job, step, err }, 'scheduler: job failed');
    }
  }
}
