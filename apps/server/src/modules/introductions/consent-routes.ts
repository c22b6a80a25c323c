import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSENT_MSG,
  candidateConsentViewSchema,
  consentConfirmationSchema,
  consentLookupSchema,
  type CandidateConsentView,
} from '@pb/core';
import { conflict } from '../../lib/errors';
import { errorResponses, singleSchema } from '../../lib/http-schemas';
import { confirmConsent, consentOfToken, declineConsent, withdrawConsent } from './consent';
import { consentExpiry } from './consent-link';
import { publishIntroduction } from './routes';

/**
 * The candidate's page (issue 35): no account, only the mailed link's secret in the body (never in
 * a URL, so never in a log). It shows who asks, for what and what would be shared — nothing more —
 * and takes the answer. A signed-in member of either party is refused: the consent is the
 * candidate's own.
 */

type ConsentRead = Awaited<ReturnType<typeof consentOfToken>>;

function presentConsentView({ row, agencyName, state }: ConsentRead): CandidateConsentView {
  const personal = row.personalDataDeletedAt === null;
  return {
    state,
    agencyName,
    companyName: row.companyName,
    jobTitle: row.jobTitle,
    introducedAt: row.introducedAt.toISOString(),
    expiresAt: state === 'pending' ? (consentExpiry(row)?.toISOString() ?? null) : null,
    answeredAt: row.consentAnsweredAt?.toISOString() ?? null,
    withdrawnAt: row.consentWithdrawnAt?.toISOString() ?? null,
    keepLonger: row.keepLonger,
    profile: personal ? row.profile : null,
    shares: {
      name: personal && row.firstName !== null,
      email: personal && row.email !== null,
      phone: personal && row.phone !== null,
      cv: personal && row.cvUploadId !== null,
      pitch: personal && row.pitch !== null,
    },
  };
}

export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: 30 * app.config.rateLimitFactor, timeWindow: '10 minutes' } };
  const tags = ['candidate-consent'];
  const responses = { 200: singleSchema(candidateConsentViewSchema), ...errorResponses(400, 403, 404, 409, 429) };
  const ctx = () => ({
    now: app.now(),
    publicUrl: app.config.publicUrl,
    registerSecret: app.config.registerSecret,
    mailFrom: app.config.mailFrom,
  });
  const view = async (token: string) => ({
    data: presentConsentView(await consentOfToken(app.db, token, app.now())),
    meta: {},
  });

  app.post(
    '/candidate-consent',
    {
      config: { policy: 'visitor', ...limit },
      schema: {
        tags,
        summary: "The candidate's page: who would introduce them to whom, and what would be shared",
        body: consentLookupSchema,
        response: responses,
      },
    },
    async (request) => view(request.body.token),
  );

  app.post(
    '/candidate-consent/confirm',
    {
      config: { policy: 'visitor', ...limit },
      schema: {
        tags,
        summary:
          "The candidate agrees: name, contact and CV are released to the company (register: 'Einwilligung bestätigt', 'Identität freigegeben')",
        body: consentConfirmationSchema,
        response: responses,
      },
    },
    async (request) => {
      const outcome = await confirmConsent(app.db, request.body.token, request.body, request.user, ctx());
      await publishIntroduction(app, outcome, 'consent');
      if (outcome.expired) throw conflict(CONSENT_MSG.expired);
      return view(request.body.token);
    },
  );

  app.post(
    '/candidate-consent/decline',
    {
      config: { policy: 'visitor', ...limit },
      schema: {
        tags,
        summary: 'The candidate declines: the introduction ends without a claim and their data are deleted at once',
        body: consentLookupSchema,
        response: responses,
      },
    },
    async (request) => {
      const outcome = await declineConsent(app.db, request.body.token, request.user, ctx());
      await publishIntroduction(app, outcome, 'consent');
      return view(request.body.token);
    },
  );

  app.post(
    '/candidate-consent/withdraw',
    {
      config: { policy: 'visitor', ...limit },
      schema: {
        tags,
        summary: 'The candidate withdraws an earlier consent: the introduction ends; contact and CV are deleted',
        body: consentLookupSchema,
        response: responses,
      },
    },
    async (request) => {
      const outcome = await withdrawConsent(app.db, request.body.token, request.user, ctx());
      await publishIntroduction(app, outcome, 'consent');
      return view(request.body.token);
    },
  );
};
