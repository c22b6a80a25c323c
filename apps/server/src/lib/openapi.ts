import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * OpenAPI only: the request body's real contract (a @pb/core schema) for a route that
     * validates just the `{ data: {...} }` envelope because its service checks the fields
     * with the spec's German messages in the spec's order (decision 0018). Never validated.
     */
    documentedBody?: z.ZodType;
  }
}

/**
 * The OpenAPI transform: zod route schemas become JSON Schema (fastify-type-provider-zod);
 * a route's `config.documentedBody` is shown as its request body instead of the envelope.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const documented = input.route.config?.documentedBody;
  if (!documented) return jsonSchemaTransform(input);
  return jsonSchemaTransform({ ...input, schema: { ...input.schema, body: documented } });
};
