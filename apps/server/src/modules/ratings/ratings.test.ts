import { describe, expect, it } from 'vitest';
import {
  MEMBER_PERMISSION_MSG,
  ORGANISATION_MSG,
  RATING_MSG,
  ratingSavedNotice,
  type IntroductionRating,
} from '@pb/core';
import { createChatUser, createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { addMember, invite } from '../../../test/support/organisation-fixtures';
import type { TestAccount } from '../../../test/support/account-fixtures';
import { GOOD_RATING, ratingCalls } from '../../../test/support/ratings';
import { runTrustFigures } from '../trust';
import { consultantReportBody, reportId, reviewReport } from '../../../test/support/placement-fixtures';

/**
 * Ratings between an introduction's parties (issue 36), from the side of whoever would cheat:
 * both sides rate once after a hire and neither reads the other's scores; a stranger, another
 * company, the back office, Buchhaltung, a removed member's old session and a person on both
 * sides are refused; a rating needs a hire that stands or a final rejection after an interview.
 */

const suite = introductionsSuite();
const { ctx, company, otherCompany, consultant, admin } = suite;
const { view, rate, section, rated, messageOf, hired, rejectedAfterInterview, organisationIdOf } = ratingCalls(suite);

const asAdmin = (user: ChatUser) => ({ jwt: user.token }) as TestAccount;
const count = async (introductionId: number) =>
  (
    await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM ratings WHERE introduction_id = $1', [
      introductionId,
    ])
  )[0]!.n;
const trustOf = async (organisationId: number) =>
  (
    await ctx.database.query<{ ratings_count: number; rating_communication: string | null }>(
      'SELECT ratings_count, rating_communication FROM organisation_trust WHERE organisation_id = $1',
      [organisationId],
    )
  )[0];

