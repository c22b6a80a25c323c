import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNTING_MSG, accountingExportFileName, accountingExportQuerySchema, viennaDate } from '@pb/core';
import { badRequest, parseOrBadRequest } from '../../lib/errors';
import { contentDisposition } from '../../lib/file-download';
import { errorResponses } from '../../lib/http-schemas';
import { recordAudit } from '../../services/audit';
import { currentUser } from '../../services/auth';
import { monthBookings } from './bookings';
import { bmdCsv, datevCsv } from './formats';

/**
 * The monthly booking export for the tax adviser (issue 34), inside the admin plugin and its
 * guard: the month's invoices, credit notes, incoming payments and payouts as a BMD NTCS or DATEV
 * file. Audited: the books leave the platform.
 */
export const adminAccountingExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounting-export',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The month's bookings (?month=YYYY-MM&format=bmd|datev): BMD NTCS CSV in UTF-8 or DATEV Buchungsstapel (EXTF 700) in Windows-1252",
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: z.unknown(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = parseOrBadRequest(accountingExportQuerySchema, request.query);
      const now = app.now();
      if (query.month > viennaDate(now).slice(0, 7)) throw badRequest(ACCOUNTING_MSG.monthInvalid);
      const bookings = await monthBookings(app.db, query.month);
      const file =
        query.format === 'bmd'
          ? bmdCsv(bookings)
          : datevCsv(bookings, { ...app.config.datev, month: query.month, createdAt: now });
      await recordAudit(app.db, currentUser(request), {
        action: 'accounting.export',
        entity: 'accounting_export',
        entityId: null,
        before: null,
        after: { month: query.month, format: query.format, bookings: bookings.length },
      });
      return reply
        .header('content-type', `text/csv; charset=${query.format === 'bmd' ? 'utf-8' : 'windows-1252'}`)
        .header('content-disposition', contentDisposition(accountingExportFileName(query.month, query.format)))
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
