import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { districtCreateSchema, districtRenameSchema, districtSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import { errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { createDistrict, deleteDistrict, renameDistrict } from './service';

export const adminDistrictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/districts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a district',
        body: districtCreateSchema,
        response: { 201: singleSchema(districtSchema), 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const data = await createDistrict(app.db, actor, request.body);
      return reply.code(201).send({ data, meta: {} });
    },
  );

  app.put(
    '/districts/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a district',
        params: idParams,
        body: districtRenameSchema,
        response: { 200: singleSchema(districtSchema), 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const data = await renameDistrict(app.db, actor, id, request.body.name, app.now());
      return { data, meta: {} };
    },
  );

  app.delete(
    '/districts/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a district that no advertisement uses (else 409)',
        params: idParams,
        response: { 200: singleSchema(districtSchema), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const data = await deleteDistrict(app.db, actor, id);
      return { data, meta: {} };
    },
  );
};
