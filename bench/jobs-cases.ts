import { eq } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { listVersions } from '../apps/server/src/db/schema';
import { changesAfter } from '../apps/server/src/modules/jobs/change-feed';
import { changedRowsStatement, idsStatement } from '../apps/server/src/modules/jobs/list-cache';
import { jobIdQuery, jobRowsByIds, parseJobListQuery, visibleTo } from '../apps/server/src/modules/jobs/repository';
import { dataVersionsQuery } from '../apps/server/src/services/data-versions';
import { BROWSER_CASES } from './jobs-report';
import type { Statement } from './load';

/** bench:jobs' cases (moved out of jobs.bench.ts): the list queries measured, their statements and plans. */

type Query = Record<string, unknown>;
export interface Case {
  name: string;
  query: Query;
  visitor: boolean;
  /** What the floor runs: the query the route parses (the visitor route's is fixed). */
  floorQuery: Query;
  /** The browser's list and issue 36's order and filter: also read while figures change. */
  browser?: boolean;
}

const page200 = { sort: 'createdAt:desc', pagination: { start: 0, limit: 200, withCount: true }, populate: '*' };

/** The cases in the order they run; `only`: those whose name contains it. */
export function cases(districtIds: number[], only: string): Case[] {
  const landing = { sort: 'createdAt:desc', pagination: { limit: 20 }, populate: '*' };
  const loggedIn = { sort: 'createdAt:desc', pagination: { start: 0, limit: 20, withCount: true }, populate: '*' };
  const count = { pagination: { start: 0, limit: 1, withCount: true } };
  const text = (term: string) => ({ ...page200, q: term });
  const districts = { ...page200, districts: districtIds.join(',') };
  const sorted = { ...page200, sort: 'companyResponse:asc' };
  const filtered = { ...page200, respondsWithin: '1' };
  const all: Case[] = [
    {
      name: 'Landing (visitor, 20 newest)',
      visitor: true,
      query: landing,
      floorQuery: { ...landing, pagination: { limit: 20, withCount: false } },
    },
    { name: 'Landing logged in (20 newest + total)', visitor: false, query: loggedIn, floorQuery: loggedIn },
    { name: BROWSER_CASES.list, visitor: false, query: page200, floorQuery: page200, browser: true },
    { name: BROWSER_CASES.sorted, visitor: false, query: sorted, floorQuery: sorted, browser: true },
    { name: BROWSER_CASES.filtered, visitor: false, query: filtered, floorQuery: filtered, browser: true },
    {
      name: 'Text search "controller" (~3 % match)',
      visitor: false,
      query: text('controller'),
      floorQuery: text('controller'),
    },
    {
      name: 'Text search "zollsach" (~1 % match)',
      visitor: false,
      query: text('zollsach'),
      floorQuery: text('zollsach'),
    },
    { name: 'District filter (3 districts)', visitor: false, query: districts, floorQuery: districts },
    { name: 'Count (withCount, limit 1)', visitor: false, query: count, floorQuery: count },
  ];
  return all.filter((c) => c.name.includes(only));
}

/**
 * The statements the route issues for a case (modules/jobs/list-cache.ts): with its caches warm
 * the data versions alone (the answer is kept per query and page); after a write that changed a
 * row on its page the changes, that row by primary key and the page's rows; the first time the
 * query is asked the ordered ids matching it (its total is their number) and the page's rows.
 */
export async function statementsOf(
  database: Database,
  c: Case,
): Promise<{ warm: Statement[]; miss: Statement[]; first: Statement[] }> {
  const q = parseJobListQuery(c.floorQuery, visibleTo());
  const idQuery = jobIdQuery(q);
  // The request's data versions (services/data-versions): the list's and, for a signed-in caller, the
  // accounts' (the sign-in check then reads no account row: services/auth.ts).
  const version: Statement = dataVersionsQuery(database.db).toSQL();
  const idsQuery = idsStatement(database.db, idQuery);
  const ids = (await idsQuery).map((r) => r.id);
  const limit = c.visitor ? 20 : q.limit;
  const pageIds = ids.slice(q.start, q.start + limit);
  const rows = jobRowsByIds(database.db, pageIds, q.visibility).toSQL();
  // After a write to the page's first row: the changes since the kept version (one version), that
  // row examined by primary key, the page's rows (list-cache.ts).
  const [{ version: newest } = { version: 1 }] = await database.db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.name, 'jobs'));
  const changes = changesAfter(database.db, newest - 1).toSQL();
  const examine = changedRowsStatement(database.db, idQuery, pageIds.slice(0, 1)).toSQL();
  return { warm: [version], miss: [version, changes, examine, rows], first: [version, idsQuery.toSQL(), rows] };
}

export async function explain(database: Database, statements: Statement[]): Promise<string> {
  const out: string[] = [];
  for (const s of statements) {
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${s.sql}`,
      s.params,
    );
    out.push(plan.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return out.join('\n--\n');
}
