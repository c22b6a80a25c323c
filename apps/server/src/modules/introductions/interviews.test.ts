import { describe, expect, it } from 'vitest';
import { INTERVIEW_MSG, INTRODUCTION_MSG, type CandidateInterviewView, type Interview, type Overview } from '@pb/core';
import { createJob } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { consentTokenFor } from '../../../test/support/candidate-consent';
import { readInvitation } from '../../../test/support/calendar';
import { pdfText } from '../../../test/support/pdf-images';
import { runInterviewMails } from './interview-runs';

/**
 * Interviews of an introduction (issue 35): proposing times in Vienna time (DST included), the
 * consultant's or the candidate's choice, the calendar invitation, its update and cancellation as
 * a calendar client reads them, the feedback with its catalogue, and the hourly reminders.
 */

const suite = introductionsSuite();
const { ctx, company, otherCompany, consultant, second, at, person, introduced, detail } = suite;

type ErrorBody = { error: { message: string } };
const messageOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error.message;

const proposal = (slots: Array<{ date: string; time: string }>, more: Record<string, unknown> = {}) => ({
  slots,
  durationMinutes: 60,
  mode: 'vor_ort',
  location: 'Mariahilfer Straße 1, 1060 Wien',
  ...more,
});

async function propose(introductionId: number, body: object, token = company.token) {
  return ctx.request({
    method: 'POST',
    url: `/api/introductions/${introductionId}/interviews`,
    token,
    payload: { data: body },
  });
}

async function act(interviewId: number, path: string, token: string, data?: object, method: 'POST' | 'PUT' = 'POST') {
  return ctx.request({
    method,
    url: `/api/interviews/${interviewId}${path}`,
    token,
    ...(data ? { payload: { data } } : {}),
  });
}

async function agreedIntroduction(jobTitle = 'Koch/Köchin') {
  const job = await createJob(ctx.app.db, company.id, { jobTitle, bonus: 12 });
  const candidate = person();
  const { data } = await introduced(consultant, job.id, candidate);
  return { introduction: data, candidate };
}

async function calendarsTo(address: string) {
  const rows = await ctx.database.query<{ subject: string; calendar: { method: string; content: string } }>(
    'SELECT subject, calendar FROM mail_outbox WHERE to_address = $1 AND calendar IS NOT NULL ORDER BY id',
    [address],
  );
  return rows.map((r) => ({
    subject: r.subject,
    mailMethod: r.calendar.method,
    ...readInvitation(r.calendar.content),
  }));
}

