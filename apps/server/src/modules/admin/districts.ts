import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_MSG, districtCreateSchema, districtRenameSchema } from '@pb/core';
import { districts, jobs } from '../../db/schema';
import { currentUser } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { recordAudit, type Tx } from './audit';

const districtSchema = z.object({ id: z.number(), name: z.string(), state: z.string() });
const columns = { id: districts.id, name: districts.name, state: districts.state };

async function assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: districts.id })
    .from(districts)
    .where(
      sql`lower(${districts.name}) = ${name.toLowerCase()}${exceptId === undefined ? sql`` : sql` AND ${districts.id} <> ${exceptId}`}`,
    )
    .limit(1);
  if (taken) throw conflict(ADMIN_MSG.districtExists);
}

/** The district as it is now, locked for the change (404 when there is none). */
async function lockDistrict(tx: Tx, id: number) {
  const [row] = await tx.select(columns).from(districts).where(eq(districts.id, id)).for('update');
  if (!row) throw notFound(ADMIN_MSG.districtNotFound);
  return row;
}

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
      const data = await app.db.transaction(async (tx) => {
        await assertNameFree(tx, request.body.name);
        const [row] = await tx.insert(districts).values(request.body).returning(columns);
        await recordAudit(tx, actor, { action: 'district.create', entity: 'district', entityId: row!.id, after: row });
        return row!;
      });
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
      const data = await app.db.transaction(async (tx) => {
        const before = await lockDistrict(tx, id);
        await assertNameFree(tx, request.body.name, id);
        const [after] = await tx
          .update(districts)
          .set({ name: request.body.name, updatedAt: app.now() })
          .where(eq(districts.id, id))
          .returning(columns);
        await recordAudit(tx, actor, { action: 'district.rename', entity: 'district', entityId: id, before, after });
        return after!;
      });
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
      const data = await app.db.transaction(async (tx) => {
        const before = await lockDistrict(tx, id);
        const [used] = await tx.select({ n: count() }).from(jobs).where(eq(jobs.districtId, id));
        if ((used?.n ?? 0) > 0) throw conflict(ADMIN_MSG.districtInUse);
        await tx.delete(districts).where(eq(districts.id, id));
        await recordAudit(tx, actor, { action: 'district.delete', entity: 'district', entityId: id, before });
        return before;
      });
      return { data, meta: {} };
    },
  );
};
