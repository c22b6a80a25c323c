import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTRODUCTION_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { rewriteChainWithoutKey } from '../../../test/support/register-tampering';
import { TEST_PROFILE } from '../../../test/support/candidate-consent';
import { Scheduler } from '../../services/scheduler';
import { type ChainValue } from './register-chain';
import { anchorRegister, registerAnchorJob, sealLegacyRegister, sealRegisterOnStart } from './register-anchor';
import { verifyRegister } from './register-verify';

/**
 * Issue 28 item 9 from the side of someone with database access but without REGISTER_SECRET:
 * a chain rewritten with correctly recomputed hashes, a replaced head, MACs stripped to pass
 * for entries from before the key. And the anchors outside the database: the daily office mail
 * (once across instances) and the seal of a register from before migration 0026.
 */

let ctx: TestContext;
let clock = new Date('2027-05-03T09:00:00Z'); // Monday 11:00 in Vienna
let company: ChatUser;
let consultant: ChatUser;
let job: { id: number };
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company');
  consultant = await createChatUser(ctx.app, 'consultant');
  job = await createJob(ctx.app.db, company.id, { bonus: 14 });
  for (let i = 0; i < 3; i += 1) expect((await introduce()).statusCode).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
});

function introduce() {
  people += 1;
  return ctx.request({
    method: 'POST',
    url: '/api/introductions',
    token: consultant.token,
    payload: {
      advertisement: job.id,
      firstName: 'Jana',
      lastName: `Test${people}`,
      email: `jana.${people}@example.at`,
      profile: TEST_PROFILE,
    },
  });
}

const verify = () => verifyRegister(ctx.app.db, ctx.config.registerSecret);
const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => ctx.database.query<T>(sql, params);

interface EntryRow {
  id: number;
  content: { [key: string]: ChainValue };
  prev_hash: string;
  hash: string;
  mac: string | null;
}

/** Runs SQL behind the append-only trigger. */
async function behindTrigger(task: () => Promise<void>): Promise<void> {
  await query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
  try {
    await task();
  } finally {
    await query('ALTER TABLE introduction_events ENABLE TRIGGER USER');
  }
}

/** Snapshot of entries and head, to put the register back after a case. */
async function snapshot(): Promise<() => Promise<void>> {
  const entries = await query<EntryRow>(
    'SELECT id, content, prev_hash, hash, mac FROM introduction_events ORDER BY id',
  );
  const [head] = await query('SELECT * FROM register_head');
  return () =>
    behindTrigger(async () => {
      for (const e of entries) {
        await query('UPDATE introduction_events SET content = $2, prev_hash = $3, hash = $4, mac = $5 WHERE id = $1', [
          e.id,
          JSON.stringify(e.content),
          e.prev_hash,
          e.hash,
          e.mac,
        ]);
      }
      await query('DELETE FROM register_head');
      if (head) {
        await query(
          'INSERT INTO register_head (id, entry_id, hash, entries, legacy_entries, mac, updated_at) VALUES (true, $1, $2, $3, $4, $5, $6)',
          [head['entry_id'], head['hash'], head['entries'], head['legacy_entries'], head['mac'], head['updated_at']],
        );
      }
    });
}

