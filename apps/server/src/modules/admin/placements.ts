import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_MSG,
  canChangePlacementStatus,
  formatDate,
  guaranteeDeadline,
  guaranteeRefund,
  invoiceDueDate,
  isWithinGuarantee,
  PLACEMENT_STATUS_LABELS,
  placementStatusChangeSchema,
  type AdminPlacementReport,
  type PlacementStatus,
} from '@pb/core';
import type { Db } from '../../db/client';
import { placementReports } from '../../db/schema';
import { currentUser, type CurrentUser } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { anyQuery, collectionSchema, errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { recordAudit } from './audit';
import { toCsv } from './csv';

type ReportRow = typeof placementReports.$inferSelect;

/** Adds what the back office derives: due date, guarantee deadline, refund. */
export function presentPlacementReport(r: ReportRow): AdminPlacementReport {
  return {
    id: r.id,
    variant: r.variant,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    companyId: r.companyId,
    companyName: r.companyName,
    reporterId: r.reporterId,
    recruiter: r.recruiter,
    recruiterMail: r.recruiterMail,
    contactPerson: r.contactPerson,
    placementBonus: Number(r.placementBonus),
    bonusInForce: r.bonusInForce === null ? null : Number(r.bonusInForce),
    actualSalary: Number(r.actualSalary),
    placementFee: Number(r.placementFee),
    serviceFee: Number(r.serviceFee),
    street: r.street,
    houseNr: r.houseNr,
    postalCode: r.postalCode,
    city: r.city,
    uid: r.uid,
    status: r.status,
    reportedAt: r.createdAt.toISOString(),
    invoicedAt: r.invoicedAt?.toISOString() ?? null,
    paidAt: r.paidAt?.toISOString() ?? null,
    guaranteeAt: r.guaranteeAt?.toISOString() ?? null,
    objectedAt: r.objectedAt?.toISOString() ?? null,
    objectedBy: r.objectedBy,
    objectionNote: r.objectionNote,
    dueDate: r.invoicedAt ? invoiceDueDate(r.invoicedAt) : null,
    guaranteeUntil: guaranteeDeadline(r.createdAt),
    refund: r.status === 'garantiefall' ? guaranteeRefund(Number(r.placementFee), Number(r.serviceFee)) : null,
  };
}

const refundSchema = z.object({ placementFee: z.number(), serviceFee: z.number(), total: z.number() });
export const placementReportSchema = z.object({
  id: z.number(),
  variant: z.enum(['company', 'consultant']),
  jobId: z.number().nullable(),
  jobTitle: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string(),
  reporterId: z.number().nullable(),
  recruiter: z.string(),
  recruiterMail: z.string(),
  contactPerson: z.string(),
  placementBonus: z.number(),
  bonusInForce: z.number().nullable(),
  actualSalary: z.number(),
  placementFee: z.number(),
  serviceFee: z.number(),
  street: z.string().nullable(),
  houseNr: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  uid: z.string().nullable(),
  status: z.enum(['gemeldet', 'verrechnet', 'bezahlt', 'garantiefall']),
  reportedAt: z.string(),
  invoicedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  guaranteeAt: z.string().nullable(),
  objectedAt: z.string().nullable(),
  objectedBy: z.number().nullable(),
  objectionNote: z.string().nullable(),
  dueDate: z.string().nullable(),
  guaranteeUntil: z.string(),
  refund: refundSchema.nullable(),
});

const text = ['$eq', '$containsi'] as const;
export const placementQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: placementReports.id, type: 'int', ops: ['$eq', '$in'] },
    status: { expr: placementReports.status, type: 'string', ops: ['$eq', '$in', '$ne'] },
    companyName: { expr: placementReports.companyName, type: 'string', ops: text },
    jobTitle: { expr: placementReports.jobTitle, type: 'string', ops: text },
    recruiter: { expr: placementReports.recruiter, type: 'string', ops: text },
    recruiterMail: { expr: placementReports.recruiterMail, type: 'string', ops: text },
    contactPerson: { expr: placementReports.contactPerson, type: 'string', ops: text },
    companyId: { expr: placementReports.companyId, type: 'int', ops: ['$eq'] },
    jobId: { expr: placementReports.jobId, type: 'int', ops: ['$eq'] },
    createdAt: { expr: placementReports.createdAt, type: 'date', ops: ['$lt', '$lte', '$gt', '$gte'] },
    // filters[objectedAt][$notNull]=true: reports a company objected to (decision 0015)
    objectedAt: { expr: placementReports.objectedAt, type: 'date', ops: ['$null', '$notNull'] },
  },
  sort: {
    createdAt: placementReports.createdAt,
    id: placementReports.id,
    status: placementReports.status,
    placementFee: placementReports.placementFee,
    companyName: placementReports.companyName,
  },
  defaultSort: [{ field: 'createdAt', dir: 'desc' }],
  defaultLimit: 100,
  maxLimit: 500,
};

