import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  BILLING_MSG,
  reminderFileName,
  GUARANTEE_MAX_DOCUMENTS,
  GUARANTEE_MSG,
  storedFileSchema,
  earningsOverviewSchema,
  earningsQuerySchema,
  type EarningsOverview,
  type EarningsQuery,
  guaranteeClaimRequestSchema,
  guaranteeClaimSchema,
  guaranteeDecisionSchema,
  invoiceSchema,
  MSG,
  viennaDate,
} from '@pb/core';
import { placementReports } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { liveMemberIdsOf, memberOfOrganisation } from '../../services/memberships';
import { parseOrBadRequest, notFound } from '../../lib/errors';
import { contentDisposition, sendPdf, sendStoredFile } from '../../lib/file-download';
import { readUploadedFiles } from '../../lib/uploads';
import { dataBody, dataEnvelope, errorSchema, idParams, singleSchema, errorResponses } from '../../lib/http-schemas';
import { consultantOfReport, decideGuaranteeClaim, fileGuaranteeClaim, type BillingNotice } from './claims';
import { agencyEarnings, allClaims, allInvoices, companyBilling, earningsCsv } from './overview';
import { invoicePdf, reminderPdf } from './ledger';
import { organisationCustomer } from './legal-identity';
import { renderStatementPdf } from './statement-pdf';
import { addClaimDocuments, authorizeClaimDocuments, claimDocumentForDownload } from './documents';
import { authorizeCompanyBilling, authorizeCompanyDocument, authorizeEarnings, type CompanyOwned } from './policy';
import { eInvoiceOf } from './e-invoice-source';
import { renderEInvoice } from './e-invoice';
import { invoiceFileName } from './presenter';

/**
 * The money after a placement (issue 12): earnings (consultant), billing (company), invoice PDFs,
 * guarantee claims; the back office's invoice and claim lists and decisions.
 */

/**
 * `billing:changed` to the persons of the notice and the members of both organisations of the
 * placement (issue 31): their open money pages reload, each reading only what its role may.
 */
async function emit(app: FastifyInstance, notice: BillingNotice): Promise<void> {
  try {
    const [report] = await app.db
      .select({ company: placementReports.companyOrganisationId, agency: placementReports.agencyOrganisationId })
      .from(placementReports)
      .where(eq(placementReports.id, notice.placementReportId));
    const members = report ? await liveMemberIdsOf(app.db, [report.company, report.agency]) : [];
    app.realtime.publish({
      name: 'billing:changed',
      to: { userIds: [...new Set([...notice.userIds, ...members])] },
      payload: { placementReportId: notice.placementReportId },
    });
  } catch (error) {
    // The change is committed; a missed live event only means a reload shows it.
    app.log.warn({ err: error, placementReportId: notice.placementReportId }, 'billing event not sent');
  }
}

/** After a commit that changed a placement's money: both parties' open pages reload (`billing:changed`). */
export async function announceBillingChange(app: FastifyInstance, reportId: number): Promise<void> {
  const [report] = await app.db.select().from(placementReports).where(eq(placementReports.id, reportId)).limit(1);
  if (!report) return;
  const consultantId = await consultantOfReport(app.db, report);
  await emit(app, {
    placementReportId: reportId,
    userIds: [report.companyId, consultantId].filter((id): id is number => id !== null),
  });
}

function billingContext(app: FastifyInstance) {
  return { issuer: app.config.invoiceIssuer, publicUrl: app.config.publicUrl, now: app.now() };
}

