import { expect } from 'vitest';
import yauzl from 'yauzl';
import { DataExportWorker } from '../../src/modules/data-export/worker';
import type { FileStorage } from '../../src/lib/storage';
import type { TestContext } from '../helpers';
import { latestMailTo } from './account-fixtures';
import { minimalPdf, type ChatUser } from './chat-fixtures';
import { multipartBody } from './multipart';

/** Test helpers for data exports: a worker on the test app, the mailed token, the ZIP opened with yauzl. */

export function exportWorker(ctx: TestContext, options: { storage?: FileStorage; leaseMs?: number } = {}) {
  return new DataExportWorker({
    db: ctx.app.db,
    storage: options.storage ?? ctx.app.storage,
    log: ctx.app.log,
    publicUrl: ctx.config.publicUrl,
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
  });
}

/** `user` sends a PDF named `name` (its bytes: minimalPdf(name)) with `message` into the conversation. */
export async function sendChatFile(ctx: TestContext, user: ChatUser, chatId: number, name: string, message: string) {
  const { payload, headers } = multipartBody([{ name, data: minimalPdf(name) }], { message });
  const res = await ctx.request({
    method: 'POST',
    url: `/api/chat-communications/${chatId}/messages`,
    token: user.token,
    payload,
    headers,
  });
  expect(res.statusCode, res.body).toBe(201);
}

export async function requestExport(ctx: TestContext, token: string) {
  return ctx.request({ method: 'POST', url: '/api/data-exports', token, payload: {} });
}

/** The token of the newest export mail to `address` (from the link's #fragment). */
export async function mailedExportToken(ctx: TestContext, address: string): Promise<string> {
  const mail = await latestMailTo(ctx, address, /data-export#/);
  const match = /http:\/\/localhost:3000\/data-export#([\w-]{43})/.exec(mail.text);
  if (!match?.[1]) throw new Error('no data export link in mail');
  return match[1];
}

export function download(ctx: TestContext, bearer: string | undefined, exportToken: unknown) {
  return ctx.request({
    method: 'POST',
    url: '/api/data-exports/download',
    ...(bearer ? { token: bearer } : {}),
    payload: { token: exportToken },
  });
}

/** Every entry of a ZIP (read with yauzl, a real unzip library): name → bytes. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve());
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return entries;
}

export function jsonOf(entries: Map<string, Buffer>, name: string): unknown {
  const bytes = entries.get(name);
  expect(bytes, `${name} in the ZIP`).toBeDefined();
  return JSON.parse(bytes!.toString('utf8')) as unknown;
}
