import { z } from 'zod';
import { CHAT_MESSAGE_PAGE_MAX, chatMessageTextSchema, MSG } from '@pb/core';
import { idSchema } from '../../lib/http-schemas';

/** Request schemas of the chat routes that are not in @pb/core (query, bodies, the message helper). */

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
