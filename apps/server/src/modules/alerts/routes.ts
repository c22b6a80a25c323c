import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERT_MSG, savedSearchRequestSchema, savedSearchSchema, watchedAdvertisementSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import { parseOrBadRequest } from '../../lib/errors';
import { dataBody, dataEnvelope, idParams, idSchema, singleSchema, errorResponses } from '../../lib/http-schemas';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from './saved-searches';
import { unwatchJob, watchedAdvertisements, watchedJobIds, watchJob } from './watches';
import { AlertWorker } from './worker';

/**
 * Saved searches and watches (issue 13). The alert worker (matching, watch notices, batched
 * notification mails) is created here and started by startup.ts (tests run it by hand).
 */

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { worker: AlertWorker };
  }
}

export const alertsPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = new AlertWorker({
      db: app.db,
      now: app.now,
      publicUrl: app.config.publicUrl,
      secret: app.config.jwtSecret,
      log: app.log,
      // Each event is processed on one instance; the adapter takes the announcement to all.
      onPublished: (published) => {
        for (const item of published) app.realtime.publish({ name: 'jobs:published', to: 'everyone', payload: item });
      },
    });
    app.decorate('alerts', { worker });
    app.addHook('onClose', async () => {
      await worker.stop();
    });
  },
  { name: 'alerts', dependencies: ['realtime'] },
);

const errors = errorResponses(400, 401, 403, 404, 409);
const jobParams = z.object({ jobId: idSchema });

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- saved searches (consultants) ----
  app.get(
    '/saved-searches',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "'Meine Suchaufträge': the consultant's saved searches with their current number of matches",
        response: { 200: singleSchema(z.array(savedSearchSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listSavedSearches(app.db, currentUser(request)), meta: {} }),
  );

  app.post(
    '/saved-searches',
    {
      config: { policy: 'role:consultant', documentedBody: dataBody(savedSearchRequestSchema) },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "'Suche speichern': the browser's filters with a name and 'sofort' or 'täglich' (at most 10)",
        body: dataEnvelope,
        response: { 201: singleSchema(savedSearchSchema), ...errors },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(savedSearchRequestSchema, request.body.data, ALERT_MSG.invalidFilter);
      const data = await createSavedSearch(app.db, currentUser(request), input, app.now());
      return reply.code(201).send({ data, meta: {} });
    },
  );

  app.put(
    '/saved-searches/:id',
    {
      config: { policy: 'alerts.searchOwner', documentedBody: dataBody(savedSearchRequestSchema) },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: 'Change, pause or resume an own saved search',
        params: idParams,
        body: dataEnvelope,
        response: { 200: singleSchema(savedSearchSchema), ...errors },
      },
    },
    async (request) => {
      const input = parseOrBadRequest(savedSearchRequestSchema, request.body.data, ALERT_MSG.invalidFilter);
      const data = await updateSavedSearch(app.db, currentUser(request), request.params.id, input, app.now());
      return { data, meta: {} };
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      config: { policy: 'alerts.searchOwner' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: 'Delete an own saved search',
        params: idParams,
        response: { 200: singleSchema(z.object({ id: z.number() })), ...errors },
      },
    },
    async (request) => {
      await deleteSavedSearch(app.db, currentUser(request), request.params.id);
      return { data: { id: request.params.id }, meta: {} };
    },
  );

  // ---- watched advertisements (consultants) ----
  app.get(
    '/job-watches',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "Ids of the advertisements the consultant watches ('Merken')",
        response: { 200: singleSchema(z.array(z.number())), ...errors },
      },
    },
    async (request) => ({ data: await watchedJobIds(app.db, currentUser(request)), meta: {} }),
  );

  app.get(
    '/job-watches/advertisements',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "The consultant's watched advertisements ('Gemerkt'), deactivated ones included",
        response: { 200: singleSchema(z.array(watchedAdvertisementSchema)), ...errors },
      },
    },
    async (request) => ({ data: await watchedAdvertisements(app.db, currentUser(request)), meta: {} }),
  );

  app.put(
    '/job-watches/:jobId',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: "'Merken': watch a published advertisement (bonus rises, deactivation)",
        params: jobParams,
        response: { 200: singleSchema(z.array(z.number())), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await watchJob(app.db, user, request.params.jobId, app.now());
      return { data: await watchedJobIds(app.db, user), meta: {} };
    },
  );

  app.delete(
    '/job-watches/:jobId',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['alerts'],
        summary: 'Stop watching an advertisement',
        params: jobParams,
        response: { 200: singleSchema(z.array(z.number())), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await unwatchJob(app.db, user, request.params.jobId);
      return { data: await watchedJobIds(app.db, user), meta: {} };
    },
  );
};
