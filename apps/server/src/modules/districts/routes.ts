import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { districts } from '../../db/schema';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { collectionSchema, anyQuery, idParams, singleSchema } from '../../lib/http-schemas';
import { notFound } from '../../lib/errors';

const districtSchema = z.object({ id: z.number(), name: z.string(), state: z.string() });

const districtQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: districts.id, type: 'int', ops: ['$eq', '$in', '$ne'] },
    name: { expr: districts.name, type: 'string', ops: ['$eq', '$containsi'] },
    state: { expr: districts.state, type: 'string', ops: ['$eq', '$in'] },
  },
  sort: { name: districts.name, id: districts.id, state: districts.state },
  defaultSort: [{ field: 'name', dir: 'asc' }],
  defaultLimit: 500,
  maxLimit: 500,
};

export const districtRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/districts',
    {
      config: { policy: 'visitor' },
      schema: {
        tags: ['districts'],
        summary: "Austria's political districts, sorted by name",
        querystring: anyQuery,
        response: { 200: collectionSchema(districtSchema) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, districtQuerySpec);
      const rows = await app.db
        .select({ id: districts.id, name: districts.name, state: districts.state })
        .from(districts)
        .where(q.where)
        .orderBy(...q.orderBy, asc(districts.id))
        .limit(q.limit)
        .offset(q.start);
      const [total] = await app.db.select({ n: count() }).from(districts).where(q.where);
      return { data: rows, meta: { pagination: { start: q.start, limit: q.limit, total: total?.n ?? 0 } } };
    },
  );

  app.get(
    '/districts/count',
    { config: { policy: 'visitor' }, schema: { tags: ['districts'], response: { 200: z.number() } } },
    async () => {
      const [total] = await app.db.select({ n: count() }).from(districts);
      return total?.n ?? 0;
    },
  );

  app.get(
    '/districts/:id',
    {
      config: { policy: 'visitor' },
      schema: {
        tags: ['districts'],
        params: idParams,
        response: { 200: singleSchema(districtSchema) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ id: districts.id, name: districts.name, state: districts.state })
        .from(districts)
        .where(eq(districts.id, request.params.id));
      if (!row) throw notFound('Bezirk nicht gefunden.');
      return { data: row, meta: {} };
    },
  );
};
