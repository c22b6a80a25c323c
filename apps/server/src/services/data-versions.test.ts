import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { DataVersionReader, type DataVersions } from './data-versions';

/**
 * The shared version read (services/data-versions): many requests share one statement, and none is
 * answered with a read that was sent before it arrived — so no request sees versions older than
 * a commit that finished before it came.
 */

/** A version source whose reads stay open until the test settles them. */
function controlledSource() {
  let committed = 0;
  const pending: Array<{ resolve: (v: DataVersions) => void; reject: (e: Error) => void; seen: number }> = [];
  return {
    commit: () => (committed += 1),
    pending,
    source: () =>
      new Promise<DataVersions>((resolve, reject) => {
        // A statement sees what was committed when it was sent.
        pending.push({ resolve, reject, seen: committed });
      }),
    /** Answers the oldest open read with what it saw. */
    finishOldest(error?: Error) {
      const read = pending.shift();
      if (!read) throw new Error('no read under way');
      if (error) read.reject(error);
      else read.resolve({ jobs: read.seen, accounts: read.seen });
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('DataVersionReader', () => {
  it('When many requests ask at once, then one read serves the first and one more all the others', async () => {
    const c = controlledSource();
    const reader = new DataVersionReader(c.source);
    const answers = Array.from({ length: 50 }, () => reader.read());
    expect(c.pending).toHaveLength(1);
    c.finishOldest();
    await flush();
    expect(c.pending).toHaveLength(1);
    c.finishOldest();
    const results = await Promise.all(answers);
    expect(results).toHaveLength(50);
    expect(reader.reads).toBe(2);
  });

  it('When a commit finishes while a read is under way, then a request arriving after it sees the commit', async () => {
    const c = controlledSource();
    const reader = new DataVersionReader(c.source);
    const early = reader.read();
    c.commit();
    const late = reader.read();
    c.finishOldest();
    expect((await early).jobs).toBe(0);
    await flush();
    c.finishOldest();
    expect((await late).jobs).toBe(1);
  });

  it('When the read under way fails, then only its own callers get the error', async () => {
    const c = controlledSource();
    const reader = new DataVersionReader(c.source);
    const failing = reader.read();
    const joined = reader.read();
    c.finishOldest(new Error('database restarting'));
    await expect(failing).rejects.toThrow('database restarting');
    await flush();
    c.finishOldest();
    await expect(joined).resolves.toEqual({ jobs: 0, accounts: 0 });
    // Nothing stays under way after a failure: the next caller starts a new read at once.
    const after = reader.read();
    expect(c.pending).toHaveLength(1);
    c.finishOldest();
    await expect(after).resolves.toEqual({ jobs: 0, accounts: 0 });
  });
});

describe('DataVersionReader on the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When commits and reads race, then every read returns at least what was committed before it was asked', async () => {
    const reader = ctx.app.dataVersions;
    const readsBefore = reader.reads;
    let known = (await reader.read()).jobs;
    const violations: string[] = [];
    let requests = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 30; i += 1) {
        const [row] = await ctx.database.query<{ version: number }>(
          `UPDATE list_versions SET version = version + 1 WHERE name = 'jobs' RETURNING version`,
        );
        known = Math.max(known, Number(row!.version));
      }
      writing = false;
    })();
    const readerLoop = async () => {
      while (writing) {
        const committedBefore = known;
        const { jobs } = await reader.read();
        requests += 1;
        if (jobs < committedBefore) violations.push(`read ${jobs} after ${committedBefore} was committed`);
      }
    };
    await Promise.all([writer, ...Array.from({ length: 8 }, readerLoop)]);
    expect(violations).toEqual([]);
    expect(requests).toBeGreaterThan(0);
    // Shared: fewer statements than requests.
    expect(reader.reads - readsBefore).toBeLessThanOrEqual(requests + 1);
  });
});
