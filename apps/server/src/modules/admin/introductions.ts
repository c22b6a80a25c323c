import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIntroductionQuerySchema,
  collectionSchema,
  introductionDetailSchema,
  introductionResolutionSchema,
  introductionSchema,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { parseOrBadRequest } from '../../lib/errors';
import { dataBody, dataEnvelope, errorSchema, idParams, singleSchema, errorResponses } from '../../lib/http-schemas';
import { introductionDetail, listRegister, publishIntroduction, resolveIntroduction } from '../introductions';

/** The introductions register in the back office: every introduction, filters, disputes resolved with a note. */
export const adminIntroductionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/introductions',
    {
      schema: {
        tags: ['admin'],
        summary: 'The introductions register: filters company, consultant, advertisement, status, flag',
        querystring: adminIntroductionQuerySchema,
        response: { 200: collectionSchema(introductionSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { data, total } = await listRegister(app.db, currentUser(request), query, app.now());
      return { data, meta: { pagination: { start: query.start, limit: query.limit, total } } };
    },
  );

  app.post(
    '/introductions/:id/resolution',
    {
      config: { documentedBody: dataBody(introductionResolutionSchema) },
      schema: {
        tags: ['admin'],
        summary: 'Resolve a dispute about an introduction with a note (register entry, audit log)',
        params: idParams,
        body: dataEnvelope,
        response: {
          200: singleSchema(introductionDetailSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const { note } = parseOrBadRequest(introductionResolutionSchema, request.body.data);
      const now = app.now();
      await resolveIntroduction(app.db, admin, request.params.id, note, now, app.config.registerSecret);
      await publishIntroduction(app, { introductionId: request.params.id, message: null, revived: false }, 'resolved');
      return { data: await introductionDetail(app.db, admin, request.params.id, now), meta: {} };
    },
  );
};
