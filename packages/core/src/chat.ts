import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import { safeText } from './input';
import type { PlacementReportedEvent } from './placements';

/** Chat shapes shared by server and web (spec §3 Chat communication / Chat message). */

export const CHAT_MESSAGE_PAGE_SIZE = 50;
export const CHAT_MESSAGE_PAGE_MAX = 100;
/** At most one new-message mail per conversation and recipient in this window. */
export const CHAT_NOTICE_INTERVAL_MINUTES = 15;

export const CHAT_MSG = {
  messageTooLong: `Die Nachricht darf höchstens ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('de-AT')} Zeichen lang sein.`,
  messageEmpty: 'Bitte geben Sie eine Nachricht ein oder hängen Sie eine Datei an.',
  consultantOnly: 'Nur Personalberater können ein Unternehmen kontaktieren.',
  placeholder: 'Nachricht schreiben …',
  hintConsultant: "Starten Sie eine Konversation über ein Inserat mit 'Unternehmen kontaktieren'.",
  hintCompany: 'Personalberater kontaktieren Sie hier zu Ihren Inseraten.',
} as const;

/** Text of a chat message: plain text, at most CHAT_MESSAGE_MAX_LENGTH characters. */
export const chatMessageTextSchema = z
  .string({ error: CHAT_MSG.messageEmpty })
  .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MSG.messageTooLong)
  .pipe(safeText());

export interface ChatFile {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  /** Download path (participants and admins only): /api/files/<id>. */
  url: string;
}

export interface ChatMessage {
  messageId: number;
  chatId: number;
  message: string;
  username: string;
  userId: number | null;
  /** ISO 8601. */
  timestamp: string;
  file_message: boolean;
  files: ChatFile[];
}

export interface ChatAdvertisementSummary {
  id: number;
  jobTitle: string;
  /** Active bonus in percent (newest bonus entry). */
  placementBonus: number;
  location: { street: string; postcode: string; city: string };
  salary: string;
}

export interface ChatConversation {
  id: number;
  advertisement: ChatAdvertisementSummary | null;
  /** The other party from the caller's view; null when that account no longer exists. */
  counterpart: { id: number; username: string } | null;
  chat_sender_p1: number | null;
  chat_receiver_p2: number | null;
  last_message_timestamp: string;
  unread_message_p1: boolean;
  unread_message_p2: boolean;
  /** The caller's own unread flag. */
  unread: boolean;
}

/** Socket.IO events (server → client). */
export interface ChatServerEvents {
  'chat:message': (message: ChatMessage) => void;
  'chat:conversation': (conversation: ChatConversation) => void;
  /** To the company: a consultant reported a placement on its advertisement (it may object). */
  'placement:reported': (event: PlacementReportedEvent) => void;
}

export type ChatAck<T> = (
  result: { ok: true; data: T } | { ok: false; error: { status: number; message: string } },
) => void;

/** Socket.IO events (client → server), each answered by an ack. */
export interface ChatClientEvents {
  'chat:send': (payload: { chatId: number; message: string }, ack: ChatAck<ChatMessage>) => void;
  'chat:read': (payload: { chatId: number }, ack: ChatAck<ChatConversation>) => void;
}
