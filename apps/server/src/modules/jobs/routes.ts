import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobChangeSchema, jobDataSchema, jobSchema, LANDING_JOB_LIMIT, MSG, searchTextSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import { requestDataVersions } from '../../services/data-versions';
import { compileJson, sendTaggedJson, taggedJson } from '../../lib/json-response';
import { notFound, unauthorized } from '../../lib/errors';
import {
  anyQuery,
  collectionSchema,
  dataBody,
  dataEnvelope,
  errorSchema,
  idParams,
  singleSchema,
  errorResponses,
} from '../../lib/http-schemas';
import { parseListQuery } from '../../lib/strapi-query';
import {
  findJob,
  jobIdQuery,
  jobQuerySpec,
  parseJobListQuery,
  listAttachments,
  presentJob,
  selectJobPage,
  readableBy,
  visibleTo,
} from './repository';
import { changeJob, memberAsAuthor, parseJobChange, parseJobData, publishJob } from './service';

/** GET /api/jobs: the text search `q` beside the Strapi-style list query (checked by lib/strapi-query). */
const jobListQuery = z
  .object({
    q: searchTextSchema
      .optional()
      .describe(
        'Text search (spec §5): advertisements whose jobTitle, assignment, benefits, location, requirements or salary contain the text, case-insensitively; taken literally, at most 200 characters.',
      ),
    districts: z.string().optional().describe('District ids, comma-separated (any of them)'),
    states: z.string().optional().describe('States (Bundesländer), comma-separated (any of them)'),
    minBonus: z.string().optional().describe('Minimum active bonus in percent'),
    minBonusEuros: z
      .string()
      .optional()
      .describe('Minimum bonus in € at the lower end of the parsed annual salary (unparsed salaries never match)'),
    workingTime: z.string().optional().describe('Vollzeit or Teilzeit'),
    respondsWithin: z
      .string()
      .optional()
      .describe(
        "1, 2 or 5: the company's median reaction to introductions is within that many working days (companies without enough data never match)",
      ),
  })
  .catchall(z.unknown());

const jobListJson = compileJson(collectionSchema(jobSchema));
const jobJson = compileJson(singleSchema(jobSchema));

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Visitors may only read the landing page list: the newest LANDING_JOB_LIMIT
 * advertisements, no filters, no paging beyond them.
 */
