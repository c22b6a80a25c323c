import { z } from './zod';

/** System endpoints: health checks and the public site settings. */

const dependencyStatus = z.enum(['up', 'down']);

/**
 * GET /api/health and /api/health/ready. 200 when the database and the instance's disk store
 * answer in time, 503 when either does not or the instance is shutting down ('stopping').
 * Redis and an S3 bucket are shared by all instances and the instance serves without them
 * (rate limits per instance, chat within the instance, everything but files): their outage
 * makes the status 'degraded' and stays 200.
 */
export const healthReadySchema = z.object({
  status: z.enum(['ok', 'degraded', 'stopping']),
  database: z.object({ status: dependencyStatus, driver: z.string() }),
  storage: z.object({ status: dependencyStatus, kind: z.enum(['disk', 's3']) }),
  redis: z.object({ status: z.enum(['up', 'down', 'off']) }),
});
/** GET /api/health/live: the process serves HTTP (no database). */
export const healthLiveSchema = z.object({ status: z.literal('ok') });
export type HealthReady = z.infer<typeof healthReadySchema>;

/** GET /api/public-config: imprint, intro video and the site's address (canonical URLs). */
export const publicConfigSchema = z.object({
  /** PUBLIC_URL without a trailing slash: https://praemienboerse.at */
  publicUrl: z.string(),
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
    chamber: z.string(),
    authority: z.string(),
    trade: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
