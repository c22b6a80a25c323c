import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listedConsultantSchema, listedConsultantsQuerySchema } from '@pb/core';
import { collectionSchema, errorSchema } from '../../lib/http-schemas';
import { presentListedConsultant } from './presenter';
import { listListedConsultants } from './queries';

/**
 * The consultant directory for visitors (issue 29: the public consultants page is rendered on the
 * server from this answer). Who is listed is the directory's rule (visitorListedConsultantCondition:
 * active consultants who chose to be public and agreed to visitors seeing them); what a visitor sees
 * of them has no e-mail address.
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-consultants',
    {
      config: { policy: 'visitor' },
      schema: {
        tags: ['users'],
        summary: 'Listed consultants for visitors, in name order (no e-mail addresses; pagination[start|limit])',
        querystring: listedConsultantsQuerySchema,
        response: { 200: collectionSchema(listedConsultantSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { start, limit } = request.query.pagination;
      const page = await listListedConsultants(app.db, { start, limit });
      // Shared caches may keep it briefly: a consultant who leaves the directory is gone within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return {
        data: page.rows.map(presentListedConsultant),
        meta: { pagination: { start, limit, total: page.total } },
      };
    },
  );
};
