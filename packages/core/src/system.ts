import { z } from 'zod';

/** System endpoints: health checks and the public site settings. */

/** GET /api/health and /api/health/ready when the database answers in time (200). */
export const healthReadySchema = z.object({
  status: z.literal('ok'),
  database: z.object({ status: z.literal('up'), driver: z.string() }),
});
/** GET /api/health and /api/health/ready when the database does not answer (503). */
export const healthDegradedSchema = z.object({
  status: z.literal('degraded'),
  database: z.object({ status: z.literal('down'), driver: z.string() }),
});
/** GET /api/health/live: the process serves HTTP (no database). */
export const healthLiveSchema = z.object({ status: z.literal('ok') });
export type HealthReady = z.infer<typeof healthReadySchema>;
export type HealthDegraded = z.infer<typeof healthDegradedSchema>;

/** GET /api/public-config: imprint and intro video. */
export const publicConfigSchema = z.object({
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
