import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../services/auth';
import { liveMemberIdsOf } from '../../services/memberships';
import {
  companyPlacementReportViewSchema,
  placementObjectionSchema,
  placementReportResultSchema,
  placementReportSchema,
} from '@pb/core';
import { dataBody, dataEnvelope, idParams, singleSchema, errorResponses } from '../../lib/http-schemas';
import { parsePlacementReport, reportPlacement } from './report';
import { companyPlacementReports, objectToPlacement, parsePlacementObjection } from './service';

export const placementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/placement-reports',
    {
      preHandler: app.requireRole('company', 'consultant'),
      config: {
        policy: 'placements.reporter',
        documentedBody: dataBody(placementReportSchema),
        rateLimit: { max: 30 * app.config.rateLimitFactor, timeWindow: '10 minutes' },
      },
      schema: {
        tags: ['placement-reports'],
        summary:
          "Report a placement: company (own advertisement, invoice address) or consultant; deactivates the advertisement, unless a consultant's report without an introduction at 'Angebot'/'eingestellt' waits for the office's review",
        body: dataEnvelope,
        response: {
          201: singleSchema(placementReportResultSchema),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parsePlacementReport(request.body.data);
      const { result, notify } = await reportPlacement(app.db, user, input, {
        officeEmail: app.config.officeEmail,
        publicUrl: app.config.publicUrl,
        fingerprintSecret: app.config.fingerprintSecret,
        registerSecret: app.config.registerSecret,
        now: app.now(),
      });
      // After the commit: the company's members hear of it at once (its mail is already queued).
      if (notify) {
        const members = await liveMemberIdsOf(app.db, [notify.companyOrganisationId]).catch(() => []);
        app.realtime.publish({
          name: 'placement:reported',
          to: { userIds: [...new Set([notify.companyId, ...members])] },
          payload: notify.event,
        });
      }
      return reply.code(201).send({ data: result, meta: {} });
    },
  );

  app.get(
    '/placement-reports/mine',
    {
      config: { policy: 'role:company' },
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['placement-reports'],
        summary: "Consultants' placement reports on the company's advertisements (with objection state)",
        response: {
          200: singleSchema(z.array(companyPlacementReportViewSchema)),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const data = await companyPlacementReports(app.db, currentUser(request));
      return { data, meta: {} };
    },
  );

  app.post(
    '/placement-reports/:id/objection',
    {
      preHandler: app.requireRole('company'),
      config: {
        policy: 'placements.objector',
        documentedBody: dataBody(placementObjectionSchema),
        rateLimit: { max: 30 * app.config.rateLimitFactor, timeWindow: '10 minutes' },
      },
      schema: {
        tags: ['placement-reports'],
        summary:
          "The owning company objects to a consultant's report with a note: reactivates the advertisement if the report took it offline, withdraws the office's release (a new review is needed before invoicing), mails the office",
        params: idParams,
        body: dataEnvelope,
        response: {
          200: singleSchema(companyPlacementReportViewSchema),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = parsePlacementObjection(request.body.data);
      const data = await objectToPlacement(app.db, user, request.params.id, input, {
        officeEmail: app.config.officeEmail,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return { data, meta: {} };
    },
  );
};
