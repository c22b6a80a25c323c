import { z } from './zod';

/**
 * Numbers per advertisement and watched advertisements (issue 32, list tools): what a company sees
 * of the interest in each of its advertisements, and the consultant's list of 'Gemerkt'.
 */

/** GET /api/advertisement-numbers: per advertisement of the member's company. */
export const advertisementNumbersSchema = z.object({
  advertisement: z.number().int(),
  /** Agencies whose consultants opened the advertisement's profile (never which). */
  agencies: z.number().int().nonnegative(),
  conversations: z.number().int().nonnegative(),
  introductions: z.number().int().nonnegative(),
});
export type AdvertisementNumbers = z.infer<typeof advertisementNumbersSchema>;

/** GET /api/job-watches/advertisements: the consultant's watched advertisements, active or not. */
export const watchedAdvertisementSchema = z.object({
  id: z.number().int(),
  jobTitle: z.string(),
  companyName: z.string().nullable(),
  /** Published now; a deactivated one stays on the list, its conversation still reachable. */
  active: z.boolean(),
  /** The bonus in force (percent), null while none is set. */
  bonus: z.number().nullable(),
  watchedAt: z.string(),
});
export type WatchedAdvertisement = z.infer<typeof watchedAdvertisementSchema>;
