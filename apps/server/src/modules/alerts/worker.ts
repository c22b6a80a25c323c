import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { processAlertEvents, type ProcessedEvents } from './events';
import { sendDueNotificationMails } from '../../services/notifications/mail-batching';

/**
 * The alert worker: every few seconds it takes the pending advertisement events (matches,
 * watch notices) and sends the notification mails that are due. Runs on every instance; the
 * claims in events.ts and mails.ts make each piece of work happen once. 'sofort' searches hear of
 * a new advertisement within one tick (default 5 s) — well inside the promised minute.
 */
export interface AlertWorkerOptions {
  db: Db;
  now: () => Date;
  publicUrl: string;
  secret: string;
  tickMs?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** After the commit: advertisements to announce to open browsers. */
  onPublished?: (published: ProcessedEvents['published']) => void;
}

export class AlertWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<{ events: number; mails: number }> | undefined;
  private closing = false;

  constructor(private readonly options: AlertWorkerOptions) {}

  start(): void {
    this.timer = setInterval(() => {
      void this.runOnce().catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) this.options.log.warn({ err }, 'alert worker: database unavailable');
        else this.options.log.error({ err }, 'alert worker failed');
      });
    }, this.options.tickMs ?? 5000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Works off every pending event, then the due mails. */
  runOnce(): Promise<{ events: number; mails: number }> {
    this.running ??= this.work().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async work(): Promise<{ events: number; mails: number }> {
    const { db, now, publicUrl, secret } = this.options;
    let events = 0;
    for (;;) {
      const processed = await processAlertEvents(db, now());
      events += processed.events;
      if (processed.published.length > 0) this.options.onPublished?.(processed.published);
      if (processed.events === 0 || this.closing) break;
    }
    const mails = await sendDueNotificationMails(db, { now: now(), publicUrl, secret });
    return { events, mails };
  }
}
