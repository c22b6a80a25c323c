import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';

import { ADMIN_MSG, ROLE_NAMES, adminJobCreateSchema, adminJobUpdateSchema, publishSchema, type Job } from '@pb/core';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { currentUser, type CurrentUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { anyQuery, collectionSchema, errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { parseListQuery } from '../../lib/strapi-query';
import { findJob, jobQuerySpec, presentJob, selectJobs } from '../jobs/repository';
import { jobSchema } from '../jobs/schemas';
import { createJob, parseJobData, updateJob } from '../jobs/service';
import { recordAudit, type Tx } from './audit';

/** The company an advertisement is written for, in the shape the jobs service expects of its caller. */
async function companyAsOwner(db: Tx, companyId: number): Promise<CurrentUser> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, companyId))
    .limit(1);
  if (!row) throw badRequest(ADMIN_MSG.companyRequired);
  if (row.role !== 'company') throw badRequest(ADMIN_MSG.notACompany);
  return { ...row, roleName: ROLE_NAMES[row.role] };
}

async function loadJob(db: Db, id: number): Promise<Job> {
  const row = await findJob(db, id, sql`true`);
  if (!row) throw notFound(ADMIN_MSG.jobNotFound);
  return presentJob(row);
}

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

  app.post(
    '/jobs',
    {
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
      const id = await app.db.transaction(async (tx) => {
        const owner = await companyAsOwner(tx, request.body.companyId);
        const jobId = await createJob(tx, owner, data);
        await recordAudit(tx, actor, {
          action: 'job.create',
          entity: 'job',
          entityId: jobId,
          after: { companyId: owner.id, ...data },
        });
        return jobId;
      });
      return reply.code(201).send({ data: await loadJob(app.db, id), meta: {} });
    },
  );

  app.put(
    '/jobs/:id',
    {
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
      const before = await loadJob(app.db, id);
      await app.db.transaction(async (tx) => {
        const [job] = await tx.select({ ownerId: jobs.ownerId }).from(jobs).where(eq(jobs.id, id)).for('update');
        if (!job) throw notFound(ADMIN_MSG.jobNotFound);
        if (job.ownerId === null) throw conflict(ADMIN_MSG.jobWithoutCompany);
        const owner = await companyAsOwner(tx, job.ownerId);
        await updateJob(tx, owner, id, data);
        await recordAudit(tx, actor, { action: 'job.update', entity: 'job', entityId: id, before, after: data });
      });
      return { data: await loadJob(app.db, id), meta: {} };
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
      await app.db.transaction(async (tx) => {
        const [job] = await tx
          .select({ publishedAt: jobs.publishedAt })
          .from(jobs)
          .where(eq(jobs.id, id))
          .for('update');
        if (!job) throw notFound(ADMIN_MSG.jobNotFound);
        if ((job.publishedAt !== null) === published) return;
        const now = app.now();
        await tx
          .update(jobs)
          .set({ publishedAt: published ? now : null, updatedAt: now })
          .where(and(eq(jobs.id, id)));
        await recordAudit(tx, actor, {
          action: published ? 'job.publish' : 'job.deactivate',
          entity: 'job',
          entityId: id,
          before: { publishedAt: job.publishedAt },
          after: { publishedAt: published ? now : null },
        });
      });
      return { data: await loadJob(app.db, id), meta: {} };
    },
  );
};
