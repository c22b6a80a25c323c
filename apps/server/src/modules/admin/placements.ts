import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPlacementReportSchema,
  formatDate,
  PLACEMENT_STATUS_LABELS,
  placementStatusChangeSchema,
  invoiceCorrectionSchema,
  placementReviewSchema,
  type AdminPlacementReport,
  formatDay,
} from '@pb/core';
import { placementReports } from '../../db/schema';
import { currentUser } from '../../services/auth';
import {
  anyQuery,
  collectionSchema,
  errorSchema,
  idParams,
  singleSchema,
  errorResponses,
} from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { listPlacementReports } from './queries';
import { changePlacementStatus, presentPlacementReport, reviewPlacementReport } from '../placements';
import { toCsv } from '../../services/csv';
import { announceBillingChange, correctInvoicedAmount } from '../billing';

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
    // filters[circumventionAt][$notNull]=true: 'Umgehungsverdacht' (decision 0019)
    circumventionAt: { expr: placementReports.circumventionAt, type: 'date', ops: ['$null', '$notNull'] },
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
      r.dueDate ? formatDay(r.dueDate) : '',
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

export const adminPlacementRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async (query: unknown, csv: boolean) => {
    const q = parseListQuery(
      query,
      csv ? { ...placementQuerySpec, defaultLimit: 10_000, maxLimit: 10_000 } : placementQuerySpec,
    );
    const { rows, total } = await listPlacementReports(app.db, q);
    return { rows, q, total };
  };

  app.get(
    '/placement-reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Placement reports with fees, due date and refund; filters on status, company, job, consultant',
        querystring: anyQuery,
        response: { 200: collectionSchema(adminPlacementReportSchema), 400: errorSchema },
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
        response: {
          200: singleSchema(adminPlacementReportSchema),
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const data = await changePlacementStatus(app.db, actor, request.params.id, request.body, {
        issuer: app.config.invoiceIssuer,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      await announceBillingChange(app, data.id);
      return { data, meta: {} };
    },
  );

  app.put(
    '/placement-reports/:id/review',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Decide a flagged report before invoicing: freigegeben (optionally with the bonus and salary to invoice) or verworfen; audited',
        params: idParams,
        body: placementReviewSchema,
        response: {
          200: singleSchema(adminPlacementReportSchema),
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request) => {
      const row = await reviewPlacementReport(app.db, currentUser(request), request.params.id, request.body, {
        now: app.now(),
        publicUrl: app.config.publicUrl,
      });
      await announceBillingChange(app, row.id);
      return { data: presentPlacementReport(row, null), meta: {} };
    },
  );

  app.post(
    '/placement-reports/:id/correction',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Correct bonus and/or salary of an invoiced, unpaid placement: a Storno-/Korrekturrechnung cancels the invoice in force, a new one is issued',
        params: idParams,
        body: invoiceCorrectionSchema,
        response: {
          200: singleSchema(adminPlacementReportSchema),
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request) => {
      const corrected = await correctInvoicedAmount(app.db, currentUser(request), request.params.id, request.body, {
        issuer: app.config.invoiceIssuer,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      await announceBillingChange(app, corrected.report.id);
      return { data: presentPlacementReport(corrected.report, corrected.invoice), meta: {} };
    },
  );
};
