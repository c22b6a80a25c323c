import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_MSG, type ChatConversation, type DataExportStatus } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { createChatUser, createJob, minimalPdf, type ChatUser } from '../../../test/support/chat-fixtures';
import {
  download,
  exportWorker,
  jsonOf,
  mailedExportToken,
  requestExport,
  sendChatFile,
  unzip,
} from '../../../test/support/data-export';

/**
 * 'Meine Daten herunterladen' end to end on the real app: request → worker → mail → download,
 * the ZIP opened with yauzl and its JSON compared; and every refusal from the side of someone
 * who should not get the data (another account, a stranger, a used or expired link).
 */

let ctx: TestContext;
let company: ChatUser;
let consultant: ChatUser;
let rival: ChatUser;
let jobId: number;
let conversationId: number;

async function introduce(user: ChatUser, lastName: string) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/introductions',
    token: user.token,
    payload: {
      advertisement: jobId,
      firstName: 'Eva',
      lastName,
      email: 'eva.kandidat@example.at',
      profile: TEST_PROFILE,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The candidate agrees: the company received the candidate's data (issue 35).
  await confirmCandidate(ctx, res.json<{ data: { id: number } }>().data.id);
}

/** Requests, builds and downloads an export of `user`; the ZIP's entries. */
async function exportOf(user: ChatUser) {
  const requested = await requestExport(ctx, user.token);
  expect(requested.statusCode, requested.body).toBe(202);
  expect(await exportWorker(ctx).runOnce()).toBe(1);
  const token = await mailedExportToken(ctx, user.email);
  const res = await download(ctx, user.token, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return { entries: await unzip(res.rawPayload), token };
}

const latest = async (user: ChatUser) =>
  (await ctx.request({ method: 'GET', url: '/api/data-exports/latest', token: user.token })).json<{
    data: DataExportStatus | null;
  }>().data;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company', 'Bau Huber GmbH');
  consultant = await createChatUser(ctx.app, 'consultant', 'Berta Beraterin');
  rival = await createChatUser(ctx.app, 'consultant', 'Rudi Rivale');
  jobId = (await createJob(ctx.app.db, company.id, { bonus: 15, jobTitle: 'Polier/in' })).id;
  const opened = await ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: consultant.token,
    payload: { advertisement: jobId, message: 'Guten Tag, ich hätte eine Kandidatin.' },
  });
  conversationId = opened.json<{ data: ChatConversation }>().data.id;
  await sendChatFile(ctx, consultant, conversationId, 'Lebenslauf Eva.pdf', 'Anbei');
  await introduce(consultant, 'Export');
  // Another consultant introduces the same person: neither that consultant nor the claim may reach Berta's ZIP.
  await ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: rival.token,
    payload: { advertisement: jobId, message: 'Hallo von Rudi' },
  });
  await introduce(rival, 'Export');
});
afterAll(async () => {
  await ctx?.close();
});

