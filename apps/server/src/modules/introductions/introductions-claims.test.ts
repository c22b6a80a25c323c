import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INTRODUCTION_MSG,
  subordinateNotice,
  type Introduction,
  type IntroductionDetail,
  type IntroductionEvent,
} from '@pb/core';
import { createChatUser, createJob, minimalPdf } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { multipartBody } from '../../../test/support/multipart';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';

/**
 * The introductions register (issue 11): claims — duplicates, 'nachrangig', stages, revival within 7 months,
 * the 2-working-day window for 'Bereits bekannt' — then lists, the back office (its filter finds the
 * 'nachrangig' introductions of the claims), live events and hostile input.
 */

const suite = introductionsSuite();
const { ctx, company, otherCompany, consultant, second, third, admin } = suite;
const { at, person, introduce, introduced, detail, move, mailsTo } = suite;

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
      profile: TEST_PROFILE,
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
    const first = await introduced(consultant, job.id, candidate);
    at('2026-12-10T09:00:00Z');
    // The e-mail is required now (the candidate confirms by mail): the second writes another address.
    const res = await introduce(second, {
      advertisement: other.id,
      firstName: 'Eva',
      lastName: 'M.',
      email: `e.m.${candidate.phone.slice(-3)}@example.org`,
      phone: `0664 1000${candidate.phone.slice(-3)}`,
      profile: TEST_PROFILE,
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
      // The candidate's confirmation (issue 35) comes before the company's first move.
      ['consent_confirmed', null],
      ['identity_released', null],
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
    // The window runs from the identity's release (issue 35): here the candidate agreed at once.
    expect(a.data.alreadyKnownDeadline).toBeNull();
    expect((await detail(company, a.data.id)).body.data.alreadyKnownDeadline).toBe('2026-12-09');
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
      const { data } = await introduced(consultant, job.id, person(), { confirm: false });
      const [created] = await companyEvents.waitFor(1);
      expect(created).toMatchObject<Partial<IntroductionEvent>>({ kind: 'new' });
      expect(created!.introduction).toMatchObject({
        id: data.id,
        seen: false,
        nextStatuses: expect.arrayContaining(['in_pruefung']),
      });
      // The candidate's answer reaches both live too (issue 35); then the company may invite.
      await confirmCandidate(ctx, data.id);
      const [, released] = await companyEvents.waitFor(2);
      expect(released).toMatchObject({
        kind: 'consent',
        introduction: { candidate: { lastName: expect.any(String) } },
      });
      await move(company, data.id, 'interview');
      const events = await consultantEvents.waitFor(3);
      expect(events.map((e) => e.kind)).toEqual(['new', 'consent', 'status']);
      expect(events[2]!.introduction).toMatchObject({ status: 'interview', nextStatuses: [] });
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
            profile: fc.oneof(fc.constant(TEST_PROFILE), fc.constant(JSON.stringify(TEST_PROFILE)), value),
            // Removed with issue 35: now an unknown key.
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
