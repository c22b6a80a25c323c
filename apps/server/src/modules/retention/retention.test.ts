import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { monthsBefore } from '../../lib/months';
import { runRetention } from './service';

const NOW = new Date('2026-06-15T10:00:00Z');

describe('runRetention', () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};

  async function user(key: string, role: string, values: { created: string; lastLogin?: string; warned?: string }) {
    const [row] = await ctx.database.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, role, confirmed, created_at, last_login, retention_warned_at)
       VALUES ($1, $2, 'x', $3, true, $4, $5, $6) RETURNING id`,
      [
        `User ${key}`,
        `${key.toLowerCase()}@example.test`,
        role,
        values.created,
        values.lastLogin ?? null,
        values.warned ?? null,
      ],
    );
    ids[key] = row!.id;
  }

  async function job(key: string, publishedAt: string | null, created: string) {
    const [row] = await ctx.database.query<{ id: number }>(
      `INSERT INTO jobs (owner_id, job_title, working_time, district_id, created_at, published_at)
       VALUES ($1, $2, 'Vollzeit', 1, $3, $4) RETURNING id`,
      [ids['C'], `Inserat ${key}`, created, publishedAt],
    );
    ids[key] = row!.id;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    await user('A', 'company', { created: '2024-01-01T00:00:00Z', lastLogin: '2025-06-01T08:00:00Z' }); // unused → warn
    await user('B', 'consultant', { created: '2025-01-01T00:00:00Z' }); // never logged in → warn
    await user('C', 'consultant', { created: '2024-01-01T00:00:00Z', lastLogin: '2025-07-01T08:00:00Z' }); // active
    await user('D', 'company', {
      created: '2024-01-01T00:00:00Z',
      lastLogin: '2025-01-01T08:00:00Z',
      warned: '2026-05-01T03:00:00Z',
    }); // → delete
    await user('E', 'company', {
      created: '2024-01-01T00:00:00Z',
      lastLogin: '2025-01-01T08:00:00Z',
      warned: '2026-06-01T03:00:00Z',
    }); // waiting
    await user('F', 'consultant', {
      created: '2023-01-01T00:00:00Z',
      lastLogin: '2025-04-01T08:00:00Z',
      warned: '2025-03-01T03:00:00Z',
    }); // logged in after the old warning → warn again
    await user('G', 'admin', { created: '2023-01-01T00:00:00Z', lastLogin: '2024-01-01T08:00:00Z' }); // admins are kept
    await user('H', 'company', { created: '2025-06-16T00:00:00Z' }); // younger than 12 months
    await job('J1', '2025-12-01T09:00:00Z', '2025-12-01T09:00:00Z'); // older than 6 months → deactivate
    await job('J2', '2026-01-01T09:00:00Z', '2026-01-01T09:00:00Z'); // keep
    await job('J3', null, '2024-01-01T09:00:00Z'); // already deactivated
    // Contact messages: one older than 12 months (deleted), one younger (kept).
    await ctx.database.query(
      `INSERT INTO contact_messages (firstname, lastname, company, email, message, created_at) VALUES
       ('Alt', 'A', 'Firma', 'alt@example.test', 'alt', '2025-06-01T00:00:00Z'),
       ('Neu', 'N', 'Firma', 'neu@example.test', 'neu', '2025-07-01T00:00:00Z')`,
    );
    // Outbox: a delivered mail older than 30 days (purged), a recent one and an old undelivered one (kept).
    await ctx.database.query(
      `INSERT INTO mail_outbox (event, to_address, subject, text_body, status, created_at) VALUES
       ('test.old', 'x@example.test', 'alt', 'alt', 'sent', '2026-05-01T00:00:00Z'),
       ('test.new', 'x@example.test', 'neu', 'neu', 'sent', '2026-06-10T00:00:00Z'),
       ('test.dead', 'x@example.test', 'tot', 'tot', 'dead', '2026-05-01T00:00:00Z')`,
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When months are subtracted, then month ends are clamped', () => {
    expect(monthsBefore(new Date('2026-03-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(monthsBefore(NOW, 12).toISOString()).toBe('2025-06-15T10:00:00.000Z');
    expect(monthsBefore(NOW, 6).toISOString()).toBe('2025-12-15T10:00:00.000Z');
  });

  it('When run as a dry run with a fixed clock, then it lists exactly the expected rows and changes nothing', async () => {
    const result = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: NOW,
      dryRun: true,
      publicUrl: 'http://localhost:3000',
    });
    expect(result).toMatchObject({
      ran: true,
      dryRun: true,
      warnedUsers: [ids['A'], ids['B'], ids['F']],
      deletedUsers: [ids['D']],
      deactivatedJobs: [ids['J1']],
      deletedContactMessages: 1,
      purgedMails: 1,
    });
    expect(await ctx.database.query('SELECT id FROM contact_messages')).toHaveLength(2);
    expect(await ctx.database.query(`SELECT id FROM mail_outbox WHERE event LIKE 'test.%'`)).toHaveLength(3);
    expect(result.details).toEqual({
      users: [
        { id: ids['A'], email: 'a@example.test', action: 'warn' },
        { id: ids['B'], email: 'b@example.test', action: 'warn' },
        { id: ids['F'], email: 'f@example.test', action: 'warn' },
        { id: ids['D'], email: 'd@example.test', action: 'delete' },
      ],
      jobs: [{ id: ids['J1'], jobTitle: 'Inserat J1' }],
    });
    expect(await ctx.database.query('SELECT id FROM users WHERE id = $1', [ids['D']])).toHaveLength(1);
    const warned = await ctx.database.query<{ id: number }>(
      'SELECT id FROM users WHERE retention_warned_at IS NOT NULL ORDER BY id',
    );
    expect(warned.map((r) => r.id)).toEqual([ids['D'], ids['E'], ids['F']]);
    const [j1] = await ctx.database.query<{ published_at: Date | null }>(
      'SELECT published_at FROM jobs WHERE id = $1',
      [ids['J1']],
    );
    expect(j1!.published_at).not.toBeNull();
    expect(await ctx.database.query(`SELECT id FROM mail_outbox WHERE event = 'retention.warning'`)).toEqual([]);
    const runs = await ctx.database.query<{ dry_run: boolean; summary: unknown }>(
      'SELECT dry_run, summary FROM retention_runs',
    );
    expect(runs).toEqual([
      {
        dry_run: true,
        summary: {
          warnedUsers: [ids['A'], ids['B'], ids['F']],
          deletedUsers: [ids['D']],
          deactivatedJobs: [ids['J1']],
          deletedContactMessages: 1,
          purgedMails: 1,
          introductionPersonalData: [],
          introductionFingerprints: [],
          guaranteeDocuments: 0,
          placementFingerprints: 0,
          dataExports: 0,
          keptUsers: [],
          formerParties: 0,
        },
      },
    ]);
  });

  it('When run for real, then warnings are mailed, the warned-and-still-unused account is deleted, the old advertisement deactivated; a second run finds nothing', async () => {
    const result = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: NOW,
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      storage: ctx.app.storage,
    });
    expect(result.warnedUsers).toEqual([ids['A'], ids['B'], ids['F']]);
    expect(await ctx.database.query('SELECT id FROM users WHERE id = $1', [ids['D']])).toEqual([]);
    const [j1] = await ctx.database.query<{ published_at: Date | null }>(
      'SELECT published_at FROM jobs WHERE id = $1',
      [ids['J1']],
    );
    expect(j1!.published_at).toBeNull();
    const [a] = await ctx.database.query<{ retention_warned_at: Date }>(
      'SELECT retention_warned_at FROM users WHERE id = $1',
      [ids['A']],
    );
    expect(a!.retention_warned_at.toISOString()).toBe(NOW.toISOString());
    const contacts = await ctx.database.query<{ email: string }>('SELECT email FROM contact_messages');
    expect(contacts).toEqual([{ email: 'neu@example.test' }]);
    const testMails = await ctx.database.query<{ event: string }>(
      `SELECT event FROM mail_outbox WHERE event LIKE 'test.%' ORDER BY event`,
    );
    expect(testMails.map((m) => m.event)).toEqual(['test.dead', 'test.new']);

    expect(await ctx.deliverMail()).toBe(3);
    const recipients = ctx.smtp.messages.map((m) => m.to[0]).sort();
    expect(recipients).toEqual(['a@example.test', 'b@example.test', 'f@example.test']);
    expect(ctx.smtp.messages[0]!.subject).toBe('Ihr Account bei der Prämienbörse wird bald gelöscht');
    expect(ctx.smtp.messages[0]!.text).toContain('15.07.2026');

    const again = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: NOW,
      dryRun: true,
      publicUrl: 'http://localhost:3000',
    });
    expect(again).toMatchObject({ warnedUsers: [], deletedUsers: [], deactivatedJobs: [] });

    // 30 days after the warning the still-unused accounts A, B, F (and E) are due for deletion.
    const later = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: new Date('2026-07-16T10:00:00Z'),
      dryRun: true,
      publicUrl: 'http://localhost:3000',
    });
    expect(later.deletedUsers).toEqual([ids['A'], ids['B'], ids['E'], ids['F']]);
    expect(later.deactivatedJobs).toEqual([ids['J2']]);
  });

  it('When more old advertisements are due than a statement takes parameters, then one run deactivates them all', async () => {
    // 70,000 > 65,535 (PostgreSQL's parameter limit; drizzle's inArray spent one per id and overflowed the stack).
    // Written without the row triggers (replica mode): their alert events and list changes are not what is tested.
    await ctx.database.execScript(
      `BEGIN;
       SET LOCAL session_replication_role = replica;
       INSERT INTO jobs (owner_id, job_title, working_time, district_id, created_at, published_at)
       SELECT ${Number(ids['C'])}, 'Altes Inserat ' || g, 'Vollzeit', 1, '2025-10-01T09:00:00Z', '2025-10-01T09:00:00Z'
       FROM generate_series(1, 70000) g;
       COMMIT;`,
    );
    const result = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: NOW,
      dryRun: false,
      publicUrl: 'http://localhost:3000',
    });
    expect(result.deactivatedJobs).toHaveLength(70_000);
    const [left] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE published_at IS NOT NULL AND published_at < '2025-12-15'`,
    );
    expect(left!.n).toBe(0);
  }, 120_000);
});
