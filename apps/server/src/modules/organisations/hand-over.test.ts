import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_MSG, type ChatConversation, type IntroductionDetail } from '@pb/core';
import { jobData } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { TEST_PROFILE } from '../../../test/support/candidate-consent';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import { connectChat, socketSide } from '../../../test/support/socket-client';
import { verifyRegister } from '../introductions/register-verify';

/**
 * Leaving or removal (issue 31): nothing the organisation owns is lost. The leaving member's
 * advertisements, conversations and introductions go to a successor — chosen by an administrator,
 * else the administrator — recorded in the audit log and in the register as 'übergeben an'; the
 * register still verifies; the person who left reaches none of it; a successor who may not handle
 * introductions is refused in German.
 */

interface Member {
  jwt: string;
  memberId: number;
}

describe('hand-over when a member leaves', () => {
  let ctx: TestContext;
  const side = socketSide();
  let company: TestAccount;
  let agency: TestAccount;
  let recruiter: Member;
  let secondRecruiter: Member;
  let bookkeeper: Member;
  let consultant: Member;
  let advertisement: number;
  let introduction: number;
  let conversation: number;

  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const userIdOf = async (jwt: string) => (await call(jwt, 'GET', '/api/users/me')).json().id as number;

  beforeAll(async () => {
    ctx = await createTestContext();
    await side.listen(ctx.app);
    company = await createAccount(ctx, 'company', 'Hotel Sonnblick');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    recruiter = await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    secondRecruiter = await addMember(ctx, company, 'Robert Recruiting', 'recruiting');
    bookkeeper = await addMember(ctx, company, 'Bernd Buchhaltung', 'accounting');
    consultant = await addMember(ctx, agency, 'Klara Kollegin', 'consultant');
    const published = await call(recruiter.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Koch/Köchin' }) });
    advertisement = published.json().data.id as number;
    const introduced = await call(consultant.jwt, 'POST', '/api/introductions', {
      advertisement,
      firstName: 'Eva',
      lastName: 'Muster',
      email: 'eva.muster@example.at',
      profile: TEST_PROFILE,
    });
    expect(introduced.statusCode, introduced.body).toBe(201);
    introduction = introduced.json().data.id as number;
    conversation = (
      (await call(consultant.jwt, 'GET', '/api/chat-communications')).json().data as ChatConversation[]
    )[0]!.id;
  });
  afterAll(async () => {
    side.closeSockets();
    await ctx?.close();
  });

  it('When the successor may not handle introductions or belongs elsewhere, then the removal is refused in German and nothing changes', async () => {
    const toBookkeeper = await call(
      company.jwt,
      'DELETE',
      `/api/organisation/members/${recruiter.memberId}?successor=${bookkeeper.memberId}`,
    );
    expect([toBookkeeper.statusCode, toBookkeeper.json().error.message]).toEqual([
      400,
      ORGANISATION_MSG.successorInvalid,
    ]);
    const toOtherOrganisation = await call(
      company.jwt,
      'DELETE',
      `/api/organisation/members/${recruiter.memberId}?successor=${consultant.memberId}`,
    );
    expect(toOtherOrganisation.statusCode).toBe(400);
    const byRecruiter = await call(
      secondRecruiter.jwt,
      'DELETE',
      `/api/organisation/members/${recruiter.memberId}?successor=${secondRecruiter.memberId}`,
    );
    expect(byRecruiter.statusCode).toBe(403);
    expect((await call(recruiter.jwt, 'GET', `/api/introductions/${introduction}`)).statusCode).toBe(200);
  });

  it('When the administrator removes the recruiter for a chosen colleague, then her advertisement, conversation and introduction go to him, in the register too', async () => {
    // Her open socket ends with the removal (decision 0031: the session loses the organisation).
    const socket = await connectChat(side.server.baseUrl, recruiter.jwt);
    side.sockets.push(socket);
    const disconnected = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(performance.now())));
    const removed = await call(
      company.jwt,
      'DELETE',
      `/api/organisation/members/${recruiter.memberId}?successor=${secondRecruiter.memberId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    // The server closes the socket before it answers; the close reaches the client right after.
    const answered = performance.now();
    expect((await disconnected) - answered).toBeLessThan(1000);
    const successor = await userIdOf(secondRecruiter.jwt);
    const [state] = await ctx.database.query<{ owner: number; assignee: number; party: number }>(
      `SELECT j.owner_id AS owner, c.company_id AS assignee, i.company_id AS party
       FROM jobs j, chat_communications c, introductions i WHERE j.id = $1 AND c.id = $2 AND i.id = $3`,
      [advertisement, conversation, introduction],
    );
    expect(state).toEqual({ owner: successor, assignee: successor, party: successor });
    const detail = await call(secondRecruiter.jwt, 'GET', `/api/introductions/${introduction}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json().data as IntroductionDetail).timeline.at(-1)).toMatchObject({
      kind: 'handed_over',
      note: 'Übergeben an Robert Recruiting',
    });
    expect(await verifyRegister(ctx.app.db, ctx.config.registerSecret)).toMatchObject({ problems: [] });
    const [audit] = await ctx.database.query<{ after: { handedOverTo: number; introductions: number } }>(
      `SELECT after FROM audit_log WHERE action = 'organisation.member-removed' ORDER BY id DESC LIMIT 1`,
      [],
    );
    expect(audit!.after).toMatchObject({
      handedOverTo: successor,
      advertisements: 1,
      conversations: 1,
      introductions: 1,
    });
  });

  it('When the removed recruiter looks, then she reaches none of the company’s advertisements, conversations or introductions', async () => {
    expect((await call(recruiter.jwt, 'GET', `/api/introductions/${introduction}`)).statusCode).toBe(404);
    expect((await call(recruiter.jwt, 'GET', `/api/chat-communications/${conversation}`)).statusCode).toBe(404);
    const edit = await call(recruiter.jwt, 'PUT', `/api/jobs/${advertisement}`, { data: jobData() });
    expect(edit.statusCode).toBe(403);
    // Without an organisation there is no list to show: a German 403 that says so.
    const list = await call(recruiter.jwt, 'GET', '/api/introductions');
    expect(list.statusCode).toBe(403);
    expect(list.json().error.message).toBe(ORGANISATION_MSG.noOrganisation);
  });

  it('When the agency’s consultant leaves by herself, then her work goes to the agency’s administrator', async () => {
    const me = await call(consultant.jwt, 'GET', '/api/users/me');
    const left = await call(consultant.jwt, 'DELETE', `/api/organisation/members/${me.json().organisation.memberId}`);
    expect(left.statusCode, left.body).toBe(200);
    const administrator = await userIdOf(agency.jwt);
    const [state] = await ctx.database.query<{ assignee: number; party: number }>(
      `SELECT c.consultant_id AS assignee, i.consultant_id AS party
       FROM chat_communications c, introductions i WHERE c.id = $1 AND i.id = $2`,
      [conversation, introduction],
    );
    expect(state).toEqual({ assignee: administrator, party: administrator });
    expect((await call(agency.jwt, 'GET', `/api/introductions/${introduction}`)).statusCode).toBe(200);
    expect((await call(consultant.jwt, 'GET', `/api/introductions/${introduction}`)).statusCode).toBe(404);
    expect(await verifyRegister(ctx.app.db, ctx.config.registerSecret)).toMatchObject({ problems: [] });
  });
});
