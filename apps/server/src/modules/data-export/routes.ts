import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportDownloadSchema, dataExportRequestSchema, dataExportStatusSchema, viennaDate } from '@pb/core';
import { currentUser } from '../../services/auth';
import { contentDisposition } from '../../lib/file-download';
import { errorSchema, singleSchema, errorResponses } from '../../lib/http-schemas';
import { discardDownloadedExport, latestDataExport, openExportDownload, requestDataExport } from './service';

const errors = errorResponses(400, 401, 404, 429);

/**
 * 'Meine Daten herunterladen' (DSGVO Art. 15 and 20; docs/privacy.md): request an export, read
 * the state of the latest request, download the finished ZIP once with the mailed token while
 * signed in as the account that asked.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;

  app.get(
    '/data-exports/latest',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: "The state of the account's latest data export (null before the first request)",
        security: [{ bearer: [] }],
        response: { 200: singleSchema(dataExportStatusSchema.nullable()), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await latestDataExport(app.db, currentUser(request).id, app.now()), meta: {} };
    },
  );

  app.post(
    '/data-exports',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn', rateLimit: { max: 20 * factor, timeWindow: '1 hour' } },
      schema: {
        tags: ['users'],
        summary:
          'Request a ZIP of all data about the own account; it is built in the background and a single-use link (7 days) is mailed',
        security: [{ bearer: [] }],
        body: dataExportRequestSchema.optional(),
        response: { 202: singleSchema(dataExportStatusSchema), ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const status = await requestDataExport(app.db, app.storage, currentUser(request).id, app.now());
      request.log.info({ exportId: status.id }, 'data export requested');
      return reply.code(202).send({ data: status, meta: {} });
    },
  );

  app.post(
    '/data-exports/download',
    {
      onRequest: app.requireUser,
      config: { policy: 'dataExport.owner', rateLimit: { max: 30 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['users'],
        summary:
          'Download the finished export once: the token from the mailed link, signed in as the account that asked (404 otherwise, 410 used or expired)',
        security: [{ bearer: [] }],
        body: dataExportDownloadSchema,
        response: { 200: z.unknown(), ...errors, 410: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const download = await openExportDownload(
        app.db,
        app.storage,
        currentUser(request),
        request.body.token,
        app.now(),
      );
      // Downloaded (or the connection ended): the ZIP goes at once, the token is used up.
      reply.raw.once('close', () => {
        discardDownloadedExport(app.db, app.storage, download).catch((err: unknown) =>
          request.log.warn({ err, exportId: download.id }, 'data export file not removed (the retention run will)'),
        );
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(download.size))
        .header('content-disposition', contentDisposition(`praemienboerse-daten-${viennaDate(app.now())}.zip`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(download.stream);
    },
  );
};
