import { describe, expect, it } from 'vitest';
import type { Overview } from '@pb/core';
import { createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { introductionsSuite } from '../../../test/support/introductions-suite';
import { addMember } from '../../../test/support/organisation-fixtures';

/**
 * GET /api/overview (issue 32) through the real flow: what a company and an agency have to do,
 * counted from introductions, conversations, invoices and saved searches; what each role sees.
 */

const { ctx, company, consultant, admin, at, introduced, move } = introductionsSuite();

async function overviewAs(token: string): Promise<Overview> {
  const res = await ctx.request({ method: 'GET', url: '/api/overview', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Overview }>().data;
}
const of = (user: ChatUser) => overviewAs(user.token);

async function write(user: ChatUser, conversation: number, message: string) {
  const res = await ctx.request({
    method: 'POST',
    url: `/api/chat-communications/${conversation}/messages`,
    token: user.token,
    payload: { message },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe('Übersicht', () => {
  it('When a candidate is introduced on a Friday, then the company is asked to answer by Wednesday (8 December is a holiday) and afterwards the agency waits', async () => {
    at('2026-12-04T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
    // A first candidate who stays: the hired one's id is not the first of any table.
    await introduced(consultant, job.id);
    at('2026-12-04T09:10:00Z');
    const { data } = await introduced(consultant, job.id);
    const fresh = await of(company);
    expect(fresh.introductions).toMatchObject({
      alreadyKnownOpen: 2,
      alreadyKnownDeadline: '2026-12-09',
      awaitingReaction: 0,
    });
    expect((await of(consultant)).introductions).toMatchObject({ alreadyKnownOpen: 0, inProgress: 0 });

    at('2026-12-10T09:00:00Z');
    expect((await of(company)).introductions).toMatchObject({ alreadyKnownOpen: 0, awaitingReaction: 2 });

    expect((await move(company, data.id, 'interview')).statusCode).toBe(200);
    expect((await of(company)).introductions).toMatchObject({ awaitingReaction: 1 });
    expect((await of(consultant)).introductions).toMatchObject({ inProgress: 1, hiredUnreported: 0 });

    expect((await move(company, data.id, 'eingestellt')).statusCode).toBe(200);
    for (const side of [company, consultant])
      expect((await of(side)).introductions).toMatchObject({
        hiredUnreported: 1,
        hiredUnreportedId: data.id,
        hiredUnreportedAdvertisementId: job.id,
      });
    const reported = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: consultant.token,
      payload: {
        data: {
          variant: 'consultant',
          advertisement: job.id,
          introduction: data.id,
          companyName: company.username,
          jobTitle: job.jobTitle,
          contactPerson: 'Frau Berger',
          placementBonus: 15,
          actualSalary: 40_000,
        },
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    for (const side of [company, consultant])
      expect((await of(side)).introductions).toMatchObject({ hiredUnreported: 0, hiredUnreportedId: null });
  });

  it('When the other side wrote last, then the conversation counts as unanswered until it is answered', async () => {
    at('2026-12-14T09:00:00Z');
    const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
    const before = {
      company: (await of(company)).conversations!.unanswered,
      agency: (await of(consultant)).conversations!.unanswered,
    };
    const opened = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload: { advertisement: job.id, message: 'Guten Tag, ist die Stelle noch offen?' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const conversation = opened.json<{ data: { id: number } }>().data.id;
    expect((await of(company)).conversations!.unanswered).toBe(before.company + 1);
    at('2026-12-14T10:00:00Z');
    await write(company, conversation, 'Ja, gerne.');
    expect((await of(company)).conversations!.unanswered).toBe(before.company);
    expect((await of(consultant)).conversations!.unanswered).toBe(before.agency + 1);
  });

  it('When members of other roles ask, then each sees only what the role handles; the back office has no overview', async () => {
    const owner = { ...company, jwt: company.token, password: '' };
    const accounting = await addMember(ctx, owner, 'Bea Buchhaltung', 'accounting');
    const recruiting = await addMember(ctx, owner, 'Rudi Recruiting', 'recruiting');
    const books = await overviewAs(accounting.jwt);
    expect(books).toMatchObject({ introductions: null, conversations: null, searches: null, checklist: [] });
    expect(books.money).toMatchObject({ payCents: 0, overdue: 0, receiveCents: 0 });
    const hiring = await overviewAs(recruiting.jwt);
    expect(hiring.money).toBeNull();
    expect(hiring.introductions).not.toBeNull();
    expect(hiring.checklist).toEqual([{ step: 'advertisement', done: true }]);

    // The administrator founded the company: a profile and the legal identity are still to do, the colleague is done.
    const steps = (await of(company)).checklist;
    expect(steps.map((s) => s.step)).toEqual(['profile', 'legal_identity', 'advertisement', 'colleague']);
    expect(steps.find((s) => s.step === 'colleague')?.done).toBe(true);

    const office = await ctx.request({ method: 'GET', url: '/api/overview', token: admin.token });
    expect(office.statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/overview' })).statusCode).toBe(401);
  });

  it('When a saved search gets a new advertisement, then the agency sees the search with its new matches', async () => {
    // createJob publishes at the wall clock: the search is saved just before that.
    at(new Date(Date.now() - 1000).toISOString());
    const initial = await of(consultant);
    expect(initial.checklist.find((s) => s.step === 'search')?.done).toBe(false);
    const saved = await ctx.request({
      method: 'POST',
      url: '/api/saved-searches',
      token: consultant.token,
      payload: { data: { name: 'Alles in Wien', filters: {}, frequency: 'taeglich' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await createJob(ctx.app.db, company.id, { bonus: 20, jobTitle: 'Koch/Köchin' });
    await ctx.app.alerts.worker.runOnce();
    const after = await of(consultant);
    expect(after.searches).toEqual([{ id: saved.json().data.id, name: 'Alles in Wien', newMatches: 1 }]);
    expect(after.checklist.find((s) => s.step === 'search')?.done).toBe(true);
    expect((await of(company)).searches).toBeNull();
  });
});
