import { mailOutbox, type MailCalendar } from '../db/schema';
import type { Db } from '../db/client';

export interface OutgoingMail {
  /** What caused the mail (for logs and the back office), e.g. 'contact', 'auth.confirm'. */
  event: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** The invoice whose stored PDF the worker attaches (issue 12). */
  invoiceId?: number | undefined;
  /** The reminder whose stored PDF the worker attaches (issue 34). */
  dunningNoticeId?: number | undefined;
  /** The credit note (Gutschrift) whose stored PDF the worker attaches (issue 34). */
  creditNoteId?: number | undefined;
  /** Extra headers (List-Unsubscribe …). */
  headers?: Record<string, string> | undefined;
  /** A calendar invitation, update or cancellation (text/calendar) sent with the mail. */
  calendar?: MailCalendar | undefined;
}

/**
 * Mails are never sent inline: they are rows in mail_outbox written in the same
 * transaction as the change that caused them, and the worker delivers them.
 * Pass the transaction as `db` to make the mail part of it.
 */
export async function enqueueMail(db: Pick<Db, 'insert'>, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      event: mail.event,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      invoiceId: mail.invoiceId ?? null,
      dunningNoticeId: mail.dunningNoticeId ?? null,
      creditNoteId: mail.creditNoteId ?? null,
      headers: mail.headers ?? null,
      calendar: mail.calendar ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * One letter to several addresses (each once), as text and simple HTML from its paragraphs with an
 * optional button link; in the caller's transaction.
 */
export async function enqueueLetters(
  db: Pick<Db, 'insert'>,
  letter: {
    to: readonly string[];
    event: string;
    subject: string;
    paragraphs: string[];
    link?: { href: string; label: string };
  },
): Promise<void> {
  const { paragraphs, link } = letter;
  const text = link ? `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}` : paragraphs.join('\n\n');
  for (const to of new Set(letter.to)) {
    await enqueueMail(db, {
      event: letter.event,
      to,
      subject: letter.subject,
      text,
      html: simpleHtml(paragraphs, link),
    });
  }
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A plain, readable HTML mail body from paragraphs (each escaped) and an optional button link. */
export function simpleHtml(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#0d6efd;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#212529;line-height:1.5">${body}${button}<p style="color:#6c757d;font-size:12px">Prämienbörse</p></body></html>`;
}
