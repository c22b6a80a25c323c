import fp from 'fastify-plugin';
import { and, asc, gt, inArray, isNull, max, count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Realtime } from '../realtime';
import { presentNotification } from './centre';

/**
 * Tells open tabs about new notifications (`notification:new` with the unread count), whatever
 * code path wrote them — a command, the alert worker, another instance. Each instance reads the
 * rows after the last id it saw and emits only to its own sockets (publishLocal), so with several
 * instances every tab hears each entry once.
 */
export class NotificationPump {
  private lastId: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly options: {
      db: Db;
      realtime: Realtime;
      tickMs?: number;
      log?: { warn(obj: object, msg: string): void };
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      void this.runOnce().catch((err: unknown) => this.options.log?.warn({ err }, 'notification pump failed'));
    }, this.options.tickMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Emits what arrived since the last run; returns the number of entries announced. */
  runOnce(): Promise<number> {
    this.running ??= this.pump().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pump(): Promise<number> {
    const { db, realtime } = this.options;
    if (this.lastId === undefined) {
      const [row] = await db.select({ last: max(notifications.id) }).from(notifications);
      this.lastId = Number(row?.last ?? 0);
      return 0;
    }
    const rows = await db
      .select()
      .from(notifications)
      .where(gt(notifications.id, this.lastId))
      .orderBy(asc(notifications.id))
      .limit(500);
    if (rows.length === 0) return 0;
    this.lastId = rows[rows.length - 1]!.id;
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const unread = await db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    const unreadOf = new Map(unread.map((u) => [u.userId, u.n]));
    for (const row of rows) {
      realtime.publishLocal({
        name: 'notification:new',
        to: { userIds: [row.userId] },
        payload: { notification: presentNotification(row), unread: unreadOf.get(row.userId) ?? 0 },
      });
    }
    return rows.length;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Started by startup.ts (tests run it by hand). */
    notificationPump: NotificationPump;
  }
}

/** One pump per instance, stopped with the app. */
export const notificationPumpPlugin = fp(
  async (app) => {
    const pump = new NotificationPump({ db: app.db, realtime: app.realtime, log: app.log });
    app.decorate('notificationPump', pump);
    app.addHook('onClose', () => pump.stop());
  },
  { name: 'notification-pump', dependencies: ['realtime'] },
);
