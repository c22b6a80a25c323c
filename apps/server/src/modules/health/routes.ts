import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database status',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.object({ status: z.literal('up'), driver: z.string() }),
          }),
          503: z.object({
            status: z.literal('degraded'),
            database: z.object({ status: z.literal('down'), driver: z.string() }),
          }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.query('SELECT 1');
        return { status: 'ok' as const, database: { status: 'up' as const, driver: app.database.driver } };
      } catch (err) {
        app.log.error({ err }, 'health check: database down');
        return reply
          .code(503)
          .send({ status: 'degraded' as const, database: { status: 'down' as const, driver: app.database.driver } });
      }
    },
  );
};
