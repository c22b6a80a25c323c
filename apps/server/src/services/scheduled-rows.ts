import { isDatabaseUnavailable } from '../lib/db-errors';

/** Logger of a scheduled run (pino's warn). */
export interface RunLog {
  warn(obj: object, msg: string): void;
}

/**
 * A scheduled run's rows, each in its own try: one row that fails is logged and the run goes on
 * (the next run tries it again); a lost database fails the whole run, so the scheduler retries it.
 * Returns the sum of what `work` counted.
 */
export async function eachRow<T>(
  rows: readonly T[],
  work: (row: T) => Promise<number>,
  log: RunLog | undefined,
  what: string,
): Promise<number> {
  let done = 0;
  for (const row of rows) {
    try {
      done += await work(row);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      log?.warn({ err: error, row }, `${what}: skipped, the next run tries again`);
    }
  }
  return done;
}
