import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactResultSchema, contactSchema, MSG } from '@pb/core';
import { submitContactMessage } from './service';
import { singleSchema, errorResponses } from '../../lib/http-schemas';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { policy: 'visitor', rateLimit: { max: 5 * app.config.rateLimitFactor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the office (landing page contact form)',
        body: contactSchema,
        response: {
          201: singleSchema(contactResultSchema),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const id = await submitContactMessage(app.db, request.body, {
        ip: request.ip,
        officeEmail: app.config.officeEmail,
      });
      return reply.code(201).send({ data: { id, message: MSG.contactSuccess }, meta: {} });
    },
  );
};
