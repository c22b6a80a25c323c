import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentRoutes } from './attachments';
import { bonusRoutes } from './bonus-routes';
import { jobRoutes } from './routes';

/** Advertisements, their documents and bonus history. */
export const jobsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(jobRoutes);
  await app.register(bonusRoutes);
  await app.register(attachmentRoutes);
};
