import type { FastifyPluginAsync } from 'fastify';
import { notFound, unauthorized } from '../../lib/errors';
import { isLocalRequest } from '../../lib/loopback';
import { metricsScraperAccess } from './policy';

/**
 * GET /metrics in the Prometheus text format (lib/metrics), at the root like Prometheus
 * expects, outside the documented API. Guarded by 'metrics.scraper' (./policy).
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const settings = { token: app.config.metricsToken, isProduction: app.config.isProduction };
  if (settings.isProduction && settings.token === undefined) {
    app.log.warn('metrics disabled: METRICS_TOKEN is not set, GET /metrics answers 404');
  }

  app.get(
    '/metrics',
    // The bearer token is the scraper's, not a user's JWT: services/auth leaves it to this route.
    { config: { policy: 'metrics.scraper', ownAuthorization: true }, schema: { hide: true } },
    async (request, reply) => {
      const access = metricsScraperAccess(settings, {
        authorization: request.headers.authorization,
        local: isLocalRequest({
          remoteAddress: request.socket.remoteAddress,
          headers: request.headers,
          trustProxy: app.config.trustProxy,
        }),
      });
      if (access === 'hidden') throw notFound();
      if (access === 'unauthorized') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized();
      }
      const body = await app.metrics.scrape();
      return reply.header('cache-control', 'no-store').type(app.metrics.contentType).send(body);
    },
  );
};
