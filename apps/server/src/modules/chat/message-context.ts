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

/** Who sends a text message: the account and the token version its session carries (re-checked at the write). */
export interface MessageSender {
  id: number;
  tokenVersion: number;
}

/** The parties a committed message is published to: the conversation's consultant and company. */
export type MessageParties = [consultantId: number | null, companyId: number | null];

/** Called right after the commit, before the mail notice: the parties hear of the message first. */
export type MessagePublisher = (message: ChatMessage, parties: MessageParties) => Promise<void>;
