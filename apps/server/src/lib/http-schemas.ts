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

/** A positive integer, or its plain decimal text; never "0x10", "1e3", "01", " 1", arrays or booleans. */
export const idSchema = z
  .union([z.number(), z.string().regex(/^[1-9]\d{0,9}$/)], { error: 'Ungültige ID.' })
  .transform(Number)
  .pipe(z.number().int('Ungültige ID.').positive('Ungültige ID.').max(2_147_483_647, 'Ungültige ID.'));
export const idParams = z.object({ id: idSchema });
