import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema, organisationTermsSchema } from '@pb/core';
import { errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import { currentUser } from '../../services/auth';
import { actingAdministrator, actingMember, isAdministrator } from '../organisations';
import { decideTerms } from './commands';
import { organisationTermsOf } from './queries';

/**
 * The terms as the organisation sees them (issue 31): every version with its standing; the
 * administrators accept a version early or object to it within six weeks.
 */

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['terms'];
const security = [{ bearer: [] }];

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisation/terms',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.member' },
      schema: {
        tags,
        security,
        summary: "The terms versions with the organisation's acceptance or objection and the contract's end",
        response: { 200: singleSchema(organisationTermsSchema), ...errors },
      },
    },
    async (request) => {
      const member = actingMember(currentUser(request));
      const data = await organisationTermsOf(app.db, member.organisation.organisationId, {
        now: app.now(),
        administrator: isAdministrator(member.organisation),
      });
      return { data, meta: {} };
    },
  );

  for (const [path, decision, summary] of [
    ['acceptance', 'accepted', 'Accept a published version before it applies'],
    ['objection', 'objected', 'Object to a version within six weeks: the contract ends when it would apply'],
  ] as const) {
    app.post(
      `/organisation/terms/:id/${path}`,
      {
        onRequest: app.requireUser,
        config: { policy: 'organisations.administrator' },
        schema: { tags, security, summary, params: idParams, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        const member = actingAdministrator(currentUser(request));
        await decideTerms(app.db, member, request.params.id, decision, app.now());
        return { ok: true as const };
      },
    );
  }
};
