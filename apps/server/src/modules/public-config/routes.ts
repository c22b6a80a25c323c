import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@pb/core';

const DEFAULT_INTRO_VIDEO = '/media/intro.webm';

/** Settings the web app needs at run time (imprint data, intro video), from config. */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body: PublicConfig = {
    publicUrl: app.config.publicUrl,
    // Without INTRO_VIDEO_URL the product's own intro video (apps/web/public/media) is shown.
    introVideoUrl: app.config.introVideoUrl ?? DEFAULT_INTRO_VIDEO,
    officeEmail: app.config.officeEmail,
    imprint: app.config.imprint,
  };
  app.get(
    '/public-config',
    {
      config: { policy: 'visitor' },
      schema: {
        tags: ['system'],
        summary: 'Public site settings (site address, imprint, intro video)',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
};
