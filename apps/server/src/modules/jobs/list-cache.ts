import { desc, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import type { DataVersions } from '../../services/data-versions';
import type { TaggedJson } from '../../lib/json-response';

/**
 * Caches of the advertisement list (issue 14), exact by construction: every entry carries the
 * version of the list (list_versions 'jobs', migration 0022) it was computed at, and a trigger
 * raises that version at the commit of every transaction that writes `jobs` (the stored active
 * bonus included). A request reads the version first (services/data-versions, one statement shared
 * with the sign-in check) and uses an entry only if it is at least that new — so no answer is
 * older than the newest committed write, on every instance sharing the database, with or
 * without Redis (decision 0023).
 *
 * What is cached: the ordered ids matching a list query (its total is their number; a page's
 * rows are then read by id) and the serialised answer per query and page, which also depends
 * on the accounts version (it shows the company).
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
  versions: DataVersions;
  answer: TaggedJson;
}

export interface JobListCacheLimits {
  /** Ids kept over all cached queries (4 bytes each); the least recently used query goes first. */
  maxIds: number;
  /** Queries whose match set is larger are not cached (their ids are still computed once per request). */
  maxIdsPerQuery: number;
  /** Serialised answers kept, in bytes of JSON (their compressed forms add about a tenth). */
  maxAnswerBytes: number;
}

const DEFAULT_LIMITS: JobListCacheLimits = { maxIds: 2_000_000, maxIdsPerQuery: 500_000, maxAnswerBytes: 24_000_000 };

/** An answer is current when neither the list nor the accounts it shows changed since it was built. */
function isCurrent(built: DataVersions, now: DataVersions): boolean {
  return built.jobs >= now.jobs && built.accounts >= now.accounts;
}

export class JobListCache {
  private readonly idLists = new Map<string, IdEntry>();
  private readonly pending = new Map<string, Promise<IdEntry>>();
  private readonly answers = new Map<string, AnswerEntry>();
  private readonly pendingAnswers = new Map<string, Promise<AnswerEntry>>();
  private cachedIds = 0;
  private cachedAnswerBytes = 0;
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Db,
    private readonly limits: JobListCacheLimits = DEFAULT_LIMITS,
  ) {}

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
    const key = statementKey(statement);
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
   * A serialised answer built at `versions` or newer, built once per version however many
   * requests ask at the same time. `key` must name everything the answer depends on besides the
   * list and the accounts it shows (the query, and the caller where the query's condition names
   * them); the answer is shared, never mutate it.
   */
  async answer(key: string, versions: DataVersions, build: () => Promise<TaggedJson>): Promise<TaggedJson> {
    const cached = this.answers.get(key);
    if (cached && isCurrent(cached.versions, versions)) {
      this.stats.hits += 1;
      this.answers.delete(key);
      this.answers.set(key, cached);
      return cached.answer;
    }
    this.stats.misses += 1;
    const inFlight = this.pendingAnswers.get(key);
    if (inFlight) {
      const entry = await inFlight;
      if (isCurrent(entry.versions, versions)) return entry.answer;
    }
    const building = build().then((answer) => ({ versions, answer }));
    this.pendingAnswers.set(key, building);
    try {
      const entry = await building;
      this.storeAnswer(key, entry);
      return entry.answer;
    } finally {
      if (this.pendingAnswers.get(key) === building) this.pendingAnswers.delete(key);
    }
  }

  /** The cache key of a list query: its SQL and parameters. */
  queryKey(where: SQL | undefined, orderBy: SQL[]): string {
    return statementKey(
      this.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(where)
        .orderBy(...orderBy),
    );
  }

  private storeAnswer(key: string, entry: AnswerEntry): void {
    if (entry.answer.bytes > this.limits.maxAnswerBytes / 8) return;
    const previous = this.answers.get(key);
    // A slower request of an older version must not replace a newer entry.
    if (previous && isCurrent(previous.versions, entry.versions) && !isCurrent(entry.versions, previous.versions)) {
      return;
    }
    if (previous) {
      this.answers.delete(key);
      this.cachedAnswerBytes -= previous.answer.bytes;
    }
    this.answers.set(key, entry);
    this.cachedAnswerBytes += entry.answer.bytes;
    for (const [oldestKey, oldest] of this.answers) {
      if (this.cachedAnswerBytes <= this.limits.maxAnswerBytes) break;
      this.answers.delete(oldestKey);
      this.cachedAnswerBytes -= oldest.answer.bytes;
    }
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

function statementKey(statement: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql, params } = statement.toSQL();
  return `${sql}\u0000${JSON.stringify(params)}`;
}