describe('The register against someone with the database but not the key', () => {
  it('When an entry is rewritten and every later hash recomputed (a consistent chain without the key), then the MACs and the head expose it', async () => {
    expect((await verify()).problems).toEqual([]);
    const restore = await snapshot();
    // The first introduction's bonus doubled, then the chain made consistent again.
    let rewritten = 0;
    await behindTrigger(async () => {
      rewritten = await rewriteChainWithoutKey(query, (index, content) =>
        index === 0 ? { ...content, bonus: 28 } : content,
      );
    });
    await query(
      'UPDATE introductions SET bonus = 28 WHERE id = (SELECT introduction_id FROM introduction_events ORDER BY id LIMIT 1)',
    );
    const { problems } = await verify();
    const links = problems.filter((p) => /Verkettung|Inhalt verändert/.test(p.problem));
    expect(links).toEqual([]); // the hashes alone no longer tell
    expect(problems.filter((p) => /MAC ungültig/.test(p.problem))).toHaveLength(rewritten);
    expect(problems).toContainEqual(
      expect.objectContaining({ problem: expect.stringMatching(/gekürzt oder verändert/) }),
    );
    // Stripping the MACs to pass the entries off as older than the key does not help either.
    await behindTrigger(() => query('UPDATE introduction_events SET mac = NULL').then(() => undefined));
    expect((await verify()).problems).toContainEqual(
      expect.objectContaining({ problem: 'Eintrag ohne MAC nach Einführung des Registerschlüssels' }),
    );
    await restore();
    await query('UPDATE introductions SET bonus = 14');
    expect((await verify()).problems).toEqual([]);
  });

  it('When the newest entries are cut and the head is pointed at the new end without the key, then verify says so and the application refuses to append (German 503)', async () => {
    const restore = await snapshot();
    const [last] = await query<{ id: number; introduction_id: number }>(
      'SELECT id, introduction_id FROM introduction_events ORDER BY id DESC LIMIT 1',
    );
    const saved = await query('SELECT * FROM introduction_events WHERE id = $1', [last!.id]);
    await behindTrigger(async () => {
      await query('DELETE FROM introduction_events WHERE id = $1', [last!.id]);
      await query(
        'UPDATE register_head SET entry_id = e.id, hash = e.hash, entries = entries - 1 FROM (SELECT id, hash FROM introduction_events ORDER BY id DESC LIMIT 1) e',
      );
    });
    expect((await verify()).problems).toContainEqual(
      expect.objectContaining({ problem: expect.stringMatching(/Registerkopf: MAC ungültig/) }),
    );
    // Appending now would give the cut chain a fresh, valid head: refused until someone looked.
    const refused = await introduce();
    expect(refused.statusCode).toBe(503);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(INTRODUCTION_MSG.registerLocked);

    await behindTrigger(async () => {
      const e = saved[0]!;
      await query(
        'INSERT INTO introduction_events (id, introduction_id, kind, content, note, prev_hash, hash, mac, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [
          e['id'],
          e['introduction_id'],
          e['kind'],
          JSON.stringify(e['content']),
          e['note'],
          e['prev_hash'],
          e['hash'],
          e['mac'],
          e['created_at'],
        ],
      );
    });
    await restore();
    expect((await verify()).problems).toEqual([]);
    expect((await introduce()).statusCode).toBe(201);
  });
  it('When the head is deleted, every MAC stripped and an entry rewritten (a forged register passed off as one from before the key), then appends are refused (German 503), the start does not seal it and verify says so', async () => {
    const restore = await snapshot();
    await behindTrigger(async () => {
      await rewriteChainWithoutKey(query, (index, content) => (index === 0 ? { ...content, bonus: 28 } : content));
      await query('UPDATE introduction_events SET mac = NULL');
      await query('DELETE FROM register_head');
    });
    await query(
      'UPDATE introductions SET bonus = 28 WHERE id = (SELECT introduction_id FROM introduction_events ORDER BY id LIMIT 1)',
    );
    // The next append would seal the forgery with a fresh, valid head: refused instead.
    const refused = await introduce();
    expect(refused.statusCode).toBe(503);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(INTRODUCTION_MSG.registerLocked);
    const deps = { db: ctx.app.db, registerSecret: ctx.config.registerSecret, officeEmail: 'office@example.test' };
    expect((await sealRegisterOnStart(deps, clock)).state).toBe('unsealed');
    expect((await introduce()).statusCode).toBe(503);
    expect((await verify()).problems).toContainEqual(
      expect.objectContaining({ entryId: null, problem: expect.stringMatching(/ohne Registerkopf und ohne MAC/) }),
    );

    await restore();
    await query('UPDATE introductions SET bonus = 14');
    expect((await verify()).problems).toEqual([]);
    expect((await introduce()).statusCode).toBe(201);
  });

  it('When the newest entry is stripped of its MAC under a valid head, then the append is refused', async () => {
    const restore = await snapshot();
    await behindTrigger(() =>
      query('UPDATE introduction_events SET mac = NULL WHERE id = (SELECT max(id) FROM introduction_events)').then(
        () => undefined,
      ),
    );
    expect((await introduce()).statusCode).toBe(503);
    await restore();
    expect((await introduce()).statusCode).toBe(201);
  });
});

