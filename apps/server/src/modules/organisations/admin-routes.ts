import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrganisationDetailSchema, adminOrganisationSchema, registerCheckRequestSchema } from '@pb/core';
import { anyQuery, collectionSchema, errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { parseListQuery } from '../../lib/strapi-query';
import { currentUser } from '../../services/auth';
import { adminOrganisationDetail, adminOrganisationQuerySpec, listAdminOrganisations } from './admin-queries';
import { recordRegisterCheck } from './register-checks';

/**
 * The back office's organisation pages under /api/admin (issue 31): every organisation with its
 * members, roles and legal identity, and the 'geprüft' marks. The admin plugin's guard stands before
 * every route here (policy 'role:admin').
 */
export const adminOrganisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations',
    {
      schema: {
        tags: ['admin'],
        summary: 'All organisations with kind, member count, completeness of the legal identity and the badge',
        querystring: anyQuery,
        response: { 200: collectionSchema(adminOrganisationSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, adminOrganisationQuerySpec);
      const { rows, total } = await listAdminOrganisations(app.db, q);
      return { data: rows, meta: { pagination: { start: q.start, limit: q.limit, total } } };
    },
  );

  app.get(
    '/organisations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One organisation: legal identity, members with roles, the register checks and their history',
        params: idParams,
        response: { 200: singleSchema(adminOrganisationDetailSchema), 404: errorSchema },
      },
    },
    async (request) => ({ data: await adminOrganisationDetail(app.db, request.params.id), meta: {} }),
  );

  app.post(
    '/organisations/:id/register-checks',
    {
      schema: {
        tags: ['admin'],
        summary: "Mark the current Firmenbuchnummer, UID or GISA number as checked ('geprüft'), with a note",
        params: idParams,
        body: registerCheckRequestSchema,
        response: { 200: singleSchema(adminOrganisationDetailSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await recordRegisterCheck(app.db, currentUser(request), id, request.body, app.now());
      return { data: await adminOrganisationDetail(app.db, id), meta: {} };
    },
  );
};
