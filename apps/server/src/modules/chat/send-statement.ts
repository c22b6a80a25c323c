import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CHAT_NOTICE_INTERVAL_MINUTES, MSG, type ChatMessage, type MemberRole, type OrganisationKind } from '@pb/core';
import type { Db } from '../../db/client';
import type { UserRole } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { activeUserCondition, isActiveUser } from '../../services/policies';
import { authorizeWriting, readerRolesSql, writerRolesSql } from './policy';

import type { MessageContext, MessagePublisher, MessageSender } from './message-context';
import { BELL_TEXT, notificationLink, queueNoticeAfter } from './notices';
import { presentMessage } from './presenter';

/** The one-statement text message: policy, write, bell entry and unread flag in one SQL statement (decision 0026). */

/**
 * A text message (`text` trimmed, not empty) in ONE statement that checks and writes at once
 * (textMessageStatement): the sender must still be active with the session's token version, and
 * the session's membership live, in a role that writes, in one of the conversation's organisations, as the event's read used to establish in a round trip of
 * its own (issue 14: that read was half a message's database time). When the statement refuses,
 * its answer says why, and the same policies as everywhere else (services/policies, ./policy) turn
 * that into 401, 404 or 403.
 *
 * The recipient's bell entry is written `mail_due` when a notice may be due, and the notice
 * follows in a transaction of its own (queueNoticeAfter), which takes the entry's mail over —
 * so a crash or a database error in between loses nothing: the batched notification mail
 * (services/notifications/mail-batching.ts) sends the entry instead.
 */
export async function sendTextMessage(
  db: Db,
  sender: MessageSender,
  conversationId: number,
  text: string,
  ctx: MessageContext,
  published?: MessagePublisher,
): Promise<ChatMessage> {
  let statement = textMessageStatements.get(db);
  if (!statement) {
    statement = prepareTextMessageStatement(db);
    textMessageStatements.set(db, statement);
  }
  const result = await statement.execute(textMessageValues(sender, conversationId, text, ctx.now));
  const [row] = (result as { rows: TextMessageRow[] }).rows;
  if (!row || row.id === null) throw refusalOf(row, sender);
  const message = presentMessage(
    {
      id: Number(row.id),
      chatId: row.chat_id!,
      senderId: row.sender_id,
      senderUsername: row.sender_username!,
      message: row.message!,
      fileMessage: row.file_message!,
      createdAt: new Date(row.created_at!),
    },
    [],
  );
  await published?.(message, {
    id: conversationId,
    agencyOrganisationId: row.agency_organisation_id,
    companyOrganisationId: row.company_organisation_id,
    readerIds: row.audience_ids ?? [],
  });
  if (row.notification_id !== null && row.notice_due) {
    await queueNoticeAfter(db, row.side === 'agency' ? 'p2' : 'p1', conversationId, Number(row.notification_id), ctx);
  }
  return message;
}

/** What textMessageStatement answers: the facts it decided on and, when it wrote, the message. */
interface TextMessageRow {
  account_id: number | null;
  account_role: UserRole | null;
  account_token_version: number | null;
  account_confirmed: boolean | null;
  account_blocked: boolean | null;
  member_organisation_id: number | null;
  member_role: MemberRole | null;
  organisation_kind: OrganisationKind | null;
  conversation_id: number | null;
  agency_organisation_id: number | null;
  company_organisation_id: number | null;
  side: 'agency' | 'company' | null;
  notice_due: boolean | null;
  id: number | string | null;
  chat_id: number | null;
  sender_id: number | null;
  sender_username: string | null;
  message: string | null;
  file_message: boolean | null;
  created_at: Date | string | null;
  notification_id: number | string | null;
  audience_ids: number[] | null;
}