describe('Data export (DSGVO Art. 15/20)', () => {
  it('When a consultant requests its data, then the worker builds one ZIP, mails a link, and the ZIP holds its data and files', async () => {
    expect(await latest(consultant)).toBeNull();
    const { entries } = await exportOf(consultant);
    expect([...entries.keys()]).toEqual([
      'README.txt',
      'konto.json',
      'bilder.json',
      'sicherheit.json',
      'nachrichten.json',
      'vorstellungen.json',
      'vermittlungen-und-rechnungen.json',
      'bewertungen.json',
      'benachrichtigungen.json',
      'suchauftraege.json',
      'protokoll.json',
      expect.stringMatching(/^dateien\/nachrichten\/\d+\/\d+-Lebenslauf Eva\.pdf$/),
    ]);
    expect(jsonOf(entries, 'konto.json')).toEqual({
      kontonummer: consultant.id,
      name: 'Berta Beraterin',
      eMail: consultant.email,
      rolle: 'Personalberater',
      eMailBestaetigt: true,
      gesperrt: false,
      registriertAm: expect.any(String),
      zustimmungAgbUndDatenschutzAm: expect.any(String),
      letzteAnmeldung: null,
      offeneEMailAenderung: null,
    });
    const chat = jsonOf(entries, 'nachrichten.json') as {
      gespraeche: Array<{ gespraech: { id: number }; nachrichten: Array<{ message: string; dateienImZip: string[] }> }>;
    };
    expect(chat.gespraeche).toHaveLength(1);
    expect(chat.gespraeche[0]!.gespraech.id).toBe(conversationId);
    expect(chat.gespraeche[0]!.nachrichten.map((m) => m.message)).toEqual([
      'Guten Tag, ich hätte eine Kandidatin.',
      'Anbei',
      expect.stringContaining('Kandidat'),
    ]);
    const filePath = chat.gespraeche[0]!.nachrichten[1]!.dateienImZip[0]!;
    expect(entries.get(filePath)).toEqual(minimalPdf('Lebenslauf Eva.pdf'));
    const intros = jsonOf(entries, 'vorstellungen.json') as { vorstellungen: Array<Record<string, unknown>> };
    expect(intros.vorstellungen).toHaveLength(1);
    expect(intros.vorstellungen[0]).toMatchObject({ consultant: { id: consultant.id } });
    expect(entries.get('README.txt')!.toString('utf8')).toContain('vorstellungen.json');

    const everything = [...entries.entries()]
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    // Never another consultant's identity, a fingerprint, a password hash or a token.
    expect(everything).not.toContain('Rudi Rivale');
    expect(everything).not.toContain(rival.email);
    expect(everything).not.toMatch(/fingerprint|password|passwordHash|tokenHash|token_hash|candidateSalt/i);
    expect((await latest(consultant))?.state).toBe('heruntergeladen');
  });

  it('When a company requests its data, then its advertisements with bonus history, the conversations and the candidate data it received are in the ZIP', async () => {
    const { entries } = await exportOf(company);
    const ads = jsonOf(entries, 'inserate.json') as {
      inserate: Array<{
        inserat: { id: number; jobTitle: string };
        praemienverlauf: Array<{ praemieProzent: number }>;
      }>;
    };
    expect(ads.inserate.map((a) => [a.inserat.id, a.inserat.jobTitle])).toEqual([[jobId, 'Polier/in']]);
    expect(ads.inserate[0]!.praemienverlauf).toEqual([{ praemieProzent: 15, seit: expect.any(String) }]);
    const chat = jsonOf(entries, 'nachrichten.json') as { gespraeche: unknown[] };
    expect(chat.gespraeche).toHaveLength(2);
    const intros = jsonOf(entries, 'vorstellungen.json') as { vorstellungen: Array<Record<string, unknown>> };
    expect(intros.vorstellungen).toHaveLength(2);
    expect(JSON.stringify(intros)).toContain('eva.kandidat@example.at');
    expect([...entries.keys()]).not.toContain('suchauftraege.json');
  });

  it('When someone else uses the link, it was used, it expired or nobody is signed in, then the download is refused in German', async () => {
    const requested = await requestExport(ctx, rival.token);
    expect(requested.statusCode).toBe(202);
    await exportWorker(ctx).runOnce();
    const token = await mailedExportToken(ctx, rival.email);

    const visitor = await download(ctx, undefined, token);
    expect(visitor.statusCode).toBe(401);
    const stranger = await createChatUser(ctx.app, 'company');
    for (const other of [stranger, consultant]) {
      const res = await download(ctx, other.token, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ data: null, error: { status: 404, message: DATA_EXPORT_MSG.unknownLink } });
    }
    const malformed = await download(ctx, rival.token, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { message: DATA_EXPORT_MSG.invalidToken } });
    const unknown = await download(ctx, rival.token, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);

    expect((await download(ctx, rival.token, token)).statusCode).toBe(200);
    const again = await download(ctx, rival.token, token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: { status: 410, message: DATA_EXPORT_MSG.used } });
    // The ZIP is gone from the store once downloaded.
    await vi.waitFor(async () => {
      const [row] = await ctx.database.query<{ storage_key: string | null }>(
        'SELECT storage_key FROM data_exports WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [rival.id],
      );
      expect(row!.storage_key).toBeNull();
    });

    // A second export whose seven days are over.
    await ctx.database.query(`UPDATE data_exports SET requested_at = now() - interval '2 days' WHERE user_id = $1`, [
      rival.id,
    ]);
    expect((await requestExport(ctx, rival.token)).statusCode).toBe(202);
    await exportWorker(ctx).runOnce();
    const expiring = await mailedExportToken(ctx, rival.email);
    await ctx.database.query(
      `UPDATE data_exports SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND status = 'ready'`,
      [rival.id],
    );
    expect((await latest(rival))?.state).toBe('abgelaufen');
    const expired = await download(ctx, rival.token, expiring);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: { status: 410, message: DATA_EXPORT_MSG.expired } });
  });

  it('When an account asks again while its export is being built or too often a day, then it is refused (409, 429)', async () => {
    const user = await createChatUser(ctx.app, 'consultant');
    expect((await requestExport(ctx, user.token)).statusCode).toBe(202);
    expect(await latest(user)).toMatchObject({ state: 'in_arbeit', canRequest: false });
    const running = await requestExport(ctx, user.token);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({ error: { message: DATA_EXPORT_MSG.alreadyRunning } });
    await exportWorker(ctx).runOnce();
    expect(await latest(user)).toMatchObject({ state: 'bereit', canRequest: true });
    const first = await mailedExportToken(ctx, user.email);
    expect((await requestExport(ctx, user.token)).statusCode).toBe(202);
    // The new request supersedes the undownloaded export: its link no longer works.
    expect((await download(ctx, user.token, first)).statusCode).toBe(410);
    await exportWorker(ctx).runOnce();
    expect((await requestExport(ctx, user.token)).statusCode).toBe(202);
    await exportWorker(ctx).runOnce();
    const fourth = await requestExport(ctx, user.token);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: { status: 429, message: DATA_EXPORT_MSG.tooMany } });
  });

  it('When two workers find the same request, then it is built once and mailed once', async () => {
    const user = await createChatUser(ctx.app, 'company');
    await requestExport(ctx, user.token);
    const before = ctx.smtp.messages.length;
    const built = await Promise.all([exportWorker(ctx).runOnce(), exportWorker(ctx).runOnce()]);
    expect(built.sort()).toEqual([0, 1]);
    await ctx.deliverMail();
    expect(ctx.smtp.messages.slice(before).filter((m) => m.to.includes(user.email))).toHaveLength(1);
    const rows = await ctx.database.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM data_exports WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ status: 'ready', attempts: 1 }]);
  });

  it('When the account is deleted, then its pending request and its finished ZIP go with it', async () => {
    const user = await createChatUser(ctx.app, 'consultant');
    await requestExport(ctx, user.token);
    await exportWorker(ctx).runOnce();
    const [ready] = await ctx.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM data_exports WHERE user_id = $1',
      [user.id],
    );
    expect(await ctx.app.storage.stat(ready!.storage_key)).not.toBeNull();
    await ctx.database.query(`UPDATE data_exports SET requested_at = now() - interval '2 days' WHERE user_id = $1`, [
      user.id,
    ]);
    // A ready export stays readable while a second one is pending; both go with the account.
    await ctx.database.query(`UPDATE data_exports SET status = 'downloaded' WHERE user_id = $1`, [user.id]);
    await requestExport(ctx, user.token);
    const deleted = await ctx.request({ method: 'DELETE', url: `/api/users/${user.id}`, token: user.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.database.query('SELECT id FROM data_exports WHERE user_id = $1', [user.id])).toEqual([]);
    expect(await ctx.app.storage.stat(ready!.storage_key)).toBeNull();
    expect(await exportWorker(ctx).runOnce()).toBe(0);
  });
});
