import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { MailWorker } from './worker';

/**
 * The mail worker after a database error in the middle of its work (a restart, a freeze): the
 * rows it had leased go out with its next run, not after the two-minute lease — also when the
 * claim committed but its answer never arrived.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.database.query('DELETE FROM mail_outbox');
});

async function enqueue(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await ctx.app.db.insert(mailOutbox).values({
      event: 'worker.test',
      toAddress: `worker-${i}@example.test`,
      subject: 'Test',
      textBody: 'Hallo',
    });
  }
}

async function statusCounts(): Promise<Record<string, number>> {
  const rows = await ctx.database.query<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM mail_outbox GROUP BY status',
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

const databaseGone = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

/** The database as the worker sees it; `failing(n, call)` decides per execute() call (0-based) what happens. */
function flakyDb(failing: (n: number, run: () => Promise<unknown>) => Promise<unknown> | undefined): {
  db: Db;
  calls: () => number;
} {
  let n = 0;
  const db = new Proxy(ctx.database.db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return (query: Parameters<Db['execute']>[0]) => {
        const run = () => target.execute(query);
        const outcome = failing(n, run);
        n += 1;
        return outcome ?? run();
      };
    },
  });
  return { db, calls: () => n };
}

function worker(db: Db): MailWorker {
  return new MailWorker({ db, log: ctx.app.log, smtpUrl: ctx.smtp.url, from: ctx.config.mailFrom });
}

describe('MailWorker after a database error', () => {
  it('When the database goes away while a batch is being sent, then the next run sends the rest at once', async () => {
    await enqueue(3);
    let away = false;
    // Call 0 claims; call 1 marks the first mail sent — then the database is gone.
    const { db } = flakyDb((n) => (away || n === 2 ? ((away = true), Promise.reject(databaseGone())) : undefined));
    const w = worker(db);
    await expect(w.runOnce()).rejects.toThrow('Connection terminated');
    expect(await statusCounts()).toEqual({ sent: 1, pending: 2 });
    away = false;
    const before = ctx.smtp.messages.length;
    // Without handing the batch back, these two would wait for the lease (two minutes).
    await w.runOnce();
    expect(await statusCounts()).toEqual({ sent: 3 });
    // The mail whose 'sent' mark failed goes out again: at least once, never lost.
    expect(ctx.smtp.messages.length - before).toBeGreaterThanOrEqual(2);
    await w.stop();
  });

  it('When a claim commits but its answer is lost, then the next run sends those mails at once', async () => {
    await enqueue(2);
    let lost = true;
    const { db } = flakyDb((n, run) =>
      lost && n === 0 ? run().then(() => Promise.reject(databaseGone())) : undefined,
    );
    const w = worker(db);
    await expect(w.runOnce()).rejects.toThrow('Connection terminated');
    const [leased] = await ctx.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM mail_outbox WHERE locked_until > now()',
    );
    expect(Number(leased!.n)).toBe(2);
    lost = false;
    expect(await w.runOnce()).toBe(2);
    expect(await statusCounts()).toEqual({ sent: 2 });
    await w.stop();
  });

  it("When another worker's claim is unsettled, then this worker leaves its lease alone", async () => {
    await enqueue(1);
    const { db } = flakyDb((n, run) => (n === 0 ? run().then(() => Promise.reject(databaseGone())) : undefined));
    const crashed = worker(db);
    await expect(crashed.runOnce()).rejects.toThrow('Connection terminated');
    await crashed.stop();
    // A second instance sees the row leased by someone else: it must not send it now.
    const other = worker(ctx.database.db);
    expect(await other.runOnce()).toBe(0);
    expect(await statusCounts()).toEqual({ pending: 1 });
    await other.stop();
  });
});
