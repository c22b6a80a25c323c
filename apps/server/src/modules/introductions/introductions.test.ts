import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INTRODUCTION_MSG,
  INTRODUCTION_PITCH_MAX_LENGTH,
  subordinateNotice,
  type Introduction,
  type IntroductionDetail,
  type IntroductionEvent,
} from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, minimalPdf, type ChatUser } from '../../../test/support/chat-fixtures';
import { multipartBody } from '../../../test/support/multipart';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';
import { runRetention } from '../retention/service';
import { verifyRegister } from './register-verify';

/**
 * The introductions register (issue 11), every rule through the real API on PGlite (and
 * PostgreSQL with TEST_DATABASE_URL): the locked bonus and server time, visibility, the
 * 'nachrangig' and duplicate rules, stages, the 2-working-day window, revival within 7
 * months, the circumvention flag, the hash chain against SQL edits, retention, account
 * deletion, lists, the back office, live events and hostile input.
 */

let ctx: TestContext;
let clock = new Date('2026-12-04T09:00:00Z'); // Friday 10:00 in Vienna
const at = (iso: string) => {
  clock = new Date(iso);
};

let company: ChatUser;
let otherCompany: ChatUser;
let consultant: ChatUser;
let second: ChatUser;
let third: ChatUser;
let admin: ChatUser;

beforeAll(async () => {
  // The per-IP write limits are not under test here (this file writes well over a hundred introductions).
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company', 'Alpenblick Hotels GmbH');
  otherCompany = await createChatUser(ctx.app, 'company');
  consultant = await createChatUser(ctx.app, 'consultant', 'Sabine Huber Personalberatung');
  second = await createChatUser(ctx.app, 'consultant', 'Markus Gruber Recruiting');
  third = await createChatUser(ctx.app, 'consultant');
  admin = await createChatUser(ctx.app, 'admin');
});
afterAll(async () => {
  await ctx?.close();
});

let personCounter = 0;
/** A fresh candidate (unique e-mail and phone) so the tests do not claim each other's people. */
function person() {
  personCounter += 1;
  const n = String(personCounter).padStart(3, '0');
  return { firstName: 'Eva', lastName: `Muster${n}`, email: `eva.${n}@example.at`, phone: `+43 664 1000${n}` };
}

async function introduce(user: ChatUser, body: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/introductions', token: user.token, payload: body });
}

async function introduced(user: ChatUser, advertisement: number, candidate = person()) {
  const res = await introduce(user, { advertisement, ...candidate, consent: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Introduction; meta: { notice: string | null } }>();
}

async function detail(user: ChatUser, id: number) {
  const res = await ctx.request({ method: 'GET', url: `/api/introductions/${id}`, token: user.token });
  return { status: res.statusCode, body: res.json<{ data: IntroductionDetail }>() };
}

async function move(user: ChatUser, id: number, status: string, reason?: string) {
  return ctx.request({
    method: 'POST',
    url: `/api/introductions/${id}/status`,
    token: user.token,
    payload: { data: reason === undefined ? { status } : { status, reason } },
  });
}

const count = async (table: string) =>
  (await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

async function mailsTo(address: string) {
  await ctx.deliverMail();
  return ctx.smtp.messages.filter((m) => m.to.includes(address));
}

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
    expect(messages.json<{ data: Array<{ message: string }> }>().data.map((m) => m.message)).toContain(
      `Kandidatenvorstellung: Eva ${candidate.lastName}`,
    );
    // The company is mailed without the candidate's data.
    const [mail] = await mailsTo(company.email);
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
    const fields = { advertisement: String(job.id), ...person(), consent: 'true' };
    const good = multipartBody([{ field: 'cv', name: 'Lebenslauf.pdf', data: minimalPdf() }], fields);
    const res = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...good });
    expect(res.statusCode, res.body).toBe(201);
    const cv = res.json<{ data: Introduction }>().data.cv;
    expect(cv).toMatchObject({ name: 'Lebenslauf.pdf', ext: 'pdf' });
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
      consent: 'true',
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
    const base = { advertisement: job.id, firstName: 'Eva', lastName: 'Muster', consent: true };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, email: 'eva@example.at', consent: false }, INTRODUCTION_MSG.consentRequired],
      [{ ...base }, INTRODUCTION_MSG.contactRequired],
      [{ ...base, phone: '12' }, INTRODUCTION_MSG.invalidPhone],
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