/** Moves a report along gemeldet → verrechnet → bezahlt, or into a guarantee case (within 60 days of the report). */
export async function changePlacementStatus(
  db: Db,
  actor: CurrentUser,
  id: number,
  to: Exclude<PlacementStatus, 'gemeldet'>,
  now: Date,
): Promise<AdminPlacementReport> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(placementReports).where(eq(placementReports.id, id)).for('update');
    if (!row) throw notFound(ADMIN_MSG.reportNotFound);
    if (!canChangePlacementStatus(row.status, to)) throw conflict(ADMIN_MSG.statusNotAllowed);
    if (to === 'garantiefall' && !isWithinGuarantee(row.createdAt, now)) throw conflict(ADMIN_MSG.guaranteeExpired);
    const stamp = to === 'verrechnet' ? { invoicedAt: now } : to === 'bezahlt' ? { paidAt: now } : { guaranteeAt: now };
    const [updated] = await tx
      .update(placementReports)
      .set({ status: to, ...stamp, updatedAt: now })
      .where(eq(placementReports.id, id))
      .returning();
    const result = presentPlacementReport(updated!);
    await recordAudit(tx, actor, {
      action: 'placement.status',
      entity: 'placement_report',
      entityId: id,
      before: { status: row.status },
      after: {
        status: to,
        ...stamp,
        ...(result.dueDate ? { dueDate: result.dueDate } : {}),
        ...(result.refund ? { refund: result.refund } : {}),
      },
    });
    return result;
  });
}

const CSV_HEADER = [
  'Nr.',
  'Gemeldet am',
  'Unternehmen',
  'Personalberater',
  'E-Mail Personalberater',
  'Inserat',
  'Ansprechperson',
  'Prämie (%)',
  'Jahresbruttogehalt (EUR)',
  'Vermittlungsprämie (EUR)',
  'Servicegebühr (EUR)',
  'Status',
  'Verrechnet am',
  'Fällig am',
  'Bezahlt am',
  'Garantiefall am',
  'Rückerstattung Prämie (EUR)',
  'Rückerstattung Servicegebühr (EUR)',
  'UID',
  'Adresse',
];

const day = (iso: string | null) => (iso ? formatDate(iso) : '');
const isoDay = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : '');

export function placementReportsCsv(reports: AdminPlacementReport[]): string {
  return toCsv(
    CSV_HEADER,
    reports.map((r) => [
      String(r.id),
      day(r.reportedAt),
      r.companyName,
      r.recruiter,
      r.recruiterMail,
      r.jobTitle,
      r.contactPerson,
      r.placementBonus,
      r.actualSalary,
      r.placementFee,
      r.serviceFee,
      PLACEMENT_STATUS_LABELS[r.status],
      day(r.invoicedAt),
      isoDay(r.dueDate),
      day(r.paidAt),
      day(r.guaranteeAt),
      r.refund?.placementFee ?? null,
      r.refund?.serviceFee ?? null,
      r.uid,
      [[r.street, r.houseNr].filter(Boolean).join(' '), [r.postalCode, r.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
    ]),
  );
}

export const placementRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async (query: unknown, csv: boolean) => {
    const q = parseListQuery(
      query,
      csv ? { ...placementQuerySpec, defaultLimit: 10_000, maxLimit: 10_000 } : placementQuerySpec,
    );
    const rows = await app.db
      .select()
      .from(placementReports)
      .where(q.where)
      .orderBy(...q.orderBy, placementReports.id)
      .limit(q.limit)
      .offset(q.start);
    const [total] = await app.db.select({ n: count() }).from(placementReports).where(q.where);
    return { rows: rows.map(presentPlacementReport), q, total: total?.n ?? 0 };
  };

  app.get(
    '/placement-reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Placement reports with fees, due date and refund; filters on status, company, job, consultant',
        querystring: anyQuery,
        response: { 200: collectionSchema(placementReportSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const { rows, q, total } = await list(request.query, false);
      return { data: rows, meta: { pagination: { start: q.start, limit: q.limit, total } } };
    },
  );

  app.get(
    '/placement-reports.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'CSV export (semicolon, UTF-8 BOM, decimal comma) of the filtered placement reports',
        querystring: anyQuery,
        response: { 200: z.string(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { rows } = await list(request.query, true);
      const stamp = new Date(app.now()).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vermittlungen-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(placementReportsCsv(rows));
    },
  );

  app.put(
    '/placement-reports/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the status: verrechnet (sets the due date), bezahlt, garantiefall (50 % refund)',
        params: idParams,
        body: placementStatusChangeSchema,
        response: { 200: singleSchema(placementReportSchema), 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const data = await changePlacementStatus(app.db, actor, request.params.id, request.body.status, app.now());
      return { data, meta: {} };
    },
  );
};
