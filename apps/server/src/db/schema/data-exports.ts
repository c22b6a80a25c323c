import { bigint, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** 'Meine Daten herunterladen' exports. */

export type DataExportStatusValue = 'pending' | 'ready' | 'downloaded' | 'expired' | 'failed';

/** 'Meine Daten herunterladen' requests, each a job of the data-export worker (0028; modules/data-export). */
export const dataExports = pgTable('data_exports', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  status: text('status').$type<DataExportStatusValue>().notNull().default('pending'),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  lockedBy: text('locked_by'),
  /** The file the running attempt writes; never served. */
  buildingKey: text('building_key'),
  /** The finished ZIP, set together with the token once the upload completed. */
  storageKey: text('storage_key'),
  size: bigint('size', { mode: 'number' }),
  tokenHash: text('token_hash'),
  readyAt: ts('ready_at'),
  expiresAt: ts('expires_at'),
  downloadedAt: ts('downloaded_at'),
  lastError: text('last_error'),
});
