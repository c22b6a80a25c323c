import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '@pb/core';
import { singleSchema } from '../../lib/http-schemas';
import { loadDashboard } from './dashboard-query';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts, placements and fees (this month/year, Vienna), 12-month series, last retention runs',
        response: { 200: singleSchema(adminDashboardSchema) },
      },
    },
    async () => ({ data: await loadDashboard(app.database, app.now()), meta: {} }),
  );
};
