import { desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { jobs } from '../../db/schema';
import { idIn } from '../../lib/id-list';
import type { DataVersions } from '../../services/data-versions';
import type { TaggedJson } from '../../lib/json-response';
import { EVERY, JobChangeFeed, type ChangeFeedLimits } from './change-feed';
import { positionByKey, positionsOf, withChanges, type Direction, type KeyedId } from './sorted-ids';

/**
 * Caches of the advertisement list (issues 14 and 33), exact by construction: every entry carries
 * the list version (list_versions 'jobs', migration 0022) it is current at, and a request reads
 * the committed version first (services/data-versions, one statement shared with the sign-in
 * check) and uses an entry only once it is at least that new — so no answer is older than the
 * newest committed write, on every instance sharing the database, with or without Redis
 * (decision 0023).
 *
 * An entry behind the request's version is brought forward, not dropped (decision 0032): the
 * database records which advertisements each version changed (job_list_changes, 0042), and only
 * those rows are examined again — one statement by primary key — then taken out of the kept ids
 * and put back at their place if they still match. A kept answer stays when none of its rows
 * changed, its page still holds the same ids and its total is the same.
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

/** What a list's ids depend on: its condition and its order. */
export interface IdQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  /**
   * The order as one float8 key per row when it is one numeric or time column (then a change is
   * patched in place), else null (a change to a listed or newly matching row computes the ids again).
   */
  sortKey: { expr: SQL; dir: Direction } | null;
}

/** The ids matching a query at a version (or newer): never mutate them. */
export interface KeptIds {
  ids: Int32Array;
  version: number;
}

interface IdEntry extends KeptIds {
  query: IdQuery;
  /** Each id's sort key (sortKey), when the order has one. */
  keys: Float64Array | null;
}

/** The page an answer shows, to tell whether a later version changed it. */
export interface ShownPage {
  query: IdQuery;
  /** The list version of the ids the page was cut from. */
  version: number;
  start: number;
  limit: number;
  ids: Int32Array;
  /** The total the answer shows, if it shows one. */
  total: number | undefined;
}

export interface BuiltAnswer {
  answer: TaggedJson;
  shown: ShownPage | null;
}

interface AnswerEntry {
  versions: DataVersions;
  answer: TaggedJson;
  shown: ShownPage | null;
}

export interface JobListCacheLimits {
  /** Ids kept over all cached queries (12 bytes each with their keys); the least recently used query goes first. */
  maxIds: number;
  /** Queries whose match set is larger are not cached (their ids are still computed once per request). */
  maxIdsPerQuery: number;
  /** Serialised answers kept, in bytes of JSON (their compressed forms add about a tenth). */
  maxAnswerBytes: number;
  /** Rows per FETCH when the ids are read (readOrderedIds). */
  idChunkRows: number;
}

const DEFAULT_LIMITS: JobListCacheLimits = {
  maxIds: 3_000_000,
  maxIdsPerQuery: 1_500_000,
  maxAnswerBytes: 24_000_000,
  // Each chunk's row objects die young instead of a million outliving the query.
  idChunkRows: 10_000,
};

/** An answer is current when neither the list nor the accounts it shows changed since it was built. */
function isCurrent(built: DataVersions, now: DataVersions): boolean {
  return built.jobs >= now.jobs && built.accounts >= now.accounts;
}

export class JobListCache {
  private readonly idLists = new Map<string, IdEntry>();
  private readonly pending = new Map<string, Promise<IdEntry>>();
  private readonly answers = new Map<string, AnswerEntry>();
  private readonly pendingAnswers = new Map<string, Promise<AnswerEntry>>();
  private readonly feed: JobChangeFeed;
  /** Kept answers and the count route hold their query objects: their keys are not built again. */
  private readonly queryKeys = new WeakMap<IdQuery, string>();
  private cachedIds = 0;
  private cachedAnswerBytes = 0;
  /**
   * hits/misses of both caches; id lists patched (brought forward) or recomputed; answers kept
   * across a write or built.
   */
  readonly stats = { hits: 0, misses: 0, patched: 0, recomputed: 0, kept: 0, built: 0 };

  constructor(
    private readonly db: Db,
    private readonly limits: JobListCacheLimits = DEFAULT_LIMITS,
    feedLimits?: ChangeFeedLimits,
  ) {
    this.feed = new JobChangeFeed(db, feedLimits);
  }

