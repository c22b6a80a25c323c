import { and, asc, count, eq, or } from 'drizzle-orm';
import type { AdminAuditEntry } from '@pb/core';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { CurrentUser } from './auth';
import type { Page, ParsedListQuery } from '../lib/strapi-query';

/**
 * The audit log: every back-office write and every decision about money or a person's data is
 * recorded in the transaction of the change itself; the back office lists it, the data export
 * gives a person the entries about them.
 */

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Records one admin write; call it with the transaction of the change itself. */
export async function recordAudit(
  db: Pick<Db, 'insert'>,
  actor: Pick<CurrentUser, 'id' | 'email'> | null,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  });
}

/** Dates become ISO strings, undefined keys vanish: what jsonb would store anyway. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

export async function listAuditEntries(db: Db, q: ParsedListQuery): Promise<Page<AdminAuditEntry>> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.start);
  const [total] = await db.select({ n: count() }).from(auditLog).where(q.where);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** An entry of the audit log as its subject sees it (data export): which admin acted stays the operator's. */
export interface AuditEntryAboutUser {
  action: string;
  entity: string;
  entityId: string | null;
  byThisAccount: boolean;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** The audit entries about an account (entity 'user') or written by it, oldest first. */
export async function auditEntriesAbout(db: Db, userId: number): Promise<AuditEntryAboutUser[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(or(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))), eq(auditLog.actorId, userId)))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => ({
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    byThisAccount: r.actorId === userId,
    before: r.before,
    after: r.after,
    createdAt: r.createdAt.toISOString(),
  }));
}
