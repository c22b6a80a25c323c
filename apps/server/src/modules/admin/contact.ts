import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContactMessageSchema, handledSchema } from '@pb/core';
import { contactMessages } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { anyQuery, collectionSchema, errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { parseListQuery, type ResourceQuerySpec } from '../../lib/strapi-query';
import { listContactMessages } from './queries';
import { setContactMessageHandled } from './service';

const text = ['$eq', '$containsi'] as const;
const contactQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: contactMessages.id, type: 'int', ops: ['$eq', '$in'] },
    firstname: { expr: contactMessages.firstname, type: 'string', ops: text },
    lastname: { expr: contactMessages.lastname, type: 'string', ops: text },
    company: { expr: contactMessages.company, type: 'string', ops: text },
    email: { expr: contactMessages.email, type: 'string', ops: text },
    message: { expr: contactMessages.message, type: 'string', ops: ['$containsi'] },
    handledAt: { expr: contactMessages.handledAt, type: 'date', ops: ['$null', '$notNull', '$lt', '$gt'] },
  },
  sort: { createdAt: contactMessages.createdAt, id: contactMessages.id },
  defaultSort: [{ field: 'createdAt', dir: 'desc' }],
  defaultLimit: 100,
  maxLimit: 500,
};

export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact-messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Messages of the contact form, newest first',
        querystring: anyQuery,
        response: { 200: collectionSchema(adminContactMessageSchema), 400: errorSchema },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, contactQuerySpec);
      const { rows, total } = await listContactMessages(app.db, q);
      return { data: rows, meta: { pagination: { start: q.start, limit: q.limit, total } } };
    },
  );

  app.put(
    '/contact-messages/:id/handled',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message as handled or open again',
        params: idParams,
        body: handledSchema,
        response: { 200: singleSchema(adminContactMessageSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const { handled } = request.body;
      const data = await setContactMessageHandled(app.db, actor, id, handled, app.now());
      return { data, meta: {} };
    },
  );
};