  /** The ids of the advertisements matching the query, in the list's order, at `version` or newer. */
  async matchingIds(query: IdQuery, version: number): Promise<KeptIds> {
    const key = this.queryKey(query);
    const cached = this.idLists.get(key);
    if (cached && cached.version >= version) {
      this.stats.hits += 1;
      // Map order is the eviction order: a hit moves the entry to the end.
      this.idLists.delete(key);
      this.idLists.set(key, cached);
      return cached;
    }
    this.stats.misses += 1;
    // Requests arriving while the same query is brought forward wait for it instead of repeating it.
    const inFlight = this.pending.get(key);
    if (inFlight) {
      const entry = await inFlight;
      if (entry.version >= version) return entry;
    }
    // The newest kept entry (another request may have brought it forward meanwhile).
    const newest = this.idLists.get(key);
    if (newest && newest.version >= version) return newest;
    const working =
      newest && this.feed.covers(newest.version) ? this.patch(newest, version) : this.compute(query, version);
    this.pending.set(key, working);
    try {
      const entry = await working;
      this.store(key, entry);
      return entry;
    } finally {
      if (this.pending.get(key) === working) this.pending.delete(key);
    }
  }

  /**
   * A serialised answer current at `versions`, built once per change that touches it however many
   * requests ask at the same time. `key` must name everything the answer depends on besides the
   * list and the accounts it shows (the query, and the caller where the query's condition names
   * them); the answer is shared, never mutate it.
   */
  async answer(key: string, versions: DataVersions, build: () => Promise<BuiltAnswer>): Promise<TaggedJson> {
    const cached = this.answers.get(key);
    if (cached && (isCurrent(cached.versions, versions) || (await this.stillShown(cached, versions)))) {
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
    this.stats.built += 1;
    const building = build().then((built): AnswerEntry => ({
      versions: { jobs: Math.max(versions.jobs, built.shown?.version ?? 0), accounts: versions.accounts },
      answer: built.answer,
      shown: built.shown,
    }));
    this.pendingAnswers.set(key, building);
    try {
      const entry = await building;
      this.storeAnswer(key, entry);
      return entry.answer;
    } finally {
      if (this.pendingAnswers.get(key) === building) this.pendingAnswers.delete(key);
    }
  }

  /** The cache key of a list query: its SQL and parameters (built once per query object). */
  private queryKey(query: IdQuery): string {
    let key = this.queryKeys.get(query);
    if (key === undefined) {
      key = statementKey(idsStatement(this.db, query));
      this.queryKeys.set(query, key);
    }
    return key;
  }

  /**
   * Whether a kept answer is still what `versions` would show: same accounts, and no change since
   * it was built touched its rows, its page's ids or its total. Then it counts as built now.
   */
  private async stillShown(entry: AnswerEntry, versions: DataVersions): Promise<boolean> {
    const shown = entry.shown;
    if (!shown || entry.versions.accounts < versions.accounts) return false;
    const current = await this.matchingIds(shown.query, versions.jobs);
    const changed = this.feed.changedBetween(entry.versions.jobs, current.version);
    if (changed === null || changed === EVERY) return false;
    if (shown.total !== undefined && current.ids.length !== shown.total) return false;
    // The same number of rows on the page (a row may have joined the end of a short page).
    if (Math.max(0, Math.min(shown.limit, current.ids.length - shown.start)) !== shown.ids.length) return false;
    for (let i = 0; i < shown.ids.length; i += 1) {
      const id = shown.ids[i]!;
      if (current.ids[shown.start + i] !== id || changed.has(id)) return false;
    }
    entry.versions = { jobs: Math.max(entry.versions.jobs, current.version), accounts: entry.versions.accounts };
    this.stats.kept += 1;
    return true;
  }

  private async compute(query: IdQuery, version: number): Promise<IdEntry> {
    this.stats.recomputed += 1;
    // Changes after this version are what a later request will need to bring the entry forward.
    this.feed.begin(version);
    const { ids, keys } = await readOrderedIds(this.db, query, this.limits.idChunkRows);
    return { query, version, ids, keys };
  }

  /** The entry at `version` or newer from the rows changed since its version. */
  private async patch(entry: IdEntry, version: number): Promise<IdEntry> {
    const through = await this.feed.readThrough(version);
    const changed = this.feed.changedBetween(entry.version, through);
    if (changed === null || changed === EVERY) return this.compute(entry.query, through);
    if (changed.size === 0) return { ...entry, version: through };
    const { query } = entry;
    // Read after the changes through `through` were known: these rows are at least that new.
    const examined = await changedRowsStatement(this.db, query, [...changed]);
    const removals: number[] = [];
    const inserts: KeyedId[] = [];
    const list = entry.keys ? { ids: entry.ids, keys: entry.keys } : null;
    const examinedById = new Map(examined.map((row) => [row.id, row]));
    // Found by its key when that did not change, else in one scan for all others (new, deleted or moved rows).
    const positions = new Map<number, number>();
    const unplaced = new Set<number>();
    for (const id of changed) {
      const row = examinedById.get(id);
      const at = list && row && query.sortKey ? positionByKey(list, query.sortKey.dir, row.key ?? Infinity, id) : -1;
      if (at >= 0) positions.set(id, at);
      else unplaced.add(id);
    }
    for (const [id, at] of positionsOf(entry.ids, unplaced)) positions.set(id, at);
    for (const id of changed) {
      const row = examinedById.get(id);
      const key = row?.key ?? Infinity;
      const position = positions.get(id) ?? -1;
      const matches = row?.matches === true;
      // A row that still matches under the same key stays where it is.
      if (position >= 0 && matches && list && list.keys[position] === key) continue;
      if (position >= 0) removals.push(position);
      if (matches) inserts.push({ id, key });
    }
    if (removals.length === 0 && inserts.length === 0) return { ...entry, version: through };
    if (!list || !query.sortKey) return this.compute(query, through);
    this.stats.patched += 1;
    const next = withChanges(list, query.sortKey.dir, removals, inserts);
    return { query, version: through, ids: next.ids, keys: next.keys };
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
    const previous = this.idLists.get(key);
    if (entry.ids.length > this.limits.maxIdsPerQuery) {
      if (previous) this.forget(key, previous);
      return;
    }
    // A slower request of an older version must not replace a newer entry.
    if (previous && previous.version > entry.version) return;
    if (previous) this.forget(key, previous);
    this.idLists.set(key, entry);
    this.cachedIds += entry.ids.length;
    for (const [oldestKey, oldest] of this.idLists) {
      if (this.cachedIds <= this.limits.maxIds) break;
      this.forget(oldestKey, oldest);
    }
  }

  private forget(key: string, entry: IdEntry): void {
    this.idLists.delete(key);
    this.cachedIds -= entry.ids.length;
  }
}

/** The ordered ids matching a query, with each row's sort key when the order has one (the bench runs it too). */
export function idsStatement(db: Db, query: IdQuery) {
  return db
    .select({ id: jobs.id, key: sql<number | null>`${query.sortKey?.expr ?? sql`null`}::float8`.as('key') })
    .from(jobs)
    .where(query.where)
    .orderBy(...query.orderBy, desc(jobs.id));
}

/**
 * The ordered ids (and sort keys) of a query, read through a cursor in chunks, all from one
 * snapshot. Read at once, every row of a large list stays alive until the last has arrived, long
 * enough to be promoted into the old generation, where it stayed resident after its ids had been
 * copied: the first list request at 100,000 advertisements added 24 MB resident that way, 12 MB
 * in chunks (docs/benchmarks.md).
 */
async function readOrderedIds(
  db: Db,
  query: IdQuery,
  chunkRows: number,
): Promise<{ ids: Int32Array; keys: Float64Array | null }> {
  const idChunks: Int32Array[] = [];
  const keyChunks: Float64Array[] = [];
  const perFetch = Math.max(1, Math.trunc(chunkRows));
  await db.transaction(
    async (tx) => {
      // A cursor is planned for its first tenth by default; every row is read, as without one.
      await tx.execute(sql`SET LOCAL cursor_tuple_fraction = 1`);
      await tx.execute(sql`DECLARE job_ids NO SCROLL CURSOR FOR ${idsStatement(tx, query)}`);
      for (;;) {
        const rows = rowsOf<{ id: number; key: number | null }>(
          await tx.execute(sql.raw(`FETCH FORWARD ${perFetch} FROM job_ids`)),
        );
        idChunks.push(Int32Array.from(rows, (r) => r.id));
        if (query.sortKey) keyChunks.push(Float64Array.from(rows, (r) => r.key ?? Infinity));
        if (rows.length < perFetch) break;
      }
    },
    { accessMode: 'read only' },
  );
  return { ids: joined(Int32Array, idChunks), keys: query.sortKey ? joined(Float64Array, keyChunks) : null };
}

function joined<T extends Int32Array | Float64Array>(Kind: { new (length: number): T }, chunks: readonly T[]): T {
  if (chunks.length === 1) return chunks[0]!;
  const all = new Kind(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/** Changed rows examined again: their sort key and whether they still match (the bench runs it too). */
export function changedRowsStatement(db: Db, query: IdQuery, ids: number[]) {
  return db
    .select({
      id: jobs.id,
      key: sql<number | null>`${query.sortKey?.expr ?? sql`null`}::float8`,
      matches: sql<boolean>`coalesce(${query.where ?? sql`true`}, false)`,
    })
    .from(jobs)
    .where(idIn(jobs.id, ids));
}

function statementKey(statement: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = statement.toSQL();
  return `${text}\u0000${JSON.stringify(params)}`;
}
