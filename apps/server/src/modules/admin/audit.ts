import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditEntrySchema } from '@pb/core';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { CurrentUser } from '../../lib/auth';
import { anyQuery, collectionSchema, errorSchema } from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { listAuditEntries } from './queries';

/** Transaction handle of Db.transaction (also accepted wherever Db is). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Records one admin write; call it with the transaction of the change itself. */
export async function recordAudit(
  db: Pick<Db, 'insert'>,
  actor: Pick<CurrentUser, 'id' | 'email'> | null,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  });
}

/** Dates become ISO strings, undefined keys vanish: what jsonb would store anyway. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

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
