import type { ChatConversation, ChatMessage } from './chat';
import type { IntroductionEvent } from './introduction-shapes';
import type { PlacementReportedEvent } from './placements';
import type { BillingChangedEvent } from './billing';
import type { JobsPublishedEvent } from './alerts';
import type { NotificationEvent } from './notifications';

/**
 * Every Socket.IO event the server sends to open tabs (server → client), with its payload. The
 * server publishes them after a commit (services/realtime); the web's socket listens for them.
 */
export interface RealtimeEvents {
  'chat:message': (message: ChatMessage) => void;
  'chat:conversation': (conversation: ChatConversation) => void;
  /** To the company: a consultant reported a placement on its advertisement (it may object). */
  'placement:reported': (event: PlacementReportedEvent) => void;
  /** To both parties of an introduction: it was made, moved, declared known, revived or seen. */
  'introduction:changed': (event: IntroductionEvent) => void;
  /** To the company and the consultant of a placement: an invoice was issued or a guarantee claim filed or decided. */
  'billing:changed': (event: BillingChangedEvent) => void;
  /** To the user: a new notification (null: only the unread count changed, e.g. read in another tab). */
  'notification:new': (event: NotificationEvent) => void;
  /** To every signed-in socket: an advertisement was published or reactivated ('N neue Inserate'). */
  'jobs:published': (event: JobsPublishedEvent) => void;
}

/** The name of a server → client event. */
export type RealtimeEventName = keyof RealtimeEvents;

/** The payload of one server → client event. */
export type RealtimePayload<E extends RealtimeEventName> = Parameters<RealtimeEvents[E]>[0];
