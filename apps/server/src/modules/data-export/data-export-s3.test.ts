import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, minimalPdf } from '../../../test/support/chat-fixtures';
import {
  download,
  exportWorker,
  mailedExportToken,
  requestExport,
  sendChatFile,
  unzip,
} from '../../../test/support/data-export';
import { startOwnS3, type OwnS3 } from '../../../test/support/own-s3';

/**
 * The data export on an S3-compatible bucket (s3rver, a real S3-protocol server): the chat files
 * are read from the bucket into the ZIP, the ZIP goes back into it; while the bucket is down the
 * request waits for a retry and nobody is mailed a link.
 */

let s3: OwnS3;
let ctx: TestContext;

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of ctx.app.storage.list()) keys.push(entry.key);
  return keys;
}

beforeAll(async () => {
  s3 = await startOwnS3();
  ctx = await createTestContext({ env: { ...s3.env, RATE_LIMIT_FACTOR: '100' } });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.cleanup();
});

describe('Data export on S3', () => {
  it('When the export is built on S3, then the ZIP holds the chat file from the bucket and is removed after the download', async () => {
    const company = await createChatUser(ctx.app, 'company');
    const consultant = await createChatUser(ctx.app, 'consultant');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const opened = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload: { advertisement: job.id, message: 'Hallo' },
    });
    const chatId = opened.json<{ data: ChatConversation }>().data.id;
    await sendChatFile(ctx, company, chatId, 'Zeugnis.pdf', '');

    expect((await requestExport(ctx, consultant.token)).statusCode).toBe(202);
    expect(await exportWorker(ctx).runOnce()).toBe(1);
    const [row] = await ctx.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM data_exports WHERE user_id = $1',
      [consultant.id],
    );
    expect(await bucketKeys()).toContain(row!.storage_key);
    const res = await download(ctx, consultant.token, await mailedExportToken(ctx, consultant.email));
    expect(res.statusCode, res.body).toBe(200);
    const entries = await unzip(res.rawPayload);
    const received = [...entries.keys()].find((name) => name.endsWith('-Zeugnis.pdf'));
    expect(received && entries.get(received)).toEqual(minimalPdf('Zeugnis.pdf'));
    await expect.poll(bucketKeys).not.toContain(row!.storage_key);
  });

  it('When the bucket is down while the export is built, then no link is mailed and the export is built once the bucket is back', async () => {
    const user = await createChatUser(ctx.app, 'company');
    expect((await requestExport(ctx, user.token)).statusCode).toBe(202);
    await s3.stop();
    try {
      expect(await exportWorker(ctx).runOnce()).toBe(0);
    } finally {
      await s3.start();
    }
    const [waiting] = await ctx.database.query<{ status: string; storage_key: string | null; last_error: string }>(
      'SELECT status, storage_key, last_error FROM data_exports WHERE user_id = $1',
      [user.id],
    );
    expect(waiting).toMatchObject({ status: 'pending', storage_key: null, last_error: expect.stringContaining('S3') });
    await ctx.deliverMail();
    expect(ctx.smtp.messages.filter((m) => m.to.includes(user.email))).toEqual([]);

    await ctx.database.query('UPDATE data_exports SET next_attempt_at = now() WHERE user_id = $1', [user.id]);
    expect(await exportWorker(ctx).runOnce()).toBe(1);
    const res = await download(ctx, user.token, await mailedExportToken(ctx, user.email));
    expect(res.statusCode).toBe(200);
  });
});
