import { describe, expect, it } from 'vitest';
import type { Introduction } from '@pb/core';
import { createChatUser, createJob, minimalPdf } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { multipartBody } from '../../../test/support/multipart';
import { answerConsent, confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { runRetention } from '../retention/service';
import { verifyRegister } from './register-verify';

/**
 * The introductions register (issue 11): retention of candidate data and fingerprints, and a consultant's
 * account deletion — the register still verifies.
 */

const { ctx, company, consultant, at, person, introduced, detail, move } = introductionsSuite();

describe('The register', () => {
  it('When retention runs, then candidate data goes 7 months after a rejection (24 with consent), fingerprints after 12 months, and the register still verifies', async () => {
    at('2028-08-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const cvBody = multipartBody([{ field: 'cv', name: 'CV.pdf', data: minimalPdf() }], {
      advertisement: String(job.id),
      ...person(),
      profile: JSON.stringify(TEST_PROFILE),
    });
    const withCv = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...cvBody });
    const gone = withCv.json<{ data: Introduction }>().data;
    // Both agreed (issue 35; a rejection before that would delete the data at once), the second
    // also to her data being kept longer: that is now the candidate's own answer, not the consultant's.
    await confirmCandidate(ctx, gone.id);
    const kept = (await introduced(consultant, job.id, person(), { confirm: false })).data;
    expect((await answerConsent(ctx, kept.id, 'confirm', { keepLonger: true })).statusCode).toBe(200);
    await move(company, gone.id, 'abgesagt', 'Frau Muster passt nicht');
    await move(company, kept.id, 'abgesagt', 'Passt nicht');

    const [stored] = await ctx.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM uploads WHERE id = $1',
      [gone.cv!.id],
    );
    expect(await ctx.app.storage.stat(stored!.storage_key)).not.toBeNull();
    const run = async (iso: string) => {
      // The accounts stay in use (the unused-account rule is not under test here).
      await ctx.database.query('UPDATE users SET last_login = $1', [new Date(iso)]);
      return runRetention(ctx.app.db, {
        registerSecret: ctx.config.registerSecret,
        now: new Date(iso),
        dryRun: false,
        publicUrl: 'http://localhost:3000',
        storage: ctx.app.storage,
      });
    };
    const early = await run('2029-02-28T09:00:00Z'); // 6 months and 27 days
    expect(early.introductionPersonalData).not.toContain(gone.id);
    const due = await run('2029-03-02T09:00:00Z'); // 7 months + 1 day
    expect(due.introductionPersonalData).toContain(gone.id);
    expect(due.introductionPersonalData).not.toContain(kept.id);

    const after = (await detail(company, gone.id)).body.data;
    expect(after.candidate).toBeNull();
    expect(after.cv).toBeNull();
    expect(after.personalDataDeletedAt).toBe('2029-03-02T09:00:00.000Z');
    expect(after.timeline.find((t) => t.status === 'abgesagt')!.note).toBeNull();
    expect(await ctx.app.storage.stat(stored!.storage_key)).toBeNull();
    const [message] = await ctx.database.query<{ message: string }>(
      'SELECT m.message FROM chat_messages m JOIN introductions i ON i.message_id = m.id WHERE i.id = $1',
      [gone.id],
    );
    expect(message!.message).toContain('personenbezogene Daten');
    expect(message!.message).not.toContain('Muster');
    expect(await ctx.database.query('SELECT 1 FROM uploads WHERE id = $1', [gone.cv!.id])).toEqual([]);

    const fingerprints = await run('2029-08-02T09:00:00Z'); // 12 months + 1 day after the introduction
    expect(fingerprints.introductionFingerprints).toEqual(expect.arrayContaining([gone.id, kept.id]));
    const [fp] = await ctx.database.query<{ email_fingerprint: string | null; candidate_salt: string | null }>(
      'SELECT email_fingerprint, candidate_salt FROM introductions WHERE id = $1',
      [kept.id],
    );
    expect(fp).toEqual({ email_fingerprint: null, candidate_salt: null });
    const keptView = await detail(company, kept.id);
    expect(keptView.status, JSON.stringify(keptView.body)).toBe(200);
    expect(keptView.body.data.candidate).not.toBeNull(); // consent: 24 months
    expect((await run('2030-08-02T09:00:00Z')).introductionPersonalData).toContain(kept.id);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  it("When retention deletes the data of a declared introduction, then the company's 'Bereits bekannt' message in the chat loses its note too", async () => {
    at('2031-02-02T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const { data } = await introduced(consultant, job.id);
    const declared = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${data.id}/already-known`,
      token: company.token,
      payload: { data: { note: 'Frau Muster hat sich im Jänner direkt beworben.' } },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    const later = new Date('2032-02-03T09:00:00Z'); // 12 months + 1 day, never rejected
    await ctx.database.query('UPDATE users SET last_login = $1', [later]);
    const result = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: later,
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      storage: ctx.app.storage,
    });
    expect(result.introductionPersonalData).toContain(data.id);
    const messages = await ctx.database.query<{ message: string }>(
      'SELECT message FROM chat_messages WHERE chat_id = $1 ORDER BY id',
      [data.conversationId],
    );
    expect(messages.map((m) => m.message).join('\n')).not.toContain('Muster');
    expect(messages.map((m) => m.message)).toContain(
      `Bereits bekannt (Vorstellung Nr. ${data.id}) (personenbezogene Daten nach Ablauf der Aufbewahrungsfrist gelöscht)`,
    );
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  it("When a consultant deletes the account, then the company keeps the evidence without the consultant's name", async () => {
    at('2030-09-01T09:00:00Z');
    const leaving = await createChatUser(ctx.app, 'consultant', 'Scheidende Beraterin');
    const job = await createJob(ctx.app.db, company.id, { bonus: 11 });
    const { data } = await introduced(leaving, job.id);
    // A live introduction keeps an account (issue 28): the company closes it first.
    expect((await move(company, data.id, 'abgesagt', 'Kein Bedarf')).statusCode).toBe(200);
    const res = await ctx.request({ method: 'DELETE', url: `/api/users/${leaving.id}`, token: leaving.token });
    expect(res.statusCode, res.body).toBe(200);
    const kept = (await detail(company, data.id)).body.data;
    expect(kept).toMatchObject({ consultant: { id: null, name: null }, bonus: 11, introducedAt: data.introducedAt });
    expect(kept.timeline.at(-1)!.kind).toBe('consultant_removed');
    const [row] = await ctx.database.query<{ email_fingerprint: string | null }>(
      'SELECT email_fingerprint FROM introductions WHERE id = $1',
      [data.id],
    );
    expect(row!.email_fingerprint).not.toBeNull();
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });
});
