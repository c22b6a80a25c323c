import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  candidateInterviewChoiceSchema,
  candidateInterviewLookupSchema,
  candidateInterviewViewSchema,
  interviewCancellationSchema,
  interviewChoiceSchema,
  interviewFeedbackSchema,
  interviewProposalSchema,
  interviewSchema,
  interviewUpdateSchema,
  DECIDED_STATUSES,
  INTERVIEW_MSG,
  type Interview,
} from '@pb/core';
import { eq } from 'drizzle-orm';
import { introductions, organisations } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { notFound, parseOrBadRequest } from '../../lib/errors';
import { contentDisposition } from '../../lib/file-download';
import { dataBody, dataEnvelope, errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import { cancelInterview, giveInterviewFeedback, updateInterviewLocation } from './interview-changes';
import {
  calendarOfInterview,
  chosenSlot,
  participantsOf,
  readInterview,
  type InterviewContext,
} from './interview-parts';
import { interviewsOfIntroduction, presentInterview } from './interview-queries';
import {
  chooseInterviewSlot,
  chooseInterviewSlotAsCandidate,
  interviewOfCandidateToken,
  proposeInterview,
  sendInterviewChoiceLink,
  type InterviewOutcome,
} from './interview-schedule';
import { authorizeIntroductionReading, introductionSideOf } from './policy';
import { publishIntroduction } from './routes';
import { slotsOf } from './interview-parts';

/**
 * Interviews of an introduction (issue 35). The company proposes, changes and gives feedback; the
 * agency picks a time or lets the candidate pick it by a mailed link; either side cancels. Routes
 * parse, the commands authorise and write; both sides hear of it live.
 */

const listSchema = z.object({ data: z.array(interviewSchema), meta: z.object({}) });

export const interviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = { rateLimit: { max: 60 * app.config.rateLimitFactor, timeWindow: '10 minutes' } };
  const tags = ['interviews'];
  const security = [{ bearer: [] }];
  const ctx = (): InterviewContext => ({
    now: app.now(),
    publicUrl: app.config.publicUrl,
    registerSecret: app.config.registerSecret,
    mailFrom: app.config.mailFrom,
  });

  /** The introduction's interviews as the caller's side sees them (after a write, too). */
  async function interviewsFor(user: Parameters<typeof authorizeIntroductionReading>[0], introductionId: number) {
    const [row] = await app.db.select().from(introductions).where(eq(introductions.id, introductionId));
    const readable = authorizeIntroductionReading(user, row);
    return interviewsOfIntroduction(
      app.db,
      introductionId,
      introductionSideOf(user, readable),
      readable.email !== null,
      app.now(),
      DECIDED_STATUSES.includes(readable.status),
    );
  }

  async function answer(request: Parameters<typeof currentUser>[0], outcome: InterviewOutcome & { revived?: boolean }) {
    await publishIntroduction(app, { ...outcome, message: null, revived: outcome.revived ?? false }, 'interview');
    const list = await interviewsFor(currentUser(request), outcome.introductionId);
    const interview = list.find((i) => i.id === outcome.interviewId);
    if (!interview) throw notFound(INTERVIEW_MSG.notFound);
    return { data: interview, meta: {} };
  }

  const one = { 200: singleSchema(interviewSchema), ...errorResponses(400, 401, 403, 404, 409, 429) };

  app.get(
    '/introductions/:id/interviews',
    {
      preHandler: app.requireUser,
      config: { policy: 'introductions.party' },
      schema: {
        tags,
        summary: "The introduction's interviews, newest first, with what the caller may do",
        security,
        params: idParams,
        response: { 200: listSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await interviewsFor(currentUser(request), request.params.id), meta: {} }),
  );

  app.post(
    '/introductions/:id/interviews',
    {
      preHandler: app.requireUser,
      config: { policy: 'introductions.company', documentedBody: dataBody(interviewProposalSchema), ...writeLimit },
      schema: {
        tags,
        summary: 'The company proposes 1–5 interview times (Vienna wall-clock time), duration and place or link',
        security,
        params: idParams,
        body: dataEnvelope,
        response: { ...one, 201: singleSchema(interviewSchema) },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(interviewProposalSchema, request.body.data);
      const outcome = await proposeInterview(app.db, currentUser(request), request.params.id, input, ctx());
      return reply.code(201).send(await answer(request, outcome));
    },
  );

  app.post(
    '/interviews/:id/choice',
    {
      preHandler: app.requireUser,
      config: { policy: 'interviews.agency', documentedBody: dataBody(interviewChoiceSchema), ...writeLimit },
      schema: {
        tags,
        summary: 'The agency picks one of the proposed times; everyone gets the calendar invitation',
        security,
        params: idParams,
        body: dataEnvelope,
        response: one,
      },
    },
    async (request) => {
      const { slot } = parseOrBadRequest(interviewChoiceSchema, request.body.data);
      return answer(request, await chooseInterviewSlot(app.db, currentUser(request), request.params.id, slot, ctx()));
    },
  );

  app.post(
    '/interviews/:id/candidate-link',
    {
      preHandler: app.requireUser,
      config: { policy: 'interviews.agency', ...writeLimit },
      schema: {
        tags,
        summary: 'The agency lets the candidate pick: the platform mails them a link (no account needed)',
        security,
        params: idParams,
        response: one,
      },
    },
    async (request) =>
      answer(request, await sendInterviewChoiceLink(app.db, currentUser(request), request.params.id, ctx())),
  );

  app.put(
    '/interviews/:id',
    {
      preHandler: app.requireUser,
      config: { policy: 'interviews.company', documentedBody: dataBody(interviewUpdateSchema), ...writeLimit },
      schema: {
        tags,
        summary: 'The company changes the place or link of an agreed interview; the calendar entries update',
        security,
        params: idParams,
        body: dataEnvelope,
        response: one,
      },
    },
    async (request) => {
      const { location } = parseOrBadRequest(interviewUpdateSchema, request.body.data);
      const outcome = await updateInterviewLocation(app.db, currentUser(request), request.params.id, location, ctx());
      return answer(request, outcome);
    },
  );

  app.post(
    '/interviews/:id/cancellation',
    {
      preHandler: app.requireUser,
      config: { policy: 'interviews.party', documentedBody: dataBody(interviewCancellationSchema), ...writeLimit },
      schema: {
        tags,
        summary: 'Either side calls the interview off before it starts (with a reason); calendar entries are cancelled',
        security,
        params: idParams,
        body: dataEnvelope,
        response: one,
      },
    },
    async (request) => {
      const { reason } = parseOrBadRequest(interviewCancellationSchema, request.body.data);
      return answer(request, await cancelInterview(app.db, currentUser(request), request.params.id, reason, ctx()));
    },
  );

  app.post(
    '/interviews/:id/feedback',
    {
      preHandler: app.requireUser,
      config: { policy: 'interviews.company', documentedBody: dataBody(interviewFeedbackSchema), ...writeLimit },
      schema: {
        tags,
        summary:
          "The company's feedback after the interview: another talk, an offer, or a rejection with a reason from the catalogue",
        security,
        params: idParams,
        body: dataEnvelope,
        response: one,
      },
    },
    async (request) => {
      const input = parseOrBadRequest(interviewFeedbackSchema, request.body.data);
      return answer(
        request,
        await giveInterviewFeedback(app.db, currentUser(request), request.params.id, input, ctx()),
      );
    },
  );

  app.get(
    '/interviews/:id/calendar.ics',
    {
      preHandler: app.requireUser,
      config: { policy: 'interviews.party' },
      schema: {
        tags,
        summary: "The agreed interview as a calendar file (iCalendar) for the parties' own calendars",
        security,
        params: idParams,
        response: { 200: z.unknown(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => calendarFile(app, currentUser(request), request.params.id, reply),
  );
};

/** The calendar file of an agreed interview: a read, no locks. */
async function calendarFile(
  app: FastifyInstance,
  user: Parameters<typeof authorizeIntroductionReading>[0],
  interviewId: number,
  reply: FastifyReply,
) {
  const { interview, introduction } = await readInterview(app.db, interviewId);
  authorizeIntroductionReading(user, introduction);
  if (introductionSideOf(user, introduction) === null) throw notFound(INTERVIEW_MSG.notFound);
  const slot = await chosenSlot(app.db, interview);
  if (!slot || interview.state !== 'scheduled') throw notFound(INTERVIEW_MSG.notScheduled);
  const people = await participantsOf(app.db, introduction);
  const file = calendarOfInterview(introduction, interview, slot.startsAt, people, 'REQUEST', {
    mailFrom: app.config.mailFrom,
    publicUrl: app.config.publicUrl,
    now: app.now(),
  });
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', contentDisposition(`Interview-${interviewId}.ics`))
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

/** The candidate's page to pick a time: the link's secret in the body, as on the consent page. */
export const candidateInterviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): InterviewContext => ({
    now: app.now(),
    publicUrl: app.config.publicUrl,
    registerSecret: app.config.registerSecret,
    mailFrom: app.config.mailFrom,
  });
  const limit = { rateLimit: { max: 30 * app.config.rateLimitFactor, timeWindow: '10 minutes' } };
  const response = { 200: singleSchema(candidateInterviewViewSchema), ...errorResponses(400, 404, 409, 429) };
  const view = async (token: string) => {
    const interview = await interviewOfCandidateToken(app.db, token);
    const [row] = await app.db
      .select({ introduction: introductions, agencyName: organisations.name })
      .from(introductions)
      .leftJoin(organisations, eq(organisations.id, introductions.agencyOrganisationId))
      .where(eq(introductions.id, interview.introductionId));
    if (!row || row.introduction.consentState !== 'confirmed') throw notFound(INTERVIEW_MSG.candidateLinkInvalid);
    const presented: Interview = presentInterview(
      interview,
      await slotsOf(app.db, interview.id),
      null,
      false,
      app.now(),
    );
    return {
      data: {
        state: presented.state,
        companyName: row.introduction.companyName,
        agencyName: row.agencyName ?? 'Ihre Personalvermittlung',
        jobTitle: row.introduction.jobTitle,
        durationMinutes: presented.durationMinutes,
        mode: presented.mode,
        location: presented.location,
        // Only times still ahead can be chosen.
        slots: presented.slots.filter((s) => new Date(s.startsAt) > app.now()),
        chosenSlot: presented.chosenSlot,
      },
      meta: {},
    };
  };
  app.post(
    '/interview-choice',
    {
      config: { policy: 'visitor', ...limit },
      schema: {
        tags: ['interviews'],
        summary: "The candidate's page: the proposed interview times, company, position and place",
        body: candidateInterviewLookupSchema,
        response,
      },
    },
    async (request) => view(request.body.token),
  );
  app.post(
    '/interview-choice/choose',
    {
      config: { policy: 'visitor', ...limit },
      schema: {
        tags: ['interviews'],
        summary: 'The candidate picks one of the proposed times; everyone gets the calendar invitation',
        body: candidateInterviewChoiceSchema,
        response,
      },
    },
    async (request) => {
      const outcome = await chooseInterviewSlotAsCandidate(app.db, request.body.token, request.body.slot, ctx());
      await publishIntroduction(app, { ...outcome, message: null, revived: false }, 'interview');
      return view(request.body.token);
    },
  );
};
