import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExportStatus } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, type ChatUser } from '../../../test/support/chat-fixtures';
import { download, exportWorker, mailedExportToken, requestExport, unzip } from '../../../test/support/data-export';
import { StorageUnavailableError, type FileStorage } from '../../lib/storage';
import { runRetention } from '../retention/service';

/**
 * The failure paths of the data export: a store that cannot take the ZIP (disk full, S3 away),
 * a worker killed between upload and commit, the retention run. The user is never mailed a link
 * to a ZIP that is not completely stored, and no half ZIP is ever served.
 */

let ctx: TestContext;

interface ExportRow {
  status: string;
  attempts: number;
  storage_key: string | null;
  building_key: string | null;
  token_hash: string | null;
  last_error: string | null;
  due_later: boolean;
}

const rowOf = async (user: ChatUser) =>
  (
    await ctx.database.query<ExportRow>(
      `SELECT status, attempts, storage_key, building_key, token_hash, last_error, next_attempt_at > now() AS due_later
       FROM data_exports WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [user.id],
    )
  )[0]!;

const mailsTo = async (user: ChatUser) => {
  await ctx.deliverMail();
  return ctx.smtp.messages.filter((m) => m.to.includes(user.email)).length;
};

const latestState = async (user: ChatUser) =>
  (await ctx.request({ method: 'GET', url: '/api/data-exports/latest', token: user.token })).json<{
    data: DataExportStatus;
  }>().data.state;

/** The app's store, except that it refuses every new file as a full disk does. */
function fullDisk(storage: FileStorage): FileStorage {
  return Object.assign(Object.create(storage) as FileStorage, {
    putStream: () => Promise.reject(new StorageUnavailableError('disk store: Error: ENOSPC: no space left on device')),
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
});
afterAll(async () => {
  await ctx?.close();
});

describe('Data export failures', () => {
  it('When the store cannot take the ZIP (disk full), then the request waits for a retry, no link is mailed, and a later run builds it', async () => {
    const user = await createChatUser(ctx.app, 'company');
    await requestExport(ctx, user.token);
    expect(await exportWorker(ctx, { storage: fullDisk(ctx.app.storage) }).runOnce()).toBe(0);
    expect(await rowOf(user)).toMatchObject({
      status: 'pending',
      attempts: 1,
      storage_key: null,
      token_hash: null,
      due_later: true,
      last_error: expect.stringContaining('ENOSPC'),
    });
    expect(await mailsTo(user)).toBe(0);
    expect(await latestState(user)).toBe('in_arbeit');
    // Not before its retry time, then built and mailed.
    expect(await exportWorker(ctx).runOnce()).toBe(0);
    await ctx.database.query(`UPDATE data_exports SET next_attempt_at = now() WHERE user_id = $1`, [user.id]);
    expect(await exportWorker(ctx).runOnce()).toBe(1);
    expect(await rowOf(user)).toMatchObject({ status: 'ready', attempts: 2, building_key: null });
    expect(await mailsTo(user)).toBe(1);
  });

  it('When a worker was killed after its upload and before its commit, then nothing is served, and after the lease another worker builds it and removes the orphan', async () => {
    const user = await createChatUser(ctx.app, 'consultant');
    await requestExport(ctx, user.token);
    // What a killed worker leaves: a lease that runs out, a claimed attempt, a complete file nobody points at.
    const orphan = await ctx.app.storage.put(Buffer.from('PK half of a zip'), 'zip');
    await ctx.database.query(
      `UPDATE data_exports SET locked_by = 'killed', locked_until = now() + interval '1 hour', attempts = 1, building_key = $2
       WHERE user_id = $1`,
      [user.id, orphan],
    );
    expect(await latestState(user)).toBe('in_arbeit');
    expect(await exportWorker(ctx).runOnce()).toBe(0); // the lease still holds
    expect(await ctx.app.storage.stat(orphan)).not.toBeNull();

    await ctx.database.query(`UPDATE data_exports SET locked_until = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expect(await exportWorker(ctx).runOnce()).toBe(1);
    expect(await ctx.app.storage.stat(orphan)).toBeNull();
    const row = await rowOf(user);
    expect(row).toMatchObject({ status: 'ready', attempts: 2, building_key: null });
    expect(row.storage_key).not.toBe(orphan);
    const res = await download(ctx, user.token, await mailedExportToken(ctx, user.email));
    expect(res.statusCode).toBe(200);
    expect((await unzip(res.rawPayload)).has('konto.json')).toBe(true);
  });

  it('When another worker took the request over while this one uploaded, then this one commits nothing and removes its file', async () => {
    const user = await createChatUser(ctx.app, 'consultant');
    await requestExport(ctx, user.token);
    let uploaded = '';
    const takenOver = Object.assign(Object.create(ctx.app.storage) as FileStorage, {
      putStream: async (key: string, stream: Readable, size: number) => {
        await ctx.app.storage.putStream(key, stream, size);
        uploaded = key;
        // Meanwhile the lease ran out and another instance claimed the request.
        await ctx.database.query(`UPDATE data_exports SET locked_by = 'other instance' WHERE user_id = $1`, [user.id]);
      },
    });
    expect(await exportWorker(ctx, { storage: takenOver }).runOnce()).toBe(0);
    expect(uploaded).not.toBe('');
    expect(await ctx.app.storage.stat(uploaded)).toBeNull();
    expect(await rowOf(user)).toMatchObject({ status: 'pending', storage_key: null, token_hash: null });
    expect(await mailsTo(user)).toBe(0);
  });

  it('When a request failed too often, then it is marked failed and the account may ask again', async () => {
    const user = await createChatUser(ctx.app, 'company');
    await requestExport(ctx, user.token);
    await ctx.database.query(`UPDATE data_exports SET attempts = 7 WHERE user_id = $1`, [user.id]);
    await exportWorker(ctx, { storage: fullDisk(ctx.app.storage) }).runOnce();
    expect(await rowOf(user)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(await latestState(user)).toBe('fehlgeschlagen');
    expect(await mailsTo(user)).toBe(0);
    expect((await requestExport(ctx, user.token)).statusCode).toBe(202);
  });

  it('When the retention run finds a ZIP past its seven days, then the file is deleted and the export counts as expired', async () => {
    const user = await createChatUser(ctx.app, 'consultant');
    await requestExport(ctx, user.token);
    await exportWorker(ctx).runOnce();
    const { storage_key: key } = await rowOf(user);
    expect(await ctx.app.storage.stat(key!)).not.toBeNull();
    const dry = await runRetention(ctx.app.db, {
      now: new Date(Date.now() + 8 * 86_400_000),
      dryRun: true,
      publicUrl: ctx.config.publicUrl,
      registerSecret: ctx.config.registerSecret,
    });
    expect(dry.dataExports).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.storage.stat(key!)).not.toBeNull();
    await runRetention(ctx.app.db, {
      now: new Date(Date.now() + 8 * 86_400_000),
      dryRun: false,
      publicUrl: ctx.config.publicUrl,
      registerSecret: ctx.config.registerSecret,
      storage: ctx.app.storage,
    });
    expect(await ctx.app.storage.stat(key!)).toBeNull();
    expect(await rowOf(user)).toMatchObject({ status: 'expired', storage_key: null });
  });
});
