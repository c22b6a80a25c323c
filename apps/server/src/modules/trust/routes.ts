import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationTrustSchema, ownTrackRecordSchema, TRUST_MSG } from '@pb/core';
import { notFound } from '../../lib/errors';
import { errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import { currentUser } from '../../services/auth';
import { actingMember } from '../organisations';
import { publishedRatingsOf } from '../ratings';
import { assertTrustReader, mayOpenTrustPage, maySeeTrackRecord } from './policy';
import { presentOrganisationTrust, presentOwnTrackRecord } from './presenter';
import { agencyDealtWith, memberFiguresOf, trustRowOf } from './queries';

/**
 * The trust figures over HTTP (issue 36, docs/trust.md): an organisation's trust page for anyone
 * signed in, and the own organisation's track record per member. Both read what the trust run
 * stored; neither computes.
 */

const errors = errorResponses(400, 401, 403, 404);
const tags = ['trust'];
const security = [{ bearer: [] }];

export const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:id/trust',
    {
      onRequest: app.requireUser,
      config: { policy: 'trust.reader' },
      schema: {
        tags,
        security,
        summary:
          "An organisation's trust page: a company's figures, an agency's track record (when published, or to its own members), ratings and published comments",
        params: idParams,
        response: { 200: singleSchema(organisationTrustSchema), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertTrustReader(user);
      const row = await trustRowOf(app.db, request.params.id);
      if (!row) throw notFound(TRUST_MSG.notFound);
      const caller = user.organisation;
      const dealtWith =
        row.kind === 'agency' && caller?.kind === 'company'
          ? await agencyDealtWith(app.db, row.id, caller.organisationId)
          : false;
      if (!mayOpenTrustPage(user, row, dealtWith)) throw notFound(TRUST_MSG.notFound);
      const published = await publishedRatingsOf(app.db, row.id);
      return { data: presentOrganisationTrust(row, maySeeTrackRecord(user, row), published), meta: {} };
    },
  );

  app.get(
    '/organisation/track-record',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.member' },
      schema: {
        tags,
        security,
        summary: "The session's organisation's figures; an agency's also per member",
        response: { 200: singleSchema(ownTrackRecordSchema), ...errors },
      },
    },
    async (request) => {
      const member = actingMember(currentUser(request));
      const organisationId = member.organisation.organisationId;
      const row = await trustRowOf(app.db, organisationId);
      if (!row) throw notFound(TRUST_MSG.notFound);
      const members = row.kind === 'agency' ? await memberFiguresOf(app.db, organisationId) : [];
      return { data: presentOwnTrackRecord(row, members), meta: {} };
    },
  );
};
