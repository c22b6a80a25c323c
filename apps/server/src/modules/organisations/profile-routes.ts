import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agencyCardSchema,
  listedAgenciesQuerySchema,
  listedAgencySchema,
  organisationProfileSchema,
  organisationProfileUpdateSchema,
} from '@pb/core';
import { notFound } from '../../lib/errors';
import { collectionSchema, errorResponses, errorSchema, singleSchema } from '../../lib/http-schemas';
import { currentUser } from '../../services/auth';
import { listAgencies, presentAgencyCard, presentListedAgency } from './directory';
import { actingAdministrator, actingMember } from './policy';
import { presentOrganisationProfile, saveOrganisationProfile } from './profile';
import { findOrganisation } from './queries';

/**
 * The public profile of the session's organisation (read by its members, changed by its
 * administrators) and the directory of agencies (/agencies signed in, /public-agencies for
 * visitors: the public page /public-consultants is rendered on the server from that answer).
 */

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['organisations'];
const security = [{ bearer: [] }];

export const organisationProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const imageSecret = app.config.jwtSecret;

  app.get(
    '/organisation/profile',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.member' },
      schema: {
        tags,
        security,
        summary: "The public profile of the session's organisation (description, services, logo, listing)",
        response: { 200: singleSchema(organisationProfileSchema), ...errors },
      },
    },
    async (request) => {
      const member = actingMember(currentUser(request));
      const row = await findOrganisation(app.db, member.organisation.organisationId);
      if (!row) throw notFound();
      return { data: presentOrganisationProfile(row, member.organisation.role, imageSecret), meta: {} };
    },
  );

  app.put(
    '/organisation/profile',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator' },
      schema: {
        tags,
        security,
        summary:
          'Change the public profile; `logoId` names an image the caller uploaded (POST /upload), null removes the logo',
        body: organisationProfileUpdateSchema,
        response: { 200: singleSchema(organisationProfileSchema), ...errors },
      },
    },
    async (request) => {
      const member = actingAdministrator(currentUser(request));
      const row = await saveOrganisationProfile(app.db, app.storage, member, request.body, app.now());
      return { data: presentOrganisationProfile(row, member.organisation.role, imageSecret), meta: {} };
    },
  );

  app.get(
    '/agencies',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn' },
      schema: {
        tags,
        security,
        summary: 'Listed agencies in name order, with their contact address (pagination[start|limit])',
        querystring: listedAgenciesQuerySchema,
        response: { 200: collectionSchema(agencyCardSchema), ...errors },
      },
    },
    async (request) => {
      const { start, limit } = request.query.pagination;
      const page = await listAgencies(app.db, { start, limit }, 'signedIn', app.now());
      return { data: page.rows.map(presentAgencyCard), meta: { pagination: { start, limit, total: page.total } } };
    },
  );

  app.get(
    '/public-agencies',
    {
      config: { policy: 'visitor' },
      schema: {
        tags,
        summary: 'Agencies listed for visitors, in name order (no contact addresses; pagination[start|limit])',
        querystring: listedAgenciesQuerySchema,
        response: { 200: collectionSchema(listedAgencySchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { start, limit } = request.query.pagination;
      const page = await listAgencies(app.db, { start, limit }, 'visitor', app.now());
      // Shared caches may keep it briefly: an agency that leaves the directory is gone within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return { data: page.rows.map(presentListedAgency), meta: { pagination: { start, limit, total: page.total } } };
    },
  );
};
