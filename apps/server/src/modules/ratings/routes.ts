import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRatingTextSchema,
  introductionRatingSchema,
  RATING_MSG,
  ratingInputSchema,
  ratingModerationSchema,
  ratingReplySchema,
  ratingSavedNotice,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { notFound, parseOrBadRequest } from '../../lib/errors';
import { dataBody, dataEnvelope, errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import { moderateRating, rateIntroduction, replyToRating } from './commands';
import { adminRatingText, adminRatingTexts, introductionRating } from './queries';

/**
 * Ratings between an introduction's parties (issue 36). Routes parse with core's schemas, the
 * commands authorise (policy.ts) and write in one transaction, the answer is read again as the
 * caller's side sees it. The office's queue and decisions live under /api/admin (its guard).
 */

const tags = ['ratings'];
const security = [{ bearer: [] }];
const one = singleSchema(introductionRatingSchema);
/** A write's answer: the section as it stands now, with the German thanks to show. */
const written = z.object({ data: introductionRatingSchema, meta: z.object({ notice: z.string() }) });

export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = { rateLimit: { max: 30 * app.config.rateLimitFactor, timeWindow: '10 minutes' } };

  app.get(
    '/introductions/:id/rating',
    {
      onRequest: app.requireUser,
      config: { policy: 'ratings.party' },
      schema: {
        tags,
        security,
        summary:
          "The caller's side's rating of the introduction's other party: whether it may rate (and why not), its own rating with the comment's state, and the other side's published comment about it (never its scores)",
        params: idParams,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await introductionRating(app.db, currentUser(request), request.params.id, app.now()),
      meta: {},
    }),
  );

  app.post(
    '/introductions/:id/rating',
    {
      onRequest: app.requireUser,
      config: { policy: 'ratings.party', documentedBody: dataBody(ratingInputSchema), ...writeLimit },
      schema: {
        tags,
        security,
        summary:
          'Rate the other party once per introduction and side, 1–5 on communication, quality and speed, with an optional comment the office checks first; after a hire, or a final rejection after an interview',
        params: idParams,
        body: dataEnvelope,
        response: { 201: written, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parseOrBadRequest(ratingInputSchema, request.body.data);
      const { counts } = await rateIntroduction(app.db, user, request.params.id, input, app.now());
      const data = await introductionRating(app.db, user, request.params.id, app.now());
      const notice = ratingSavedNotice(counts, Boolean(input.comment));
      return reply.code(201).send({ data, meta: { notice } });
    },
  );

  app.post(
    '/ratings/:id/reply',
    {
      onRequest: app.requireUser,
      config: { policy: 'ratings.rated', documentedBody: dataBody(ratingReplySchema), ...writeLimit },
      schema: {
        tags,
        security,
        summary:
          "The rated organisation's answer to a published comment about it, once; shown after the office approved it",
        params: idParams,
        body: dataEnvelope,
        response: { 201: written, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parseOrBadRequest(ratingReplySchema, request.body.data);
      const { introductionId } = await replyToRating(app.db, user, request.params.id, input, app.now());
      const data = await introductionRating(app.db, user, introductionId, app.now());
      return reply.code(201).send({ data, meta: { notice: RATING_MSG.replySaved } });
    },
  );
};

const stateMessage = 'Bitte wählen Sie „pending“ (wartend) oder „decided“ (entschieden).';
const adminListQuery = z.object({ state: z.enum(['pending', 'decided'], { error: stateMessage }).optional() }).strict();

export const adminRatingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ratings',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Comments and answers of ratings for the office: ?state=pending (waiting, oldest first), decided (newest decision first) or neither (the waiting ones first)',
        querystring: adminListQuery,
        response: { 200: singleSchema(z.array(adminRatingTextSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await adminRatingTexts(app.db, request.query.state), meta: {} }),
  );

  app.post(
    '/ratings/:id/moderation',
    {
      config: { documentedBody: dataBody(ratingModerationSchema) },
      schema: {
        tags: ['admin'],
        summary:
          'Approve a waiting comment or answer (it is published) or reject it with a reason (its author is told); audited',
        params: idParams,
        body: dataEnvelope,
        response: { 200: singleSchema(adminRatingTextSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = parseOrBadRequest(ratingModerationSchema, request.body.data);
      await moderateRating(app.db, currentUser(request), request.params.id, input, app.now());
      const text = await adminRatingText(app.db, request.params.id, input.part);
      if (!text) throw notFound(RATING_MSG.notFound);
      return { data: text, meta: {} };
    },
  );
};
