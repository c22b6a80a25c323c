import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JOB_MSG, placementBonusRecordSchema, placementBonusRequestSchema, type PlacementBonus } from '@pb/core';
import { placementBonuses } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { badRequest } from '../../lib/errors';
import {
  anyQuery,
  collectionSchema,
  dataBody,
  dataEnvelope,
  idSchema,
  singleSchema,
  errorResponses,
} from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { assertOnAdvertisement } from './policy';
import { bonusHistory } from './queries';
import { addBonus, parseBonus } from './service';

const bonusQuerySpec: ResourceQuerySpec = {
  fields: {
    advertisement: { expr: placementBonuses.jobId, type: 'int', ops: ['$eq'] },
    'advertisement.id': { expr: placementBonuses.jobId, type: 'int', ops: ['$eq'] },
    id: { expr: placementBonuses.id, type: 'int', ops: ['$eq', '$in'] },
  },
  sort: { createdAt: placementBonuses.createdAt, id: placementBonuses.id, bonus: placementBonuses.bonus },
  defaultSort: [{ field: 'createdAt', dir: 'desc' }],
  defaultLimit: 100,
  maxLimit: 500,
};

/** The advertisement a history request is about: filters[advertisement][id][$eq] (or [advertisement][$eq]). */
function advertisementOf(query: Record<string, unknown>): number {
  const filters = query['filters'];
  const node =
    typeof filters === 'object' && filters !== null ? (filters as Record<string, unknown>)['advertisement'] : undefined;
  let value: unknown;
  if (typeof node === 'object' && node !== null) {
    const n = node as Record<string, unknown>;
    const inner = n['id'];
    value =
      typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)['$eq'] : (inner ?? n['$eq']);
  } else {
    value = node;
  }
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw badRequest(JOB_MSG.advertisementRequired);
  return parsed.data;
}

function presentBonus(row: typeof placementBonuses.$inferSelect): PlacementBonus {
  return { id: row.id, bonus: Number(row.bonus), advertisement: row.jobId, createdAt: row.createdAt.toISOString() };
}

export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/placement-bonuses',
    {
      config: { policy: 'jobs.member' },
      preHandler: app.requireUser,
      schema: {
        tags: ['placement-bonuses'],
        summary: 'Bonus history of one advertisement, newest first (members of its company)',
        querystring: anyQuery,
        response: {
          200: collectionSchema(placementBonusRecordSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const jobId = advertisementOf(request.query);
      const q = parseListQuery(request.query, bonusQuerySpec);
      await assertOnAdvertisement(app.db, user, jobId, 'member');
      const { rows, total } = await bonusHistory(app.db, jobId, q);
      return {
        data: rows.map(presentBonus),
        meta: { pagination: { start: q.start, limit: q.limit, total } },
      };
    },
  );

  app.post(
    '/placement-bonuses',
    {
      config: { policy: 'jobs.write', documentedBody: dataBody(placementBonusRequestSchema) },
      preHandler: app.requireUser,
      schema: {
        tags: ['placement-bonuses'],
        summary: 'Append a bonus record; the newest is active (its company: Administrator, Recruiting)',
        body: dataEnvelope,
        response: {
          201: singleSchema(placementBonusRecordSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body.data;
      const jobId = idSchema.safeParse(body['advertisement']);
      if (!jobId.success) throw badRequest(JOB_MSG.advertisementRequired);
      const bonus = parseBonus(body['bonus']);
      const row = await addBonus(app.db, user, jobId.data, bonus);
      return reply.code(201).send({ data: presentBonus(row), meta: {} });
    },
  );
};
