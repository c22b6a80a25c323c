import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeOrganisationRequestSchema,
  invitationPreviewSchema,
  invitationRegisterSchema,
  invitationRequestSchema,
  invitationSchema,
  invitationTokenSchema,
  legalIdentitySchema,
  loginResponseSchema,
  memberEndQuerySchema,
  memberRoleChangeSchema,
  memberSchema,
  membershipSchema,
  okResponseSchema,
  ORGANISATION_MSG,
  organisationSchema,
  organisationVerificationSchema,
} from '@pb/core';
import { badRequest, notFound } from '../../lib/errors';
import { errorResponses, idParams, singleSchema } from '../../lib/http-schemas';
import { currentUser } from '../../services/auth';
import { endSessionSockets } from '../../services/sessions';
import { findUserByEmail, startSession } from '../accounts';
import { changeMemberRole, endMembership, switchOrganisation, updateLegalIdentity } from './commands';
import { acceptInvitation, inviteMember, resendInvitation, revokeInvitation, usableInvitation } from './invitations';
import { signUpByInvitation } from './invitation-sign-up';
import { organisationProfileRoutes } from './profile-routes';
import { actingAdministrator, actingMember } from './policy';
import { presentInvitation, presentMember, presentMembership, presentOrganisation } from './presenter';
import { findOrganisation, listMembers, listOpenInvitations, membershipsOf } from './queries';
import { verificationOf } from './register-checks';

