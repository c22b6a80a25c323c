import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditEntrySchema } from '@pb/core';
import { auditLog } from '../../db/schema';
import { anyQuery, collectionSchema, errorSchema } from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { listAuditEntries } from '../../services/audit';

/** The back office's view of the audit log (services/audit). */

const auditQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: auditLog.id, type: 'int', ops: ['$eq', '$in'] },
    action: { expr: auditLog.action, type: 'string', ops: ['$eq', '$in', '$containsi'] },
    entity: { expr: auditLog.entity, type: 'string', ops: ['$eq', '$in'] },
    entityId: { expr: auditLog.entityId, type: 'string', ops: ['$eq'] },
    actorId: { expr: auditLog.actorId, type: 'int', ops: ['$eq'] },
    actorEmail: { expr: auditLog.actorEmail, type: 'string', ops: ['$eq', '$containsi'] },
    createdAt: { expr: auditLog.createdAt, type: 'date', ops: ['$lt', '$lte', '$gt', '$gte'] },
  },
  sort: { createdAt: auditLog.createdAt, id: auditLog.id },
  defaultSort: [{ field: 'id', dir: 'desc' }],
  defaultLimit: 50,
  maxLimit: 200,
};

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Audit log of every back-office write, newest first',
        querystring: anyQuery,
        response: { 200: collectionSchema(adminAuditEntrySchema), 400: errorSchema },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, auditQuerySpec);
      const { rows, total } = await listAuditEntries(app.db, q);
      return { data: rows, meta: { pagination: { start: q.start, limit: q.limit, total } } };
    },
  );
};
