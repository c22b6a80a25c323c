import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminJobCreateSchema, adminJobUpdateSchema, jobDataSchema, jobSchema, publishSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import {
  anyQuery,
  collectionSchema,
  errorResponses,
  errorSchema,
  idParams,
  singleSchema,
} from '../../lib/http-schemas';
import { parseListQuery } from '../../lib/strapi-query';
import { jobQuerySpec, presentJob, selectJobs, parseJobData } from '../jobs';
import { createJobForCompany, loadAnyJob, setJobPublished, updateAnyJob } from './service';

export const adminJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'All advertisements including deactivated ones (same filters as GET /api/jobs)',
        querystring: anyQuery,
        response: { 200: collectionSchema(jobSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, { ...jobQuerySpec, defaultLimit: 100 });
      const page = await selectJobs(app.db, q);
      return {
        data: page.rows.map((r) => presentJob(r)),
        meta: { pagination: { start: q.start, limit: q.limit, total: page.total } },
      };
    },
  );

  app.get(
    '/jobs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One advertisement, also a deactivated one',
        params: idParams,
        response: { 200: singleSchema(jobSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ data: await loadAnyJob(app.db, request.params.id), meta: {} }),
  );

  app.post(
    '/jobs',
    {
      // The fields of `data` are checked by parseJobData (decision 0018); documented as jobDataSchema.
      config: { documentedBody: adminJobCreateSchema.extend({ data: jobDataSchema }) },
      schema: {
        tags: ['admin'],
        summary: 'Publish an advertisement on behalf of a company (same data and rules as POST /api/jobs)',
        body: adminJobCreateSchema,
        response: { 201: singleSchema(jobSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const data = parseJobData(request.body.data);
      const id = await createJobForCompany(app.db, actor, request.body.companyId, data, app.now());
      return reply.code(201).send({ data: await loadAnyJob(app.db, id), meta: {} });
    },
  );

  app.put(
    '/jobs/:id',
    {
      config: { documentedBody: adminJobUpdateSchema.extend({ data: jobDataSchema }) },
      schema: {
        tags: ['admin'],
        summary: "Edit any advertisement (same data and rules as the company's PUT /api/jobs/:id)",
        params: idParams,
        body: adminJobUpdateSchema,
        response: { 200: singleSchema(jobSchema), 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const data = parseJobData(request.body.data);
      await updateAnyJob(app.db, actor, id, data);
      return { data: await loadAnyJob(app.db, id), meta: {} };
    },
  );

  app.put(
    '/jobs/:id/publish',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deactivate (publishedAt null) or reactivate an advertisement',
        params: idParams,
        body: publishSchema,
        response: { 200: singleSchema(jobSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const { published } = request.body;
      await setJobPublished(app.db, actor, id, published, app.now());
      return { data: await loadAnyJob(app.db, id), meta: {} };
    },
  );
};
