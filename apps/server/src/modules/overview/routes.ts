import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORGANISATION_MSG, overviewSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import { forbidden } from '../../lib/errors';
import { errorSchema, singleSchema } from '../../lib/http-schemas';
import { overviewOf } from './tasks';

/** GET /api/overview: the member's 'Übersicht' (issue 32); the back office has its own dashboard. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    {
      preHandler: app.requireRole('company', 'consultant'),
      config: { policy: 'overview.member' },
      schema: {
        tags: ['overview'],
        summary: "What the member's organisation asks of them now, and the first-run checklist",
        security: [{ bearer: [] }],
        response: { 200: singleSchema(overviewSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.organisation) throw forbidden(ORGANISATION_MSG.noOrganisation);
      const ctx = { db: app.db, now: app.now(), issuer: app.config.invoiceIssuer };
      return { data: await overviewOf(ctx, user.id, user.organisation), meta: {} };
    },
  );
};
