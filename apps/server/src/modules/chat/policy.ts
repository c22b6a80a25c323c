import type { SQL } from 'drizzle-orm';
import { MEMBER_PERMISSION_MSG, memberMay, type ActiveMembership } from '@pb/core';
import { forbidden, notFound } from '../../lib/errors';
import type { CurrentUser } from '../../services/auth';
import {
  hasRole,
  memberRolesSql,
  organisationSideOf,
  type OrganisationPair,
  type OrganisationSide,
} from '../../services/policies';

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
export type ConversationParties = OrganisationPair;

export type ConversationSide = OrganisationSide;

/** The side the membership is on in this conversation; null when its organisation is neither. */
export const sideOf = organisationSideOf;

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

/** Which introductions' CVs a reader sees: all, those whose candidate agreed, or none. */
export type IntroductionCvAccess = 'all' | 'released' | 'none';

/**
 * An introduction's CV (the chat file of the introduction's message) carries the candidate's
 * contact data: only members who handle introductions see it — not the back office, not
 * Buchhaltung — and the company's only once the candidate agreed (issue 35).
 */
export function seesIntroductionCvs(
  user: Pick<Caller, 'organisation'>,
  conversation: ConversationParties,
): IntroductionCvAccess {
  const side = sideOf(user.organisation, conversation);
  if (side === null || !memberMay(user.organisation, 'introductions.write')) return 'none';
  return side === 'agency' ? 'all' : 'released';
}

/** A chat file: whoever may read its conversation, but an introduction's CV only who sees it. */
export function mayReadChatFile(
  user: Pick<Caller, 'role' | 'organisation'>,
  conversation: ConversationParties,
  file: { isIntroductionCv: boolean; withheld: boolean },
): boolean {
  if (!mayReadConversation(user, conversation)) return false;
  if (!file.isIntroductionCv) return true;
  const access = seesIntroductionCvs(user, conversation);
  return access === 'all' || (access === 'released' && !file.withheld);
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

/** memberReadsConversations as SQL (the one-statement text message and the audience of a message). */
export const readerRolesSql = (kind: SQL, role: SQL): SQL =>
  memberRolesSql(kind, role, (m) => memberReadsConversations(m as Pick<ActiveMembership, 'kind' | 'role'>));

/** memberMay(…, 'conversations.write') as SQL. */
export const writerRolesSql = (kind: SQL, role: SQL): SQL =>
  memberRolesSql(kind, role, (m) => memberMay(m as Pick<ActiveMembership, 'kind' | 'role'>, 'conversations.write'));
