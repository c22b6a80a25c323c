import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import {
  adminReportOf,
  companyReportBody,
  introduceCandidate,
  reportId,
} from '../../../test/support/placement-fixtures';

/**
 * Issue 31 from the cheating company's side: a company of several members is one company for the
 * claim rules. An agency introduces a candidate to the recruiter's advertisement; the administrator
 * hires that person through an advertisement of his own and reports it naming no introduction — it
 * is still 'Umgehungsverdacht'. A person reported twice through two members' advertisements is still
 * a double-invoice risk.
 */

describe('a company of several members is one company for the claim rules', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let recruiter: TestUser;
  let consultant: TestUser;
  let office: TestUser;

  const asUser = async (account: { jwt: string }): Promise<TestUser> => {
    const me = await ctx.request({ method: 'GET', url: '/api/users/me', token: account.jwt, remoteAddress: nextIp() });
    const body = me.json() as { id: number; email: string; username: string };
    return { id: body.id, token: account.jwt, email: body.email, username: body.username };
  };
  const publish = async (by: TestUser, jobTitle: string): Promise<number> => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: by.token,
      remoteAddress: nextIp(),
      payload: { data: jobData({ jobTitle, placementBonus: 20 }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
    const company: TestAccount = await createAccount(ctx, 'company', 'Alpenhof GmbH');
    admin = await asUser(company);
    recruiter = await asUser(await addMember(ctx, company, 'Rita Recruiting', 'recruiting'));
    consultant = await asUser(await createAccount(ctx, 'consultant', 'Sabine Recruiting'));
    office = await createUser(ctx, { role: 'admin' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When the administrator hires the candidate introduced to the recruiter’s advertisement through his own, then it is Umgehungsverdacht', async () => {
    const recruitersAd = await publish(recruiter, 'Koch/Köchin');
    const claim = await introduceCandidate(ctx, consultant, recruitersAd, 'eva.koch@example.at');
    const ownAd = await publish(admin, 'Jungkoch/Jungköchin');
    const id = await reportId(
      ctx,
      admin,
      companyReportBody(ownAd, { jobTitle: 'Jungkoch/Jungköchin', candidateEmail: 'Eva.Koch@example.at' }),
    );
    const report = await adminReportOf(ctx, office, id);
    expect(report.circumvention?.evidence).toEqual([
      expect.objectContaining({ introductionId: claim, consultantId: consultant.id, basis: 'candidate' }),
    ]);
  });

  it('When two members report the same hired person on their own advertisements, then the office sees a double-invoice risk', async () => {
    const first = await publish(recruiter, 'Souschef');
    const earlier = await reportId(
      ctx,
      recruiter,
      companyReportBody(first, { jobTitle: 'Souschef', candidateEmail: 'doppelt@example.at' }),
    );
    const second = await publish(admin, 'Küchenchef');
    const id = await reportId(
      ctx,
      admin,
      companyReportBody(second, { jobTitle: 'Küchenchef', candidateEmail: 'doppelt@example.at' }),
    );
    const report = await adminReportOf(ctx, office, id);
    expect(report.flags).toContainEqual(
      expect.objectContaining({ code: 'doppelt_gemeldet', reason: expect.stringContaining(`Nr. ${earlier}`) }),
    );
  });
});
