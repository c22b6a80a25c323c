/**
 * The app's routes as the input-property test (test/input-properties.test.ts) walks them: read from
 * the OpenAPI document, so routes added later are covered without touching the test.
 */

export type Role = 'visitor' | 'company' | 'consultant' | 'admin';
export const ROLES: Role[] = ['visitor', 'company', 'consultant', 'admin'];

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  required?: string[];
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema | string;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Roles the route lets past its auth check (found by a preflight); runs favour these. */
  roles?: Role[];
  /** OpenAPI template: /api/jobs/{id}. */
  path: string;
  pathParams: string[];
  /** Strapi-style list query (the schema is a record of anything). */
  strapiQuery: boolean;
  queryParams: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

export function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      const params = op.parameters ?? [];
      const queryParams: Record<string, JsonSchema> = {};
      let strapiQuery = false;
      for (const p of params) {
        if (p.in !== 'query') continue;
        // z.record(...) as a querystring comes out as the pseudo parameters 'type' and 'additionalProperties'.
        if (p.name === 'additionalProperties' || (p.name === 'type' && p.schema === 'object')) strapiQuery = true;
        else queryParams[p.name] = typeof p.schema === 'object' ? p.schema : {};
      }
      routes.push({
        method: upper as Route['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        strapiQuery,
        queryParams,
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}
