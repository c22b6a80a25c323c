import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { advertisementNumbersSchema, MSG, ORGANISATION_MSG, type AdvertisementNumbers } from '@pb/core';
import type { Db } from '../../db/client';
import { advertisementViews, jobs } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { forbidden, notFound } from '../../lib/errors';
import { errorResponses, idParams, singleSchema } from '../../lib/http-schemas';

/**
 * Numbers per advertisement (issue 32): how many agencies opened it, and its conversations and
 * introductions. A view is one row per advertisement and agency, so reopening it writes nothing new
 * and the company learns how many agencies looked, never which.
 */

/** Records that a consultant's agency opened a published advertisement (idempotent). */
export async function recordAdvertisementView(db: Db, jobId: number, agencyId: number, now: Date): Promise<void> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isNotNull(jobs.publishedAt)))
    .limit(1);
  if (!job) throw notFound(MSG.advertisementGone);
  await db
    .insert(advertisementViews)
    .values({ jobId, agencyOrganisationId: agencyId, firstViewedAt: now })
    .onConflictDoNothing();
}

/** The numbers of every advertisement of a company organisation, newest advertisement first. */
export async function advertisementNumbers(db: Db, organisationId: number): Promise<AdvertisementNumbers[]> {
  // Spelled out: in a one-table select Drizzle leaves columns unqualified, and a bare "id" in the
  // subquery would mean the counted table's own id.
  const count = (table: string) =>
    sql<number>`(SELECT count(*)::int FROM ${sql.raw(table)} t WHERE t.job_id = "jobs"."id")`;
  return db
    .select({
      advertisement: jobs.id,
      agencies: count('advertisement_views'),
      conversations: count('chat_communications'),
      introductions: count('introductions'),
    })
    .from(jobs)
    .where(eq(jobs.organisationId, organisationId))
    .orderBy(sql`${jobs.createdAt} DESC`, sql`${jobs.id} DESC`);
}

export const advertisementNumberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/advertisement-numbers',
    {
      config: { policy: 'role:company' },
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['jobs'],
        summary: "Per advertisement of the member's company: agencies that opened it, conversations, introductions",
        response: { 200: singleSchema(z.array(advertisementNumbersSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const membership = currentUser(request).organisation;
      if (membership?.kind !== 'company') throw forbidden(ORGANISATION_MSG.noOrganisation);
      return { data: await advertisementNumbers(app.db, membership.organisationId), meta: {} };
    },
  );

  app.post(
    '/jobs/:id/views',
    {
      config: { policy: 'role:consultant' },
      preHandler: app.requireRole('consultant'),
      schema: {
        tags: ['jobs'],
        summary: "Records that the consultant's agency opened the advertisement (once per agency)",
        params: idParams,
        response: { 200: singleSchema(z.object({ id: z.number() })), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const membership = currentUser(request).organisation;
      if (membership?.kind !== 'agency') throw forbidden(ORGANISATION_MSG.noOrganisation);
      await recordAdvertisementView(app.db, request.params.id, membership.organisationId, app.now());
      return { data: { id: request.params.id }, meta: {} };
    },
  );
};
