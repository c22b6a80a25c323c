import { and, count, eq, inArray } from 'drizzle-orm';
import type { AdminContactMessage, AdminPlacementReport, AdminUser } from '@pb/core';
import type { Db } from '../../db/client';
import { contactMessages, invoices, placementReports, users } from '../../db/schema';
import type { Page, ParsedListQuery } from '../../lib/strapi-query';
import { presentPlacementReport } from '../placements';
import { adminUserColumns, presentAdminUser, presentContactMessage } from './presenter';

/** The back office's list reads: one page of a parsed (whitelisted) query and the total. */

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
          .select({
            id: invoices.id,
            number: invoices.number,
            grossCents: invoices.grossCents,
            reportId: invoices.placementReportId,
          })
          .from(invoices)
          .where(
            and(
              inArray(
                invoices.placementReportId,
                rows.map((r) => r.id),
              ),
              eq(invoices.kind, 'rechnung'),
            ),
          )
          // A corrected amount's new invoice comes last and is the one in force.
          .orderBy(invoices.id);
  const byReport = new Map(issued.map((i) => [i.reportId, i]));
  return { rows: rows.map((r) => presentPlacementReport(r, byReport.get(r.id) ?? null)), total: total?.n ?? 0 };
}
