import { z } from './zod';
import {
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from './constants';
import { MSG } from './messages';

/** The public contact form (spec §5); its texts are in MSG (contact*). */

export const contactSchema = z
  .object({
    firstname: z
      .string({ error: MSG.contactAllRequired })
      .trim()
      .min(1, MSG.contactAllRequired)
      .max(CONTACT_NAME_MAX_LENGTH),
    lastname: z
      .string({ error: MSG.contactAllRequired })
      .trim()
      .min(1, MSG.contactAllRequired)
      .max(CONTACT_NAME_MAX_LENGTH),
    company: z
      .string({ error: MSG.contactAllRequired })
      .trim()
      .min(1, MSG.contactAllRequired)
      .max(CONTACT_COMPANY_MAX_LENGTH),
    email: z
      .string({ error: MSG.contactAllRequired })
      .trim()
      .min(1, MSG.contactAllRequired)
      .pipe(z.email({ error: MSG.contactInvalidEmail }).max(EMAIL_MAX_LENGTH)),
    message: z
      .string({ error: MSG.contactAllRequired })
      .trim()
      .min(1, MSG.contactAllRequired)
      .max(CONTACT_MESSAGE_MAX_LENGTH),
  })
  .strict();
export type ContactRequest = z.infer<typeof contactSchema>;

/** POST /api/contact (201): the stored message's id and the thank-you text. */
export const contactResultSchema = z.object({ id: z.number(), message: z.string() });
export type ContactResult = z.infer<typeof contactResultSchema>;
