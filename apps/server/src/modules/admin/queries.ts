import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { AdminAuditEntry, AdminContactMessage, AdminPlacementReport, AdminUser } from '@pb/core';
import type { Db } from '../../db/client';
import { auditLog, contactMessages, invoices, placementReports, users } from '../../db/schema';
import type { ParsedListQuery } from '../../lib/strapi-query';
import { adminUserColumns, presentAdminUser, presentContactMessage, presentPlacementReport } from './presenter';

/** The back office's list reads: one page of a parsed (whitelisted) query and the total. */

export interface Page<T> {
  rows: T[];
  total: number;
}

export async function listContactMessages(db: Db, q: ParsedListQuery): Promise<Page<AdminContactMessage>> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(q.where)
    .orderBy(...q.orderBy, contactMessages.id)
    .limit(q.limit)
    .offset(q.start);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(q.where);
  return { rows: rows.map(presentContactMessage), total: total?.n ?? 0 };
}

export async function listAdminUsers(db: Db, q: ParsedListQuery): Promise<Page<AdminUser>> {
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .where(q.where)
    .orderBy(...q.orderBy, users.id)
    .limit(q.limit)
    .offset(q.start);
  const [total] = await db.select({ n: count() }).from(users).where(q.where);
  return { rows: rows.map(presentAdminUser), total: total?.n ?? 0 };
}

export async function listPlacementReports(db: Db, q: ParsedListQuery): Promise<Page<AdminPlacementReport>> {
  const rows = await db
    .select()
    .from(placementReports)
    .where(q.where)
    .orderBy(...q.orderBy, placementReports.id)
    .limit(q.limit)
    .offset(q.start);
  const [total] = await db.select({ n: count() }).from(placementReports).where(q.where);
  const issued =
    rows.length === 0
      ? []
      : await db
          .select({ id: invoices.id, number: invoices.number, reportId: invoices.placementReportId })
          .from(invoices)
          .where(
            and(
              inArray(
                invoices.placementReportId,
                rows.map((r) => r.id),
              ),
              eq(invoices.kind, 'rechnung'),
            ),
          );
  const byReport = new Map(issued.map((i) => [i.reportId, i]));
  return { rows: rows.map((r) => presentPlacementReport(r, byReport.get(r.id) ?? null)), total: total?.n ?? 0 };
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
