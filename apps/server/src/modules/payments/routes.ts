import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankStatementImportSchema,
  bankStatementSchema,
  incomingPaymentSchema,
  paymentAssignmentSchema,
  paymentClearingSchema,
  PAYMENT_MSG,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { badRequest, parseOrBadRequest } from '../../lib/errors';
import { readUploadedFiles } from '../../lib/uploads';
import { dataBody, dataEnvelope, errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import { announceBillingChange } from '../billing';
import { importBankStatement } from './bank-import';
import { assignPayment, clearPayment, listBankStatements, listPayments } from './queue';

/**
 * The back office's incoming money (issue 34), registered inside the admin plugin whose guard
 * covers every route: bank statement import, the payments with their 'unklar' queue, assigning
 * and closing by hand.
 */

async function announce(app: FastifyInstance, reportIds: number[]): Promise<void> {
  for (const id of reportIds) await announceBillingChange(app, id);
}

const paymentsQuerySchema = z.object({ state: z.enum(['unklar', 'alle']).default('unklar') });

export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bank-statements',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Import a bank statement (camt.053) or notification (camt.054) as field 'files': every credit booked once and matched by RF reference or invoice number, the rest 'unklar'; all or nothing",
        consumes: ['multipart/form-data'],
        response: { 201: singleSchema(bankStatementImportSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const [file] = await readUploadedFiles(request, { kind: 'statement', maxFiles: 1, required: false });
      if (!file) throw badRequest(PAYMENT_MSG.statementFileMissing);
      const { summary, changedReports } = await importBankStatement(
        app.db,
        currentUser(request),
        { buffer: file.buffer, fileName: file.filename },
        { accountIban: app.config.invoiceIssuer.iban, now: app.now() },
      );
      await announce(app, changedReports);
      return reply.code(201).send({ data: summary, meta: {} });
    },
  );

  app.get(
    '/bank-statements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Imported bank statements, newest first, with what each booked',
        response: { 200: singleSchema(z.array(bankStatementSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listBankStatements(app.db), meta: {} }),
  );

  app.get(
    '/payments',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Incoming payments: ?state=unklar (default; oldest first) the queue to assign by hand, ?state=alle the newest',
        querystring: paymentsQuerySchema,
        response: { 200: singleSchema(z.array(incomingPaymentSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listPayments(app.db, request.query.state), meta: {} }),
  );

  app.post(
    '/payments/:id/allocations',
    {
      config: { documentedBody: dataBody(paymentAssignmentSchema) },
      schema: {
        tags: ['admin'],
        summary: 'Assign (part of) what an incoming payment left over to an invoice, by its number; audited',
        params: idParams,
        body: dataEnvelope,
        response: { 201: singleSchema(incomingPaymentSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(paymentAssignmentSchema, request.body.data);
      const { payment, allocated } = await assignPayment(
        app.db,
        currentUser(request),
        request.params.id,
        input,
        app.now(),
      );
      await announce(app, [allocated.placementReportId]);
      return reply.code(201).send({ data: payment, meta: {} });
    },
  );

  app.post(
    '/payments/:id/clear',
    {
      config: { documentedBody: dataBody(paymentClearingSchema) },
      schema: {
        tags: ['admin'],
        summary: 'Close what an incoming payment left over as no invoice payment, with the reason; audited',
        params: idParams,
        body: dataEnvelope,
        response: { 200: singleSchema(incomingPaymentSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = parseOrBadRequest(paymentClearingSchema, request.body.data);
      return { data: await clearPayment(app.db, currentUser(request), request.params.id, input, app.now()), meta: {} };
    },
  );
};