/** An invoice's documents (PDF, e-invoice) for their readers; someone else's invoice answers as if it did not exist. */
function readableInvoice<R extends CompanyOwned>(request: FastifyRequest, row: R | null): R {
  return authorizeCompanyDocument(currentUser(request), row, BILLING_MSG.invoiceNotFound);
}

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The agency's placements the caller may read: all (filtered by member) or their own. */
  async function earningsFor(request: FastifyRequest, query: EarningsQuery): Promise<EarningsOverview> {
    const user = currentUser(request);
    const scope = authorizeEarnings(user);
    const person =
      scope === 'own'
        ? { id: user.id, email: user.email }
        : query.member === undefined
          ? null
          : await memberOfOrganisation(app.db, user.organisation!.organisationId, query.member);
    return agencyEarnings(app.db, user.organisation!, person, app.now());
  }

  app.get(
    '/earnings',
    {
      config: { policy: 'billing.earnings' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['billing'],
        summary:
          "'Meine Vermittlungen': the agency's placements (administrators, Buchhaltung; ?member= narrows to one member) or the consultant's own, with bonus, status, payout date and yearly totals",
        querystring: earningsQuerySchema,
        response: { 200: singleSchema(earningsOverviewSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({ data: await earningsFor(request, request.query), meta: {} }),
  );

  app.get(
    '/earnings.csv',
    {
      config: { policy: 'billing.earnings' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['billing'],
        summary: "'Meine Vermittlungen' as CSV (semicolon, UTF-8 BOM, decimal comma)",
        querystring: earningsQuerySchema,
        response: { 200: z.string(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const data = await earningsFor(request, request.query);
      const stamp = app.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="meine-vermittlungen-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(earningsCsv(data));
    },
  );

  app.get(
    '/billing',
    {
      config: { policy: 'billing.companyMember' },
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['billing'],
        summary:
          "'Rechnungen und Vermittlungen': the company's invoices, open amount, placements and guarantee deadlines (every member of the company)",
        response: { 200: singleSchema(earningsOverviewSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const company = authorizeCompanyBilling(currentUser(request));
      return { data: await companyBilling(app.db, company, app.now(), app.config.invoiceIssuer), meta: {} };
    },
  );

  app.get(
    '/billing/statement.pdf',
    {
      config: { policy: 'billing.companyMember' },
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['billing'],
        summary: "The company's statement of account as PDF, as of today (every member of the company)",
        response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const company = authorizeCompanyBilling(currentUser(request));
      const now = app.now();
      const { statement } = await companyBilling(app.db, company, now, app.config.invoiceIssuer);
      const identity = await organisationCustomer(app.db, company.organisationId);
      const today = viennaDate(now);
      const pdf = await renderStatementPdf({
        statement: statement!,
        issuer: app.config.invoiceIssuer,
        customer: { name: identity?.name ?? company.organisationName, address: identity?.address ?? null },
        today,
      });
      return sendPdf(reply, pdf, `Kontoauszug-${today}.pdf`);
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { policy: 'billing.invoiceReader' },
      preHandler: app.requireRole('company', 'admin'),
      schema: {
        tags: ['billing'],
        summary: 'The invoice PDF as issued (the members of the company it is addressed to, or the back office)',
        params: idParams,
        response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const invoice = readableInvoice(request, await invoicePdf(app.db, request.params.id));
      return sendPdf(reply, invoice.pdf, invoiceFileName(invoice.kind, invoice.number, 'pdf'));
    },
  );

  app.get(
    '/invoices/:id/xml',
    {
      config: { policy: 'billing.invoiceReader' },
      preHandler: app.requireRole('company', 'admin'),
      schema: {
        tags: ['billing'],
        summary:
          'The invoice as EN 16931 e-invoice (UBL 2.1 Invoice, or CreditNote for a correction), for the same readers as its PDF',
        params: idParams,
        response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const invoice = readableInvoice(request, await eInvoiceOf(app.db, request.params.id));
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition(invoiceFileName(invoice.kind, invoice.document.number, 'xml')),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(renderEInvoice(invoice.document));
    },
  );

  app.get(
    '/dunning-notices/:id/pdf',
    {
      config: { policy: 'billing.invoiceReader' },
      preHandler: app.requireRole('company', 'admin'),
      schema: {
        tags: ['billing'],
        summary: "A reminder's PDF as sent (the members of the company it is addressed to, or the back office)",
        params: idParams,
        response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const reminder = authorizeCompanyDocument(
        currentUser(request),
        await reminderPdf(app.db, request.params.id),
        BILLING_MSG.reminderNotFound,
      );
      return sendPdf(reply, reminder.pdf, reminderFileName(reminder.level, reminder.number));
    },
  );

  app.post(
    '/placements/:id/guarantee-claim',
    {
      config: {
        policy: 'billing.claimant',
        documentedBody: dataBody(guaranteeClaimRequestSchema),
        rateLimit: { max: 30 * app.config.rateLimitFactor, timeWindow: '10 minutes' },
      },
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['billing'],
        summary:
          "'Garantiefall melden': the company's claim on its invoiced placement, checked against the 60-day and 7-day rules",
        params: idParams,
        body: dataEnvelope,
        response: {
          201: singleSchema(guaranteeClaimSchema),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(guaranteeClaimRequestSchema, request.body.data, MSG.fillAllFields);
      const { claim, notice } = await fileGuaranteeClaim(app.db, currentUser(request), request.params.id, input, {
        ...billingContext(app),
        officeEmail: app.config.officeEmail,
      });
      await emit(app, notice);
      return reply.code(201).send({ data: claim, meta: {} });
    },
  );

  app.post(
    '/guarantee-claims/:id/documents',
    {
      config: { policy: 'billing.claimant' },
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['billing'],
        summary:
          "Add documents (.pdf, .doc, .docx; field 'files', 5 MB each, up to 5 per claim) to the company's open claim",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          201: singleSchema(z.array(storedFileSchema)),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Authorise before reading any upload: a refused body is never read, let alone stored.
      await authorizeClaimDocuments(app.db, user, request.params.id);
      const files = await readUploadedFiles(request, { kind: 'document', maxFiles: GUARANTEE_MAX_DOCUMENTS });
      const data = await addClaimDocuments(app.db, app.storage, user, request.params.id, files);
      return reply.code(201).send({ data, meta: {} });
    },
  );

  app.get(
    '/guarantee-claim-documents/:id',
    {
      config: { policy: 'billing.claimDocumentReader' },
      preHandler: app.requireRole('company', 'admin'),
      schema: {
        tags: ['billing'],
        summary: "Download a claim's document (the claiming company or the back office)",
        params: idParams,
        response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const row = await claimDocumentForDownload(app.db, currentUser(request), request.params.id);
      if (!row) throw notFound(GUARANTEE_MSG.documentNotFound);
      return sendStoredFile(
        reply,
        app.storage,
        {
          key: row.storageKey,
          mime: row.mime,
          disposition: contentDisposition(row.originalName),
          cacheControl: 'private, no-store',
        },
        GUARANTEE_MSG.documentNotFound,
      );
    },
  );
};

/** The back office's invoices and claims (registered inside the admin plugin, whose guard covers them). */
export const adminBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every issued invoice and correction invoice, newest first',
        response: { 200: singleSchema(z.array(invoiceSchema)), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ data: await allInvoices(app.db, app.now()), meta: {} }),
  );

  app.get(
    '/guarantee-claims',
    {
      schema: {
        tags: ['admin'],
        summary: 'Guarantee claims, open ones first',
        response: { 200: singleSchema(z.array(guaranteeClaimSchema)), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ data: await allClaims(app.db), meta: {} }),
  );

  app.put(
    '/guarantee-claims/:id',
    {
      config: { documentedBody: dataBody(guaranteeDecisionSchema) },
      schema: {
        tags: ['admin'],
        summary: 'Accept a claim (correction invoice, 50 % refund) or reject it with a reason; audited',
        params: idParams,
        body: dataEnvelope,
        response: {
          200: singleSchema(guaranteeClaimSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const decision = parseOrBadRequest(guaranteeDecisionSchema, request.body.data);
      const { claim, notice } = await decideGuaranteeClaim(
        app.db,
        currentUser(request),
        request.params.id,
        decision,
        billingContext(app),
      );
      await emit(app, notice);
      return { data: claim, meta: {} };
    },
  );
};
