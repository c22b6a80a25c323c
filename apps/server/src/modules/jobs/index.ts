import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentRoutes } from './attachments';
import { bonusRoutes } from './bonus-routes';
import { JobListCache } from './list-cache';
import { advertisementNumberRoutes } from './numbers';
import { jobRoutes } from './routes';

/** Advertisements, their documents and bonus history. */
export const jobsModule: FastifyPluginAsyncZod = async (app) => {
  const cache = new JobListCache(app.db);
  app.decorate('jobListCache', cache);
  app.metrics.countListCacheWith(() => cache.stats);
  await app.register(jobRoutes);
  await app.register(bonusRoutes);
  await app.register(attachmentRoutes);
  await app.register(advertisementNumberRoutes);
};

/** What other modules may use of jobs (dependency-cruiser: modules import each other only through index.ts). */
export { activeBonusOf, activeBonusSql } from './active-bonus';
export { browserFilterCondition, filterColumns, filterConditions } from './browser-filters';
export { authorizeOnAdvertisement, isAdvertisementMember, mayOnAdvertisement } from './policy';
export { advertisementsOf, advertisementsOfOwner, attachmentForDownload, bonusHistory, ownedBy } from './queries';
export { findJob, jobQuerySpec, listAttachments, ownershipColumns, presentJob, selectJobs } from './repository';
export {
  deactivateAdvertisementsOf,
  handOverAdvertisements,
  parseJobData,
  publishJob,
  writeJobUpdate,
  type AdvertisementAuthor,
} from './service';
