import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: one parameter however many ids. drizzle's inArray spends one
 * parameter per id — PostgreSQL takes at most 65,535 in a statement, and the query builder
 * recurses per id (a retention run over 450,000 old advertisements overflowed the stack).
 */
export function idIn(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}
