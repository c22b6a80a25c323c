import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDegradedSchema, healthLiveSchema, healthReadySchema } from '@pb/core';
import { withDeadline } from '../../lib/db-errors';

const readySchema = { 200: healthReadySchema, 503: healthDegradedSchema };

/**
 * Liveness: `/api/health/live` — the process serves HTTP; never touches the database,
 * so an orchestrator does not restart a healthy process because PostgreSQL is away.
 * Readiness: `/api/health/ready` and `/api/health` (the same check; `/api/health` is the
 * historical name the Playwright web server and load balancers probe) — `SELECT 1` within
 * DB_HEALTH_TIMEOUT_MS, else 503 at once.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = [
    { url: '/health', summary: 'Readiness (same as /health/ready)' },
    { url: '/health/ready', summary: 'Readiness: the database answers in time' },
  ];
  for (const { url, summary } of routes) {
    app.get(
      url,
      { config: { policy: 'visitor' }, schema: { tags: ['system'], summary, response: readySchema } },
      async (_request, reply) => {
        const driver = app.database.driver;
        try {
          await withDeadline(app.database.query('SELECT 1'), app.config.dbTimeouts.healthMs, 'health check');
          return { status: 'ok' as const, database: { status: 'up' as const, driver } };
        } catch (err) {
          app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'readiness: database down');
          return reply.code(503).send({ status: 'degraded' as const, database: { status: 'down' as const, driver } });
        }
      },
    );
  }
  app.get(
    '/health/live',
    {
      config: { policy: 'visitor' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process serves HTTP (no database)',
        response: { 200: healthLiveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
