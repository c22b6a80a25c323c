import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTrustSentences, responseSentence, TRUST_TOO_LITTLE } from '@pb/core';
import { introductionEvents, introductions, introductionTrustFacts, jobs, organisationMembers } from '../../db/schema';
import { deleteUserAccount } from '../accounts/service';
import { organisationOf } from '../../../test/support/chat-fixtures';
import { trustSuite } from '../../../test/support/trust-fixtures';
import { answerConsent } from '../../../test/support/candidate-consent';

/**
 * A company's figures on hand-made timelines (docs/trust.md): each instant is chosen, the office
 * minutes counted by hand (Vienna is UTC+1 in December: 09:00Z is 10:00). Tuesday 8 December 2026
 * is Mariä Empfängnis, a public holiday.
 */

const suite = trustSuite();
const { ctx, at, party, advertisement, introduce, move, write, proposeInterview, chooseInterview, run } = suite;

async function facts(ids: number[]) {
  const rows = await ctx.app.db.select().from(introductionTrustFacts);
  return ids.map((id) => rows.find((r) => r.introductionId === id) ?? null);
}

describe('A company answering over a weekend and a public holiday', () => {
  it('When five introductions are answered after 2, 9, 21 and 2 working hours and one not at all, then every figure is exact', async () => {
    const company = await party('company', 'Bergblick Hotels GmbH');
    const agency = await party('consultant', 'Alpen Personal');
    const job = await advertisement(company, '2026-11-30T07:00:00Z'); // Mon 30 Nov 08:00

    // I1: Friday 17:00; 'In Prüfung' on Monday 09:00 → 60 + 60 minutes.
    const i1 = await introduce(agency, job, '2026-12-04T16:00:00Z');
    await move(company, i1, 'in_pruefung', '2026-12-07T08:00:00Z');
    // I2 (another advertisement, so a conversation of its own): Monday 10:00; the agency writes at
    // 11:00 (not a reaction), the company on Wednesday 09:00 → Monday 480 + Wednesday 60 (Tuesday
    // is a holiday). A company's message answers every introduction of its conversation made before.
    const job2 = await advertisement(company, '2026-11-30T07:00:00Z', 'Koch/Köchin (m/w/d)');
    const i2 = await introduce(agency, job2, '2026-12-07T09:00:00Z');
    await write(agency, i2, '2026-12-07T10:00:00Z', 'Gibt es schon Neuigkeiten?');
    await write(company, i2, '2026-12-09T08:00:00Z');
    // I3: Monday 11:00; rejected with a reason on Thursday 12:00 → 420 + 600 + 240 = 1260, late.
    const i3 = await introduce(agency, job, '2026-12-07T10:00:00Z');
    await move(company, i3, 'abgesagt', '2026-12-10T11:00:00Z');
    // I4: introduced Monday 12:00, released on the holiday; interview proposed Wednesday 10:00 → 120.
    const i4 = await introduce(agency, job, '2026-12-07T11:00:00Z', { releasedAt: '2026-12-08T09:00:00Z' });
    const interview = await proposeInterview(company, i4, '2026-12-09T09:00:00Z', '2026-12-14');
    await chooseInterview(agency, interview, '2026-12-09T10:00:00Z');

    // Four introductions: too few, nothing but the count.
    await run('2026-12-09T07:30:00Z');
    const early = await suite.companyFigures(company);
    expect(early).toEqual({
      introductions: 4,
      enoughData: false,
      medianResponseMinutes: null,
      answeredInTimeShare: null,
      rejectionsWithConcreteReasonShare: null,
      rejections: 0,
      interviewsPerIntroduction: null,
      openOverdue: null,
      computedAt: '2026-12-09T07:30:00.000Z',
    });
    expect(companyTrustSentences(early!)).toEqual([]);

    // I5: Wednesday 10:00, never answered; two introductions the candidate did not agree to.
    const i5 = await introduce(agency, job, '2026-12-09T09:00:00Z');
    const declined = await introduce(agency, job, '2026-12-09T11:00:00Z', { decline: true });
    const pending = await introduce(agency, job, '2026-12-09T11:30:00Z', { releasedAt: null });
    await move(company, pending, 'abgesagt', '2026-12-09T12:00:00Z');

    await run('2026-12-17T11:00:00Z'); // Thursday 17 December 12:00
    const [f1, f2, f3, f4, f5, fDeclined, fPending] = await facts([i1, i2, i3, i4, i5, declined, pending]);
    expect([f1, f2, f3, f4, f5].map((f) => f?.responseMinutes)).toEqual([120, 540, 1260, 120, null]);
    expect(fDeclined).toBeNull();
    expect(fPending).toBeNull();
    // Clock start at the release (the holiday: from Wednesday 08:00); deadlines in office hours.
    expect(f1!.answerDueAt.toISOString()).toBe('2026-12-09T16:00:00.000Z'); // Wed 17:00
    expect(f1!.staleAt.toISOString()).toBe('2026-12-14T16:00:00.000Z'); // Mon 14 17:00
    expect(f4!.clockStartAt.toISOString()).toBe('2026-12-08T09:00:00.000Z');
    expect(f4!.answerDueAt.toISOString()).toBe('2026-12-10T17:00:00.000Z'); // Thu 18:00
    expect(f1!.minutesSincePublication).toBe(4 * 600 + 540);

    const figures = await suite.companyFigures(company);
    expect(figures).toEqual({
      introductions: 5,
      enoughData: true,
      // 120, 120, 540, 1260 and the unanswered one last: the third.
      medianResponseMinutes: 540,
      // I1, I2 and I4 within 2 working days; I3 late; I5's deadline passed unanswered.
      answeredInTimeShare: 0.6,
      rejections: 1,
      // One rejection: below TRUST_MIN_REJECTIONS (3), too little for a share.
      rejectionsWithConcreteReasonShare: null,
      interviewsPerIntroduction: 0.2,
      // Still 'In Prüfung' (I1) or 'Neu' (I2 answered in the chat only, I5) after 5 working days.
      openOverdue: 3,
      computedAt: '2026-12-17T11:00:00.000Z',
    });
    expect(companyTrustSentences(figures!)).toEqual([
      'Das Unternehmen antwortet meist innerhalb von 1 Arbeitstag (Median: 9 Arbeitsstunden bis zur ersten Reaktion).',
      '60 % der Vorstellungen wurden innerhalb von 2 Arbeitstagen beantwortet.',
      'Zu Absagen mit konkretem Grund gibt es noch zu wenige Daten (erst ab 3 Absagen).',
      'Auf eine Vorstellung kommen im Schnitt 0,2 Interviews.',
      '3 Vorstellungen warten länger als 5 Arbeitstage auf eine Entscheidung.',
    ]);
    const stored = await suite.stored(company);
    expect(stored?.responseMinutes).toBe(540);
    expect(stored?.agencyFigures).toBeNull();
  });
});

