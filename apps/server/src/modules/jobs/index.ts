import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentRoutes } from './attachments';
import { bonusRoutes } from './bonus-routes';
import { JobListCache } from './list-cache';
import { jobRoutes } from './routes';

/** Advertisements, their documents and bonus history. */
export const jobsModule: FastifyPluginAsyncZod = async (app) => {
  app.decorate('jobListCache', new JobListCache(app.db));
  await app.register(jobRoutes);
  await app.register(bonusRoutes);
  await app.register(attachmentRoutes);
};
