import { eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { chatCommunications } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { hasRole, isPartyOf, type ConsultantCompanyPair, type PolicyCaller } from '../../services/policies';

/**
 * Who may do what to a conversation. 'Participant of conversation' is defined here once:
 * the consultant who started it (chat_sender_p1) or the company it was started with
 * (chat_receiver_p2). Participants read and write; admins only read. REST routes
 * (policy 'chat.participant', 'chat.reader'), socket events and file downloads ask these.
 */

type Caller = PolicyCaller;
type Parties = ConsultantCompanyPair;

export const isParticipant = isPartyOf;

/**
 * The same rule as SQL over chat_communications, for a statement that checks and writes at once
 * (service.textMessageStatement); false, never NULL, when a party is gone. send-statement.test.ts
 * holds the two forms to the same answers.
 */
export function participantCondition(userId: number | Placeholder): SQL {
  return sql`coalesce(${or(eq(chatCommunications.consultantId, userId), eq(chatCommunications.companyId, userId))}, false)`;
}

/** Participants and admins may read a conversation (messages, files). */
export function mayReadConversation(user: Caller, conversation: Parties): boolean {
  return isParticipant(user, conversation) || hasRole(user, 'admin');
}

/**
 * An introduction's CV (the chat file of the introduction's message) carries the candidate's
 * contact data: like the register, it is for the two parties only — admins read the
 * conversation without it (message list and file download).
 */
export function seesIntroductionCvs(user: Pick<Caller, 'id'>, conversation: Parties): boolean {
  return isParticipant(user, conversation);
}

/** A chat file: whoever may read its conversation, but an introduction's CV only who sees those. */
export function mayReadChatFile(user: Caller, conversation: Parties, file: { isIntroductionCv: boolean }): boolean {
  return mayReadConversation(user, conversation) && (!file.isIntroductionCv || seesIntroductionCvs(user, conversation));
}

/** Read access: everybody but participants and admins gets 404 (existence is not revealed). */
export function authorizeReading<C extends Parties>(user: Caller, conversation: C | undefined): C {
  if (!conversation || !mayReadConversation(user, conversation)) throw notFound();
  return conversation;
}

/** Write access: participants only (admins 403, others 404). */
export function authorizeWriting<C extends Parties>(user: Caller, conversation: C | undefined): C {
  if (!conversation) throw notFound();
  if (!isParticipant(user, conversation)) throw hasRole(user, 'admin') ? forbidden() : notFound();
  return conversation;
}