describe('Proposing interview times', () => {
  it('When the company proposes times, then the introduction moves to Interview, the register records them and the consultant is told', async () => {
    at('2026-12-04T09:00:00Z'); // Friday
    const { introduction } = await agreedIntroduction();
    const res = await propose(
      introduction.id,
      proposal([
        { date: '2026-12-09', time: '10:00' },
        { date: '2026-12-09', time: '14:00' },
        { date: '2026-12-10', time: '09:30' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const interview = res.json<{ data: Interview }>().data;
    expect(interview).toMatchObject({ state: 'proposed', chosenSlot: null, feedbackDue: null });
    expect(interview.slots.map((s) => s.startsAt)).toEqual([
      '2026-12-09T09:00:00.000Z',
      '2026-12-09T13:00:00.000Z',
      '2026-12-10T08:30:00.000Z',
    ]);
    const seen = (await detail(consultant, introduction.id)).body.data;
    expect(seen.status).toBe('interview');
    expect(seen.timeline.map((e) => e.kind)).toContain('interview_proposed');
    // Only one open interview at a time.
    const again = await propose(introduction.id, proposal([{ date: '2026-12-11', time: '10:00' }]));
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(INTERVIEW_MSG.openInterview);
  });

  it('When times are in the past, too far ahead, at night, overlapping or do not exist, then a German 400 names the problem', async () => {
    at('2027-03-20T09:00:00Z');
    const { introduction } = await agreedIntroduction();
    const cases: Array<[object, string]> = [
      [proposal([{ date: '2027-03-20', time: '10:30' }]), INTERVIEW_MSG.slotInPast],
      [proposal([{ date: '2027-06-30', time: '10:00' }]), INTERVIEW_MSG.slotTooFar],
      [proposal([{ date: '2027-03-24', time: '05:30' }]), INTERVIEW_MSG.slotOutsideHours],
      [proposal([{ date: '2027-03-24', time: '21:30' }]), INTERVIEW_MSG.slotOutsideHours],
      // The last Sunday of March: 02:30 is skipped when the clocks go forward.
      [proposal([{ date: '2027-03-28', time: '02:30' }]), INTERVIEW_MSG.slotNonexistent('2027-03-28', '02:30')],
      [
        proposal([
          { date: '2027-03-24', time: '10:00' },
          { date: '2027-03-24', time: '10:30' },
        ]),
        INTERVIEW_MSG.slotsOverlap,
      ],
      [
        proposal([
          { date: '2027-03-24', time: '10:00' },
          { date: '2027-03-24', time: '10:00' },
        ]),
        INTERVIEW_MSG.slotsDuplicate,
      ],
      [proposal([]), INTERVIEW_MSG.slotsRequired],
      [
        proposal(Array.from({ length: 6 }, (_, i) => ({ date: '2027-03-25', time: `1${i}:00` }))),
        INTERVIEW_MSG.slotsRequired,
      ],
      [proposal([{ date: '2027-03-24', time: '25:00' }]), INTERVIEW_MSG.slotInvalid],
      [
        proposal([{ date: '2027-03-24', time: '10:00' }], { mode: 'video', location: 'Teams' }),
        INTERVIEW_MSG.videoLinkInvalid,
      ],
      [proposal([{ date: '2027-03-24', time: '10:00' }], { durationMinutes: 5 }), INTERVIEW_MSG.durationInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await propose(introduction.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    // Across the change: 10:00 on that Sunday is 08:00 UTC (summer time), the Saturday before 09:00.
    const res = await propose(
      introduction.id,
      proposal([
        { date: '2027-03-27', time: '10:00' },
        { date: '2027-03-28', time: '10:00' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Interview }>().data.slots.map((s) => s.startsAt)).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
    ]);
  });

  it('When the candidate has not agreed, the consultant proposes or a stranger tries, then it is refused', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const { data: pending } = await introduced(consultant, job.id, person(), { confirm: false });
    const body = proposal([{ date: '2026-12-09', time: '10:00' }]);
    const early = await propose(pending.id, body);
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(INTERVIEW_MSG.notConfirmed);
    const { introduction } = await agreedIntroduction();
    expect(messageOf(await propose(introduction.id, body, consultant.token))).toBe(INTRODUCTION_MSG.companyOnly);
    expect((await propose(introduction.id, body, otherCompany.token)).statusCode).toBe(404);
    expect((await propose(introduction.id, body, second.token)).statusCode).toBe(404);
  });
});

describe('Agreeing a time and the calendar', () => {
  it('When the consultant picks a time on the last Sunday of October, then all three get an invitation a calendar reads at the right hour; a change and a cancellation update it', async () => {
    at('2027-10-20T08:00:00Z');
    const { introduction, candidate } = await agreedIntroduction();
    const proposed = (
      await propose(
        introduction.id,
        proposal([
          { date: '2027-10-30', time: '10:00' },
          { date: '2027-10-31', time: '10:00' },
        ]),
      )
    ).json<{ data: Interview }>().data;
    const sunday = proposed.slots[1]!;
    // Clocks went back at 03:00: 10:00 is winter time again, 09:00 UTC (the Saturday: 08:00 UTC).
    expect([proposed.slots[0]!.startsAt, sunday.startsAt]).toEqual([
      '2027-10-30T08:00:00.000Z',
      '2027-10-31T09:00:00.000Z',
    ]);
    expect((await act(proposed.id, '/choice', company.token, { slot: sunday.id })).statusCode).toBe(403);
    const chosen = await act(proposed.id, '/choice', consultant.token, { slot: sunday.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<{ data: Interview }>().data).toMatchObject({
      state: 'scheduled',
      chosenBy: 'consultant',
      chosenSlot: { id: sunday.id },
      feedbackDue: '2027-11-03', // Monday 1 November is a holiday (Allerheiligen)
    });
    for (const address of [company.email, consultant.email, candidate.email]) {
      const [invitation] = await calendarsTo(address);
      expect(invitation).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED' });
      expect(invitation!.start.toISOString()).toBe('2027-10-31T09:00:00.000Z');
      expect(invitation!.end.toISOString()).toBe('2027-10-31T10:00:00.000Z');
      expect(invitation!.attendees.sort()).toEqual([company.email, consultant.email, candidate.email].sort());
    }
    const uid = (await calendarsTo(candidate.email))[0]!.uid;
    // The parties' own download is the same entry.
    const download = await ctx.request({
      method: 'GET',
      url: `/api/interviews/${proposed.id}/calendar.ics`,
      token: consultant.token,
    });
    expect(download.headers['content-type']).toContain('text/calendar');
    expect(readInvitation(download.body)).toMatchObject({ uid, sequence: 0, method: 'REQUEST' });
    // Taken is taken.
    expect(messageOf(await act(proposed.id, '/choice', consultant.token, { slot: proposed.slots[0]!.id }))).toBe(
      INTERVIEW_MSG.alreadyScheduled,
    );

    const moved = await act(proposed.id, '', company.token, { location: 'Hauptplatz 3, 8010 Graz' }, 'PUT');
    expect(moved.statusCode, moved.body).toBe(200);
    const update = (await calendarsTo(candidate.email))[1]!;
    expect(update).toMatchObject({ method: 'REQUEST', uid, sequence: 1, location: 'Vor Ort: Hauptplatz 3, 8010 Graz' });

    const cancelled = await act(proposed.id, '/cancellation', consultant.token, {
      reason: 'Die Kandidatin ist erkrankt.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancellation = (await calendarsTo(company.email)).at(-1)!;
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid, sequence: 2, status: 'CANCELLED' });
    expect((await detail(company, introduction.id)).body.data.timeline.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['interview_proposed', 'interview_scheduled', 'interview_updated', 'interview_cancelled']),
    );
    // The calendar file for the parties' own calendars exists while it is agreed only.
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/interviews/${proposed.id}/calendar.ics`,
          token: consultant.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('When the consultant passes the link, then the candidate sees only the times, company and place, and picks one; forged or consent links get nothing', async () => {
    at('2026-12-04T09:00:00Z');
    const { introduction, candidate } = await agreedIntroduction();
    const proposed = (
      await propose(
        introduction.id,
        proposal([
          { date: '2026-12-09', time: '10:00' },
          { date: '2026-12-10', time: '15:00' },
        ]),
      )
    ).json<{ data: Interview }>().data;
    expect((await act(proposed.id, '/candidate-link', company.token)).statusCode).toBe(403);
    const sent = await act(proposed.id, '/candidate-link', consultant.token);
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.deliverMail();
    const mail = ctx.smtp.messages
      .filter((m) => m.to.includes(candidate.email))
      .find((m) => m.subject.startsWith('Interviewtermin wählen'));
    const token = /\/termin#([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;

    const page = await ctx.request({ method: 'POST', url: '/api/interview-choice', payload: { token } });
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json<{ data: CandidateInterviewView }>().data;
    expect(view).toMatchObject({ state: 'proposed', companyName: 'Alpenblick Hotels GmbH', jobTitle: 'Koch/Köchin' });
    expect(page.body).not.toContain(candidate.email);
    for (const forged of [await consentTokenFor(ctx, introduction.id), 'B'.repeat(43)]) {
      const res = await ctx.request({ method: 'POST', url: '/api/interview-choice', payload: { token: forged } });
      expect(res.statusCode).toBe(404);
    }
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/interview-choice/choose',
      payload: { token, slot: 999999 },
    });
    expect(messageOf(unknown)).toBe(INTERVIEW_MSG.slotUnknown);
    const picked = await ctx.request({
      method: 'POST',
      url: '/api/interview-choice/choose',
      payload: { token, slot: view.slots[1]!.id },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<{ data: CandidateInterviewView }>().data.chosenSlot?.startsAt).toBe('2026-12-10T14:00:00.000Z');
    const twice = await ctx.request({
      method: 'POST',
      url: '/api/interview-choice/choose',
      payload: { token, slot: view.slots[0]!.id },
    });
    expect(twice.statusCode).toBe(409);
    const list = await ctx.request({
      method: 'GET',
      url: `/api/introductions/${introduction.id}/interviews`,
      token: company.token,
    });
    expect(list.json<{ data: Interview[] }>().data[0]).toMatchObject({ chosenBy: 'candidate', state: 'scheduled' });
  });
});

describe('After the interview', () => {
  it('When the interview is over, then the company is asked, reminded once when overdue, and a rejection needs a reason from the catalogue', async () => {
    at('2026-12-14T09:00:00Z'); // Monday
    const { introduction } = await agreedIntroduction('Souschef/in');
    const proposed = (await propose(introduction.id, proposal([{ date: '2026-12-15', time: '10:00' }]))).json<{
      data: Interview;
    }>().data;
    await act(proposed.id, '/choice', consultant.token, { slot: proposed.slots[0]!.id });
    const deps = { db: ctx.app.db, publicUrl: 'http://localhost' };
    // Other tests' interviews of the same company are due too: count this introduction's mails.
    const mailsTo = async (subject: string) =>
      (
        await ctx.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1 AND subject LIKE $2 AND (subject LIKE $3 OR text_body LIKE $3)',
          [company.email, `${subject}%`, `%${introduction.advertisement.jobTitle}%`],
        )
      )[0]!.n;

    expect((await runInterviewMails(deps, new Date('2026-12-14T12:00:00Z'))).reminders).toBeGreaterThanOrEqual(1);
    expect((await runInterviewMails(deps, new Date('2026-12-14T13:00:00Z'))).reminders).toBe(0);
    expect(await mailsTo('Erinnerung: Interview morgen')).toBe(1);

    at('2026-12-15T09:30:00Z');
    const early = await act(proposed.id, '/feedback', company.token, { outcome: 'angebot' });
    expect(messageOf(early)).toBe(INTERVIEW_MSG.feedbackTooEarly);
    await runInterviewMails(deps, new Date('2026-12-15T10:00:00Z'));
    expect(await mailsTo('Wie war das Interview?')).toBe(1);
    // Due two working days after the 15th: the 17th. On the 18th both sides see it overdue.
    at('2026-12-18T09:00:00Z');
    await runInterviewMails(deps, new Date('2026-12-18T09:00:00Z'));
    await runInterviewMails(deps, new Date('2026-12-18T10:00:00Z'));
    expect(await mailsTo('Rückmeldung überfällig')).toBe(1);
    for (const user of [company, consultant]) {
      const list = await ctx.request({
        method: 'GET',
        url: `/api/introductions/${introduction.id}/interviews`,
        token: user.token,
      });
      expect(list.json<{ data: Interview[] }>().data[0]).toMatchObject({
        feedbackDue: '2026-12-17',
        feedbackOverdue: true,
      });
    }
    // …and on the overview of both sides.
    for (const user of [company, consultant]) {
      const overview = await ctx.request({ method: 'GET', url: '/api/overview', token: user.token });
      expect(overview.json<{ data: Overview }>().data.introductions?.feedbackOverdue).toBeGreaterThanOrEqual(1);
    }

    const noReason = await act(proposed.id, '/feedback', company.token, { outcome: 'abgesagt', note: 'Passt nicht.' });
    expect(noReason.statusCode).toBe(400);
    expect(messageOf(noReason)).toBe(INTERVIEW_MSG.reasonRequired);
    expect((await act(proposed.id, '/feedback', consultant.token, { outcome: 'angebot' })).statusCode).toBe(403);
    const given = await act(proposed.id, '/feedback', company.token, {
      outcome: 'abgesagt',
      reason: 'gehalt',
      note: 'Gehaltsvorstellung 20 % über dem Rahmen.',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ data: Interview }>().data).toMatchObject({
      feedback: { outcome: 'abgesagt', reason: 'gehalt' },
      feedbackOverdue: false,
    });
    const seen = (await detail(consultant, introduction.id)).body.data;
    expect(seen).toMatchObject({ status: 'abgesagt', claim: 'lapsed' });
    expect(seen.lastReaction?.note).toBe('Gehaltsvorstellung 20 % über dem Rahmen.');
    expect(seen.rejectionReason).toBe('gehalt');
    expect(messageOf(await act(proposed.id, '/feedback', company.token, { outcome: 'angebot' }))).toBe(
      INTERVIEW_MSG.feedbackTwice,
    );
    // The timeline and the proof say what happened, in words, from the register's entries.
    const details = Object.fromEntries(seen.timeline.map((e) => [e.kind, e.detail]));
    expect(details).toMatchObject({
      interview_scheduled: 'Termin Dienstag, 15.12.2026, 10:00 Uhr, gewählt von der Personalvermittlung',
      interview_feedback: 'Absage: Gehaltsvorstellung passt nicht',
    });
    const proof = await ctx.request({
      method: 'GET',
      url: `/api/introductions/${introduction.id}/proof.pdf`,
      token: company.token,
    });
    const text = (await pdfText(proof.rawPayload)).replace(/\s+/g, ' ');
    for (const words of [
      'Einwilligung bestätigt',
      'Identität freigegeben',
      'Interviewtermin vereinbart',
      'Rückmeldung zum Interview',
      'Absage: Gehaltsvorstellung passt nicht',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('When the company rejects after the interview without feedback, then nothing is overdue, asked or chased any more', async () => {
    at('2026-12-14T09:00:00Z');
    const { introduction } = await agreedIntroduction('Chef de Rang');
    const proposed = (await propose(introduction.id, proposal([{ date: '2026-12-15', time: '10:00' }]))).json<{
      data: Interview;
    }>().data;
    await act(proposed.id, '/choice', consultant.token, { slot: proposed.slots[0]!.id });
    at('2026-12-16T09:00:00Z');
    const rejected = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${introduction.id}/status`,
      token: company.token,
      payload: {
        data: { status: 'abgesagt', reason: 'Wir haben uns anders entschieden.', reasonCategory: 'sonstiges' },
      },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    at('2026-12-21T09:00:00Z'); // well past the due day (the 17th)
    const deps = { db: ctx.app.db, publicUrl: 'http://localhost' };
    await runInterviewMails(deps, new Date('2026-12-21T09:00:00Z'));
    const chased = await ctx.database.query<{ requested: Date | null; reminded: Date | null }>(
      'SELECT feedback_requested_at AS requested, feedback_reminded_at AS reminded FROM interviews WHERE id = $1',
      [proposed.id],
    );
    expect(chased).toEqual([{ requested: null, reminded: null }]);
    for (const user of [company, consultant]) {
      const list = await ctx.request({
        method: 'GET',
        url: `/api/introductions/${introduction.id}/interviews`,
        token: user.token,
      });
      // The held interview stays (a fact), but it is no longer anyone's task.
      expect(list.json<{ data: Interview[] }>().data[0]).toMatchObject({
        state: 'scheduled',
        feedbackOverdue: false,
        actions: { feedback: false },
      });
    }
    const overview = await ctx.request({ method: 'GET', url: '/api/overview', token: company.token });
    expect(overview.json<{ data: Overview }>().data.introductions?.feedbackOverdueId).not.toBe(introduction.id);
  });

  it('When the feedback is an offer, then the introduction moves to Angebot', async () => {
    at('2026-12-14T09:00:00Z');
    const { introduction } = await agreedIntroduction();
    const proposed = (await propose(introduction.id, proposal([{ date: '2026-12-14', time: '15:00' }]))).json<{
      data: Interview;
    }>().data;
    await act(proposed.id, '/choice', consultant.token, { slot: proposed.slots[0]!.id });
    at('2026-12-14T16:30:00Z');
    const offer = await act(proposed.id, '/feedback', company.token, { outcome: 'angebot', note: 'Sehr überzeugend.' });
    expect(offer.statusCode, offer.body).toBe(200);
    expect((await detail(consultant, introduction.id)).body.data.status).toBe('angebot');
  });
});

describe('Retention', () => {
  it("When the person's data go, then the interviews' free texts go with them; times and outcomes stay", async () => {
    at('2026-12-14T09:00:00Z');
    const { introduction } = await agreedIntroduction('Patissier/Patissière');
    const proposed = (
      await propose(
        introduction.id,
        proposal([{ date: '2026-12-14', time: '15:00' }], { note: 'Frau Muster bitte Mappe mitbringen' }),
      )
    ).json<{ data: Interview }>().data;
    await act(proposed.id, '/choice', consultant.token, { slot: proposed.slots[0]!.id });
    at('2026-12-14T16:30:00Z');
    await act(proposed.id, '/feedback', company.token, {
      outcome: 'abgesagt',
      reason: 'qualifikation',
      note: 'Frau Muster fehlt Erfahrung.',
    });
    const { introductionRetention } = await import('./retention');
    await ctx.app.db.transaction((tx) =>
      introductionRetention(tx, new Date('2027-08-01T00:00:00Z'), false, ctx.app.config.registerSecret),
    );
    const [row] = await ctx.database.query<Record<string, unknown>>(
      'SELECT note, feedback_note, feedback_outcome, feedback_reason FROM interviews WHERE id = $1',
      [proposed.id],
    );
    expect(row).toEqual({
      note: null,
      feedback_note: null,
      feedback_outcome: 'abgesagt',
      feedback_reason: 'qualifikation',
    });
  });
});

describe('When the introduction ends', () => {
  it('When the company rejects with an interview agreed, then the interview is cancelled and the calendar entries removed; nobody can book on it', async () => {
    at('2026-12-04T09:00:00Z');
    const { introduction, candidate } = await agreedIntroduction('Chef de Rang');
    const proposed = (
      await propose(
        introduction.id,
        proposal([
          { date: '2026-12-09', time: '10:00' },
          { date: '2026-12-10', time: '10:00' },
        ]),
      )
    ).json<{ data: Interview }>().data;
    await act(proposed.id, '/choice', consultant.token, { slot: proposed.slots[0]!.id });
    const rejected = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${introduction.id}/status`,
      token: company.token,
      payload: { data: { status: 'abgesagt', reason: 'Stelle intern besetzt.', reasonCategory: 'stelle_besetzt' } },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const list = await ctx.request({
      method: 'GET',
      url: `/api/introductions/${introduction.id}/interviews`,
      token: consultant.token,
    });
    expect(list.json<{ data: Interview[] }>().data[0]).toMatchObject({
      state: 'cancelled',
      actions: { cancel: false, choose: false },
    });
    const last = (await calendarsTo(candidate.email)).at(-1)!;
    expect(last).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 });
    expect((await detail(company, introduction.id)).body.data.rejectionReason).toBe('stelle_besetzt');
  });
});
