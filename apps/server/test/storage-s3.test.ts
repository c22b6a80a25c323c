import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatConversation, type ChatMessage, type Introduction } from '@pb/core';
import { createTestContext, type TestContext } from './helpers';
import { tinyPng } from './support/account-fixtures';
import { confirmCandidate, TEST_PROFILE } from './support/candidate-consent';
import { createChatUser, createJob, minimalPdf, type ChatUser } from './support/chat-fixtures';
import { multipartBody } from './support/multipart';
import { startOwnS3, type OwnS3 } from './support/own-s3';
import { expectStorage503, storeKeys } from './support/storage-checks';

/**
 * The whole app on an S3-compatible bucket (s3rver, a real S3-protocol server started
 * here): every kind of file goes there and back through the same authorised routes, and
 * while the bucket is down every upload is a German 503 with nothing written to the database.
 */

let s3: OwnS3;
let ctx: TestContext;
let company: ChatUser;
let consultant: ChatUser;
let stranger: ChatUser;
let conversationId: number;
let jobId: number;

const count = async (table: string) =>
  Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
const tables = ['uploads', 'chat_messages', 'introductions', 'introduction_events', 'job_attachments'];
const counts = () => Promise.all(tables.map(count));

const bucketKeys = () => storeKeys(ctx.app.storage);

function sendFile(user: ChatUser, name: string) {
  const { payload, headers } = multipartBody([{ name, data: minimalPdf(name) }], { message: 'Datei anbei' });
  return ctx.request({
    method: 'POST',
    url: `/api/chat-communications/${conversationId}/messages`,
    token: user.token,
    payload,
    headers,
  });
}

function uploadProfileImage(user: ChatUser) {
  const { payload, headers } = multipartBody([{ name: 'bild.png', type: 'image/png', data: tinyPng() }]);
  return ctx.request({ method: 'POST', url: '/api/upload', token: user.token, payload, headers });
}

function attach(user: ChatUser) {
  const { payload, headers } = multipartBody([{ name: 'Stellenprofil.pdf', data: minimalPdf('profil') }]);
  return ctx.request({ method: 'POST', url: `/api/jobs/${jobId}/attachments`, token: user.token, payload, headers });
}

let personCounter = 0;
function introduceWithCv(user: ChatUser) {
  personCounter += 1;
  const fields = {
    advertisement: String(jobId),
    firstName: 'Eva',
    lastName: `S3-${personCounter}`,
    email: `eva.s3.${personCounter}@example.at`,
    profile: JSON.stringify(TEST_PROFILE),
  };
  const body = multipartBody([{ field: 'cv', name: 'Lebenslauf.pdf', data: minimalPdf('cv') }], fields);
  return ctx.request({ method: 'POST', url: '/api/introductions', token: user.token, ...body });
}

beforeAll(async () => {
  s3 = await startOwnS3();
  ctx = await createTestContext({ env: { ...s3.env, RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company');
  consultant = await createChatUser(ctx.app, 'consultant');
  stranger = await createChatUser(ctx.app, 'consultant');
  const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
  jobId = job.id;
  const opened = await ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: consultant.token,
    payload: { advertisement: jobId, message: 'Guten Tag' },
  });
  conversationId = opened.json<{ data: ChatConversation }>().data.id;
});
afterAll(async () => {
  await ctx?.close();
  await s3?.cleanup();
});

describe('Files on S3-compatible storage', () => {
  it('When the app is configured with S3_*, then it uses the bucket and readiness reports it', async () => {
    expect(ctx.app.storage.kind).toBe('s3');
    const ready = await ctx.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', storage: { status: 'up', kind: 's3' } });
  });

  it('When chat files, a CV, a document and a profile image are uploaded, then they land in the bucket and download only for those allowed', async () => {
    const sent = await sendFile(consultant, 'Lebenslauf.pdf');
    expect(sent.statusCode, sent.body).toBe(201);
    const file = sent.json<{ data: ChatMessage }>().data.files[0]!;
    const download = await ctx.request({ method: 'GET', url: file.url, token: company.token });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(minimalPdf('Lebenslauf.pdf'))).toBe(true);
    expect(download.headers['content-length']).toBe(String(minimalPdf('Lebenslauf.pdf').length));
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await ctx.request({ method: 'GET', url: file.url, token: stranger.token })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: file.url })).statusCode).toBe(401);

    const introduced = await introduceWithCv(consultant);
    expect(introduced.statusCode, introduced.body).toBe(201);
    const created = introduced.json<{ data: Introduction }>().data;
    const cv = created.cv!;
    // The company gets the CV once the candidate agreed (issue 35).
    await confirmCandidate(ctx, created.id);
    expect((await ctx.request({ method: 'GET', url: cv.url, token: company.token })).rawPayload).toEqual(
      minimalPdf('cv'),
    );

    expect((await attach(company)).statusCode).toBe(201);
    const image = await uploadProfileImage(consultant);
    expect(image.statusCode, image.body).toBe(200);

    const rows = await ctx.database.query<{ storage_key: string }>('SELECT storage_key FROM uploads');
    expect(rows).toHaveLength(4);
    expect((await bucketKeys()).sort()).toEqual(rows.map((r) => r.storage_key).sort());
  });

  it('When the bucket is down, then every upload is a German 503 and nothing is written; texts still go; downloads are 503; readiness stays 200 and names it', async () => {
    const keysBefore = await bucketKeys();
    const [fileRow] = await ctx.database.query<{ id: number }>(
      `SELECT id FROM uploads WHERE purpose = 'chat_file' ORDER BY id LIMIT 1`,
    );
    const before = await counts();
    await s3.stop();
    try {
      expectStorage503(await sendFile(consultant, 'Zeugnis.pdf'));
      expectStorage503(await introduceWithCv(consultant));
      expectStorage503(await attach(company));
      expectStorage503(await uploadProfileImage(stranger));
      expect(await counts()).toEqual(before);

      expectStorage503(await ctx.request({ method: 'GET', url: `/api/files/${fileRow!.id}`, token: company.token }));
      // The bucket is every instance's: taking this one out of the balancer would help nobody.
      const ready = await ctx.request({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'up' },
        storage: { status: 'down' },
      });

      // A message without files needs no store.
      const text = await ctx.request({
        method: 'POST',
        url: `/api/chat-communications/${conversationId}/messages`,
        token: company.token,
        payload: { message: 'Nur Text geht weiterhin.' },
      });
      expect(text.statusCode).toBe(201);
    } finally {
      await s3.start();
    }
    expect(await bucketKeys()).toEqual(keysBefore);
    const again = await sendFile(consultant, 'Zeugnis.pdf');
    expect(again.statusCode, again.body).toBe(201);
    expect((await ctx.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('When a row points to an object that is gone from the bucket, then its download is a 404, not a 500', async () => {
    const sent = await sendFile(consultant, 'Weg.pdf');
    const file = sent.json<{ data: ChatMessage }>().data.files[0]!;
    const [row] = await ctx.database.query<{ storage_key: string }>('SELECT storage_key FROM uploads WHERE id = $1', [
      file.id,
    ]);
    await ctx.app.storage.remove(row!.storage_key);
    expect((await ctx.request({ method: 'GET', url: file.url, token: company.token })).statusCode).toBe(404);
  });
});
