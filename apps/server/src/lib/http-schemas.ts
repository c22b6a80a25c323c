import { z } from 'zod';
import { apiErrorSchema, idSchema } from '@pb/core';

/**
 * Route pieces shared by all features that are not part of the contract in @pb/core
 * (the envelopes are: collectionSchema, singleSchema, apiErrorSchema — re-exported here
 * under the names the routes use).
 */
export { apiErrorSchema as errorSchema, collectionSchema, singleSchema } from '@pb/core';

/** Strapi-style list queries are nested objects parsed by qs and checked by lib/strapi-query. */
export const anyQuery = z.record(z.string(), z.unknown());

/** A positive int4 id, or its plain decimal text (one rule: packages/core/src/input.ts). */
export { idSchema };
export const idParams = z.object({ id: idSchema });

/**
 * The `{ data: {...} }` body of the write routes whose fields the services check (German
 * form messages in the spec's order); only the envelope is validated here.
 */
export const dataEnvelope = z.object({ data: z.record(z.string(), z.unknown()) });

/** What such a route documents instead (`config.documentedBody`, lib/openapi.ts): `{ data }` with its core schema. */
export const dataBody = <T extends z.ZodType>(data: T) => z.object({ data });

/** The German error bodies a route answers with, by status: `response: { 200: …, ...errorResponses(400, 404) }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}
