import type { ChatMessage } from '@pb/core';
import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';

/** What a message write needs and tells: its input, its context (storage, clock, links), sender, parties and publisher. */

export interface NewMessage {
  text: string;
  files: UploadedFile[];
}

export interface MessageContext {
  storage: FileStorage;
  publicUrl: string;
  now: Date;
  /** Signs the one-click unsubscribe link of the notice mail (services/notifications/unsubscribe.ts); none: no link. */
  unsubscribeSecret?: string | undefined;
  /** Where a notice that could not be queued is reported (the batched mail sends it instead). */
  log?: { warn(details: object, message: string): void } | undefined;
}

/** The message context of a request or socket event: storage, public URL and the app clock. */
export function messageContext(app: Pick<FastifyInstance, 'storage' | 'config' | 'now' | 'log'>): MessageContext {
  return {
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    now: app.now(),
    unsubscribeSecret: app.config.jwtSecret,
    log: app.log,
  };
}

/**
 * Who sends a text message: the account, the token version and the session whose membership it
 * acts for (all re-checked at the write).
 */
export interface MessageSender {
  id: number;
  tokenVersion: number;
  sessionId: string;
}

/** The conversation a committed message is published to: the members of both its organisations. */
export interface MessageParties {
  id: number;
  agencyOrganisationId: number | null;
  companyOrganisationId: number | null;
  /** Who reads it, when the write already knows (the text message's statement): no query before delivery. */
  readerIds?: readonly number[];
}

/** Called right after the commit, before the mail notice: the parties hear of the message first. */
export type MessagePublisher = (message: ChatMessage, conversation: MessageParties) => Promise<void>;
