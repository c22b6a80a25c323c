import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  circumventionCaseAnswerSchema,
  circumventionCaseDecisionSchema,
  circumventionCaseOpenSchema,
  circumventionCaseSchema,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { parseOrBadRequest } from '../../lib/errors';
import { dataBody, dataEnvelope, errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import { answerCase, decideCase, openCase, type CaseContext } from './commands';
import { authorizeCaseMember, caseById, isCaseOf, listCases } from './queries';

/**
 * Circumvention cases (issue 34, terms point 10). The company's administrators read the cases
 * about their company and answer a hearing; the back office (inside the admin plugin and its
 * guard) opens a case on a flagged report, reads the register's evidence and decides.
 */

function contextOf(app: FastifyInstance): CaseContext {
  return {
    issuer: app.config.invoiceIssuer,
    publicUrl: app.config.publicUrl,
    now: app.now(),
    registerSecret: app.config.registerSecret,
    officeEmail: app.config.officeEmail,
  };
}

export const circumventionCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/circumvention-cases',
    {
      config: { policy: 'circumvention_cases.company' },
      onRequest: app.requireUser,
      schema: {
        tags: ['circumvention-cases'],
        summary: "The cases about the member's company (its administrators): the hearing, its answer, the decision",
        response: { 200: singleSchema(z.array(circumventionCaseSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { organisationId } = authorizeCaseMember(currentUser(request));
      return { data: await listCases(app.db, { organisationId }, app.now(), false), meta: {} };
    },
  );

  app.put(
    '/circumvention-cases/:id/answer',
    {
      config: { policy: 'circumvention_cases.company', documentedBody: dataBody(circumventionCaseAnswerSchema) },
      onRequest: app.requireUser,
      schema: {
        tags: ['circumvention-cases'],
        summary: "The company's written statement, once and until the deadline; mailed to the office, audited",
        params: idParams,
        body: dataEnvelope,
        response: { 200: singleSchema(circumventionCaseSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { organisationId } = authorizeCaseMember(user);
      const input = parseOrBadRequest(circumventionCaseAnswerSchema, request.body.data);
      const { id } = await answerCase(app.db, user, request.params.id, input, contextOf(app), (row) =>
        isCaseOf(row, organisationId),
      );
      return { data: await caseById(app.db, id, app.now(), false), meta: {} };
    },
  );
};

const listQuerySchema = z.object({ state: z.enum(['offen', 'alle']).default('offen') });

export const adminCircumventionCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/circumvention-cases',
    {
      schema: {
        tags: ['admin'],
        summary: 'Circumvention cases, newest first: ?state=offen (default, undecided) or alle; with the evidence',
        querystring: listQuerySchema,
        response: { 200: singleSchema(z.array(circumventionCaseSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await listCases(app.db, { open: request.query.state === 'offen' }, app.now(), true),
      meta: {},
    }),
  );

  app.post(
    '/circumvention-cases',
    {
      config: { documentedBody: dataBody(circumventionCaseOpenSchema) },
      schema: {
        tags: ['admin'],
        summary:
          "Open a case on a company's report flagged 'Umgehungsverdacht' for one introduction of its evidence: freezes the register entries, mails the hearing letter with its deadline; audited",
        body: dataEnvelope,
        response: { 201: singleSchema(circumventionCaseSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(circumventionCaseOpenSchema, request.body.data);
      const { id } = await openCase(app.db, currentUser(request), input, contextOf(app));
      return reply.code(201).send({ data: await caseById(app.db, id, app.now(), true), meta: {} });
    },
  );

  app.post(
    '/circumvention-cases/:id/decision',
    {
      config: { documentedBody: dataBody(circumventionCaseDecisionSchema) },
      schema: {
        tags: ['admin'],
        summary:
          "Decide with reasons, after the company's statement or its deadline: a finding issues the penalty invoice and attributes the placement to the agency's introduction; audited, both parties mailed",
        params: idParams,
        body: dataEnvelope,
        response: { 200: singleSchema(circumventionCaseSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = parseOrBadRequest(circumventionCaseDecisionSchema, request.body.data);
      const { id } = await decideCase(app.db, currentUser(request), request.params.id, input, contextOf(app));
      return { data: await caseById(app.db, id, app.now(), true), meta: {} };
    },
  );
};