/** Why the statement wrote nothing, in the policies' words (the same order as a read first: 401, 404, 403). */
function refusalOf(row: TextMessageRow | undefined, sender: MessageSender): Error {
  if (
    !row ||
    row.account_id === null ||
    !isActiveUser({ confirmed: row.account_confirmed === true, blocked: row.account_blocked !== false }) ||
    row.account_token_version !== sender.tokenVersion
  ) {
    return unauthorized();
  }
  const conversation =
    row.conversation_id === null
      ? undefined
      : { agencyOrganisationId: row.agency_organisation_id, companyOrganisationId: row.company_organisation_id };
  const organisation =
    row.member_organisation_id === null
      ? null
      : {
          memberId: 0,
          organisationId: row.member_organisation_id,
          organisationName: '',
          kind: row.organisation_kind!,
          role: row.member_role!,
        };
  authorizeWriting({ role: row.account_role!, organisation }, conversation);
  // The SQL forms of the rules disagree with the JavaScript ones (send-statement.test.ts holds them together).
  return new Error('chat: the message statement refused a sender the policies allow');
}

/** The values of textMessageStatement(): one message. */
export interface TextMessageValues {
  senderId: number;
  tokenVersion: number;
  /** The session whose membership the sender acts for. */
  sessionId: string;
  conversationId: number;
  text: string;
  now: Date;
  /** A recipient last noticed before this may be due a notice (CHAT_NOTICE_INTERVAL_MINUTES). */
  noticeBefore: Date;
  link: string;
}

export function textMessageValues(
  sender: MessageSender,
  conversationId: number,
  text: string,
  now: Date,
): TextMessageValues & Record<string, unknown> {
  return {
    senderId: sender.id,
    tokenVersion: sender.tokenVersion,
    sessionId: sender.sessionId,
    conversationId,
    text,
    now,
    noticeBefore: new Date(now.getTime() - CHAT_NOTICE_INTERVAL_MINUTES * 60_000),
    link: notificationLink(conversationId),
  };
}

type TextMessageParams = { [K in keyof TextMessageValues]: TextMessageValues[K] | Placeholder };

/** Every value of textMessageStatement() as a placeholder of the same name: the statement to prepare. */
const TEXT_MESSAGE_PLACEHOLDERS = Object.fromEntries(
  (['senderId', 'tokenVersion', 'sessionId', 'conversationId', 'text', 'now', 'noticeBefore', 'link'] as const).map(
    (name) => [name, sql.placeholder(name)],
  ),
) as Record<keyof TextMessageValues, Placeholder>;

/**
 * The statement, prepared on the server once per database handle (named, so PostgreSQL plans it
 * once per connection: planning was ~40 % of its time, p50 0.75 → 0.45 ms through node-postgres).
 * Raw SQL has no query builder to prepare it, so it goes to the session as the builders' own
 * prepare() does.
 */
const textMessageStatements = new WeakMap<Db, ReturnType<typeof prepareTextMessageStatement>>();

function prepareTextMessageStatement(db: Db) {
  const query = new PgDialect().sqlToQuery(textMessageStatement(TEXT_MESSAGE_PLACEHOLDERS));
  return db._.session.prepareQuery(query, undefined, 'pb_chat_text_message', false);
}

/**
 * The statement of sendTextMessage() (the benchmark's floor runs it too): reads the sender's
 * account, the membership the session acts for and the conversation, and — only if the account is
 * active with this token version (activeUserCondition) and the membership writes in one of the
 * conversation's organisations (policy writerRolesSql, sideOf) — writes the message, the side's
 * time of writing, the sender's read, the other assignee's unread flag and the timestamp, and that
 * assignee's bell entry (`mail_due` when their last notice is older than the interval). One round
 * trip, its own transaction.
 */