function assertLandingQuery(query: Record<string, unknown>): { limit: number; withCount: boolean } {
  const allowed = new Set(['sort', 'pagination', 'populate']);
  if (Object.keys(query).some((k) => !allowed.has(k))) throw unauthorized();
  const sort = query['sort'];
  if (
    sort !== undefined &&
    sort !== 'createdAt:desc' &&
    !(Array.isArray(sort) && sort.length === 1 && sort[0] === 'createdAt:desc')
  ) {
    throw unauthorized();
  }
  const pagination = query['pagination'];
  if (pagination === undefined) return { limit: LANDING_JOB_LIMIT, withCount: false };
  if (typeof pagination !== 'object' || pagination === null || Array.isArray(pagination)) throw unauthorized();
  const p = pagination as Record<string, unknown>;
  if (Object.keys(p).some((k) => !['start', 'limit', 'withCount'].includes(k))) throw unauthorized();
  if (p['start'] !== undefined && p['start'] !== '0') throw unauthorized();
  // The landing page needs no total, so it is counted only on request (the published number is public anyway).
  if (p['withCount'] !== undefined && p['withCount'] !== 'true' && p['withCount'] !== 'false') throw unauthorized();
  const withCount = p['withCount'] === 'true';
  if (p['limit'] === undefined) return { limit: LANDING_JOB_LIMIT, withCount };
  const limit = typeof p['limit'] === 'string' && /^\d{1,3}$/.test(p['limit']) ? Number(p['limit']) : NaN;
  if (!(limit >= 1 && limit <= LANDING_JOB_LIMIT)) throw unauthorized();
  return { limit, withCount };
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * Where the company's members also see its deactivated advertisements: the editor loads one with
 * filters[id][$eq], and 'Meine Inserate' asks for its archive with filters[organisation][id][$eq]
 * naming its own organisation and a filters[publishedAt] condition (issue 32). Everyone else, and
 * every other query, sees published ones only.
 */
function ownQuery(
  query: Record<string, unknown>,
  user: { organisation: { kind: string; organisationId: number } | null },
): boolean {
  const filters = record(query['filters']);
  if (!filters) return false;
  if ('id' in filters) return true;
  const organisationId = record(record(filters['organisation'])?.['id'])?.['$eq'];
  return (
    user.organisation?.kind === 'company' &&
    'publishedAt' in filters &&
    organisationId !== undefined &&
    Number(organisationId) === user.organisation.organisationId
  );
}

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every published advertisement, newest first: what the count counts (one query object, one cache key).
  const publishedQuery = jobIdQuery({ ...parseListQuery({}, jobQuerySpec), where: visibleTo() });

  app.get(
    '/jobs',
    {
      config: { policy: 'visitor' },
      schema: {
        tags: ['jobs'],
        summary:
          "Advertisements, newest first or sort=companyResponse:asc (the company's median reaction, fastest first, too little data last); text search q, the browser's filters, Strapi-style filters",
        querystring: jobListQuery,
        response: { 200: collectionSchema(jobSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const cache = app.jobListCache;
      const versions = await requestDataVersions(request);
      if (!user) {
        const { limit, withCount } = assertLandingQuery(request.query);
        // The landing answer is the same for every visitor: built (and serialised) once per write that changes it.
        const answer = await cache.answer(`landing:${limit}:${withCount}`, versions, async () => {
          const page = await selectJobPage(app.db, cache, {
            ...parseListQuery({}, jobQuerySpec),
            version: versions.jobs,
            where: visibleTo(),
            visibility: visibleTo(),
            start: 0,
            limit,
            withCount,
          });
          const answer = taggedJson(
            jobListJson({
              data: page.rows.map((row) => presentJob(row, { visitor: true })),
              meta: { pagination: { start: 0, limit, total: page.total } },
            }),
          );
          return { answer, shown: page.shown };
        });
        return sendTaggedJson(request, reply, answer, { cacheControl: 'public, no-cache', kept: true });
      }
      // Signed-in answers depend on the caller only where the editor loads an advertisement by id
      // (members of its company also see a deactivated one); otherwise on the query alone. The query's text is
      // the key: a kept answer was built from a query that parsed, so a hit needs no parsing.
      const ownFilter = ownQuery(request.query, user);
      const queryText = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const viewer = ownFilter && user.organisation ? `organisation ${user.organisation.organisationId}` : 'any';
      const key = `list:${viewer}:${queryText}`;
      const answer = await cache.answer(key, versions, async () => {
        const q = parseJobListQuery(request.query, ownFilter ? visibleTo(user) : visibleTo());
        const page = await selectJobPage(app.db, cache, { ...q, version: versions.jobs });
        const answer = taggedJson(
          jobListJson({
            data: page.rows.map((row) => presentJob(row)),
            meta: { pagination: { start: q.start, limit: q.limit, total: page.total } },
          }),
        );
        return { answer, shown: page.shown };
      });
      return sendTaggedJson(request, reply, answer, { cacheControl: 'private, no-cache', kept: true });
    },
  );

  app.get(
    '/jobs/count',
    {
      config: { policy: 'signedIn' },
      preHandler: app.requireUser,
      schema: {
        tags: ['jobs'],
        summary: 'Number of published advertisements',
        response: { 200: z.number(), 401: errorSchema },
      },
    },
    async (request) => {
      const { jobs: version } = await requestDataVersions(request);
      return (await app.jobListCache.matchingIds(publishedQuery, version)).ids.length;
    },
  );

  app.get(
    '/jobs/:id',
    {
      config: { policy: 'signedIn' },
      preHandler: app.requireUser,
      schema: {
        tags: ['jobs'],
        summary: 'One advertisement (published, or own) with its documents',
        params: idParams,
        querystring: anyQuery,
        response: { 200: singleSchema(jobSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await findJob(app.db, request.params.id, readableBy(user));
      if (!row) throw notFound(MSG.advertisementGone);
      const body = jobJson({
        data: { ...presentJob(row), attachments: await listAttachments(app.db, row.id) },
        meta: {},
      });
      return sendTaggedJson(request, reply, taggedJson(body), { cacheControl: 'private, no-cache' });
    },
  );

  app.post(
    '/jobs',
    {
      config: { policy: 'jobs.publish', documentedBody: dataBody(jobDataSchema) },
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['jobs'],
        summary: 'Publish a new advertisement for the own company (Administrator, Recruiting)',
        body: dataEnvelope,
        response: { 201: singleSchema(jobSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const author = memberAsAuthor(user);
      const id = await publishJob(app.db, author, parseJobData(request.body.data), app.now());
      const row = await findJob(app.db, id, visibleTo(user));
      return reply.code(201).send({ data: presentJob(row!), meta: {} });
    },
  );

  app.put(
    '/jobs/:id',
    {
      config: { policy: 'jobs.write', documentedBody: dataBody(jobChangeSchema) },
      preHandler: app.requireUser,
      schema: {
        tags: ['jobs'],
        summary:
          'Update an advertisement, or deactivate it with {data:{publishedAt:null}} (its company: Administrator, Recruiting)',
        params: idParams,
        body: dataEnvelope,
        response: { 200: singleSchema(jobSchema), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      await changeJob(app.db, user, id, parseJobChange(request.body.data));
      const row = await findJob(app.db, id, visibleTo(user));
      if (!row) throw notFound(MSG.advertisementGone);
      return { data: presentJob(row), meta: {} };
    },
  );
};
