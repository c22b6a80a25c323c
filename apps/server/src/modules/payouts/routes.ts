import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditNoteFileName,
  creditNoteObjectionResolutionSchema,
  creditNoteObjectionSchema,
  PAYOUT_MSG,
  payoutAccountRequestSchema,
  payoutAccountSchema,
  payoutBatchRequestSchema,
  payoutBatchSchema,
  payoutDecisionSchema,
  payoutItemSchema,
  payoutsPageSchema,
  SELF_BILLING_TERMS,
} from '@pb/core';
import { eq } from 'drizzle-orm';
import { creditNotes } from '../../db/schema';
import { currentUser } from '../../services/auth';
import { notFound, parseOrBadRequest } from '../../lib/errors';
import { contentDisposition, sendPdf } from '../../lib/file-download';
import { dataBody, dataEnvelope, errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import {
  authorizeMoneyMember,
  handlesMoneyOf,
  payoutAccountOf,
  presentPayoutAccount,
  savePayoutAccount,
} from './account';
import { createPayoutBatch, decidePayouts, payoutBatchFile } from './batches';
import { settleDueShares } from './credit-notes';
import { objectToCreditNote, resolveObjection, withdrawSelfBilling } from './objections';
import { listPayoutBatches, listPayoutItems, pendingShares } from './queries';

/**
 * Payouts (issue 34). For an organisation's money members (administrators, Buchhaltung):
 * 'Auszahlungen' with the payout account, the agency's agreement to self-billing, its credit notes
 * and the company's refunds. For the back office (inside the admin plugin and its guard): the
 * items to pay, settling due shares now, batches as pain.001 files and what the bank did.
 */

export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payouts',
    {
      config: { policy: 'payouts.member' },
      onRequest: app.requireUser,
      schema: {
        tags: ['payouts'],
        summary:
          "'Auszahlungen': the organisation's payout account, its payouts (an agency's credit notes, a company's refunds) and the agency's shares still to come",
        response: { 200: singleSchema(payoutsPageSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const member = authorizeMoneyMember(currentUser(request));
      const { organisationId, kind } = member.organisation;
      const now = app.now();
      return {
        data: {
          account: presentPayoutAccount(await payoutAccountOf(app.db, organisationId)),
          selfBillingTerms: SELF_BILLING_TERMS,
          items: await listPayoutItems(app.db, { organisationId }, now),
          pending: kind === 'agency' ? await pendingShares(app.db, organisationId, now) : [],
        },
        meta: {},
      };
    },
  );

  app.put(
    '/organisation/payout-account',
    {
      config: { policy: 'payouts.member', documentedBody: dataBody(payoutAccountRequestSchema) },
      onRequest: app.requireUser,
      schema: {
        tags: ['payouts'],
        summary:
          "The organisation's payout account; an agency also its taxation and (once) its agreement to self-billing. Audited; a changed account is mailed to every administrator",
        body: dataEnvelope,
        response: { 200: singleSchema(payoutAccountSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const member = authorizeMoneyMember(currentUser(request));
      const input = parseOrBadRequest(payoutAccountRequestSchema, request.body.data);
      return { data: await savePayoutAccount(app.db, member, input, app.now()), meta: {} };
    },
  );

  app.get(
    '/credit-notes/:id/pdf',
    {
      config: { policy: 'payouts.creditNoteReader' },
      onRequest: app.requireUser,
      schema: {
        tags: ['payouts'],
        summary: "A credit note's PDF as issued (the agency's money members, or the back office)",
        params: idParams,
        response: { 200: z.unknown(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [note] = await app.db
        .select({ number: creditNotes.number, pdf: creditNotes.pdf, organisationId: creditNotes.agencyOrganisationId })
        .from(creditNotes)
        .where(eq(creditNotes.id, request.params.id))
        .limit(1);
      const mayRead = user.role === 'admin' || (note !== undefined && handlesMoneyOf(user, note.organisationId));
      // Another organisation's credit note, or a member without money rights: as if it did not exist.
      if (!note || !mayRead) throw notFound(PAYOUT_MSG.creditNoteNotFound);
      return sendPdf(reply, note.pdf, creditNoteFileName(note.number));
    },
  );

  app.post(
    '/credit-notes/:id/objection',
    {
      config: { policy: 'payouts.member', documentedBody: dataBody(creditNoteObjectionSchema) },
      onRequest: app.requireUser,
      schema: {
        tags: ['payouts'],
        summary:
          'The agency objects to one of its credit notes (§ 11 (7) UStG), once, with a reason: its payout waits for the office; audited, the office mailed',
        params: idParams,
        body: dataEnvelope,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const member = authorizeMoneyMember(currentUser(request));
      const input = parseOrBadRequest(creditNoteObjectionSchema, request.body.data);
      await objectToCreditNote(app.db, member, request.params.id, input, {
        now: app.now(),
        officeEmail: app.config.officeEmail,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/organisation/self-billing/withdrawal',
    {
      config: { policy: 'payouts.member' },
      onRequest: app.requireUser,
      schema: {
        tags: ['payouts'],
        summary:
          'The agency withdraws its agreement to self-billing: no further credit notes until it agrees again; audited, administrators and office mailed',
        response: { 200: singleSchema(payoutAccountSchema.nullable()), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const member = authorizeMoneyMember(currentUser(request));
      const account = await withdrawSelfBilling(app.db, member, {
        now: app.now(),
        officeEmail: app.config.officeEmail,
      });
      return { data: account, meta: {} };
    },
  );
};

const itemsQuerySchema = z.object({ state: z.enum(['offen', 'alle']).default('offen') });
const batchItemParams = z.object({ id: idParams.shape.id, itemId: idParams.shape.id });

export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payout-items',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payout items: ?state=offen (default; not paid and not at the bank, oldest due first) or alle',
        querystring: itemsQuerySchema,
        response: { 200: singleSchema(z.array(payoutItemSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await listPayoutItems(app.db, { open: request.query.state === 'offen' }, app.now()),
      meta: {},
    }),
  );

  app.post(
    '/payout-items/settle',
    {
      schema: {
        tags: ['admin'],
        summary: "Settle every agency share that is due now (the daily run's command): credit notes and payout items",
        response: { 200: singleSchema(z.object({ settled: z.number() })), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const settled = await settleDueShares(
        app.db,
        {
          issuer: app.config.invoiceIssuer,
          publicUrl: app.config.publicUrl,
          now: app.now(),
          actor: currentUser(request),
        },
        app.log,
      );
      return { data: { settled: settled.length }, meta: {} };
    },
  );

  app.get(
    '/payout-batches',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payout batches, newest first, with their transfers and what the bank did',
        response: { 200: singleSchema(z.array(payoutBatchSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listPayoutBatches(app.db), meta: {} }),
  );

  app.post(
    '/payout-batches',
    {
      config: { documentedBody: dataBody(payoutBatchRequestSchema) },
      schema: {
        tags: ['admin'],
        summary:
          'Build a SEPA credit transfer file (pain.001.001.09) of the selected items; refuses a paid item, one at the bank or one without account; audited',
        body: dataEnvelope,
        response: { 201: singleSchema(payoutBatchSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(payoutBatchRequestSchema, request.body.data);
      const { id } = await createPayoutBatch(app.db, currentUser(request), input, {
        issuer: app.config.invoiceIssuer,
        now: app.now(),
      });
      const batch = (await listPayoutBatches(app.db)).find((b) => b.id === id)!;
      return reply.code(201).send({ data: batch, meta: {} });
    },
  );

  app.get(
    '/payout-batches/:id/file',
    {
      schema: {
        tags: ['admin'],
        summary: "The batch's pain.001.001.09 file as built, for the bank",
        params: idParams,
        response: { 200: z.unknown(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await payoutBatchFile(app.db, request.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition(`Zahlungsauftrag-${file.messageId}.xml`))
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  app.put(
    '/payout-batches/:id/items/:itemId',
    {
      config: { documentedBody: dataBody(payoutDecisionSchema) },
      schema: {
        tags: ['admin'],
        summary: 'What the bank did with one transfer: ausgezahlt, or fehlgeschlagen with the reason; once; audited',
        params: batchItemParams,
        body: dataEnvelope,
        response: { 200: singleSchema(z.object({ decided: z.number() })), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decision = parseOrBadRequest(payoutDecisionSchema, request.body.data);
      const { id, itemId } = request.params;
      const decided = await decidePayouts(app.db, currentUser(request), id, itemId, decision, app.now());
      return { data: { decided }, meta: {} };
    },
  );

  app.post(
    '/payout-batches/:id/paid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every transfer of the batch still open is paid out (the bank executed the file); audited',
        params: idParams,
        response: { 200: singleSchema(z.object({ decided: z.number() })), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const decided = await decidePayouts(
        app.db,
        currentUser(request),
        request.params.id,
        'alle',
        { status: 'ausgezahlt' },
        app.now(),
      );
      return { data: { decided }, meta: {} };
    },
  );

  app.put(
    '/credit-notes/:id/objection',
    {
      config: { documentedBody: dataBody(creditNoteObjectionResolutionSchema) },
      schema: {
        tags: ['admin'],
        summary:
          "Resolve an agency's objection to a credit note with a note (once): its payout may be paid again; audited, the agency mailed",
        params: idParams,
        body: dataEnvelope,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = parseOrBadRequest(creditNoteObjectionResolutionSchema, request.body.data);
      await resolveObjection(app.db, currentUser(request), request.params.id, input, app.now());
      return reply.code(204).send(null);
    },
  );
};
