import { z } from 'zod';
import { MSG } from './messages';

/** The public contact form (spec §5); its texts are in MSG (contact*). */

export const contactSchema = z
  .object({
    firstname: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(100),
    lastname: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(100),
    company: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(200),
    email: z
      .string({ error: MSG.contactAllRequired })
      .trim()
      .min(1, MSG.contactAllRequired)
      .pipe(z.email({ error: MSG.contactInvalidEmail }).max(254)),
    message: z.string({ error: MSG.contactAllRequired }).trim().min(1, MSG.contactAllRequired).max(5000),
  })
  .strict();
export type ContactRequest = z.infer<typeof contactSchema>;

/** POST /api/contact (201): the stored message's id and the thank-you text. */
export const contactResultSchema = z.object({ id: z.number(), message: z.string() });
export type ContactResult = z.infer<typeof contactResultSchema>;