/**
 * Organisations over HTTP (issue 31). `/organisations` lists the caller's own and switches between
 * them; `/organisation/…` is always the organisation the session acts for; `/invitations/…` is the
 * mailed link's side (its token travels in the body, never in a URL).
 */

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['organisations'];
const security = [{ bearer: [] }];

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;
  const context = () => ({ now: app.now(), publicUrl: app.config.publicUrl });
  await app.register(organisationProfileRoutes);

  app.get(
    '/organisations',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn' },
      schema: {
        tags,
        security,
        summary: "The caller's organisations; `active` marks the one this session acts for",
        response: { 200: singleSchema(z.array(membershipSchema)), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await membershipsOf(app.db, user.id);
      return { data: rows.map((row) => presentMembership(row, user.organisation?.memberId ?? null)), meta: {} };
    },
  );

  app.put(
    '/organisations/active',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn' },
      schema: {
        tags,
        security,
        summary: 'Act for another of the own organisations (this session; its live sockets reconnect)',
        body: activeOrganisationRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { endedSessions } = await switchOrganisation(app.db, {
        userId: user.id,
        sessionId: request.authSession!.id,
        organisationId: request.body.organisationId,
        now: app.now(),
      });
      await endSessionSockets(app, endedSessions);
      return { ok: true as const };
    },
  );

  app.get(
    '/organisation',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.member' },
      schema: {
        tags,
        security,
        summary: 'The organisation this session acts for, with its legal identity',
        response: { 200: singleSchema(organisationSchema), ...errors },
      },
    },
    async (request) => {
      const member = actingMember(currentUser(request));
      const row = await findOrganisation(app.db, member.organisation.organisationId);
      if (!row) throw notFound();
      return { data: presentOrganisation(row, member.organisation.role), meta: {} };
    },
  );

  app.get(
    '/organisations/:id/verification',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn' },
      schema: {
        tags,
        security,
        summary:
          "Whether the back office checked an organisation's register entries ('geprüft'): fields and dates only",
        params: idParams,
        response: { 200: singleSchema(organisationVerificationSchema), ...errors },
      },
    },
    async (request) => ({ data: await verificationOf(app.db, request.params.id), meta: {} }),
  );

  app.put(
    '/organisation/legal-identity',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator' },
      schema: {
        tags,
        security,
        summary: 'Name, legal form, address, Firmenbuchnummer, UID, GISA number and billing address',
        body: legalIdentitySchema,
        response: { 200: singleSchema(organisationSchema), ...errors },
      },
    },
    async (request) => {
      const member = actingAdministrator(currentUser(request));
      await updateLegalIdentity(app.db, member, request.body, app.now());
      const row = await findOrganisation(app.db, member.organisation.organisationId);
      return { data: presentOrganisation(row!, member.organisation.role), meta: {} };
    },
  );

  app.get(
    '/organisation/members',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.member' },
      schema: {
        tags,
        security,
        summary: 'The members of the organisation, administrators first',
        response: { 200: singleSchema(z.array(memberSchema)), ...errors },
      },
    },
    async (request) => {
      const member = actingMember(currentUser(request));
      const rows = await listMembers(app.db, member.organisation.organisationId);
      return { data: rows.map((row) => presentMember(row, member.organisation.memberId)), meta: {} };
    },
  );

  app.put(
    '/organisation/members/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator' },
      schema: {
        tags,
        security,
        summary: "Change a member's role (at least one administrator stays)",
        params: idParams,
        body: memberRoleChangeSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = actingAdministrator(currentUser(request));
      const { endedSessions } = await changeMemberRole(app.db, member, request.params.id, request.body.role);
      await endSessionSockets(app, endedSessions);
      return { ok: true as const };
    },
  );

  app.delete(
    '/organisation/members/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.memberSelfOrAdministrator' },
      schema: {
        tags,
        security,
        summary:
          'Leave (own membership) or remove a member (administrators); their conversations, introductions and advertisements go to the successor; their sessions lose the organisation',
        params: idParams,
        querystring: memberEndQuerySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = actingMember(currentUser(request));
      const { endedSessions } = await endMembership(app.db, member, request.params.id, {
        now: app.now(),
        registerSecret: app.config.registerSecret,
        successorMemberId: request.query.successor,
      });
      await endSessionSockets(app, endedSessions);
      return { ok: true as const };
    },
  );

  app.get(
    '/organisation/invitations',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator' },
      schema: {
        tags,
        security,
        summary: 'Open invitations (expired ones too: they can be sent again)',
        response: { 200: singleSchema(z.array(invitationSchema)), ...errors },
      },
    },
    async (request) => {
      const member = actingAdministrator(currentUser(request));
      const rows = await listOpenInvitations(app.db, member.organisation.organisationId);
      const now = app.now();
      return { data: rows.map((row) => presentInvitation(row, now)), meta: {} };
    },
  );

  app.post(
    '/organisation/invitations',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator', rateLimit: { max: 30 * factor, timeWindow: '1 hour' } },
      schema: {
        tags,
        security,
        summary: 'Invite an address in a role (a second invitation to it renews the first)',
        body: invitationRequestSchema,
        response: { 201: singleSchema(z.object({ id: z.number() })), ...errors },
      },
    },
    async (request, reply) => {
      const member = actingAdministrator(currentUser(request));
      const id = await inviteMember(app.db, member, request.body, context());
      return reply.code(201).send({ data: { id }, meta: {} });
    },
  );

  app.post(
    '/organisation/invitations/:id/resend',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator', rateLimit: { max: 30 * factor, timeWindow: '1 hour' } },
      schema: {
        tags,
        security,
        summary: 'Send an open invitation again (new link, seven more days; the old link stops working)',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = actingAdministrator(currentUser(request));
      await resendInvitation(app.db, member, request.params.id, context());
      return { ok: true as const };
    },
  );

  app.delete(
    '/organisation/invitations/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator' },
      schema: {
        tags,
        security,
        summary: 'Withdraw an open invitation',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = actingAdministrator(currentUser(request));
      await revokeInvitation(app.db, member, request.params.id, app.now());
      return { ok: true as const };
    },
  );

  const tokenLimit = { max: 20 * factor, timeWindow: '10 minutes' };

  app.post(
    '/invitations/lookup',
    {
      config: { policy: 'visitor', rateLimit: tokenLimit },
      schema: {
        tags,
        summary: 'What a mailed invitation offers (organisation, role, address) while it can be accepted',
        body: invitationTokenSchema,
        response: { 200: singleSchema(invitationPreviewSchema), ...errors },
      },
    },
    async (request) => {
      const invitation = await usableInvitation(app.db, request.body.token, app.now());
      if (!invitation) throw badRequest(ORGANISATION_MSG.invitationInvalid);
      const account = await findUserByEmail(app.db, invitation.email);
      return {
        data: {
          organisationName: invitation.organisationName,
          kind: invitation.kind,
          role: invitation.role,
          email: invitation.email,
          accountExists: account !== undefined,
        },
        meta: {},
      };
    },
  );

  app.post(
    '/invitations/accept',
    {
      onRequest: app.requireUser,
      config: { policy: 'signedIn', rateLimit: tokenLimit },
      schema: {
        tags,
        security,
        summary: 'Accept an invitation to the own address; the session then acts for that organisation',
        body: invitationTokenSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { endedSessions } = await acceptInvitation(
        app.db,
        user,
        request.authSession!.id,
        request.body.token,
        app.now(),
      );
      await endSessionSockets(app, endedSessions);
      return { ok: true as const };
    },
  );

  app.post(
    '/invitations/register',
    {
      config: { policy: 'visitor', rateLimit: tokenLimit },
      schema: {
        tags,
        summary: 'Create an account for the invited address and join; answers a signed-in session',
        body: invitationRegisterSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await signUpByInvitation(app.db, request.body, app.now());
      return startSession(app, request, user, { secondFactor: null });
    },
  );
};
