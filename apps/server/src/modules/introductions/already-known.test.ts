import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTRODUCTION_MSG, type Introduction } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { companyReportBody } from '../../../test/support/placement-fixtures';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';

/**
 * Issue 28 (5), from the company's side: 'Bereits bekannt' voids the consultant's claim, so it
 * must not come after the company committed to the introduction — moved it beyond 'in Prüfung'
 * (even when it rejects afterwards), or named it in a placement report.
 */

let ctx: TestContext;
const clock = new Date('2026-12-04T09:00:00Z'); // Friday; the window runs to Wednesday
let company: ChatUser;
let consultant: ChatUser;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company', 'Alpenblick Hotels GmbH');
  consultant = await createChatUser(ctx.app, 'consultant', 'Sabine Huber Personalberatung');
});
afterAll(async () => {
  await ctx?.close();
});

async function introduction(): Promise<{ id: number; jobId: number; email: string }> {
  counter += 1;
  const job = await createJob(ctx.app.db, company.id, { bonus: 15 });
  const email = `kandidatin.${counter}@example.at`;
  const res = await ctx.request({
    method: 'POST',
    url: '/api/introductions',
    token: consultant.token,
    payload: { advertisement: job.id, firstName: 'Eva', lastName: `Muster${counter}`, email, profile: TEST_PROFILE },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: Introduction }>().data.id;
  // The candidate agrees at once: the company knows who it is and may commit to them (issue 35).
  await confirmCandidate(ctx, id);
  return { id, jobId: job.id, email };
}

const move = (id: number, status: string, reason?: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/introductions/${id}/status`,
    token: company.token,
    payload: { data: reason === undefined ? { status } : { status, reason } },
  });

const declareKnown = (id: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/introductions/${id}/already-known`,
    token: company.token,
    payload: { data: { note: 'Hat sich schon direkt beworben.' } },
  });

async function canDeclare(id: number): Promise<boolean> {
  const res = await ctx.request({ method: 'GET', url: `/api/introductions/${id}`, token: company.token });
  return res.json<{ data: Introduction }>().data.canDeclareKnown;
}

describe("'Bereits bekannt' after the company committed", () => {
  it('When the company invited the candidate to an interview, then it can no longer declare them known — not even after rejecting', async () => {
    const first = await introduction();
    expect((await move(first.id, 'interview')).statusCode).toBe(200);
    expect(await canDeclare(first.id)).toBe(false);
    const refused = await declareKnown(first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(INTRODUCTION_MSG.alreadyKnownAfterCommitment);

    const second = await introduction();
    expect((await move(second.id, 'angebot')).statusCode).toBe(200);
    expect((await move(second.id, 'abgesagt', 'Doch nicht.')).statusCode).toBe(200);
    expect((await declareKnown(second.id)).statusCode).toBe(409);
    const [row] = await ctx.database.query<{ already_known_at: Date | null }>(
      'SELECT already_known_at FROM introductions WHERE id = $1',
      [second.id],
    );
    expect(row!.already_known_at).toBeNull();
  });

  it('When the company named the introduction in its placement report, then it can no longer declare the candidate known', async () => {
    const named = await introduction();
    const reported = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: company.token,
      payload: {
        data: companyReportBody(named.jobId, { introduction: named.id, candidateEmail: named.email }),
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(await canDeclare(named.id)).toBe(false);
    expect((await declareKnown(named.id)).statusCode).toBe(409);
  });

  it("When the company only looked at it ('in Prüfung'), then it may still declare the candidate known within the window", async () => {
    const looked = await introduction();
    expect((await move(looked.id, 'in_pruefung')).statusCode).toBe(200);
    expect(await canDeclare(looked.id)).toBe(true);
    const declared = await declareKnown(looked.id);
    expect(declared.statusCode, declared.body).toBe(200);
  });
});