describe('Anchors outside the database', () => {
  it('When the daily anchor is due on two instances, then the office gets exactly one mail with hash, count, last entry, time and MAC', async () => {
    clock = new Date('2027-05-04T04:30:00Z'); // 06:30 Vienna, after the anchor hour
    const jobs = [
      registerAnchorJob({
        db: ctx.app.db,
        registerSecret: ctx.config.registerSecret,
        officeEmail: 'office@example.test',
      }),
    ];
    const silent = { warn: () => undefined, error: () => undefined };
    const a = new Scheduler({ db: ctx.app.db, log: silent, jobs, now: () => clock, instance: 'a' });
    const b = new Scheduler({ db: ctx.app.db, log: silent, jobs, now: () => clock, instance: 'b' });
    const ran = (await Promise.all([a.tick(), b.tick()])).flat();
    expect(ran).toEqual(['register-anchor']);
    expect(await a.tick()).toEqual([]);

    const report = await verify();
    await ctx.deliverMail();
    const mails = ctx.smtp.messages.filter((m) => m.subject.startsWith('Registeranker'));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain(`Hash des Registerkopfs: ${report.head.hash}`);
    expect(text).toContain(`Einträge:              ${report.entries}`);
    expect(text).toContain(`Letzter Eintrag:       ${report.head.entryId}`);
    expect(text).toContain(`Zeitpunkt:             ${clock.toISOString()}`);
    expect(text).toMatch(/MAC \(REGISTER_SECRET\): [0-9a-f]{64}/);
    expect(text).toContain(`npm run register:verify -- --anchor ${report.head.hash}`);
  });

  it('When a register from before the key (no MACs, no head) meets the new version, then nothing seals it by itself; the one explicit seal with the count from before the update does, the office is told, and a later MAC-less entry is refused', async () => {
    const count = (await verify()).entries;
    await behindTrigger(async () => {
      await query('UPDATE introduction_events SET mac = NULL');
      await query('DELETE FROM register_head');
    });
    expect((await verify()).problems).toEqual([
      expect.objectContaining({ problem: expect.stringMatching(/ohne Registerkopf und ohne MAC/) }),
    ]);
    const deps = { db: ctx.app.db, registerSecret: ctx.config.registerSecret, officeEmail: 'office@example.test' };
    // Neither the start, nor the daily anchor, nor an append seals it: that would also seal a forgery.
    expect(await sealRegisterOnStart(deps, clock)).toEqual({ state: 'unsealed', legacyEntries: 0 });
    expect((await anchorRegister(deps, clock)).valid).toBe(false);
    expect((await introduce()).statusCode).toBe(503);
    // The count the operator kept from register:verify before the update must match.
    expect(await sealLegacyRegister(deps, count + 1, clock)).toEqual({
      state: 'refused',
      reason: 'count',
      entries: count,
    });
    expect(await sealLegacyRegister(deps, count, clock)).toEqual({ state: 'sealed', legacyEntries: count });
    expect(await sealLegacyRegister(deps, count, clock)).toEqual({ state: 'refused', reason: 'head', entries: count });
    expect(await sealRegisterOnStart(deps, clock)).toEqual({ state: 'ok', legacyEntries: count });
    const sealed = await verify();
    expect(sealed.problems).toEqual([]);
    expect(sealed.legacyEntries).toBe(count);
    await ctx.deliverMail();
    expect(
      ctx.smtp.messages.some((m) => m.text.includes(`${count} Einträge aus der Zeit vor dem Registerschlüssel`)),
    ).toBe(true);

    // New entries are keyed; one of them stripped of its MAC is no "old" entry.
    expect((await introduce()).statusCode).toBe(201);
    expect((await verify()).problems).toEqual([]);
    await behindTrigger(() =>
      query('UPDATE introduction_events SET mac = NULL WHERE id = (SELECT max(id) FROM introduction_events)').then(
        () => undefined,
      ),
    );
    expect((await verify()).problems).toContainEqual(
      expect.objectContaining({ problem: 'Eintrag ohne MAC nach Einführung des Registerschlüssels' }),
    );
    expect((await introduce()).statusCode).toBe(503);
  });
});
