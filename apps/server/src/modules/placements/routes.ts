import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/auth';
import { errorSchema } from '../../lib/http-schemas';
import { parsePlacementReport, reportPlacement } from './service';

export const placementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/placement-reports',
    {
      preHandler: app.requireRole('company', 'consultant'),
      config: { rateLimit: { max: 30 * app.config.rateLimitFactor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['placement-reports'],
        summary:
          'Report a placement: company (own advertisement, invoice address) or consultant; deactivates the advertisement',
        body: z.object({ data: z.record(z.string(), z.unknown()) }),
        response: {
          201: z.object({
            data: z.object({ id: z.number(), placementFee: z.number(), serviceFee: z.number() }),
            meta: z.object({}),
          }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parsePlacementReport(request.body.data);
      const data = await reportPlacement(app.db, user, input, {
        officeEmail: app.config.officeEmail,
        publicUrl: app.config.publicUrl,
      });
      return reply.code(201).send({ data, meta: {} });
    },
  );
};