describe('What is and is not the company reacting', () => {
  it('When the company looked before the release, took a move back, the candidate withdrew and a rejection has no reason, then each counts as documented', async () => {
    const company = await party('company', 'Seeblick Resort');
    const agency = await party('consultant', 'Tauern Recruiting');
    const job = await advertisement(company, '2026-12-14T07:00:00Z');

    // E1: 'In Prüfung' on the anonymised profile Monday 11:00, released Tuesday 10:00 → 0 minutes.
    const e1 = await introduce(agency, job, '2026-12-14T08:00:00Z', { releasedAt: null });
    await move(company, e1, 'in_pruefung', '2026-12-14T10:00:00Z');
    at('2026-12-15T09:00:00Z');
    expect((await answerConsent(ctx, e1, 'confirm')).statusCode).toBe(200);
    // E2 (a conversation of its own): Monday 12:00; 'Interview' taken back within seconds; the
    // company writes on Wednesday 12:00 → 360 + 600 + 240 = 1200: exactly at the deadline, in time.
    const job2 = await advertisement(company, '2026-12-14T07:00:00Z', 'Koch/Köchin (m/w/d)');
    const e2 = await introduce(agency, job2, '2026-12-14T11:00:00Z');
    await move(company, e2, 'interview', '2026-12-14T12:00:00Z');
    at('2026-12-14T12:00:05Z');
    const undo = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${e2}/status/undo`,
      token: company.token,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    await write(company, e2, '2026-12-16T11:00:00Z');
    // E3: Monday 14:00; the candidate withdraws at 16:00 before anyone answered: no rejection by
    // the company, no reaction, and left out of the answer figures (nothing left to answer).
    const e3 = await introduce(agency, job, '2026-12-14T13:00:00Z');
    at('2026-12-14T15:00:00Z');
    expect((await answerConsent(ctx, e3, 'withdraw')).statusCode).toBe(200);
    // E4: Tuesday 11:00, rejected at 12:00 → 60; its reason removed as on a rejection from before reasons were required.
    const e4 = await introduce(agency, job, '2026-12-15T10:00:00Z');
    await move(company, e4, 'abgesagt', '2026-12-15T11:00:00Z');
    await ctx.app.db
      .update(introductions)
      .set({ statusNote: null, rejectionReason: null })
      .where(eq(introductions.id, e4));
    // E5: Tuesday 13:00, 'In Prüfung' at 13:30 → 30; 'Interview' as a stage (before interviews were scheduled here).
    const e5 = await introduce(agency, job, '2026-12-15T12:00:00Z');
    await move(company, e5, 'in_pruefung', '2026-12-15T12:30:00Z');
    await move(company, e5, 'interview', '2026-12-16T09:00:00Z');

    // E6: Tuesday 15:00, 'In Prüfung' at 17:00 → 120.
    const e6 = await introduce(agency, job, '2026-12-15T14:00:00Z');
    await move(company, e6, 'in_pruefung', '2026-12-15T16:00:00Z');

    // Three weeks later the company writes in the advertisement's conversation (about another
    // candidate): that is no reaction to E3, which ended with the withdrawal.
    await write(company, e3, '2027-01-04T09:00:00Z');

    await run('2027-01-04T11:00:00Z');
    const [f1, f2, f3, f4, f5] = await facts([e1, e2, e3, e4, e5]);
    expect([f1, f2, f3, f4, f5].map((f) => f?.responseMinutes)).toEqual([0, 1200, null, 60, 30]);
    expect(f2!.firstReactionAt!.toISOString()).toBe(f2!.answerDueAt.toISOString());
    expect(await suite.companyFigures(company)).toEqual({
      introductions: 6,
      enoughData: true,
      // 0, 30, 60, 120, 1200 (E3 left out: five, just enough): the third.
      medianResponseMinutes: 60,
      answeredInTimeShare: 1,
      rejections: 1,
      rejectionsWithConcreteReasonShare: null,
      interviewsPerIntroduction: 1 / 6,
      // E1 and E6 still 'In Prüfung', E2 'Neu' again after the undo.
      openOverdue: 3,
      computedAt: '2027-01-04T11:00:00.000Z',
    });
  });

  it('When most introductions stay unanswered past 5 working days, then the median is the floor "more than 5 working days"', async () => {
    const company = await party('company', 'Talblick Pension');
    const agency = await party('consultant', 'Donau Talente');
    const job = await advertisement(company, '2027-01-04T07:00:00Z');
    const ids: number[] = [];
    for (const hour of ['08', '09', '10', '11', '12'])
      ids.push(await introduce(agency, job, `2027-01-11T${hour}:00:00Z`));
    await move(company, ids[0]!, 'in_pruefung', '2027-01-11T13:00:00Z');
    await move(company, ids[1]!, 'in_pruefung', '2027-01-11T13:00:00Z');

    await run('2027-02-01T11:00:00Z');
    const figures = await suite.companyFigures(company);
    expect(figures).toMatchObject({
      introductions: 5,
      enoughData: true,
      medianResponseMinutes: 5 * 600 + 1,
      answeredInTimeShare: 0.4,
      openOverdue: 5,
    });
    expect(responseSentence(figures!.medianResponseMinutes!)).toBe('antwortet meist erst nach mehr als 5 Arbeitstagen');
    expect((await suite.stored(company))?.responseMinutes).toBe(5 * 600 + 1);
  });
});

describe('One person on both sides', () => {
  it('When a member of the company is or was also a member of the agency, then their introductions count for neither', async () => {
    const company = await party('company', 'Eigenbau GmbH');
    const agency = await party('consultant', 'Eigenbau Personal');
    const job = await advertisement(company, '2027-01-04T07:00:00Z');
    const ids: number[] = [];
    for (const hour of ['08', '09', '10', '11', '12'])
      ids.push(await introduce(agency, job, `2027-01-05T${hour}:00:00Z`));
    for (const id of ids) await move(company, id, 'in_pruefung', '2027-01-05T13:00:00Z');
    await run('2027-01-20T11:00:00Z');
    expect((await suite.companyFigures(company))?.enoughData).toBe(true);

    // The company's founder joins the agency (leaving again changes nothing: 'is or was').
    const [joined] = await ctx.app.db
      .insert(organisationMembers)
      .values({ organisationId: await organisationOf(ctx.app.db, agency.id), userId: company.id, role: 'consultant' })
      .returning({ id: organisationMembers.id });
    await ctx.app.db
      .update(organisationMembers)
      .set({ leftAt: new Date('2027-01-20T11:05:00Z') })
      .where(eq(organisationMembers.id, joined!.id));
    await run('2027-01-20T11:10:00Z');
    expect(await suite.companyFigures(company)).toMatchObject({ introductions: 0, enoughData: false });
    expect(await suite.agencyFigures(agency)).toMatchObject({ introductions: 0, enoughData: false });
    expect((await suite.stored(company))?.responseMinutes).toBeNull();
  });
});

describe('A minimum of data per figure', () => {
  it('When five introductions arrive within hours and one is answered, then no median and no in-time share (nor on the advertisement) until enough are answered or overdue', async () => {
    const company = await party('company', 'Kurzfrist GmbH');
    const agency = await party('consultant', 'Schnell Personal');
    const job = await advertisement(company, '2027-01-25T07:00:00Z');
    const ids: number[] = [];
    for (const hour of ['08', '09', '10', '11', '12'])
      ids.push(await introduce(agency, job, `2027-01-25T${hour}:00:00Z`));
    await move(company, ids[0]!, 'in_pruefung', '2027-01-25T13:00:00Z');

    // Tuesday: one answered (ranked and due), four neither overdue nor past their deadline.
    await run('2027-01-26T10:00:00Z');
    expect(await suite.companyFigures(company)).toMatchObject({
      introductions: 5,
      enoughData: true,
      medianResponseMinutes: null,
      answeredInTimeShare: null,
      rejectionsWithConcreteReasonShare: null,
      interviewsPerIntroduction: 0,
      openOverdue: 0,
    });
    expect(companyTrustSentences((await suite.companyFigures(company))!).slice(0, 2)).toEqual([
      TRUST_TOO_LITTLE.median,
      TRUST_TOO_LITTLE.inTime,
    ]);
    expect((await suite.stored(company))?.responseMinutes).toBeNull();
    const copied = async () =>
      (await ctx.app.db.select({ m: jobs.companyResponseMinutes }).from(jobs).where(eq(jobs.id, job)))[0]?.m;
    expect(await copied()).toBeNull();

    // Two weeks later the four are overdue: five ranked, five due.
    await run('2027-02-10T10:00:00Z');
    expect(await suite.companyFigures(company)).toMatchObject({
      medianResponseMinutes: 5 * 600 + 1,
      answeredInTimeShare: 0.2,
    });
    expect(await copied()).toBe(5 * 600 + 1);
  });
});

describe('Absagen mit konkretem Grund', () => {
  it("When rejections name a catalogue reason, 'Sonstiges' or none, and one is the candidate's withdrawal, then only the catalogue's concrete reasons count, also after the notes are erased", async () => {
    const company = await party('company', 'Absage AG');
    const agency = await party('consultant', 'Grund Personal');
    const job = await advertisement(company, '2027-01-25T07:00:00Z');
    const ids: number[] = [];
    for (const hour of ['08', '09', '10', '11', '12'])
      ids.push(await introduce(agency, job, `2027-01-26T${hour}:00:00Z`));
    const [r1, r2, r3, r4, r5] = ids as [number, number, number, number, number];
    await move(company, r1, 'abgesagt', '2027-01-26T13:00:00Z', 'Zu wenig Erfahrung.', 'qualifikation');
    await move(company, r2, 'abgesagt', '2027-01-26T13:10:00Z', 'Passt nicht.', 'sonstiges');
    // No catalogue entry (the API still takes it, as before the catalogue): the register names none.
    await move(company, r3, 'abgesagt', '2027-01-26T13:20:00Z', 'Wir haben uns anders entschieden.', null);
    await move(company, r4, 'abgesagt', '2027-01-26T13:30:00Z', 'Zu teuer.', 'gehalt');
    // The candidate withdraws before the company answered: a rejection with cause 'consent', not the company's.
    at('2027-01-26T14:00:00Z');
    expect((await answerConsent(ctx, r5, 'withdraw')).statusCode).toBe(200);
    // The candidate's data erased: the notes go, the register's entries keep the catalogue reason.
    await ctx.app.db.update(introductions).set({ statusNote: null }).where(eq(introductions.id, r1));
    await ctx.app.db.update(introductionEvents).set({ note: null }).where(eq(introductionEvents.introductionId, r1));

    await run('2027-02-11T10:00:00Z');
    expect(await suite.companyFigures(company)).toMatchObject({
      introductions: 5,
      rejections: 4,
      // R1 (erased, 'qualifikation') and R4 ('gehalt') of four.
      rejectionsWithConcreteReasonShare: 0.5,
    });
    expect(companyTrustSentences((await suite.companyFigures(company))!)).toContain(
      '50 % der Absagen nennen einen konkreten Grund.',
    );
  });
});

describe('One person on both sides, after an account deletion', () => {
  it('When a person in both organisations deletes the account, then their memberships are gone but the introductions stay left out', async () => {
    const company = await party('company', 'Doppel GmbH');
    const agency = await party('consultant', 'Doppel Personal');
    const both = await suite.memberOf(company, 'Doris Doppel', 'recruiting');
    await ctx.app.db
      .insert(organisationMembers)
      .values({ organisationId: await organisationOf(ctx.app.db, agency.id), userId: both.id, role: 'consultant' });
    const job = await advertisement(company, '2027-01-25T07:00:00Z');
    for (const hour of ['08', '09', '10', '11', '12']) {
      const id = await introduce(agency, job, `2027-01-27T${hour}:00:00Z`);
      await move(company, id, 'in_pruefung', `2027-01-27T${hour}:30:00Z`);
    }
    await run('2027-02-12T10:00:00Z');
    expect(await suite.companyFigures(company)).toMatchObject({ introductions: 0, enoughData: false });
    const marked = await ctx.app.db
      .select({ shared: introductionTrustFacts.shared })
      .from(introductionTrustFacts)
      .where(eq(introductionTrustFacts.companyOrganisationId, await organisationOf(ctx.app.db, company.id)));
    expect(marked.map((f) => f.shared)).toEqual([true, true, true, true, true]);

    // The account deletion removes the person's membership rows (ON DELETE CASCADE).
    expect(await deleteUserAccount(ctx.app.db, ctx.app.storage, both.id, ctx.config.registerSecret)).toBe(true);
    expect(await ctx.app.db.select().from(organisationMembers).where(eq(organisationMembers.userId, both.id))).toEqual(
      [],
    );
    await run('2027-02-12T10:10:00Z');
    expect(await suite.companyFigures(company)).toMatchObject({ introductions: 0, enoughData: false });
    expect(await suite.agencyFigures(agency)).toMatchObject({ introductions: 0, enoughData: false });
  });
});

describe('The 12-month window', () => {
  it('When an introduction is exactly 12 months old it still counts, a millisecond later it does not', async () => {
    const company = await party('company', 'Gipfel Gastro');
    const agency = await party('consultant', 'Salzach Personal');
    const job = await advertisement(company, '2027-02-01T07:00:00Z');
    await introduce(agency, job, '2027-02-02T10:00:00Z');
    await introduce(agency, job, '2027-02-03T10:00:00Z');

    await run('2028-02-02T10:00:00.000Z');
    expect((await suite.companyFigures(company))?.introductions).toBe(2);
    await run('2028-02-02T10:00:00.001Z');
    expect((await suite.companyFigures(company))?.introductions).toBe(1);
    // Once none is left the row stays with none: older figures never linger.
    await run('2028-02-03T10:00:00.001Z');
    const none = await suite.stored(company);
    expect(none?.companyFigures).toMatchObject({ introductions: 0, enoughData: false, medianResponseMinutes: null });
    expect(none?.responseMinutes).toBeNull();
  });
});
