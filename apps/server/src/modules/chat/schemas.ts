import { z } from 'zod';
import { CHAT_MESSAGE_PAGE_MAX, chatMessageTextSchema, MSG } from '@pb/core';
import { idSchema } from '../../lib/http-schemas';

/** Route schemas of the chat (they also make the OpenAPI document). */

/** The German message of the first issue, or the generic one for zod's own English defaults. */
export function issueMessage(error: z.ZodError | undefined): string {
  const message = error?.issues[0]?.message;
  return message && !message.startsWith('Invalid') ? message : MSG.badRequest;
}

export const chatFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
});

export const chatMessageSchema = z.object({
  messageId: z.number(),
  chatId: z.number(),
  message: z.string(),
  username: z.string(),
  userId: z.number().nullable(),
  timestamp: z.string(),
  file_message: z.boolean(),
  files: z.array(chatFileSchema),
});

export const conversationSchema = z.object({
  id: z.number(),
  advertisement: z
    .object({
      id: z.number(),
      jobTitle: z.string(),
      placementBonus: z.number(),
      location: z.object({ street: z.string(), postcode: z.string(), city: z.string() }),
      salary: z.string(),
    })
    .nullable(),
  counterpart: z.object({ id: z.number(), username: z.string() }).nullable(),
  chat_sender_p1: z.number().nullable(),
  chat_receiver_p2: z.number().nullable(),
  last_message_timestamp: z.string(),
  unread_message_p1: z.boolean(),
  unread_message_p2: z.boolean(),
  unread: z.boolean(),
});

export const messagesQuery = z
  .object({
    before: idSchema.optional(),
    limit: z
      .string({ error: MSG.badRequest })
      .regex(/^\d{1,3}$/, MSG.badRequest)
      .transform(Number)
      .pipe(z.number().int(MSG.badRequest).min(1, MSG.badRequest).max(CHAT_MESSAGE_PAGE_MAX, MSG.badRequest))
      .optional(),
  })
  .strict();

/** Body of POST /chat-communications (JSON, or the same fields in multipart). */
export const openConversationBody = z.object({
  advertisement: idSchema,
  message: chatMessageTextSchema.optional().default(''),
});

export const messageBody = z.object({ message: chatMessageTextSchema.optional().default('') });