describe('Claims', () => {
  it('When the same consultant introduces the same person for the same advertisement again, then 409; for another advertisement of the company it is fine', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const other = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const candidate = person();
    await introduced(consultant, job.id, candidate);
    const again = await introduce(consultant, {
      advertisement: job.id,
      ...candidate,
      email: `  ${candidate.email.toUpperCase()} `,
      consent: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(INTRODUCTION_MSG.duplicate);
    const elsewhere = await introduced(consultant, other.id, candidate);
    expect(elsewhere.data.subordinate).toBe(false);
    expect(elsewhere.meta.notice).toBeNull();
  });

  it('When another consultant introduces the same person by phone in another format, then it is subordinate with the day of the first, never who', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const other = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const candidate = person();
    const first = await introduced(consultant, job.id, { ...candidate, email: '' } as never);
    at('2026-12-10T09:00:00Z');
    const res = await introduce(second, {
      advertisement: other.id,
      firstName: 'Eva',
      lastName: 'M.',
      phone: `0664 1000${candidate.phone.slice(-3)}`,
      consent: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ data: Introduction; meta: { notice: string } }>();
    expect(body.data.subordinate).toBe(true);
    expect(body.meta.notice).toBe(subordinateNotice('04.12.2026'));
    expect(res.body).not.toContain(consultant.username);
    expect(res.body).not.toContain(`"id":${consultant.id}`);

    // The first claim lapses: a third consultant's introduction is then not subordinate.
    expect((await move(company, first.data.id, 'abgesagt', 'Passt nicht')).statusCode).toBe(200);
    expect((await move(company, body.data.id, 'abgesagt', 'Passt nicht')).statusCode).toBe(200);
    const later = await introduced(third, job.id, { ...candidate, firstName: 'Eva', lastName: 'Muster' });
    expect(later.data.subordinate).toBe(false);
  });

  it('When the company moves it, then forward works, backwards is 409, a rejection needs a reason, the claim lapses and the consultant is mailed', async () => {
    const job = await createJob(ctx.app.db, company.id, { jobTitle: 'Koch/Köchin', bonus: 10 });
    const { data } = await introduced(consultant, job.id);
    expect((await move(consultant, data.id, 'in_pruefung')).statusCode).toBe(403);
    expect((await move(otherCompany, data.id, 'in_pruefung')).statusCode).toBe(404);
    expect((await move(company, data.id, 'in_pruefung')).statusCode).toBe(200);
    expect((await move(company, data.id, 'interview')).statusCode).toBe(200);
    const back = await move(company, data.id, 'in_pruefung');
    expect(back.statusCode).toBe(409);
    expect(back.json<{ error: { message: string } }>().error.message).toBe(INTRODUCTION_MSG.invalidTransition);
    const noReason = await move(company, data.id, 'abgesagt');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ error: { message: string } }>().error.message).toBe(INTRODUCTION_MSG.noteRequired);
    const rejected = await move(company, data.id, 'abgesagt', 'Zu wenig Erfahrung mit À-la-carte');
    expect(rejected.json<{ data: Introduction }>().data).toMatchObject({
      status: 'abgesagt',
      claim: 'lapsed',
      lastReaction: { status: 'abgesagt', note: 'Zu wenig Erfahrung mit À-la-carte' },
    });
    const subjects = (await mailsTo(consultant.email)).map((m) => m.subject);
    expect(subjects).toContain("Ihre Vorstellung zu 'Koch/Köchin': Endgültig abgesagt");
    const { body } = await detail(consultant, data.id);
    expect(body.data.timeline.map((t) => [t.kind, t.status])).toEqual([
      ['introduced', 'neu'],
      ['status', 'in_pruefung'],
      ['status', 'interview'],
      ['status', 'abgesagt'],
    ]);
  });

  it('When the company invites a rejected candidate again after 6 months, then the claim revives and both are told; after 8 months it does not', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    at('2027-01-11T09:00:00Z');
    const a = await introduced(consultant, job.id);
    const b = await introduced(consultant, job.id);
    await move(company, a.data.id, 'abgesagt', 'Später vielleicht');
    await move(company, b.data.id, 'abgesagt', 'Später vielleicht');
    ctx.smtp.messages.length = 0;

    at('2027-07-11T09:00:00Z'); // 6 months later
    const revived = await move(company, a.data.id, 'interview');
    expect(revived.json<{ data: Introduction }>().data).toMatchObject({ status: 'interview', claim: 'live' });
    expect((await mailsTo(consultant.email)).map((m) => m.subject)).toContain(
      `Anspruch aus der Vorstellung Nr. ${a.data.id} lebt wieder auf`,
    );
    expect((await mailsTo(company.email)).map((m) => m.subject)).toContain(
      `Anspruch aus der Vorstellung Nr. ${a.data.id} lebt wieder auf`,
    );

    at('2027-09-11T09:00:00Z'); // 8 months later
    const late = await move(company, b.data.id, 'interview');
    expect(late.json<{ data: Introduction }>().data).toMatchObject({ status: 'interview', claim: 'lapsed' });
    expect((await detail(company, b.data.id)).body.data.timeline.map((t) => t.kind)).not.toContain('claim_revived');
  });

  it("When 'Bereits bekannt' is declared, then it works until the second Austrian working day (weekend and 8 December skipped) and not after", async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    at('2026-12-04T09:00:00Z'); // Friday
    const a = await introduced(consultant, job.id);
    const b = await introduced(consultant, job.id);
    expect(a.data.alreadyKnownDeadline).toBe('2026-12-09');
    const url = (id: number) => `/api/introductions/${id}/already-known`;

    at('2026-12-09T21:30:00Z'); // Wednesday 22:30 Vienna: the last day
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: url(a.data.id),
          token: consultant.token,
          payload: { data: { note: 'x' } },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: url(a.data.id),
          token: company.token,
          payload: { data: { note: ' ' } },
        })
      ).statusCode,
    ).toBe(400);
    const doc = multipartBody([{ field: 'file', name: 'Bewerbung-2025.pdf', data: minimalPdf() }], {
      note: 'Hat sich im Oktober direkt beworben.',
    });
    const declared = await ctx.request({ method: 'POST', url: url(a.data.id), token: company.token, ...doc });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json<{ data: Introduction }>().data).toMatchObject({
      claim: 'void',
      alreadyKnown: { note: 'Hat sich im Oktober direkt beworben.', file: { name: 'Bewerbung-2025.pdf' } },
      canDeclareKnown: false,
    });
    const twice = await ctx.request({
      method: 'POST',
      url: url(a.data.id),
      token: company.token,
      payload: { data: { note: 'x' } },
    });
    expect(twice.statusCode).toBe(409);
    expect((await mailsTo(consultant.email)).some((m) => m.subject.startsWith("'Bereits bekannt'"))).toBe(true);

    at('2026-12-09T23:30:00Z'); // Thursday 00:30 Vienna: too late
    const late = await ctx.request({
      method: 'POST',
      url: url(b.data.id),
      token: company.token,
      payload: { data: { note: 'x' } },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(INTRODUCTION_MSG.alreadyKnownTooLate);
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

describe('Placements and circumvention', () => {
  const consultantReport = (advertisement: number, extra: Record<string, unknown> = {}) => ({
    data: {
      variant: 'consultant',
      advertisement,
      companyName: 'Alpenblick Hotels GmbH',
      jobTitle: 'Rezeptionist/in',
      contactPerson: 'Frau Berger',
      placementBonus: 40,
      actualSalary: 40_000,
      ...extra,
    },
  });
  const companyReport = (advertisement: number, extra: Record<string, unknown> = {}) => ({
    data: {
      variant: 'company',
      advertisement,
      companyName: 'Alpenblick Hotels GmbH',
      jobTitle: 'Rezeptionist/in',
      contactPerson: 'x',
      placementBonus: 10,
      actualSalary: 40_000,
      recruiter: 'Eigene Suche',
      recruiterMail: 'hr@alpenblick.example.at',
      street: 'Hauptplatz',
      houseNr: '1',
      postalCode: '6370',
      city: 'Kitzbühel',
      uid: 'ATU12345678',
      ...extra,
    },
  });

  it('When a placement is reported for an introduction, then the locked bonus applies, it moves to eingestellt and the report names it', async () => {
    at('2027-02-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
    const { data } = await introduced(consultant, job.id);
    await ctx.database.query('INSERT INTO placement_bonuses (job_id, bonus) VALUES ($1, 25)', [job.id]);
    // A consultant reports a hire for an introduction once the company made an offer (issue 28).
    expect((await move(company, data.id, 'angebot')).statusCode).toBe(200);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: consultant.token,
      payload: consultantReport(job.id, { introduction: data.id }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { placementFee: number } }>().data.placementFee).toBe(6000); // 15 % of 40,000
    const [report] = await ctx.database.query<{ introduction_id: number; bonus_in_force: string }>(
      'SELECT introduction_id, bonus_in_force FROM placement_reports WHERE id = $1',
      [res.json<{ data: { id: number } }>().data.id],
    );
    expect(report).toMatchObject({ introduction_id: data.id });
    expect(Number(report!.bonus_in_force)).toBe(15);
    const after = (await detail(consultant, data.id)).body.data;
    expect(after.status).toBe('eingestellt');
    expect(after.timeline.map((t) => t.kind)).toEqual(['introduced', 'status', 'status', 'placement_reported']);
    // another consultant's introduction id, or one of another advertisement, is refused
    const job2 = await createJob(ctx.app.db, company.id, { bonus: 15 });
    await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: second.token,
      payload: { advertisement: job2.id, message: 'Hallo' },
    });
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: second.token,
      payload: consultantReport(job2.id, { introduction: data.id }),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('When a rejected candidate is hired within 7 months through a report, then the claim revives', async () => {
    at('2027-03-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data } = await introduced(consultant, job.id);
    await move(company, data.id, 'abgesagt', 'Budget fehlt');
    at('2027-08-15T09:00:00Z');
    const res = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: companyReport(job.id, { introduction: data.id, candidateEmail: data.candidate!.email }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await detail(consultant, data.id)).body.data).toMatchObject({ status: 'eingestellt', claim: 'live' });
  });

  it("When a company reports a hire of a person another consultant introduced, then the report is flagged 'Umgehungsverdacht' with the evidence; after 12 months it is not", async () => {
    at('2027-04-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const other = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const candidate = person();
    const { data } = await introduced(consultant, job.id, candidate);
    at('2027-06-01T09:00:00Z');
    const res = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: companyReport(other.id, { candidateEmail: candidate.email.toUpperCase() }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const reportId = res.json<{ data: { id: number } }>().data.id;
    const [row] = await ctx.database.query<{ circumvention_at: Date | null; circumvention_evidence: unknown }>(
      'SELECT circumvention_at, circumvention_evidence FROM placement_reports WHERE id = $1',
      [reportId],
    );
    expect(row!.circumvention_at).not.toBeNull();
    expect(row!.circumvention_evidence).toEqual([
      expect.objectContaining({
        introductionId: data.id,
        consultantId: consultant.id,
        claim: 'live',
        matchedBy: ['email'],
      }),
    ]);
    expect((await detail(admin, data.id)).body.data.flags).toContain('umgehungsverdacht');
    const adminView = await ctx.request({
      method: 'GET',
      url: '/api/admin/placement-reports?filters[circumventionAt][$notNull]=true',
      token: admin.token,
    });
    expect(adminView.json<{ data: Array<{ id: number }> }>().data.map((r) => r.id)).toContain(reportId);
    expect((await mailsTo('office@example.test')).map((m) => m.subject)).toContain(
      `Umgehungsverdacht bei Stellenbesetzung #${reportId}`,
    );

    // 13 months after another introduction: no flag.
    const old = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const late = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const person2 = person();
    await introduced(consultant, old.id, person2);
    at('2028-07-02T09:00:00Z');
    const res2 = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: companyReport(late.id, { candidatePhone: person2.phone }),
    });
    expect(res2.statusCode, res2.body).toBe(201);
    const [row2] = await ctx.database.query<{ circumvention_at: Date | null }>(
      'SELECT circumvention_at FROM placement_reports WHERE id = $1',
      [res2.json<{ data: { id: number } }>().data.id],
    );
    expect(row2!.circumvention_at).toBeNull();
  });
});

describe('The register', () => {
  it('When entries or state are edited in SQL, then register:verify finds it; the trigger refuses edits of the register', async () => {
    expect(await verifyRegister(ctx.app.db, ctx.config.registerSecret)).toMatchObject({ problems: [] });
    const [entry] = await ctx.database.query<{ id: number; introduction_id: number }>(
      "SELECT id, introduction_id FROM introduction_events WHERE kind = 'introduced' ORDER BY id LIMIT 1",
    );
    await expect(
      ctx.database.query("UPDATE introduction_events SET kind = 'status' WHERE id = $1", [entry!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.database.query('DELETE FROM introduction_events WHERE id = $1', [entry!.id])).rejects.toThrow(
      /append-only/,
    );

    await ctx.database.query('ALTER TABLE introduction_events DISABLE TRIGGER USER');
    try {
      await ctx.database.query(
        `UPDATE introduction_events SET content = jsonb_set(content, '{bonus}', '99') WHERE id = $1`,
        [entry!.id],
      );
      const edited = await verifyRegister(ctx.app.db, ctx.config.registerSecret);
      expect(edited.problems).toContainEqual(
        expect.objectContaining({ entryId: Number(entry!.id), problem: 'Inhalt verändert (hash)' }),
      );
      await ctx.database.query(
        `UPDATE introduction_events SET content = jsonb_set(content, '{bonus}', to_jsonb((SELECT bonus FROM introductions WHERE id = $2))) WHERE id = $1`,
        [entry!.id, entry!.introduction_id],
      );
      expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);

      // A deleted entry breaks the link of the next.
      const [last] = await ctx.database.query<{
        id: number;
        content: unknown;
        prev_hash: string;
        hash: string;
        kind: string;
        introduction_id: number;
        created_at: Date;
        note: string | null;
        mac: string | null;
      }>('SELECT * FROM introduction_events ORDER BY id DESC LIMIT 1 OFFSET 1');
      await ctx.database.query('DELETE FROM introduction_events WHERE id = $1', [last!.id]);
      expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toContainEqual(
        expect.objectContaining({ problem: 'Verkettung unterbrochen (prev_hash)' }),
      );
      await ctx.database.query(
        'INSERT INTO introduction_events (id, introduction_id, kind, content, note, prev_hash, hash, created_at, mac) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [
          last!.id,
          last!.introduction_id,
          last!.kind,
          JSON.stringify(last!.content),
          last!.note,
          last!.prev_hash,
          last!.hash,
          last!.created_at,
          last!.mac,
        ],
      );
    } finally {
      await ctx.database.query('ALTER TABLE introduction_events ENABLE TRIGGER USER');
    }
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);

    // The state table is checked against the register too.
    await ctx.database.query('UPDATE introductions SET bonus = 30 WHERE id = $1', [entry!.introduction_id]);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toContainEqual(
      expect.objectContaining({ introductionId: entry!.introduction_id, entryId: null }),
    );
    await ctx.database.query(
      "UPDATE introductions SET bonus = (SELECT (content->>'bonus')::numeric FROM introduction_events WHERE id = $1) WHERE id = $2",
      [entry!.id, entry!.introduction_id],
    );
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  it('When retention runs, then candidate data goes 7 months after a rejection (24 with consent), fingerprints after 12 months, and the register still verifies', async () => {
    at('2028-08-01T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const cvBody = multipartBody([{ field: 'cv', name: 'CV.pdf', data: minimalPdf() }], {
      advertisement: String(job.id),
      ...person(),
      consent: 'true',
    });
    const withCv = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...cvBody });
    const gone = withCv.json<{ data: Introduction }>().data;
    const kept = (await introduced(consultant, job.id, { ...person(), keepLonger: true } as never)).data;
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

describe('Lists, back office and live events', () => {
  it('When the company lists, then newest first with filters and the unseen count; opening clears it; bad filters are a German 400', async () => {
    const lister = await createChatUser(ctx.app, 'company');
    const job = await createJob(ctx.app.db, lister.id, { bonus: 10 });
    const other = await createJob(ctx.app.db, lister.id, { bonus: 10 });
    at('2030-10-01T09:00:00Z');
    const a = (await introduced(consultant, job.id)).data;
    at('2030-10-02T09:00:00Z');
    const b = (await introduced(second, other.id)).data;
    const list = async (query = '') =>
      (await ctx.request({ method: 'GET', url: `/api/introductions${query}`, token: lister.token })).json<{
        data: Introduction[];
        meta: { unseen: number; pagination: { total: number } };
      }>();
    const all = await list();
    expect(all.data.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.meta).toMatchObject({ unseen: 2, pagination: { total: 2 } });
    expect((await list(`?advertisement=${job.id}`)).data.map((i) => i.id)).toEqual([a.id]);
    await move(lister, a.id, 'in_pruefung');
    expect((await list('?status=in_pruefung')).data.map((i) => i.id)).toEqual([a.id]);
    const seen = await ctx.request({ method: 'POST', url: `/api/introductions/${b.id}/seen`, token: lister.token });
    expect(seen.json<{ data: Introduction }>().data.seen).toBe(true);
    const unseen = await ctx.request({ method: 'GET', url: '/api/introductions/unseen', token: lister.token });
    expect(unseen.json<{ data: { count: number } }>().data.count).toBe(1);
    for (const query of [
      '?status=foo',
      '?advertisement=abc',
      '?advertisement=99999999999',
      '?sort=id',
      '?limit=1000',
    ]) {
      const res = await ctx.request({ method: 'GET', url: `/api/introductions${query}`, token: lister.token });
      expect(res.statusCode, query).toBe(400);
    }
    // the consultant's own list is his only
    const mine = await ctx.request({ method: 'GET', url: '/api/introductions?limit=100', token: second.token });
    expect(mine.json<{ data: Introduction[] }>().data.every((i) => i.consultant.id === second.id)).toBe(true);
  });

  it('When the back office filters the register and resolves a dispute, then the note is a register entry and audited', async () => {
    const flagged = await ctx.request({
      method: 'GET',
      url: '/api/admin/introductions?flag=nachrangig',
      token: admin.token,
    });
    expect(flagged.statusCode).toBe(200);
    const rows = flagged.json<{ data: Introduction[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((i) => i.flags.includes('nachrangig'))).toBe(true);
    const byConsultant = await ctx.request({
      method: 'GET',
      url: `/api/admin/introductions?consultant=${second.id}&company=${company.id}`,
      token: admin.token,
    });
    expect(byConsultant.json<{ data: Introduction[] }>().data.every((i) => i.consultant.id === second.id)).toBe(true);
    const id = rows[0]!.id;
    const res = await ctx.request({
      method: 'POST',
      url: `/api/admin/introductions/${id}/resolution`,
      token: admin.token,
      payload: { data: { note: 'Mit beiden Seiten geklärt.' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const resolved = res.json<{ data: IntroductionDetail }>().data;
    expect(resolved.flags).toContain('geklaert');
    expect(resolved.timeline.at(-1)).toMatchObject({ kind: 'resolved', note: 'Mit beiden Seiten geklärt.' });
    const audit = await ctx.database.query(
      "SELECT 1 FROM audit_log WHERE action = 'introduction.resolve' AND entity_id = $1",
      [String(id)],
    );
    expect(audit).toHaveLength(1);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/admin/introductions?flag=unsinn', token: admin.token }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: `/api/admin/introductions/${id}/resolution`,
          token: company.token,
          payload: { data: { note: 'x' } },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('When a consultant introduces and the company reacts, then both hear it live over Socket.IO', async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: ChatClient[] = [];
    try {
      const companySocket = await connectChat(baseUrl, company.token);
      const consultantSocket = await connectChat(baseUrl, consultant.token);
      const strangerSocket = await connectChat(baseUrl, otherCompany.token);
      sockets.push(companySocket, consultantSocket, strangerSocket);
      const companyEvents = new EventLog(companySocket, 'introduction:changed');
      const consultantEvents = new EventLog(consultantSocket, 'introduction:changed');
      const strangerEvents = new EventLog(strangerSocket, 'introduction:changed');
      const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
      const { data } = await introduced(consultant, job.id);
      const [created] = await companyEvents.waitFor(1);
      expect(created).toMatchObject<Partial<IntroductionEvent>>({ kind: 'new' });
      expect(created!.introduction).toMatchObject({
        id: data.id,
        seen: false,
        nextStatuses: expect.arrayContaining(['in_pruefung']),
      });
      await move(company, data.id, 'interview');
      const events = await consultantEvents.waitFor(2);
      expect(events.map((e) => e.kind)).toEqual(['new', 'status']);
      expect(events[1]!.introduction).toMatchObject({ status: 'interview', nextStatuses: [] });
      expect(strangerEvents.items).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('When random JSON reaches POST /api/introductions, then the answer is never a 5xx', async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            advertisement: fc.oneof(fc.constant(job.id), value),
            firstName: value,
            lastName: value,
            email: fc.oneof(fc.emailAddress(), value),
            phone: fc.oneof(fc.constant('+43 664 1234567'), value),
            pitch: value,
            consent: fc.oneof(fc.constant(true), value),
            keepLonger: value,
            extra: value,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await introduce(second, body);
          expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(res.json<{ error: { message: string } }>().error.message).not.toMatch(/^Invalid|^Expected/);
        },
      ),
      { numRuns: 150, seed: 20261123 },
    );
  });
});

describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('Concurrent commands (PostgreSQL)', () => {
  /** Polls until the SQL returns a row (a transaction is seen waiting on a lock). */
  async function until(sqlText: string): Promise<void> {
    for (let i = 0; i < 250; i += 1) {
      if ((await ctx.database.query(sqlText)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`never: ${sqlText}`);
  }

  it('When two consultants introduce the same person at the same moment, then both are recorded and exactly one is subordinate; the same consultant twice is one 201 and one 409', async () => {
    at('2031-01-07T09:00:00Z');
    const adA = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const adB = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const candidate = person();
    const [a, b] = await Promise.all([
      introduce(consultant, { advertisement: adA.id, ...candidate, consent: true }),
      introduce(second, { advertisement: adB.id, ...candidate, consent: true }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const subordinate = [a, b].map((r) => r.json<{ data: Introduction }>().data.subordinate);
    expect(subordinate.filter(Boolean)).toHaveLength(1);
    const twiceCandidate = person();
    const twice = await Promise.all([
      introduce(third, { advertisement: adA.id, ...twiceCandidate, consent: true }),
      introduce(third, { advertisement: adA.id, ...twiceCandidate, consent: true }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
  });

  // Found by a second reviewer: a report naming one introduction and a stage change of another
  // introduction of the same person used to take the register lock and the rows in opposite
  // order — a deadlock, one of them a 500. Every command now takes the register lock first.
  it("When a report naming one consultant's introduction meets the company's stage change of another's for the same person, then both succeed", async () => {
    at('2031-01-08T09:00:00Z');
    const adA = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const adB = await createJob(ctx.app.db, company.id, { bonus: 20 });
    const candidate = person();
    const first = (await introduced(consultant, adA.id, candidate)).data;
    const later = (await introduced(second, adB.id, candidate)).data;
    expect((await move(company, first.id, 'angebot')).statusCode).toBe(200);
    let report!: Promise<{ statusCode: number; body: string }>;
    let stage!: Promise<{ statusCode: number; body: string }>;
    await ctx.database.withSession(async (session) => {
      await session.query('BEGIN');
      // pins the report inside its transaction, at its first mail
      await session.query('LOCK TABLE mail_outbox IN SHARE MODE');
      report = ctx.request({
        method: 'POST',
        url: '/api/placement-reports',
        token: consultant.token,
        payload: {
          data: {
            variant: 'consultant',
            advertisement: adA.id,
            companyName: 'Alpenblick Hotels GmbH',
            jobTitle: 'Rezeptionist/in',
            contactPerson: 'Frau Berger',
            placementBonus: 20,
            actualSalary: 40_000,
            introduction: first.id,
          },
        },
      });
      await until(
        `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "mail_outbox"%'`,
      );
      stage = move(company, later.id, 'interview');
      await until(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
      await session.query('COMMIT');
    });
    const [reported, moved] = await Promise.all([report, stage]);
    expect(reported.statusCode, reported.body).toBe(201);
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
