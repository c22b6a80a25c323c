import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { creditNoteFileName, reminderFileName } from '@pb/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { creditNotes, dunningNotices, invoices, type MailCalendar } from '../../db/schema';
import { isDatabaseUnavailable, rootCause } from '../../lib/db-errors';

const BATCH = 20;
const LOCK_SECONDS = 120;
/** After this many failed attempts a row is parked as 'dead' (kept, visible, re-queueable). */
export const MAX_ATTEMPTS = 15;

interface ClaimedMail {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
  invoice_id: number | null;
  dunning_notice_id: number | null;
  credit_note_id: number | null;
  headers: Record<string, string> | null;
  calendar: MailCalendar | null;
}

/** Retry delay: 10 s, 20 s, 40 s … capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface MailWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  intervalMs?: number;
  /** Called when the SMTP server refused a mail or could not be reached (metrics); must not throw. */
  onSendFailure?: ((err: unknown) => void) | undefined;
}

/**
 * Delivers mail_outbox rows. Rows are claimed with FOR UPDATE SKIP LOCKED and a
 * lease (locked_until), so any number of server processes can run a worker.
 * Without SMTP_URL (development) a row counts as delivered once it is logged;
 * it stays readable on /dev/mail.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private transportLoaded: Promise<Transporter> | undefined;
  private stopped = false;
  /**
   * Claims of this worker whose run ended in an error: their rows may still be leased (a claim can
   * commit although its answer is lost). Handed back at the start of the next run.
   */
  private readonly unsettledClaims = new Set<string>();

  constructor(private readonly options: MailWorkerOptions) {}

  /** The SMTP transport, made with the first mail (nodemailer is not loaded at server start); none without SMTP_URL. */
  private transport(): Promise<Transporter> | undefined {
    const url = this.options.smtpUrl;
    if (!url) return undefined;
    this.transportLoaded ??= import('nodemailer').then((m) => m.default.createTransport(url));
    return this.transportLoaded;
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.runOnce()
        .catch((err: unknown) =>
          // The database away (restart, outage) is expected now and then: the next tick retries.
          isDatabaseUnavailable(err)
            ? this.options.log.warn({ err: rootCause(err) }, 'mail worker: database unavailable, will retry')
            : this.options.log.error({ err }, 'mail worker run failed'),
        )
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs ?? 2000);
        });
    };
    this.timer = setTimeout(tick, 50);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
    (await this.transportLoaded?.catch(() => undefined))?.close();
  }

  /** Sends every due row once; returns how many were delivered. Safe to call concurrently. */
  runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.deliverDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async claim(token: string): Promise<ClaimedMail[]> {
    const result = await this.options.db.execute(sql`
      UPDATE mail_outbox SET locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), locked_by = ${token}
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_address, reply_to, subject, text_body, html_body, attempts, invoice_id, dunning_notice_id, credit_note_id, headers, calendar`);
    return (result as unknown as { rows: ClaimedMail[] }).rows.map((r) => ({
      ...r,
      id: Number(r.id),
      invoice_id: r.invoice_id === null ? null : Number(r.invoice_id),
      dunning_notice_id: r.dunning_notice_id === null ? null : Number(r.dunning_notice_id),
      credit_note_id: r.credit_note_id === null ? null : Number(r.credit_note_id),
    }));
  }

  private async deliverDue(): Promise<number> {
    await this.releaseUnsettled();
    let delivered = 0;
    for (;;) {
      if (this.stopped) return delivered;
      const token = randomUUID();
      // Settled once every row of the batch is sent, rescheduled or handed back; an error on the
      // way (the database away) leaves it for releaseUnsettled().
      this.unsettledClaims.add(token);
      const batch = await this.claim(token);
      if (batch.length === 0) {
        this.unsettledClaims.delete(token);
        return delivered;
      }
      for (const [index, mail] of batch.entries()) {
        if (this.stopped) {
          // Shutting down: the mail being sent has finished; hand the rest back at once
          // (their lease would keep other instances from sending them for minutes).
          await this.release(batch.slice(index).map((m) => m.id));
          this.unsettledClaims.delete(token);
          return delivered;
        }
        let sent = false;
        try {
          await this.send(mail);
          sent = true;
          await this.options.db.execute(
            sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, locked_until = NULL, locked_by = NULL, last_error = NULL WHERE id = ${mail.id}`,
          );
          delivered += 1;
        } catch (err) {
          // Only the SMTP side counts as a send failure; a database error after sending does not.
          if (!sent) this.options.onSendFailure?.(err);
          const attempts = mail.attempts + 1;
          const message = err instanceof Error ? err.message : String(err);
          this.options.log.warn({ mailId: mail.id, attempts, err: message }, 'mail delivery failed, will retry');
          await this.options.db.execute(sql`
            UPDATE mail_outbox SET attempts = ${attempts}, last_error = ${message.slice(0, 1000)}, locked_until = NULL, locked_by = NULL,
              status = ${attempts >= MAX_ATTEMPTS ? 'dead' : 'pending'},
              next_attempt_at = now() + make_interval(secs => ${backoffSeconds(attempts)})
            WHERE id = ${mail.id}`);
        }
      }
      this.unsettledClaims.delete(token);
      if (batch.length < BATCH) return delivered;
    }
  }

  /**
   * Rows still leased by claims of this worker that ended in an error, back to pending at once:
   * a mail whose sending had finished before the error may go out again (at least once, as after
   * an expired lease), none waits out the lease.
   */
  private async releaseUnsettled(): Promise<void> {
    if (this.unsettledClaims.size === 0) return;
    const tokens = [...this.unsettledClaims];
    await this.options.db.execute(sql`
      UPDATE mail_outbox SET locked_until = NULL, locked_by = NULL
      WHERE status = 'pending' AND locked_by IN (${sql.join(
        tokens.map((t) => sql`${t}`),
        sql`, `,
      )})`);
    for (const token of tokens) this.unsettledClaims.delete(token);
  }

  private async release(ids: number[]): Promise<void> {
    await this.options.db.execute(
      sql`UPDATE mail_outbox SET locked_until = NULL, locked_by = NULL WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND status = 'pending'`,
    );
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const transport = this.transport();
    if (!transport) {
      const links = [...mail.text_body.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      this.options.log.info(
        { mailId: mail.id, to: mail.to_address, subject: mail.subject, links },
        'mail kept in dev mailbox (no SMTP_URL): /dev/mail',
      );
      return;
    }
    const attachments = [
      ...(mail.invoice_id === null ? [] : await this.invoiceAttachment(mail.invoice_id)),
      ...(mail.dunning_notice_id === null ? [] : await this.reminderAttachment(mail.dunning_notice_id)),
      ...(mail.credit_note_id === null ? [] : await this.creditNoteAttachment(mail.credit_note_id)),
    ];
    await (
      await transport
    ).sendMail({
      from: this.options.from,
      to: mail.to_address,
      ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
      subject: mail.subject,
      text: mail.text_body,
      ...(mail.html_body ? { html: mail.html_body } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      // An invitation as calendar clients expect it: a text/calendar part with its METHOD.
      ...(mail.calendar
        ? { icalEvent: { method: mail.calendar.method, filename: 'einladung.ics', content: mail.calendar.content } }
        : {}),
    });
  }

  /** The stored PDF of an invoice mail, read when it is sent (the outbox row only names it). */
  private async invoiceAttachment(invoiceId: number) {
    const [invoice] = await this.options.db
      .select({ number: invoices.number, kind: invoices.kind, pdf: invoices.pdf })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .limit(1);
    if (!invoice) throw new Error(`invoice ${invoiceId} of a queued mail does not exist`);
    const name = invoice.kind === 'korrektur' ? 'Korrekturrechnung' : 'Rechnung';
    return [{ filename: `${name}-${invoice.number}.pdf`, content: invoice.pdf, contentType: 'application/pdf' }];
  }

  /** The stored PDF of a reminder (issue 34), read when its mail is sent. */
  private async reminderAttachment(noticeId: number) {
    const [notice] = await this.options.db
      .select({ level: dunningNotices.level, number: invoices.number, pdf: dunningNotices.pdf })
      .from(dunningNotices)
      .innerJoin(invoices, eq(invoices.id, dunningNotices.invoiceId))
      .where(eq(dunningNotices.id, noticeId))
      .limit(1);
    if (!notice) throw new Error(`reminder ${noticeId} of a queued mail does not exist`);
    return [
      { filename: reminderFileName(notice.level, notice.number), content: notice.pdf, contentType: 'application/pdf' },
    ];
  }

  /** The stored PDF of a self-billing credit note (issue 34), read when its mail is sent. */
  private async creditNoteAttachment(creditNoteId: number) {
    const [note] = await this.options.db
      .select({ number: creditNotes.number, pdf: creditNotes.pdf })
      .from(creditNotes)
      .where(eq(creditNotes.id, creditNoteId))
      .limit(1);
    if (!note) throw new Error(`credit note ${creditNoteId} of a queued mail does not exist`);
    return [{ filename: creditNoteFileName(note.number), content: note.pdf, contentType: 'application/pdf' }];
  }
}
