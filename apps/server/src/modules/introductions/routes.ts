import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alreadyKnownSchema,
  collectionSchema,
  introductionCreatedSchema,
  introductionDetailSchema,
  introductionListQuerySchema,
  introductionRequestSchema,
  introductionSchema,
  introductionStatusChangeSchema,
  introductionUnseenSchema,
  INTRODUCTION_MSG,
  memberMay,
  type Introduction,
  type IntroductionEvent,
} from '@pb/core';
import { currentUser } from '../../services/auth';
import { notFound, parseOrBadRequest } from '../../lib/errors';
import { sendPdf } from '../../lib/file-download';
import { dataBody, dataEnvelope, errorSchema, idParams, singleSchema, errorResponses } from '../../lib/http-schemas';
import { readFieldsAndFiles, type ReadUploadOptions } from '../../lib/uploads';
import { messageContext } from '../chat';
import type { OrganisationSide } from '../../services/policies';
import { authorizeIntroductionCompany, authorizeOwnIntroductions } from './policy';
import { renderIntroductionProof } from './proof-pdf';
import { introductionDetail, introductionParties, introductionView, partyViews } from './queries';
import { listOwnIntroductions, unseenIntroductions } from './queries-lists';
import { markIntroductionSeen, type IntroductionOutcome } from './service';
import { changeIntroductionStatus } from './status-change';
import { undoStatusChange } from './undo';
import { declareAlreadyKnown } from './already-known';
import { introduceCandidate } from './introduce';

/**
 * Candidate introductions (issue 11). Routes parse, the policy in ./policy decides (inside
 * the commands and reads: parties and admins see, the company reacts, everybody else 404),
 * one command writes, and the parties hear of it live after the commit.
 */

/** One CV or one 'Bereits bekannt' document, by the chat's file rules (checked by content). */
const CV_UPLOAD: ReadUploadOptions = { kind: 'document', maxFiles: 1, field: 'cv', required: false };
const KNOWN_UPLOAD: ReadUploadOptions = { kind: 'document', maxFiles: 1, field: 'file', required: false };

/**
 * After a commit: the chat message (if one was posted) and each side's own view of the
 * introduction to its members who handle introductions. Returns those views by side, so the
 * route answers from them.
 */
export async function publishIntroduction(
  app: FastifyInstance,
  outcome: IntroductionOutcome,
  kind: IntroductionEvent['kind'],
): Promise<Map<OrganisationSide, Introduction>> {
  const views = new Map<OrganisationSide, Introduction>();
  try {
    const parties = await partyViews(app.db, outcome.introductionId, app.now());
    if (outcome.message) {
      // An introduction's message carries its CV: only the agency's members who handle
      // introductions get the file live; the company gets it after the candidate agreed (issue 35).
      const cvReaders = kind === 'new' ? parties.find((p) => p.side === 'agency')?.userIds : undefined;
      await app.chatEvents.publishMessage(
        outcome.message.message,
        outcome.message.parties,
        cvReaders ? { filesOnlyFor: new Set(cvReaders) } : {},
      );
    }
    for (const { side, view, userIds } of parties) {
      views.set(side, view);
      if (userIds.length === 0) continue;
      const to = { userIds };
      app.realtime.publish({ name: 'introduction:changed', to, payload: { kind, introduction: view } });
      if (outcome.revived) {
        app.realtime.publish({
          name: 'introduction:changed',
          to,
          payload: { kind: 'claim_revived', introduction: view },
        });
      }
    }
  } catch (error) {
    // The change is committed and mailed; a missed live event only means a reload shows it.
    app.log.warn({ err: error, introductionId: outcome.introductionId }, 'introduction event not sent');
  }
  // Rows already gone; a file left behind is swept by the storage-orphan run.
  await Promise.all((outcome.removeFiles ?? []).map((key) => app.storage.remove(key).catch(() => undefined)));
  return views;
}

const notMine = errorResponses(401, 403, 404);
/** What the company's reactions answer: the introduction as it now stands, or why not. */
const companyWriteResponses = {
  200: singleSchema(introductionSchema),
  ...errorResponses(400, 409, 429),
  ...notMine,
};

