import { z } from 'zod';
import { idSchema } from '@pb/core';

/** Zod pieces for route schemas shared by all features (the OpenAPI doc is built from them). */

export const paginationSchema = z.object({ start: z.number(), limit: z.number(), total: z.number().optional() });

export const collectionSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ pagination: paginationSchema }) });

export const singleSchema = <T extends z.ZodType>(item: T) => z.object({ data: item, meta: z.object({}) });

export const errorSchema = z.object({
  data: z.null(),
  error: z.object({ status: z.number(), name: z.string(), message: z.string(), details: z.unknown() }),
});

/** Strapi-style list queries are nested objects parsed by qs and checked by lib/strapi-query. */
export const anyQuery = z.record(z.string(), z.unknown());

/** A positive int4 id, or its plain decimal text (one rule: packages/core/src/input.ts). */
export { idSchema };
export const idParams = z.object({ id: idSchema });
