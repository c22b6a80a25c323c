import { describe, expect, it } from 'vitest';
import {
  CONSENT_MSG,
  PROFILE_MSG,
  type CandidateConsentView,
  type Introduction,
  type IntroductionDetail,
} from '@pb/core';
import { createJob, minimalPdf } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { multipartBody } from '../../../test/support/multipart';
import { answerConsent, consentTokenFor, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { companyReportBody, postReport } from '../../../test/support/placement-fixtures';
import { connectChat, EventLog } from '../../../test/support/socket-client';

/**
 * The candidate's own consent (issue 35): the mailed link, what the company sees before and after,
 * the register's entries, and every way a party could answer for the candidate or get round it.
 */

const suite = introductionsSuite();
const { ctx, company, otherCompany, consultant, second } = suite;
const { at, person, detail, move, mailsTo } = suite;

type ErrorBody = { error: { message: string } };
const messageOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error.message;

/** A fresh introduction the candidate has not answered yet, with a CV. */
async function pendingIntroduction(advertisement?: number) {
  const job = advertisement ?? (await createJob(ctx.app.db, company.id, { jobTitle: 'Rezeptionist/in', bonus: 15 })).id;
  const candidate = person();
  const body = multipartBody([{ field: 'cv', name: 'Lebenslauf.pdf', data: minimalPdf() }], {
    advertisement: String(job),
    ...candidate,
    profile: JSON.stringify(TEST_PROFILE),
  });
  const res = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { introduction: res.json<{ data: Introduction }>().data, candidate, job };
}

async function lookup(token: string) {
  return ctx.request({ method: 'POST', url: '/api/candidate-consent', payload: { token } });
}

async function row(id: number) {
  const [found] = await ctx.database.query<Record<string, unknown>>('SELECT * FROM introductions WHERE id = $1', [id]);
  return found!;
}

describe('The candidate is asked by the platform', () => {
  it('When a consultant introduces, then the candidate is mailed a link naming agency, company and position, and the company sees only the profile', async () => {
    at('2026-12-04T09:00:00Z');
    const { introduction, candidate } = await pendingIntroduction();
    const [mail] = (await mailsTo(candidate.email)).filter((m) => m.subject.startsWith('Ihre Zustimmung'));
    expect(mail!.subject).toBe('Ihre Zustimmung: Vorstellung bei Alpenblick Hotels GmbH');
    expect(mail!.text).toContain('Sabine Huber Personalberatung');
    expect(mail!.text).toContain('„Rezeptionist/in“');
    const link = /\/einwilligung#([A-Za-z0-9_-]{43})/.exec(mail!.text);
    expect(link?.[1]).toBe(await consentTokenFor(ctx, introduction.id));

    const seen = (await detail(company, introduction.id)).body.data;
    expect(seen).toMatchObject({
      candidate: null,
      pitch: null,
      cv: null,
      profile: TEST_PROFILE,
      identityReleasedAt: null,
      alreadyKnownDeadline: null,
      canDeclareKnown: false,
      nextStatuses: ['in_pruefung', 'abgesagt'],
      consent: { state: 'pending', requestedAt: '2026-12-04T09:00:00.000Z', expiresAt: '2026-12-11T09:00:00.000Z' },
    });
    expect(JSON.stringify(seen)).not.toContain(candidate.lastName);
    // The agency's own view keeps everything.
    expect((await detail(consultant, introduction.id)).body.data.candidate?.lastName).toBe(candidate.lastName);

    // The candidate's page shows who asks and what would be shared — nothing about the person.
    const page = await lookup(link![1]!);
    expect(page.statusCode).toBe(200);
    const view = page.json<{ data: CandidateConsentView }>().data;
    expect(view).toMatchObject({
      state: 'pending',
      agencyName: 'Sabine Huber Personalberatung',
      companyName: 'Alpenblick Hotels GmbH',
      jobTitle: 'Rezeptionist/in',
      shares: { name: true, email: true, phone: true, cv: true, pitch: false },
    });
    expect(page.body).not.toContain(candidate.email);
    expect(page.body).not.toContain(candidate.lastName);
  });

  it('When the candidate confirms, then name, contact and CV reach the company, the register records both steps, and the window for Bereits bekannt starts', async () => {
    at('2026-12-04T09:00:00Z');
    const { introduction, candidate } = await pendingIntroduction();
    const chat = `/api/chat-communications/${introduction.conversationId}/messages`;
    const filesSeen = async () =>
      (await ctx.request({ method: 'GET', url: chat, token: company.token }))
        .json<{ data: Array<{ files: unknown[] }> }>()
        .data.flatMap((m) => m.files).length;
    expect(await filesSeen()).toBe(0);

    at('2026-12-07T10:00:00Z'); // Monday
    const confirmed = await answerConsent(ctx, introduction.id, 'confirm', { keepLonger: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ data: CandidateConsentView }>().data.state).toBe('confirmed');

    const seen: IntroductionDetail = (await detail(company, introduction.id)).body.data;
    expect(seen.candidate).toMatchObject({ lastName: candidate.lastName, email: candidate.email });
    expect(seen.cv).not.toBeNull();
    expect(seen).toMatchObject({
      identityReleasedAt: '2026-12-07T10:00:00.000Z',
      consentAt: '2026-12-07T10:00:00.000Z',
      keepLonger: true,
      // Two Austrian working days from Monday's release: 8 December is a holiday.
      alreadyKnownDeadline: '2026-12-10',
      canDeclareKnown: true,
    });
    expect(seen.timeline.map((e) => e.kind)).toEqual(['introduced', 'consent_confirmed', 'identity_released']);
    expect(await filesSeen()).toBe(1);
    expect((await mailsTo(company.email)).map((m) => m.subject)).toContain(
      'Identität freigegeben: Vorstellung Nr. ' + introduction.id + " zu 'Rezeptionist/in'",
    );

    // The link cannot be used twice.
    const again = await answerConsent(ctx, introduction.id, 'confirm');
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(CONSENT_MSG.alreadyConfirmed);
    expect((await answerConsent(ctx, introduction.id, 'decline')).statusCode).toBe(409);
  });

  it('When a link is guessed, altered, the stored hash, or malformed, then it answers nothing; one link acts on its own introduction only', async () => {
    const a = await pendingIntroduction();
    const b = await pendingIntroduction();
    const tokenA = await consentTokenFor(ctx, a.introduction.id);
    const altered = `${tokenA.slice(0, -1)}${tokenA.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [
      altered,
      'A'.repeat(43),
      String((await row(a.introduction.id))['consent_token_hash']).slice(0, 43),
    ]) {
      const res = await lookup(token);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(CONSENT_MSG.invalidLink);
    }
    for (const token of ['', 'kurz', `${tokenA}x`, 42, null]) {
      const res = await ctx.request({ method: 'POST', url: '/api/candidate-consent/confirm', payload: { token } });
      expect(res.statusCode, JSON.stringify(token)).toBe(400);
    }
    expect((await answerConsent(ctx, a.introduction.id)).statusCode).toBe(200);
    expect((await row(b.introduction.id))['consent_state']).toBe('pending');
  });

  it("When the consultant or the company answers signed in, then it is refused: the consent is the candidate's own", async () => {
    const { introduction } = await pendingIntroduction();
    for (const party of [consultant, company]) {
      const res = await answerConsent(ctx, introduction.id, 'confirm', { sessionToken: party.token });
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(CONSENT_MSG.partySession);
      expect((await answerConsent(ctx, introduction.id, 'decline', { sessionToken: party.token })).statusCode).toBe(
        403,
      );
    }
    // A stranger's session is no party: it may answer as the candidate's browser.
    expect(
      (await answerConsent(ctx, introduction.id, 'confirm', { sessionToken: otherCompany.token })).statusCode,
    ).toBe(200);
  });
});

describe('Without consent there is no introduction', () => {
  it('When the candidate declines, then the introduction ends without a claim, their data are deleted at once and the agency may ask again later', async () => {
    const { introduction, candidate, job } = await pendingIntroduction();
    const declined = await answerConsent(ctx, introduction.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json<{ data: CandidateConsentView }>().data).toMatchObject({
      state: 'declined',
      profile: null,
      shares: { name: false, email: false, phone: false, cv: false },
    });
    const stored = await row(introduction.id);
    expect(stored).toMatchObject({
      first_name: null,
      email: null,
      phone: null,
      profile: null,
      email_fingerprint: null,
    });
    expect((await ctx.database.query('SELECT 1 FROM uploads WHERE id = $1', [introduction.cv!.id])).length).toBe(0);
    const seen = (await detail(company, introduction.id)).body.data;
    expect(seen).toMatchObject({
      claim: 'no_consent',
      status: 'abgesagt',
      nextStatuses: [],
      consent: { state: 'declined' },
    });
    expect(seen.timeline.map((e) => e.kind)).toEqual([
      'introduced',
      'consent_declined',
      'status',
      'personal_data_deleted',
      'fingerprints_deleted',
    ]);
    const reopened = await move(company, introduction.id, 'interview');
    expect(reopened.statusCode).toBe(409);
    expect(messageOf(reopened)).toBe(CONSENT_MSG.endedUnconfirmed);
    expect(messageOf(await answerConsent(ctx, introduction.id, 'confirm'))).toBe(CONSENT_MSG.alreadyDeclined);
    const [told] = (await mailsTo(consultant.email)).filter((m) => m.subject.startsWith('Vorstellung abgelehnt'));
    expect(told!.text).not.toContain(candidate.lastName);
    // Nothing of the old request blocks a new one.
    const res = await ctx.request({
      method: 'POST',
      url: '/api/introductions',
      token: consultant.token,
      payload: { advertisement: job, ...candidate, profile: TEST_PROFILE },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("When the company rejects from the profile alone, then nothing personal stays and the candidate's link says so", async () => {
    const { introduction } = await pendingIntroduction();
    const rejected = await move(company, introduction.id, 'abgesagt', 'Profil passt nicht zur Stelle.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ data: Introduction }>().data).toMatchObject({
      claim: 'no_consent',
      consent: { state: 'cancelled' },
    });
    expect((await row(introduction.id))['email']).toBeNull();
    const page = await lookup(await consentTokenFor(ctx, introduction.id));
    expect(page.json<{ data: CandidateConsentView }>().data.state).toBe('cancelled');
    expect(messageOf(await answerConsent(ctx, introduction.id, 'confirm'))).toBe(CONSENT_MSG.cancelled);
  });

  it('When the company moves on or declares Bereits bekannt before the candidate agreed, then it is refused in German', async () => {
    const { introduction } = await pendingIntroduction();
    expect((await move(company, introduction.id, 'in_pruefung')).statusCode).toBe(200);
    for (const status of ['interview', 'angebot', 'eingestellt']) {
      const res = await move(company, introduction.id, status);
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(CONSENT_MSG.notYetConfirmed);
    }
    const known = await ctx.request({
      method: 'POST',
      url: `/api/introductions/${introduction.id}/already-known`,
      token: company.token,
      payload: { note: 'Kennen wir' },
    });
    expect(known.statusCode).toBe(409);
    expect(messageOf(known)).toBe(CONSENT_MSG.knownBeforeRelease);
    // A placement cannot be pinned on a person who never agreed.
    const report = await postReport(
      ctx,
      company,
      companyReportBody(introduction.advertisement.id!, { introduction: introduction.id }),
    );
    expect(report.statusCode, report.body).toBe(409);
    expect(messageOf(report)).toBe(CONSENT_MSG.placementWithoutConsent);
  });

  it('When nobody answers, then one reminder goes after 2 days and the introduction ends after 7, even if the candidate clicks a minute late', async () => {
    at('2026-12-04T09:00:00Z');
    const { introduction, candidate } = await pendingIntroduction();
    const late = await pendingIntroduction();
    const { remindConsents, expireConsents } = await import('./consent-runs');
    const deps = { db: ctx.app.db, registerSecret: ctx.app.config.registerSecret, publicUrl: 'http://localhost' };
    expect(await remindConsents(deps, new Date('2026-12-05T09:00:00Z'))).toBe(0);
    expect(await remindConsents(deps, new Date('2026-12-06T09:00:00Z'))).toBeGreaterThanOrEqual(2);
    expect(await remindConsents(deps, new Date('2026-12-06T10:00:00Z'))).toBe(0);
    const reminders = (await mailsTo(candidate.email)).filter((m) => m.subject.startsWith('Erinnerung'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(await consentTokenFor(ctx, introduction.id));

    at('2026-12-11T09:01:00Z');
    const tooLate = await answerConsent(ctx, late.introduction.id, 'confirm');
    expect(tooLate.statusCode).toBe(409);
    expect(messageOf(tooLate)).toBe(CONSENT_MSG.expired);
    expect(await row(late.introduction.id)).toMatchObject({ consent_state: 'expired', email: null });

    expect(await expireConsents(deps, new Date('2026-12-11T09:01:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await row(introduction.id)).toMatchObject({ consent_state: 'expired', first_name: null });
    expect((await detail(company, introduction.id)).body.data.claim).toBe('no_consent');
  });
});

describe('Withdrawing a consent', () => {
  it('When the candidate withdraws, then the introduction ends as a rejection, contact and CV go, the name stays for the claim and both parties are told', async () => {
    at('2026-12-14T09:00:00Z');
    const { introduction, candidate } = await pendingIntroduction();
    expect((await answerConsent(ctx, introduction.id, 'withdraw')).statusCode).toBe(409);
    await answerConsent(ctx, introduction.id);
    expect((await move(company, introduction.id, 'interview')).statusCode).toBe(200);
    const withdrawn = await answerConsent(ctx, introduction.id, 'withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const stored = await row(introduction.id);
    expect(stored).toMatchObject({
      consent_state: 'withdrawn',
      email: null,
      phone: null,
      cv_upload_id: null,
      status: 'abgesagt',
    });
    expect(stored['last_name']).toBe(candidate.lastName);
    expect(stored['email_fingerprint']).not.toBeNull();
    const seen = (await detail(company, introduction.id)).body.data;
    expect(seen).toMatchObject({ claim: 'lapsed', consent: { state: 'withdrawn' } });
    expect(seen.timeline.map((e) => e.kind).slice(-2)).toEqual(['consent_withdrawn', 'status']);
    expect((await mailsTo(company.email)).some((m) => m.subject.endsWith('beendet'))).toBe(true);
    expect(messageOf(await answerConsent(ctx, introduction.id, 'withdraw'))).toBe(CONSENT_MSG.alreadyWithdrawn);
  });
});

describe('The profile', () => {
  it("When the company requires fields or the profile names the person or the address is the agency's own, then a German 400 says so", async () => {
    const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
    await ctx.database.query(
      `UPDATE jobs SET required_profile_fields = '["salaryExpectation","languages"]' WHERE id = $1`,
      [job.id],
    );
    const base = { advertisement: job.id, ...person() };
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { ...base, profile: { ...TEST_PROFILE, languages: [] } },
        PROFILE_MSG.requiredByCompany(['Gehaltsvorstellung', 'Sprachen']),
      ],
      [
        { ...base, profile: { ...TEST_PROFILE, position: `Rezeptionistin ${base.lastName}` } },
        PROFILE_MSG.revealsIdentity,
      ],
      [{ ...base, profile: { ...TEST_PROFILE, skills: [] } }, PROFILE_MSG.skillsRequired],
      [{ ...base, profile: { ...TEST_PROFILE, region: 'Mond' } }, PROFILE_MSG.regionInvalid],
      [{ ...base, profile: 'kein JSON' }, PROFILE_MSG.profileInvalid],
      [
        { ...base, email: consultant.email, profile: { ...TEST_PROFILE, salaryExpectationCents: 5_000_000 } },
        CONSENT_MSG.agencyEmail,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/introductions',
        token: consultant.token,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    const ok = await ctx.request({
      method: 'POST',
      url: '/api/introductions',
      token: second.token,
      payload: { ...base, profile: { ...TEST_PROFILE, salaryExpectationCents: 5_000_000 } },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('The register holds the consent', () => {
  it('When someone releases the identity or moves the consent time in SQL, then register:verify names it', async () => {
    const { verifyRegister } = await import('./register-verify');
    const clean = async () => (await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems;
    const { introduction } = await pendingIntroduction();
    expect(await clean()).toEqual([]);
    // The company's friend in the database: the identity without the candidate's consent.
    await ctx.database.query(
      "UPDATE introductions SET consent_state = 'confirmed', consent_at = now(), identity_released_at = now() WHERE id = $1",
      [introduction.id],
    );
    expect((await clean()).map((p) => p.problem)).toContain('Stand der Einwilligung weicht vom Register ab');
    await ctx.database.query(
      "UPDATE introductions SET consent_state = 'pending', consent_at = NULL, identity_released_at = NULL WHERE id = $1",
      [introduction.id],
    );
    expect(await clean()).toEqual([]);
    await answerConsent(ctx, introduction.id);
    await ctx.database.query("UPDATE introductions SET consent_at = consent_at - interval '3 days' WHERE id = $1", [
      introduction.id,
    ]);
    expect((await clean()).map((p) => p.problem)).toEqual([
      'Zustimmung oder Freigabe der Identität weicht vom Register ab',
    ]);
    // The agency's friend: a confirmed claim turned into 'no consent' by hand.
    await ctx.database.query("UPDATE introductions SET consent_at = consent_at + interval '3 days' WHERE id = $1", [
      introduction.id,
    ]);
    await ctx.database.query("UPDATE introductions SET consent_state = 'withdrawn' WHERE id = $1", [introduction.id]);
    expect((await clean()).map((p) => p.problem)).toEqual(['Stand der Einwilligung weicht vom Register ab']);
  });
});

describe('Live events before consent', () => {
  it("When the introduction's message goes out live, then only the agency's handlers get its CV; the company's members get no file name", async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const companySocket = await connectChat(baseUrl, company.token);
    const consultantSocket = await connectChat(baseUrl, consultant.token);
    try {
      const companyMessages = new EventLog(companySocket, 'chat:message');
      const consultantMessages = new EventLog(consultantSocket, 'chat:message');
      const job = await createJob(ctx.app.db, company.id, { bonus: 10 });
      const candidate = person();
      const body = multipartBody([{ field: 'cv', name: `Lebenslauf_${candidate.lastName}.pdf`, data: minimalPdf() }], {
        advertisement: String(job.id),
        ...candidate,
        profile: JSON.stringify(TEST_PROFILE),
      });
      const res = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...body });
      expect(res.statusCode, res.body).toBe(201);
      const [toCompany] = await companyMessages.waitFor(1);
      const [toConsultant] = await consultantMessages.waitFor(1);
      expect(toCompany!.files).toEqual([]);
      expect(JSON.stringify(toCompany)).not.toContain(candidate.lastName);
      expect(toConsultant!.files.map((f) => f.name)).toEqual([`Lebenslauf_${candidate.lastName}.pdf`]);
    } finally {
      companySocket.close();
      consultantSocket.close();
    }
  });
});
