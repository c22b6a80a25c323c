import type { ContactRequest } from '@pb/core';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';

/** Stores a contact message and queues the office mail in one transaction. */
export async function submitContactMessage(
  db: Db,
  input: ContactRequest,
  context: { ip: string; officeEmail: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, ip: context.ip })
      .returning({ id: contactMessages.id });
    const lines = [
      `Neue Nachricht über das Kontaktformular (Nr. ${row!.id}):`,
      `Name: ${input.firstname} ${input.lastname}`,
      `Unternehmen: ${input.company}`,
      `E-Mail: ${input.email}`,
      `Nachricht:\n${input.message}`,
    ];
    await enqueueMail(tx, {
      event: 'contact',
      to: context.officeEmail,
      replyTo: input.email,
      subject: `Kontaktanfrage von ${input.firstname} ${input.lastname} (${input.company})`,
      text: lines.join('\n\n'),
      html: simpleHtml(lines),
    });
    return row!.id;
  });
}