export function textMessageStatement(v: TextMessageParams): SQL {
  return sql`
    WITH account AS (
      SELECT id, username, role, token_version, confirmed, blocked, ${activeUserCondition} AS active
      FROM users WHERE id = ${v.senderId}
    ), membership AS (
      SELECT m.organisation_id, m.role AS member_role, o.kind AS organisation_kind,
        ${writerRolesSql(sql`o.kind`, sql`m.role`)} AS writes
      FROM user_sessions s
      JOIN organisation_members m ON m.id = s.organisation_member_id AND m.user_id = s.user_id AND m.left_at IS NULL
      JOIN organisations o ON o.id = m.organisation_id
      WHERE s.id = ${v.sessionId} AND s.user_id = ${v.senderId} AND s.revoked_at IS NULL
    ), conversation AS (
      SELECT c.id, c.consultant_id, c.company_id, c.agency_organisation_id, c.company_organisation_id,
        c.last_notice_p1_at, c.last_notice_p2_at,
        CASE
          WHEN membership.organisation_kind = 'agency' AND c.agency_organisation_id = membership.organisation_id
            THEN 'agency'
          WHEN membership.organisation_kind = 'company' AND c.company_organisation_id = membership.organisation_id
            THEN 'company'
        END AS side,
        coalesce(membership.writes, false) AS writes
      FROM chat_communications c LEFT JOIN membership ON true WHERE c.id = ${v.conversationId}
    ), allowed AS (
      SELECT account.id AS sender_id, account.username AS sender_username, conversation.id AS chat_id,
        conversation.side = 'agency' AS from_consultant,
        CASE WHEN conversation.side = 'agency' THEN conversation.company_id ELSE conversation.consultant_id END
          AS recipient_id,
        coalesce(CASE WHEN conversation.side = 'agency'
          THEN conversation.last_notice_p2_at ELSE conversation.last_notice_p1_at END <= ${v.noticeBefore}, true)
          AS notice_due
      FROM account, conversation
      WHERE account.active AND account.token_version = ${v.tokenVersion}
        AND conversation.side IS NOT NULL AND conversation.writes
    ), message AS (
      INSERT INTO chat_messages (chat_id, sender_id, sender_username, message, file_message, created_at)
      SELECT chat_id, sender_id, sender_username, ${v.text}, false, ${v.now} FROM allowed
      RETURNING id, chat_id, sender_id, sender_username, message, file_message, created_at
    ), touched AS (
      UPDATE chat_communications SET last_message_timestamp = ${v.now},
        unread_message_p2 = unread_message_p2 OR allowed.from_consultant,
        unread_message_p1 = unread_message_p1 OR NOT allowed.from_consultant,
        last_agency_message_at = CASE WHEN allowed.from_consultant THEN ${v.now} ELSE last_agency_message_at END,
        last_company_message_at = CASE WHEN allowed.from_consultant THEN last_company_message_at ELSE ${v.now} END
      FROM allowed WHERE chat_communications.id = allowed.chat_id
      RETURNING (SELECT job_title FROM jobs WHERE jobs.id = chat_communications.job_id) AS job_title
    ), seen AS (
      INSERT INTO chat_reads (chat_id, user_id, read_at)
      SELECT chat_id, sender_id, ${v.now} FROM allowed
      ON CONFLICT (chat_id, user_id) DO UPDATE SET read_at = EXCLUDED.read_at
    ), audience AS (
      -- Who reads the conversation (policy readerRolesSql): the message goes to them without another query.
      SELECT array_agg(m.user_id ORDER BY m.user_id) AS ids
      FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id
      WHERE m.left_at IS NULL AND EXISTS (SELECT 1 FROM allowed)
        AND ((o.kind = 'agency' AND o.id = (SELECT agency_organisation_id FROM conversation))
          OR (o.kind = 'company' AND o.id = (SELECT company_organisation_id FROM conversation)))
        AND ${readerRolesSql(sql`o.kind`, sql`m.role`)}
    ), bell AS (
      INSERT INTO notifications (user_id, kind, title, body, link, created_at, mail_due)
      SELECT allowed.recipient_id, 'chat_message', ${BELL_TEXT.titleBefore} || allowed.sender_username,
        ${BELL_TEXT.bodyBefore} || coalesce(touched.job_title, ${MSG.advertisementGone}) || ${BELL_TEXT.bodyAfter},
        ${v.link}, ${v.now}, allowed.notice_due
      FROM allowed, touched WHERE allowed.recipient_id IS NOT NULL
      RETURNING id
    )
    SELECT account.id AS account_id, account.role AS account_role, account.token_version AS account_token_version,
      account.confirmed AS account_confirmed, account.blocked AS account_blocked,
      membership.organisation_id AS member_organisation_id, membership.member_role, membership.organisation_kind,
      conversation.id AS conversation_id, conversation.agency_organisation_id, conversation.company_organisation_id,
      conversation.side, allowed.notice_due, message.*, (SELECT id FROM bell) AS notification_id,
      (SELECT ids FROM audience) AS audience_ids
    FROM (VALUES (1)) AS one (x)
      LEFT JOIN account ON true LEFT JOIN membership ON true LEFT JOIN conversation ON true
      LEFT JOIN allowed ON true LEFT JOIN message ON true`;
}
