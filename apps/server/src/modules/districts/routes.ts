import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { districtSchema } from '@pb/core';
import { districts } from '../../db/schema';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { collectionSchema, anyQuery, idParams, singleSchema } from '../../lib/http-schemas';
import { notFound } from '../../lib/errors';
import { countDistricts, findDistrict, listDistricts } from './queries';

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
      const { rows, total } = await listDistricts(app.db, q);
      return { data: rows, meta: { pagination: { start: q.start, limit: q.limit, total } } };
    },
  );

  app.get(
    '/districts/count',
    { config: { policy: 'visitor' }, schema: { tags: ['districts'], response: { 200: z.number() } } },
    async () => countDistricts(app.db),
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
      const row = await findDistrict(app.db, request.params.id);
      if (!row) throw notFound('Bezirk nicht gefunden.');
      return { data: row, meta: {} };
    },
  );
};
