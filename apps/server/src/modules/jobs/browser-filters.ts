import { and, sql, type SQL } from 'drizzle-orm';
import {
  ALERT_MSG,
  jobBrowserFiltersSchema,
  JOB_BROWSER_FILTER_KEYS,
  WORKING_DAY_MINUTES,
  type JobBrowserFilters,
} from '@pb/core';
import { jobs } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { escapeLike } from '../../lib/strapi-query';

/**
 * The advertisement browser's filters as SQL, defined once (issue 13). The browser's list
 * (GET /api/jobs) passes its filter values as parameters; the saved-search matcher passes a
 * saved search's columns — so an advertisement the browser shows for some filters is exactly
 * one a search with those filters matches.
 */

/** The values of each filter: parameters (browser) or columns of saved_searches (matcher). */
export interface FilterOperands {
  /** A LIKE pattern ('%text%', LIKE-escaped), lower-cased by the condition. */
  qPattern?: SQL | undefined;
  /** int[] of district ids. */
  districtIds?: SQL | undefined;
  /** text[] of states. */
  states?: SQL | undefined;
  /** Minimum active bonus in percent. */
  minBonus?: SQL | undefined;
  /** Minimum bonus in cents at the lower end of the parsed annual salary. */
  minBonusCents?: SQL | undefined;
  workingTime?: SQL | undefined;
  /** The company answers within this many working days (1, 2 or 5; issue 36). */
  respondsWithinDays?: SQL | undefined;
}

/**
 * The text search (spec §5 "Search": the text is contained, case-insensitively, in one of
 * SEARCH_FIELDS): one LIKE on the lower-cased search column and its trigram index (migrations
 * 0011, 0012). The fields are joined with U+001F, which search text cannot contain, so the rows
 * are exactly those of filters[$or][i][<field>][$containsi]=t over the six fields (PostgreSQL's
 * ILIKE is lower(text) LIKE lower(pattern) in UTF-8).
 */
const searchLower = sql.raw('"jobs"."search_lower"');
const activeBonus = sql`coalesce(${jobs.activeBonus}, 0)`;

/**
 * The conditions on `jobs` for the given operands. `nullable`: an operand may be NULL (a saved
 * search without that filter) and then does not restrict.
 */
export function filterConditions(operands: FilterOperands, nullable: boolean): SQL | undefined {
  const conditions: SQL[] = [];
  const add = (operand: SQL | undefined, condition: (value: SQL) => SQL) => {
    if (!operand) return;
    conditions.push(nullable ? sql`(${operand} is null or ${condition(operand)})` : condition(operand));
  };
  add(operands.qPattern, (v) => sql`${searchLower} like lower(${v})`);
  add(operands.districtIds, (v) => sql`${jobs.districtId} = any(${v})`);
  add(operands.states, (v) => sql`${jobs.districtId} in (select d.id from districts d where d.state = any(${v}))`);
  add(operands.minBonus, (v) => sql`${activeBonus} >= ${v}`);
  // An unparsed salary (null) never matches the € filter.
  add(operands.minBonusCents, (v) => sql`${jobs.salaryMinCents} * ${activeBonus} / 100 >= ${v}`);
  add(operands.workingTime, (v) => sql`${jobs.workingTime} = ${v}`);
  // The company's median reaction as the trust run last copied it onto its advertisements (a company
  // without enough data, null, never matches; docs/alerts.md "Filters, one definition").
  add(
    operands.respondsWithinDays,
    (v) => sql`${jobs.companyResponseMinutes} <= ${v} * ${sql.raw(String(WORKING_DAY_MINUTES))}`,
  );
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The stored form of the filters (saved_searches' columns). */
export function filterColumns(filters: JobBrowserFilters) {
  return {
    qPattern: filters.q ? `%${escapeLike(filters.q)}%` : null,
    districtIds: filters.districts && filters.districts.length > 0 ? filters.districts : null,
    states: filters.states && filters.states.length > 0 ? filters.states : null,
    minBonus: filters.minBonus ?? null,
    minBonusCents: filters.minBonusEuros === undefined ? null : filters.minBonusEuros * 100,
    workingTime: filters.workingTime ?? null,
    respondsWithinDays: filters.respondsWithin ?? null,
  };
}

/** The browser's conditions for the filter values as parameters. */
export function browserFilterCondition(filters: JobBrowserFilters): SQL | undefined {
  const c = filterColumns(filters);
  return filterConditions(
    {
      qPattern: c.qPattern === null ? undefined : sql`${c.qPattern}`,
      districtIds: c.districtIds === null ? undefined : sql`${sql.param(c.districtIds)}::int[]`,
      states: c.states === null ? undefined : sql`${sql.param(c.states)}::text[]`,
      minBonus: c.minBonus === null ? undefined : sql`${c.minBonus}::numeric`,
      minBonusCents: c.minBonusCents === null ? undefined : sql`${c.minBonusCents}::bigint`,
      workingTime: c.workingTime === null ? undefined : sql`${c.workingTime}`,
      respondsWithinDays: c.respondsWithinDays === null ? undefined : sql`${c.respondsWithinDays}::int`,
    },
    false,
  );
}

/** Splits the browser's filter parameters off a list query and validates them (German 400). */
export function takeBrowserFilters(raw: Record<string, unknown>): {
  filters: JobBrowserFilters;
  rest: Record<string, unknown>;
} {
  const picked: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((JOB_BROWSER_FILTER_KEYS as readonly string[]).includes(key)) picked[key] = value;
    else rest[key] = value;
  }
  const parsed = jobBrowserFiltersSchema.safeParse(picked);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    throw badRequest(message && !/^Invalid/.test(message) ? message : ALERT_MSG.invalidFilter);
  }
  return { filters: parsed.data, rest };
}
