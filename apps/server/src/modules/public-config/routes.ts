import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Settings the web app needs at run time (imprint data, intro video), from config. */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = {
    introVideoUrl: app.config.introVideoUrl ?? null,
    officeEmail: app.config.officeEmail,
    imprint: app.config.imprint,
  };
  app.get(
    '/public-config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public site settings (imprint, intro video)',
        response: {
          200: z.object({
            introVideoUrl: z.string().nullable(),
            officeEmail: z.string(),
            imprint: z.object({
              company: z.string(),
              address: z.string(),
              email: z.string(),
              phone: z.string(),
              register: z.string(),
              vatId: z.string(),
              ceo: z.string(),
            }),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
};