describe('Rating after a hire', () => {
  it('When the company and the agency each rate a hire, then each sees its own rating and never the other side’s scores', async () => {
    const id = await hired();
    const before = await section(company, id);
    expect(before).toMatchObject({
      side: 'company',
      rated: { name: consultant.username, kind: 'agency' },
      canRate: true,
      notAllowedReason: null,
      own: null,
      received: null,
    });

    const res = await rate(company, id, { ...GOOD_RATING, comment: '  Sehr verlässliche Zusammenarbeit.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ data: IntroductionRating; meta: { notice: string } }>();
    expect(body.meta.notice).toBe(ratingSavedNotice(false, true));
    expect(body.data).toMatchObject({
      canRate: false,
      notAllowedReason: null,
      own: { ...GOOD_RATING, comment: 'Sehr verlässliche Zusammenarbeit.', commentState: 'pending' },
    });

    const agencySide = await view(consultant, id);
    expect(agencySide.json<{ data: IntroductionRating }>().data).toMatchObject({
      side: 'agency',
      rated: { name: company.username, kind: 'company' },
      canRate: true,
      own: null,
      received: null,
    });
    // Neither the company's scores nor its pending comment reach the agency.
    expect(agencySide.body).not.toContain('verlässliche');
    expect(agencySide.body).not.toMatch(/"quality":4/);

    const back = await rate(consultant, id, { communication: 2, quality: 2, speed: 1, comment: '' });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json<{ meta: { notice: string } }>().meta.notice).toBe(ratingSavedNotice(true, false));
    expect(back.json<{ data: IntroductionRating }>().data.own).toMatchObject({ comment: null, commentState: null });
    expect((await section(company, id)).received).toBeNull();
    expect(await count(id)).toBe(2);

    // Both rated: both count from now — the trust run writes the agency's and the company's averages.
    await runTrustFigures(ctx.app.db, ctx.app.now());
    expect(await trustOf(await organisationIdOf(consultant, 'agency'))).toMatchObject({ rating_communication: '5.00' });
    expect((await trustOf(await organisationIdOf(company, 'company')))!.ratings_count).toBeGreaterThanOrEqual(1);
  });

  it('When a side rates the same introduction again, then it is a German 409 and one rating stays', async () => {
    const id = await hired();
    await rated(company, id);
    const again = await rate(company, id, { communication: 1, quality: 1, speed: 1 });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(RATING_MSG.alreadyRated);
    // Another member of the same company is the same side.
    const colleague = await addMember(ctx, asAdmin(company), 'Rita Recruiting Zwei', 'recruiting');
    const theirs = await rate({ token: colleague.jwt }, id);
    expect(theirs.statusCode).toBe(409);
    expect(await count(id)).toBe(1);
    expect((await section(company, id)).own).toMatchObject(GOOD_RATING);
  });
});

describe('Who may not rate', () => {
  it('When a visitor, another company, the back office or an unknown introduction is asked, then 401, 404 or 403 and nothing is saved', async () => {
    const id = await hired();
    expect((await view(null, id)).statusCode).toBe(401);
    expect((await rate(null, id)).statusCode).toBe(401);
    for (const res of [await view(otherCompany, id), await rate(otherCompany, id)]) {
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(RATING_MSG.notParty);
    }
    // An agency that did not introduce, too.
    const stranger = await createChatUser(ctx.app, 'consultant');
    expect(messageOf(await rate(stranger, id))).toBe(RATING_MSG.notParty);
    const office = await rate(admin, id);
    expect(office.statusCode).toBe(403);
    expect(messageOf(office)).toBe(RATING_MSG.notParty);
    const missing = await rate(company, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe(RATING_MSG.notParty);
    expect((await view(company, 999_999)).statusCode).toBe(404);
    expect(await count(id)).toBe(0);
  });

  it('When Buchhaltung of a party asks, then a German 403 names the roles that may', async () => {
    const id = await hired();
    const accounting = await addMember(ctx, asAdmin(company), 'Bruno Buchhaltung', 'accounting');
    for (const res of [await view({ token: accounting.jwt }, id), await rate({ token: accounting.jwt }, id)]) {
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(MEMBER_PERMISSION_MSG['introductions.write']);
    }
    expect(await count(id)).toBe(0);
  });

  it("When a removed member's old session rates, then it is refused and nothing is saved", async () => {
    const agency = await createChatUser(ctx.app, 'consultant', 'Entfernt Personal GmbH');
    const berater = await addMember(ctx, asAdmin(agency), 'Bernd Berater Entfernt', 'consultant');
    const id = await hired(company, agency);
    expect((await section({ token: berater.jwt }, id)).canRate).toBe(true);
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/organisation/members/${berater.memberId}`,
      token: agency.token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const res = await rate({ token: berater.jwt }, id);
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe(ORGANISATION_MSG.noOrganisation);
    expect((await view({ token: berater.jwt }, id)).statusCode).toBe(403);
    expect(await count(id)).toBe(0);
  });

  it('When one person is a member of both the company and the agency, then neither side can rate the other, even after leaving', async () => {
    const person = await createChatUser(ctx.app, 'company', 'Doppelrolle Hotel GmbH');
    const agency = await createChatUser(ctx.app, 'consultant', 'Doppelrolle Personal GmbH');
    const token = await invite(ctx, asAdmin(agency), person.email, 'consultant');
    const accepted = await ctx.request({
      method: 'POST',
      url: '/api/invitations/accept',
      token: person.token,
      payload: { token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Acting for the agency, the person introduces a candidate to their own company's advertisement…
    const job = await createJob(ctx.app.db, person.id, { jobTitle: 'Portier/in', bonus: 12 });
    const id = (await suite.introduced(person, job.id)).data.id;
    // …and, acting for the company, hires them.
    const switchTo = (organisationId: number) =>
      ctx.request({
        method: 'PUT',
        url: '/api/organisations/active',
        token: person.token,
        payload: { organisationId },
      });
    expect((await switchTo(await organisationIdOf(person, 'company'))).statusCode).toBe(200);
    expect((await suite.move(person, id, 'eingestellt')).statusCode).toBe(200);

    const asCompany = await rate(person, id);
    expect(asCompany.statusCode).toBe(403);
    expect(messageOf(asCompany)).toBe(RATING_MSG.sharedMembers);
    expect(await section(person, id)).toMatchObject({ canRate: false, notAllowedReason: RATING_MSG.sharedMembers });
    expect((await switchTo(await organisationIdOf(person, 'agency'))).statusCode).toBe(200);
    expect(messageOf(await rate(person, id))).toBe(RATING_MSG.sharedMembers);
    // The agency's other administrator cannot either; nor after the person left the agency.
    expect(messageOf(await rate(agency, id))).toBe(RATING_MSG.sharedMembers);
    const memberId = (
      await ctx.database.query<{ id: number }>(
        'SELECT id FROM organisation_members WHERE user_id = $1 AND organisation_id = $2',
        [person.id, await organisationIdOf(person, 'agency')],
      )
    )[0]!.id;
    const left = await ctx.request({
      method: 'DELETE',
      url: `/api/organisation/members/${memberId}`,
      token: agency.token,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(messageOf(await rate(agency, id))).toBe(RATING_MSG.sharedMembers);
    // Nor once the membership rows are gone — an account deletion removes them (ON DELETE CASCADE;
    // this person's own deletion waits for the open introduction): the trust run's mark on the
    // introduction (introduction_trust_facts.shared) remembers them.
    await runTrustFigures(ctx.app.db, ctx.app.now());
    await ctx.database.query('DELETE FROM organisation_members WHERE user_id = $1', [person.id]);
    expect(messageOf(await rate(agency, id))).toBe(RATING_MSG.sharedMembers);
    expect(await count(id)).toBe(0);
  });
});

describe('When an introduction may be rated', () => {
  it('When the introduction is still open or was rejected without an interview, then not yet', async () => {
    const open = await ratingCalls(suite).agreed();
    expect(await section(company, open)).toMatchObject({ canRate: false, notAllowedReason: RATING_MSG.notYet });
    const res = await rate(consultant, open);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(RATING_MSG.notYet);
    const rejected = await ratingCalls(suite).agreed();
    expect((await suite.move(company, rejected, 'abgesagt', 'Passt nicht.')).statusCode).toBe(200);
    expect(messageOf(await rate(consultant, rejected))).toBe(RATING_MSG.notYet);
    expect(messageOf(await rate(company, rejected))).toBe(RATING_MSG.notYet);
  });

  it('When the company rejects for good after an interview that took place, then both sides may rate', async () => {
    const id = await rejectedAfterInterview();
    expect((await section(consultant, id)).canRate).toBe(true);
    await rated(consultant, id);
    await rated(company, id);
  });

  it('When the interview was called off before its time, then the rejection does not open rating', async () => {
    const calls = ratingCalls(suite);
    const id = await calls.agreed();
    await calls.interview(id);
    // Rejected before the interview's day: the rejection calls the interview off.
    expect((await suite.move(company, id, 'abgesagt', 'Stelle intern besetzt.')).statusCode).toBe(200);
    expect(messageOf(await rate(consultant, id))).toBe(RATING_MSG.notYet);
  });

  it('When the candidate withdrew the consent after the interview, then the end is not a rating occasion', async () => {
    const calls = ratingCalls(suite);
    const id = await calls.agreed();
    calls.after((await calls.interview(id)).startsAt);
    const { answerConsent } = await import('../../../test/support/candidate-consent');
    expect((await answerConsent(ctx, id, 'withdraw')).statusCode).toBe(200);
    expect((await suite.detail(company, id)).body.data.status).toBe('abgesagt');
    expect(messageOf(await rate(company, id))).toBe(RATING_MSG.notYet);
    expect(messageOf(await rate(consultant, id))).toBe(RATING_MSG.notYet);
  });

  it('When an introduction from before the interviews had the stage Interview, then its rejection opens rating', async () => {
    const calls = ratingCalls(suite);
    const id = await calls.agreed();
    expect((await suite.move(company, id, 'interview')).statusCode).toBe(200);
    expect((await suite.move(company, id, 'abgesagt', 'Passt nicht.')).statusCode).toBe(200);
    // Today a stage change alone is no interview…
    expect(messageOf(await rate(consultant, id))).toBe(RATING_MSG.notYet);
    // …before issue 35 (no consent request) it was the only record of one.
    await ctx.database.query('UPDATE introductions SET consent_requested_at = NULL WHERE id = $1', [id]);
    await rated(consultant, id);
  });

  it("When the agency's placement report is objected to and discarded, then nobody may rate; released over the objection, both may", async () => {
    const calls = ratingCalls(suite);
    const reported = async () => {
      const id = await calls.agreed();
      expect((await suite.move(company, id, 'angebot')).statusCode).toBe(200);
      const [row] = await ctx.database.query<{ job: number }>('SELECT job_id AS job FROM introductions WHERE id = $1', [
        id,
      ]);
      const report = await reportId(ctx, consultant, consultantReportBody(row!.job, { introduction: id }));
      // 'eingestellt' on the agency's word alone: not while the company may still object.
      expect((await suite.detail(company, id)).body.data.status).toBe('eingestellt');
      expect(messageOf(await rate(consultant, id))).toBe(RATING_MSG.notYet);
      const objection = await ctx.request({
        method: 'POST',
        url: `/api/placement-reports/${report}/objection`,
        token: company.token,
        payload: { data: { note: 'Niemand wurde eingestellt.' } },
      });
      expect(objection.statusCode, objection.body).toBe(200);
      return { id, report };
    };
    const discarded = await reported();
    // Nor while the objection waits for the office, nor after it discarded the report.
    expect(messageOf(await rate(consultant, discarded.id))).toBe(RATING_MSG.notYet);
    const review = await reviewReport(ctx, admin, discarded.report, {
      decision: 'verworfen',
      note: 'Keine Einstellung.',
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(messageOf(await rate(consultant, discarded.id))).toBe(RATING_MSG.notYet);
    expect(messageOf(await rate(company, discarded.id))).toBe(RATING_MSG.notYet);

    const released = await reported();
    const decision = { decision: 'freigegeben', note: 'Telefonisch bestätigt.' };
    expect((await reviewReport(ctx, admin, released.report, decision)).statusCode).toBe(200);
    await rated(consultant, released.id);
    await rated(company, released.id);
  });
});
