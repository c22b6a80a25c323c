import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobListChanges } from '../../db/schema';

/**
 * Which advertisements changed between two list versions (job_list_changes, migration 0042), read
 * incrementally by one statement for every cache on the instance. A cached list at version E
 * that a request needs at version V ≥ E re-examines only these rows (list-cache.ts).
 *
 * Known: every change with a version in (since, through]. A version is visible only after every
 * smaller one committed (commits take the version row's lock in turn), so one read sent after
 * a request saw version V returns every change up to V.
 */

/** The changed ids, or EVERY when a change stood for all rows (TRUNCATE). */
export type ChangedIds = Set<number> | typeof EVERY;
export const EVERY = 'every' as const;

export interface ChangeFeedLimits {
  /** Changes kept in memory; the oldest half goes when exceeded (older caches compute again). */
  maxChanges: number;
}

export class JobChangeFeed {
  private versions: number[] = [];
  private jobIds: number[] = [];
  /** Changes after this version are known (null until the first cache entry sets it). */
  private since: number | null = null;
  private through = 0;
  private reading: Promise<void> | null = null;
  /** Statements sent (tests read it). */
  reads = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: ChangeFeedLimits = { maxChanges: 50_000 },
  ) {}

  /** A cache entry was computed at `version`: changes after it will be needed. */
  begin(version: number): void {
    if (this.since === null) {
      this.since = version;
      this.through = version;
    }
  }

  /** Whether changes after `version` are known (else a cache at that version computes again). */
  covers(version: number): boolean {
    return this.since !== null && version >= this.since;
  }

  /** Reads changes until every one up to `version` is known; returns the version known through. */
  async readThrough(version: number): Promise<number> {
    while (this.through < version) {
      // One read at a time; a caller that arrived while one was under way reads again after it
      // when that one was sent too early to see its version.
      this.reading ??= this.read(version).finally(() => {
        this.reading = null;
      });
      await this.reading;
    }
    return this.through;
  }

  /**
   * The ids changed after `from` up to `to` (both known: covers(from), to ≤ readThrough's answer),
   * or null when `from` is older than what is kept.
   */
  changedBetween(from: number, to: number): ChangedIds | null {
    if (!this.covers(from) || to > this.through) return null;
    const ids = new Set<number>();
    // Versions ascend: skip to the first after `from`.
    let i = lowerBound(this.versions, from + 1);
    for (; i < this.versions.length && this.versions[i]! <= to; i += 1) {
      const id = this.jobIds[i]!;
      if (id === 0) return EVERY;
      ids.add(id);
    }
    return ids;
  }

  private async read(atLeast: number): Promise<void> {
    this.reads += 1;
    const from = this.through;
    const rows = await changesAfter(this.db, from);
    // Every version has at least one row, so a gap means the database pruned versions this
    // instance had not read yet (0042, after a long quiet spell): the window starts after the
    // gap, and caches from before it compute again.
    const first = rows[0]?.version;
    if (this.since === null || (first !== undefined && first > from + 1)) {
      this.since = first === undefined ? from : first - 1;
      this.versions = [];
      this.jobIds = [];
    }
    for (const row of rows) {
      this.versions.push(row.version);
      this.jobIds.push(row.jobId);
    }
    // The read was sent after `atLeast` was visible, so it saw every change up to it.
    this.through = Math.max(this.through, atLeast, rows.at(-1)?.version ?? 0);
    if (this.versions.length > this.limits.maxChanges) this.forgetOldest();
  }

  private forgetOldest(): void {
    const drop = Math.ceil(this.versions.length / 2);
    // Drop whole versions only: the window must hold every change of the versions it covers.
    let cut = drop;
    while (cut < this.versions.length && this.versions[cut] === this.versions[cut - 1]) cut += 1;
    this.since = this.versions[cut - 1]!;
    this.versions = this.versions.slice(cut);
    this.jobIds = this.jobIds.slice(cut);
  }
}

/** The changes after `version`, oldest first (the bench runs it too). */
export function changesAfter(db: Db, version: number) {
  return db
    .select({ version: jobListChanges.version, jobId: jobListChanges.jobId })
    .from(jobListChanges)
    .where(gt(jobListChanges.version, version))
    .orderBy(asc(jobListChanges.version));
}

/** The first index whose value is ≥ `value` in an ascending array. */
function lowerBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
