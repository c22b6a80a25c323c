import { z } from 'zod';

/** Zod pieces for route schemas shared by all features (the OpenAPI doc is built from them). */

export const paginationSchema = z.object({ start: z.number(), limit: z.number(), total: z.number() });

export const collectionSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ pagination: paginationSchema }) });

export const singleSchema = <T extends z.ZodType>(item: T) => z.object({ data: item, meta: z.object({}) });

export const errorSchema = z.object({
  data: z.null(),
  error: z.object({ status: z.number(), name: z.string(), message: z.string(), details: z.unknown() }),
});

/** Strapi-style list queries are nested objects parsed by qs and checked by lib/strapi-query. */
export const anyQuery = z.record(z.string(), z.unknown());

export const idSchema = z.coerce.number({ error: 'Ungültige ID.' }).int('Ungültige ID.').positive('Ungültige ID.').max(2_147_483_647, 'Ungültige ID.');
export const idParams = z.object({ id: idSchema });