export const introductionRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = { rateLimit: { max: 60 * app.config.rateLimitFactor, timeWindow: '10 minutes' } };

  /** The caller's view after a write: their side's view just published (they acted for it), else read again. */
  async function viewFor(
    request: Parameters<typeof currentUser>[0],
    id: number,
    published: Map<OrganisationSide, Introduction> = new Map(),
  ) {
    const user = currentUser(request);
    const side = user.organisation?.kind;
    const view =
      (side === undefined ? undefined : published.get(side)) ?? (await introductionView(app.db, id, user, app.now()));
    if (!view) throw notFound(INTRODUCTION_MSG.notFound);
    return view;
  }

  app.post(
    '/introductions',
    {
      preHandler: app.requireRole('consultant'),
      config: { policy: 'role:consultant', documentedBody: introductionRequestSchema, ...writeLimit },
      schema: {
        tags: ['introductions'],
        summary:
          "'Kandidat vorstellen' (consultants): JSON or multipart with one CV in field `cv`; posts it into the conversation",
        security: [{ bearer: [] }],
        response: { 201: introductionCreatedSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema, ...notMine },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await readFieldsAndFiles(request, CV_UPLOAD);
      const body = parseOrBadRequest(introductionRequestSchema, input.fields);
      const outcome = await introduceCandidate(app.db, user, body, input.files[0], {
        ...messageContext(app),
        fingerprintSecret: app.config.fingerprintSecret,
        registerSecret: app.config.registerSecret,
        officeEmail: app.config.officeEmail,
      });
      const views = await publishIntroduction(app, outcome, 'new');
      return reply
        .code(201)
        .send({ data: await viewFor(request, outcome.introductionId, views), meta: { notice: outcome.notice } });
    },
  );

  app.get(
    '/introductions',
    {
      preHandler: app.requireRole('company', 'consultant'),
      config: { policy: 'introductions.own' },
      schema: {
        tags: ['introductions'],
        summary: "The organisation's introductions, newest first: the agency's, or those made to the company",
        security: [{ bearer: [] }],
        querystring: introductionListQuerySchema,
        response: {
          200: collectionSchema(introductionSchema).extend({
            meta: z.object({
              pagination: z.object({ start: z.number(), limit: z.number(), total: z.number() }),
              unseen: z.number(),
            }),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const membership = authorizeOwnIntroductions(user);
      const query = request.query;
      const { data, total } = await listOwnIntroductions(app.db, user, membership, query, app.now());
      return {
        data,
        meta: {
          pagination: { start: query.start, limit: query.limit, total },
          unseen: await unseenIntroductions(app.db, membership),
        },
      };
    },
  );

  app.get(
    '/introductions/unseen',
    {
      preHandler: app.requireRole('company', 'consultant'),
      config: { policy: 'introductions.own' },
      schema: {
        tags: ['introductions'],
        summary: 'How many introductions the company has not opened yet (0 for consultants)',
        security: [{ bearer: [] }],
        response: { 200: singleSchema(introductionUnseenSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      // A member whose role does not handle introductions has none to open: 0, not an error (the badge asks).
      const membership = currentUser(request).organisation;
      const count = memberMay(membership, 'introductions.write') ? await unseenIntroductions(app.db, membership!) : 0;
      return { data: { count }, meta: {} };
    },
  );

  app.get(
    '/introductions/:id',
    {
      preHandler: app.requireUser,
      config: { policy: 'introductions.party' },
      schema: {
        tags: ['introductions'],
        summary: 'One introduction with its register timeline (members of its agency and its company, admins)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: singleSchema(introductionDetailSchema), 400: errorSchema, ...notMine },
      },
    },
    async (request) => ({
      data: await introductionDetail(app.db, currentUser(request), request.params.id, app.now()),
      meta: {},
    }),
  );

  app.get(
    '/introductions/:id/proof.pdf',
    {
      preHandler: app.requireUser,
      // Rendering costs CPU: the writes' limit, generous for people, none for loops.
      config: { policy: 'introductions.party', ...writeLimit },
      schema: {
        tags: ['introductions'],
        summary:
          "'Nachweis (PDF)': one page with advertisement, parties, server time, locked bonus and history, in plain German (no hashes)",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.unknown(), 400: errorSchema, 429: errorSchema, ...notMine },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const detail = await introductionDetail(app.db, currentUser(request), request.params.id, now);
      const pdf = await renderIntroductionProof(
        detail,
        { company: app.config.imprint.company, address: app.config.imprint.address, publicUrl: app.config.publicUrl },
        now,
      );
      return sendPdf(reply, pdf, `Nachweis-Vorstellung-${detail.id}.pdf`);
    },
  );

  app.post(
    '/introductions/:id/seen',
    {
      preHandler: app.requireUser,
      config: { policy: 'introductions.company' },
      schema: {
        tags: ['introductions'],
        summary: "The company opened the introduction (the 'Neu' badge goes)",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: singleSchema(introductionSchema), 400: errorSchema, ...notMine },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const changed = await markIntroductionSeen(app.db, user, request.params.id, app.now());
      const views = changed
        ? await publishIntroduction(app, { introductionId: request.params.id, message: null, revived: false }, 'seen')
        : undefined;
      return { data: await viewFor(request, request.params.id, views), meta: {} };
    },
  );

  app.post(
    '/introductions/:id/status',
    {
      preHandler: app.requireUser,
      config: {
        policy: 'introductions.company',
        documentedBody: dataBody(introductionStatusChangeSchema),
        ...writeLimit,
      },
      schema: {
        tags: ['introductions'],
        summary:
          "The company moves an introduction: neu → in Prüfung → Interview → Angebot → eingestellt, or 'abgesagt' with a reason",
        security: [{ bearer: [] }],
        params: idParams,
        body: dataEnvelope,
        response: companyWriteResponses,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const change = parseOrBadRequest(introductionStatusChangeSchema, request.body.data);
      const outcome = await changeIntroductionStatus(app.db, user, request.params.id, change, {
        now: app.now(),
        publicUrl: app.config.publicUrl,
        registerSecret: app.config.registerSecret,
        mailFrom: app.config.mailFrom,
      });
      const views = await publishIntroduction(app, outcome, 'status');
      return { data: await viewFor(request, outcome.introductionId, views), meta: {} };
    },
  );

  app.post(
    '/introductions/:id/status/undo',
    {
      preHandler: app.requireUser,
      config: { policy: 'introductions.company', ...writeLimit },
      schema: {
        tags: ['introductions'],
        summary:
          "The company takes back its last move to In Prüfung, Interview or Angebot within seconds ('Rückgängig'; the register keeps both)",
        security: [{ bearer: [] }],
        params: idParams,
        response: companyWriteResponses,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const outcome = await undoStatusChange(app.db, user, request.params.id, {
        now: app.now(),
        publicUrl: app.config.publicUrl,
        registerSecret: app.config.registerSecret,
      });
      const views = await publishIntroduction(app, outcome, 'status');
      return { data: await viewFor(request, outcome.introductionId, views), meta: {} };
    },
  );

  app.post(
    '/introductions/:id/already-known',
    {
      preHandler: app.requireUser,
      config: { policy: 'introductions.company', documentedBody: alreadyKnownSchema, ...writeLimit },
      schema: {
        tags: ['introductions'],
        summary:
          "'Bereits bekannt' within 2 Austrian working days: JSON {note} or multipart with one document in field `file`",
        security: [{ bearer: [] }],
        params: idParams,
        response: companyWriteResponses,
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Authorise before reading any upload: a stranger's file is never even stored.
      authorizeIntroductionCompany(user, await introductionParties(app.db, request.params.id));
      const input = await readFieldsAndFiles(request, KNOWN_UPLOAD);
      const { note } = parseOrBadRequest(alreadyKnownSchema, input.fields);
      const outcome = await declareAlreadyKnown(app.db, user, request.params.id, note, input.files[0], {
        ...messageContext(app),
        registerSecret: app.config.registerSecret,
      });
      const views = await publishIntroduction(app, outcome, 'already_known');
      return { data: await viewFor(request, outcome.introductionId, views), meta: {} };
    },
  );
};
