import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthLiveSchema, healthReadySchema, type HealthReady } from '@pb/core';
import { withDeadline } from '../../lib/db-errors';

const readySchema = { 200: healthReadySchema, 503: healthReadySchema };

type Status = 'up' | 'down';

/**
 * Liveness: `/api/health/live` — the process serves HTTP; never touches a dependency, so
 * an orchestrator does not restart a healthy process because PostgreSQL is away.
 * Readiness: `/api/health/ready` and `/api/health` (the same check; `/api/health` is the
 * historical name the Playwright web server and load balancers probe) — the database
 * (`SELECT 1`), the file store and Redis, each within DB_HEALTH_TIMEOUT_MS, in parallel.
 * 503 when the database or this instance's disk store is down, or while the instance shuts
 * down (the balancer takes it out before it stops accepting). A shared S3 bucket and Redis are
 * reported but do not make it unready (decision 0020).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = async (what: string, check: () => Promise<unknown>): Promise<Status> => {
    try {
      await withDeadline(check(), app.config.dbTimeouts.healthMs, `readiness: ${what}`);
      return 'up';
    } catch (err) {
      app.log.warn({ err: err instanceof Error ? err.message : String(err) }, `readiness: ${what} down`);
      return 'down';
    }
  };

  /** The check's answer, and whether the balancer may send this instance traffic. */
  const readiness = async (): Promise<{ health: HealthReady; ready: boolean }> => {
    const redis = app.redis;
    const [database, storage, redisStatus] = await Promise.all([
      probe('database', () => app.database.query('SELECT 1')),
      probe('storage', () => app.storage.check()),
      redis ? probe('redis', () => redis.ping()) : Promise.resolve('off' as const),
    ]);
    const stopping = app.lifecycle.stopping;
    const allUp = database === 'up' && storage === 'up' && redisStatus !== 'down';
    return {
      health: {
        status: stopping ? 'stopping' : allUp ? 'ok' : 'degraded',
        database: { status: database, driver: app.database.driver },
        storage: { status: storage, kind: app.storage.kind },
        redis: { status: redisStatus },
      },
      // A bucket (like Redis) is shared by every instance: its outage is no reason to take this
      // one out of the balancer — all would go, and pages and chat, which need no files, with them.
      ready: !stopping && database === 'up' && (storage === 'up' || app.storage.kind === 's3'),
    };
  };

  const routes = [
    { url: '/health', summary: 'Readiness (same as /health/ready)' },
    { url: '/health/ready', summary: 'Readiness: database and file store answer in time (Redis reported)' },
  ];
  for (const { url, summary } of routes) {
    app.get(
      url,
      { config: { policy: 'visitor' }, schema: { tags: ['system'], summary, response: readySchema } },
      async (_request, reply) => {
        const { health, ready } = await readiness();
        return reply.code(ready ? 200 : 503).send(health);
      },
    );
  }
  app.get(
    '/health/live',
    {
      config: { policy: 'visitor' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process serves HTTP (no dependency checked)',
        response: { 200: healthLiveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
