import { sql, type SQL } from 'drizzle-orm';
import {
  MEMBER_PERMISSION_MSG,
  MEMBER_ROLES_OF,
  memberMay,
  ORGANISATION_KINDS,
  type ActiveMembership,
  type OrganisationKind,
} from '@pb/core';
import { forbidden, notFound } from '../../lib/errors';
import type { CurrentUser } from '../../services/auth';
import { hasRole } from '../../services/policies';

/**
 * Who may do what to a conversation (issue 31): it is between an agency and a company about one
 * advertisement. Its members read it — every member of the company (Buchhaltung reads too), and the
 * agency's administrators and consultants (the agency's Buchhaltung has no business with
 * candidates); those whose role may write in conversations write. The back office reads. Anybody
 * else gets 404: a conversation's existence is not revealed. REST routes (policy
 * 'chat.participant', 'chat.reader', 'chat.member'), socket events, file downloads and the one-statement text
 * message (readerRolesSql, writerRolesSql) ask these rules.
 */

export type Caller = Pick<CurrentUser, 'id' | 'role' | 'username' | 'organisation'>;

/** The two organisations of a conversation. */
export interface ConversationParties {
  agencyOrganisationId: number | null;
  companyOrganisationId: number | null;
}

export type ConversationSide = 'agency' | 'company';

/** The side the membership is on in this conversation; null when its organisation is neither. */
export function sideOf(
  membership: ActiveMembership | null,
  conversation: ConversationParties,
): ConversationSide | null {
  if (!membership) return null;
  if (membership.kind === 'agency' && conversation.agencyOrganisationId === membership.organisationId) return 'agency';
  if (membership.kind === 'company' && conversation.companyOrganisationId === membership.organisationId) {
    return 'company';
  }
  return null;
}

/** Members in this role read conversations of their organisation. */
export function memberReadsConversations(membership: Pick<ActiveMembership, 'kind' | 'role'>): boolean {
  return membership.kind === 'company' || memberMay(membership, 'conversations.write');
}

/** A member of either organisation whose role reads conversations. */
export function isParticipant(user: Pick<Caller, 'organisation'>, conversation: ConversationParties): boolean {
  return sideOf(user.organisation, conversation) !== null && memberReadsConversations(user.organisation!);
}

/** A participant whose role may write. */
export function mayWriteConversation(user: Pick<Caller, 'organisation'>, conversation: ConversationParties): boolean {
  return sideOf(user.organisation, conversation) !== null && memberMay(user.organisation, 'conversations.write');
}

/** Participants and the back office may read a conversation (messages, files). */
export function mayReadConversation(
  user: Pick<Caller, 'role' | 'organisation'>,
  conversation: ConversationParties,
): boolean {
  return isParticipant(user, conversation) || hasRole(user, 'admin');
}

/**
 * An introduction's CV (the chat file of the introduction's message) carries the candidate's
 * contact data: only members who handle introductions see it — not the back office, not Buchhaltung.
 */
export function seesIntroductionCvs(user: Pick<Caller, 'organisation'>, conversation: ConversationParties): boolean {
  return sideOf(user.organisation, conversation) !== null && memberMay(user.organisation, 'introductions.write');
}

/** A chat file: whoever may read its conversation, but an introduction's CV only who sees those. */
export function mayReadChatFile(
  user: Pick<Caller, 'role' | 'organisation'>,
  conversation: ConversationParties,
  file: { isIntroductionCv: boolean },
): boolean {
  return mayReadConversation(user, conversation) && (!file.isIntroductionCv || seesIntroductionCvs(user, conversation));
}

/** Read access: everybody but participants and the back office gets 404 (existence is not revealed). */
export function authorizeReading<C extends ConversationParties>(
  user: Pick<Caller, 'role' | 'organisation'>,
  conversation: C | undefined,
): C {
  if (!conversation || !mayReadConversation(user, conversation)) throw notFound();
  return conversation;
}

/** Write access: writers only (a reading member and the back office 403 in German, others 404). */
export function authorizeWriting<C extends ConversationParties>(
  user: Pick<Caller, 'role' | 'organisation'>,
  conversation: C | undefined,
): C {
  if (!conversation) throw notFound();
  if (mayWriteConversation(user, conversation)) return conversation;
  if (isParticipant(user, conversation)) throw forbidden(MEMBER_PERMISSION_MSG['conversations.write']);
  throw hasRole(user, 'admin') ? forbidden() : notFound();
}

/** The roles of each kind for which `allowed` holds, as SQL over `kind` and `role` columns. */
function rolesSql(
  kind: SQL,
  role: SQL,
  allowed: (membership: { kind: OrganisationKind; role: string }) => boolean,
): SQL {
  const cases = ORGANISATION_KINDS.map((k) => {
    const roles = MEMBER_ROLES_OF[k].filter((r) => allowed({ kind: k, role: r }));
    if (roles.length === 0) return sql`false`;
    // Our own constants, written as literals: the statement stays one fixed text to prepare.
    return sql`(${kind} = ${sql.raw(`'${k}'`)} AND ${role} IN (${sql.raw(roles.map((r) => `'${r}'`).join(', '))}))`;
  });
  return sql`coalesce((${sql.join(cases, sql` OR `)}), false)`;
}

/** memberReadsConversations as SQL (the one-statement text message and the audience of a message). */
export const readerRolesSql = (kind: SQL, role: SQL): SQL =>
  rolesSql(kind, role, (m) => memberReadsConversations(m as Pick<ActiveMembership, 'kind' | 'role'>));

/** memberMay(…, 'conversations.write') as SQL. */
export const writerRolesSql = (kind: SQL, role: SQL): SQL =>
  rolesSql(kind, role, (m) => memberMay(m as Pick<ActiveMembership, 'kind' | 'role'>, 'conversations.write'));
