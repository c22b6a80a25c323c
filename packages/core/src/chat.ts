import { z } from './zod';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import { CHAT_MSG } from './messages';
import { storedFileSchema } from './files';
import { safeText } from './input';

/** Chat shapes shared by server and web (spec §3 Chat communication / Chat message). */

export const CHAT_MESSAGE_PAGE_SIZE = 50;
export const CHAT_MESSAGE_PAGE_MAX = 100;
/** At most one new-message mail per conversation and recipient in this window. */
export const CHAT_NOTICE_INTERVAL_MINUTES = 15;

/** Text of a chat message: plain text, at most CHAT_MESSAGE_MAX_LENGTH characters. */
export const chatMessageTextSchema = z
  .string({ error: CHAT_MSG.messageEmpty })
  .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MSG.messageTooLong)
  .pipe(safeText());

// ---------- response shapes (REST and Socket.IO) ----------

/** A file of a chat message; `url` is its download path for participants and admins: /api/files/<id>. */
export const chatFileSchema = storedFileSchema;
export type ChatFile = z.infer<typeof chatFileSchema>;

export const chatMessageSchema = z.object({
  messageId: z.number(),
  chatId: z.number(),
  message: z.string(),
  username: z.string(),
  userId: z.number().nullable(),
  /** ISO 8601. */
  timestamp: z.string(),
  file_message: z.boolean(),
  files: z.array(chatFileSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /api/chat-communications/:id/messages: a page oldest to newest, `before` cursor for the older ones. */
export const chatMessagePageSchema = z.object({
  data: z.array(chatMessageSchema),
  meta: z.object({ limit: z.number(), hasMore: z.boolean() }),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

export const chatAdvertisementSummarySchema = z.object({
  id: z.number(),
  jobTitle: z.string(),
  /** Active bonus in percent (newest bonus entry). */
  placementBonus: z.number(),
  location: z.object({ street: z.string(), postcode: z.string(), city: z.string() }),
  salary: z.string(),
});
export type ChatAdvertisementSummary = z.infer<typeof chatAdvertisementSummarySchema>;

export const chatConversationSchema = z.object({
  id: z.number(),
  advertisement: chatAdvertisementSummarySchema.nullable(),
  /** The advertisement it is about, deactivated ones too (null once deleted): the company's numbers link by it (issue 32). */
  advertisementId: z.number().nullable(),
  /** The other side's assignee from the caller's view; null when that account no longer exists. */
  counterpart: z.object({ id: z.number(), username: z.string() }).nullable(),
  /** The other side's organisation (issue 31): what the list and the header name. */
  counterpartOrganisation: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The side of the caller's organisation; null for the back office. */
  side: z.enum(['agency', 'company']).nullable(),
  chat_sender_p1: z.number().nullable(),
  chat_receiver_p2: z.number().nullable(),
  last_message_timestamp: z.string(),
  unread_message_p1: z.boolean(),
  unread_message_p2: z.boolean(),
  /** Whether the other side wrote after the caller last read it (per person). */
  unread: z.boolean(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** How a conversation names the other side: its organisation, else its assignee (null: 'Benutzer existiert nicht mehr'). */
export function counterpartName(
  conversation: Pick<ChatConversation, 'counterpart' | 'counterpartOrganisation'>,
): string | null {
  return conversation.counterpartOrganisation?.name ?? conversation.counterpart?.username ?? null;
}

export type ChatAck<T> = (
  result: { ok: true; data: T } | { ok: false; error: { status: number; message: string } },
) => void;

/** Socket.IO events (client → server), each answered by an ack; the server's events are RealtimeEvents (realtime.ts). */
export interface ChatClientEvents {
  'chat:send': (payload: { chatId: number; message: string }, ack: ChatAck<ChatMessage>) => void;
  'chat:read': (payload: { chatId: number }, ack: ChatAck<ChatConversation>) => void;
}
