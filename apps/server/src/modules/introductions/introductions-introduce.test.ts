import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSENT_MSG, INTRODUCTION_MSG, INTRODUCTION_PITCH_MAX_LENGTH, type Introduction } from '@pb/core';
import { createJob, minimalPdf } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { multipartBody } from '../../../test/support/multipart';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';

/**
 * The introductions register (issue 11): introducing a candidate — the locked bonus and server time,
 * visibility, the CV, a failed transaction, form errors — and 'Bereits bekannt' without the conversation.
 */

const suite = introductionsSuite();
const { ctx, company, otherCompany, consultant, second, admin } = suite;
const { at, person, introduce, introduced, detail, count, mailsTo } = suite;

describe('Introducing a candidate', () => {
  it('When a consultant introduces a candidate, then the server time and the bonus in force are locked and the chat carries it', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { jobTitle: 'Rezeptionist/in', bonus: 18 });
    const candidate = person();
    const { data, meta } = await introduced(consultant, job.id, candidate);
    expect(meta.notice).toBeNull();
    expect(data).toMatchObject({
      introducedAt: '2026-12-04T09:00:00.000Z',
      bonus: 18,
      status: 'neu',
      claim: 'live',
      subordinate: false,
      seen: false,
      candidate: {
        firstName: 'Eva',
        lastName: candidate.lastName,
        email: candidate.email,
        phone: candidate.phone.replace(/\s/g, ''),
      },
      company: { id: company.id, name: 'Alpenblick Hotels GmbH' },
      consultant: { id: consultant.id, name: 'Sabine Huber Personalberatung' },
    });
    expect(data.hash).toMatch(/^[0-9a-f]{64}$/);

    // A later bonus change never changes it.
    await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: company.token,
      payload: { data: { advertisement: job.id, bonus: 30 } },
    });
    expect((await detail(company, data.id)).body.data.bonus).toBe(18);

    // The introduction is a message of the conversation.
    const messages = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${data.conversationId}/messages`,
      token: company.token,
    });
    // The chat carries the anonymised profile only: the company saw it before the candidate agreed.
    expect(messages.json<{ data: Array<{ message: string }> }>().data.map((m) => m.message)).toContain(
      'Kandidatenvorstellung (anonymisiertes Profil): Rezeptionistin, 5 Jahre Berufserfahrung, Wien',
    );
    expect(messages.body).not.toContain(candidate.lastName);
    // The company is mailed without the candidate's data.
    // (The candidate's confirmation mails the company too; the worker may deliver either first.)
    const mail = (await mailsTo(company.email)).find((m) => m.subject.startsWith('Neue Kandidatenvorstellung'));
    expect(mail!.subject).toBe("Neue Kandidatenvorstellung zu 'Rezeptionist/in'");
    expect(mail!.text).not.toContain(candidate.lastName);
    expect(mail!.text).not.toContain(candidate.email);
  });

  it('When others look, then raw contact data is for the two parties only and strangers get 404; fingerprints never leave the server', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const { data } = await introduced(consultant, job.id);
    const asAdmin = await detail(admin, data.id);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.candidate).toMatchObject({ email: null, phone: null });
    expect(asAdmin.body.data.cv).toBeNull();
    expect((await detail(otherCompany, data.id)).status).toBe(404);
    expect((await detail(second, data.id)).status).toBe(404);
    const raw = JSON.stringify((await detail(consultant, data.id)).body);
    const [row] = await ctx.database.query<{ email_fingerprint: string }>(
      'SELECT email_fingerprint FROM introductions WHERE id = $1',
      [data.id],
    );
    expect(raw).not.toContain(row!.email_fingerprint);
    expect(raw).not.toContain('fingerprint');
  });

  it('When a CV comes as multipart, then it is the chat file of the message; a fake PDF or two files are a 400 and nothing is written', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const fields = { advertisement: String(job.id), ...person(), profile: JSON.stringify(TEST_PROFILE) };
    const good = multipartBody([{ field: 'cv', name: 'Lebenslauf.pdf', data: minimalPdf() }], fields);
    const res = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...good });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: Introduction }>().data;
    const cv = created.cv;
    expect(cv).toMatchObject({ name: 'Lebenslauf.pdf', ext: 'pdf' });
    // The company gets the CV once the candidate agreed (issue 35).
    expect((await ctx.request({ method: 'GET', url: cv!.url, token: company.token })).statusCode).toBe(404);
    await confirmCandidate(ctx, created.id);
    const download = await ctx.request({ method: 'GET', url: cv!.url, token: company.token });
    expect(download.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: cv!.url, token: otherCompany.token })).statusCode).toBe(404);

    const before = await Promise.all(['introductions', 'introduction_events', 'chat_messages', 'uploads'].map(count));
    const fake = multipartBody([{ field: 'cv', name: 'Lebenslauf.pdf', data: Buffer.from('just text') }], {
      ...fields,
      ...person(),
    });
    expect(
      (await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...fake })).statusCode,
    ).toBe(400);
    const two = multipartBody(
      [
        { field: 'cv', name: 'a.pdf', data: minimalPdf() },
        { field: 'cv', name: 'b.pdf', data: minimalPdf() },
      ],
      { ...fields, ...person() },
    );
    expect(
      (await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...two })).statusCode,
    ).toBe(400);
    const after = await Promise.all(['introductions', 'introduction_events', 'chat_messages', 'uploads'].map(count));
    expect(after).toEqual(before);
  });

  it('When the transaction fails after the CV was stored (a duplicate), then the file is removed again and nothing is half-written', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const candidate = person();
    await introduced(consultant, job.id, candidate);
    const files = () => readdirSync(ctx.config.uploadDir, { recursive: true }).filter((f) => String(f).includes('.'));
    const before = {
      files: files().length,
      rows: await Promise.all(['introductions', 'introduction_events', 'chat_messages', 'uploads'].map(count)),
    };
    const again = multipartBody([{ field: 'cv', name: 'Lebenslauf.pdf', data: minimalPdf() }], {
      advertisement: String(job.id),
      ...candidate,
      profile: JSON.stringify(TEST_PROFILE),
    });
    const res = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...again });
    expect(res.statusCode).toBe(409);
    expect(files().length).toBe(before.files);
    expect(await Promise.all(['introductions', 'introduction_events', 'chat_messages', 'uploads'].map(count))).toEqual(
      before.rows,
    );
  });

  it('When the form is incomplete or wrong, then a German 400 names the problem; companies 403; a gone advertisement 404', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const base = { advertisement: job.id, firstName: 'Eva', lastName: 'Muster', profile: TEST_PROFILE };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base }, CONSENT_MSG.emailRequired],
      [{ ...base, email: ' ', phone: '+43 664 1234567' }, CONSENT_MSG.emailRequired],
      [{ ...base, email: 'eva@example.at', phone: '12' }, INTRODUCTION_MSG.invalidPhone],
      [{ ...base, email: 'keine-adresse' }, INTRODUCTION_MSG.invalidEmail],
      [{ ...base, email: 'eva@example.at', firstName: ' ' }, INTRODUCTION_MSG.firstNameRequired],
      [
        { ...base, email: 'eva@example.at', pitch: 'x'.repeat(INTRODUCTION_PITCH_MAX_LENGTH + 1) },
        INTRODUCTION_MSG.pitchTooLong,
      ],
    ];
    const before = await count('introductions');
    for (const [body, message] of cases) {
      const res = await introduce(consultant, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
    }
    expect(await count('introductions')).toBe(before);
    expect((await introduce(company, { ...base, email: 'eva@example.at' })).statusCode).toBe(403);
    const gone = await createJob(ctx.app.db, company.id, { published: false });
    expect((await introduce(consultant, { ...base, advertisement: gone.id, email: 'eva@example.at' })).statusCode).toBe(
      404,
    );
  });
});

describe('Bereits bekannt without the conversation', () => {
  it('When the conversation is gone, then a document is refused in German (it would be lost) and the note alone works', async () => {
    at('2026-12-14T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const { data } = await introduced(consultant, job.id);
    await ctx.database.query('DELETE FROM chat_communications WHERE id = $1', [data.conversationId]);
    const url = `/api/introductions/${data.id}/already-known`;
    const doc = multipartBody([{ field: 'file', name: 'Bewerbung.pdf', data: minimalPdf() }], { note: 'Kannten wir' });
    const refused = await ctx.request({ method: 'POST', url, token: company.token, ...doc });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      INTRODUCTION_MSG.documentWithoutConversation,
    );
    const noted = await ctx.request({
      method: 'POST',
      url,
      token: company.token,
      payload: { data: { note: 'Kannten wir' } },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json<{ data: Introduction }>().data).toMatchObject({ claim: 'void', conversationId: null });
  });
});
