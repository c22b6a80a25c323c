import { z } from './zod';

/**
 * The API's envelopes: lists, single items and errors (ARCHITECTURE.md, API contract).
 * The schemas validate and serialise responses on the server and describe them in OpenAPI.
 */

/** `total` is present when counted (pagination[withCount], default for signed-in lists); never an estimate. */
export const paginationSchema = z.object({ start: z.number(), limit: z.number(), total: z.number().optional() });
export type Pagination = z.infer<typeof paginationSchema>;

/** A list: `{ data: [...], meta: { pagination } }`. */
export const collectionSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ pagination: paginationSchema }) });

/** One item: `{ data, meta: {} }`. */
export const singleSchema = <T extends z.ZodType>(item: T) => z.object({ data: item, meta: z.object({}) });

/** Every error response. */
export const apiErrorSchema = z.object({
  data: z.null(),
  error: z.object({ status: z.number(), name: z.string(), message: z.string(), details: z.unknown() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** `z.infer` of `collectionSchema(item)` for an item type (contract-types.test.ts checks they agree). */
export interface Collection<T> {
  data: T[];
  meta: { pagination: Pagination };
}
/** `z.infer` of `singleSchema(item)` for an item type (contract-types.test.ts checks they agree). */
export interface Single<T> {
  data: T;
  meta: Record<string, never>;
}
