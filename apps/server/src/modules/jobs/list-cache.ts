import { desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, listVersions } from '../../db/schema';

/**
 * Caches of the advertisement list (issue 14), exact by construction: every entry carries the
 * version of the list (list_versions 'jobs', migration 0022) it was computed at, and a trigger
 * raises that version at the commit of every transaction that writes `jobs` (the stored active
 * bonus included). A request reads the version first (one primary-key lookup) and uses an entry
 * only if it is at least that new — so no answer is older than the newest committed write, on
 * every instance sharing the database, with or without Redis.
 *
 * What is cached: the ordered ids matching a list query (its total is their number; the rows of a
 * page are then read fresh by id) and the visitor's landing answer.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The advertisement list's caches (decorated by the jobs module). */
    jobListCache: JobListCache;
  }
}

interface IdEntry {
  version: number;
  ids: Int32Array;
}

interface AnswerEntry {
  version: number;
  answer: unknown;
}

export interface JobListCacheLimits {
  /** Ids kept over all cached queries (4 bytes each); the least recently used query goes first. */
  maxIds: number;
  /** Queries whose match set is larger are not cached (their ids are still computed once per request). */
  maxIdsPerQuery: number;
  maxAnswers: number;
}

const DEFAULT_LIMITS: JobListCacheLimits = { maxIds: 2_000_000, maxIdsPerQuery: 500_000, maxAnswers: 16 };

export class JobListCache {
  private readonly idLists = new Map<string, IdEntry>();
  private readonly pending = new Map<string, Promise<IdEntry>>();
  private readonly answers = new Map<string, AnswerEntry>();
  private cachedIds = 0;
  private readonly versionStatement;
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Db,
    private readonly limits: JobListCacheLimits = DEFAULT_LIMITS,
  ) {
    this.versionStatement = db
      .select({ version: listVersions.version })
      .from(listVersions)
      .where(eq(listVersions.name, 'jobs'))
      .prepare('pb_jobs_list_version');
  }

  /** The committed version of the list. */
  async version(): Promise<number> {
    const [row] = await this.versionStatement.execute();
    return row?.version ?? 0;
  }

  /**
   * The ids of the advertisements matching `where`, in the list's order (`orderBy`, then id,
   * newest first), at `version` or newer.
   */
  async matchingIds(where: SQL | undefined, orderBy: SQL[], version: number): Promise<Int32Array> {
    const statement = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(where)
      .orderBy(...orderBy, desc(jobs.id));
    const { sql, params } = statement.toSQL();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const cached = this.idLists.get(key);
    if (cached && cached.version >= version) {
      this.stats.hits += 1;
      // Map order is the eviction order: a hit moves the entry to the end.
      this.idLists.delete(key);
      this.idLists.set(key, cached);
      return cached.ids;
    }
    this.stats.misses += 1;
    // Requests arriving while the same query is computed wait for it instead of repeating it.
    const inFlight = this.pending.get(key);
    if (inFlight) {
      const entry = await inFlight;
      if (entry.version >= version) return entry.ids;
    }
    const computing = statement.then((rows) => ({ version, ids: Int32Array.from(rows, (r) => r.id) }));
    this.pending.set(key, computing);
    try {
      const entry = await computing;
      this.store(key, entry);
      return entry.ids;
    } finally {
      if (this.pending.get(key) === computing) this.pending.delete(key);
    }
  }

  /**
   * An answer at `version` or newer, built once per version. `key` must name everything the
   * answer depends on besides the list (so: nothing about the caller); the answer is shared, never mutate it.
   */
  async answer<T>(key: string, version: number, build: () => Promise<T>): Promise<T> {
    const cached = this.answers.get(key);
    if (cached && cached.version >= version) {
      this.stats.hits += 1;
      return cached.answer as T;
    }
    this.stats.misses += 1;
    const answer = await build();
    if (!this.answers.has(key) && this.answers.size >= this.limits.maxAnswers) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    const current = this.answers.get(key);
    if (!current || current.version <= version) this.answers.set(key, { version, answer });
    return answer;
  }

  private store(key: string, entry: IdEntry): void {
    if (entry.ids.length > this.limits.maxIdsPerQuery) return;
    const previous = this.idLists.get(key);
    // A slower request of an older version must not replace a newer entry.
    if (previous && previous.version > entry.version) return;
    if (previous) {
      this.idLists.delete(key);
      this.cachedIds -= previous.ids.length;
    }
    this.idLists.set(key, entry);
    this.cachedIds += entry.ids.length;
    for (const [oldestKey, oldest] of this.idLists) {
      if (this.cachedIds <= this.limits.maxIds) break;
      this.idLists.delete(oldestKey);
      this.cachedIds -= oldest.ids.length;
    }
  }
}
