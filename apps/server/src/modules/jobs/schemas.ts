import { z } from 'zod';

/** Response shapes of the advertisement endpoints (OpenAPI + serializer). */

export const attachmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
});

export const jobSchema = z.object({
  id: z.number(),
  jobTitle: z.string(),
  workingTime: z.string(),
  assignment: z.array(z.string()),
  requirements: z.array(z.string()),
  benefits: z.array(z.string()),
  jobInfo: z.array(z.string()),
  location: z.object({ street: z.string(), postcode: z.string(), city: z.string() }),
  salary: z.string(),
  district: z.object({ id: z.number(), name: z.string() }).nullable(),
  users_permissions_user: z
    .object({ id: z.number(), username: z.string(), email: z.string(), description: z.string().nullable() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  placementBonus: z.number(),
  currentPlacementBonus: z.number(),
  attachments: z.array(attachmentSchema).optional(),
});

export const bonusSchema = z.object({
  id: z.number(),
  bonus: z.number(),
  advertisement: z.number(),
  createdAt: z.string(),
});

/** Bodies are checked by the services (German form messages), only the envelope here. */
export const dataEnvelope = z.object({ data: z.record(z.string(), z.unknown()) });
