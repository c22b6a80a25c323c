import { timestamp } from 'drizzle-orm/pg-core';
import { customType, date } from 'drizzle-orm/pg-core';

/**
 * Drizzle view of the tables created by the SQL files in ../migrations, one file per area.
 * The SQL is the source of truth for DDL (indexes, checks, extensions); these files give typed
 * queries. Keep both in step. Here: the column kinds every table uses.
 */

export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
export const created = () => ts('created_at').notNull().defaultNow();
export const updated = () => ts('updated_at').notNull().defaultNow();

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
/** A calendar day as 'YYYY-MM-DD' (Vienna). */
export const day = (name: string) => date(name, { mode: 'string' });
