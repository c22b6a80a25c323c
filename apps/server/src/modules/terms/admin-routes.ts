import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminTermsDecisionSchema, adminTermsVersionSchema, termsVersionRequestSchema } from '@pb/core';
import { errorSchema, idParams, singleSchema } from '../../lib/http-schemas';
import { currentUser } from '../../services/auth';
import { publishTermsVersion } from './commands';
import { listAdminTermsVersions, termsDecisionsOf } from './queries';

/** The back office publishes terms versions and sees who accepted or objected (policy 'role:admin'). */
export const adminTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terms-versions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every terms version with how many organisations accepted, objected or have not decided',
        response: { 200: singleSchema(z.array(adminTermsVersionSchema)) },
      },
    },
    async () => ({ data: await listAdminTermsVersions(app.db), meta: {} }),
  );

  app.post(
    '/terms-versions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish a version: every administrator is told by mail and in the app; six weeks to object',
        body: termsVersionRequestSchema,
        response: {
          200: singleSchema(z.object({ id: z.number(), told: z.number() })),
          400: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const data = await publishTermsVersion(app.db, currentUser(request), request.body, {
        now: app.now(),
        publicUrl: app.config.publicUrl,
      });
      return { data, meta: {} };
    },
  );

  app.get(
    '/terms-versions/:id/decisions',
    {
      schema: {
        tags: ['admin'],
        summary: "The organisations' acceptances and objections of a version, objections first",
        params: idParams,
        response: { 200: singleSchema(z.array(adminTermsDecisionSchema)) },
      },
    },
    async (request) => ({ data: await termsDecisionsOf(app.db, request.params.id), meta: {} }),
  );
};
