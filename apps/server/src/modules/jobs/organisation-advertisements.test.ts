import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MSG, MEMBER_PERMISSION_MSG } from '@pb/core';
import { jobData } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, login, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';

/**
 * Advertisements belong to the company (issue 31): every member of it sees them, Administrator and
 * Recruiting change them, Buchhaltung only reads; another company, a consultant and a removed
 * member are refused in German; the member who wrote or changed one is recorded; nothing is lost
 * when its author leaves.
 */

describe('advertisements of a company organisation', () => {
  let ctx: TestContext;
  let admin: TestAccount;
  let other: TestAccount;
  let agency: TestAccount;
  let recruiter: { jwt: string; memberId: number; email: string };
  let bookkeeper: { jwt: string; memberId: number; email: string };
  let organisationId: number;
  let advertisement: number;

  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const authorsOf = async (id: number) =>
    (
      await ctx.database.query<{ created: number | null; updated: number | null; organisation_id: number | null }>(
        'SELECT created_by_member_id AS created, updated_by_member_id AS updated, organisation_id FROM jobs WHERE id = $1',
        [id],
      )
    )[0]!;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createAccount(ctx, 'company', 'Hotel Sonnblick');
    other = await createAccount(ctx, 'company', 'Bäckerei Mayr');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    recruiter = await addMember(ctx, admin, 'Rita Recruiting', 'recruiting');
    bookkeeper = await addMember(ctx, admin, 'Bernd Buchhaltung', 'accounting');
    organisationId = (await call(admin.jwt, 'GET', '/api/organisation')).json().data.id as number;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a recruiter publishes, then the advertisement belongs to the company and names her as author', async () => {
    const res = await call(recruiter.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Rezeptionist/in' }) });
    expect(res.statusCode, res.body).toBe(201);
    advertisement = res.json().data.id as number;
    expect(res.json().data.organisation).toEqual({ id: organisationId, name: 'Hotel Sonnblick' });
    expect(await authorsOf(advertisement)).toEqual({
      created: recruiter.memberId,
      updated: recruiter.memberId,
      organisation_id: organisationId,
    });
  });

  it('When the administrator changes the recruiter’s advertisement, then it is saved with him as last editor', async () => {
    const res = await call(admin.jwt, 'PUT', `/api/jobs/${advertisement}`, {
      data: jobData({ jobTitle: 'Rezeptionist/in (m/w/d)', placementBonus: 18 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const adminMember = (await call(admin.jwt, 'GET', '/api/users/me')).json().organisation.memberId as number;
    expect(await authorsOf(advertisement)).toMatchObject({ created: recruiter.memberId, updated: adminMember });
  });

  it('When the bookkeeper tries to publish, edit, deactivate or change the bonus, then 403 in German — reading works', async () => {
    const refusal = MEMBER_PERMISSION_MSG['advertisements.write'];
    const publish = await call(bookkeeper.jwt, 'POST', '/api/jobs', { data: jobData() });
    expect([publish.statusCode, publish.json().error.message]).toEqual([403, refusal]);
    const edit = await call(bookkeeper.jwt, 'PUT', `/api/jobs/${advertisement}`, { data: jobData() });
    expect([edit.statusCode, edit.json().error.message]).toEqual([403, refusal]);
    const off = await call(bookkeeper.jwt, 'PUT', `/api/jobs/${advertisement}`, { data: { publishedAt: null } });
    expect(off.statusCode).toBe(403);
    const bonus = await call(bookkeeper.jwt, 'POST', '/api/placement-bonuses', {
      data: { advertisement, bonus: 25 },
    });
    expect(bonus.statusCode).toBe(403);
    const history = await call(
      bookkeeper.jwt,
      'GET',
      `/api/placement-bonuses?filters[advertisement][$eq]=${advertisement}`,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.map((r: { bonus: number }) => r.bonus)).toEqual([18, 15]);
  });

  it('When another company or an agency tries to change it, then 403 in German and nothing changes', async () => {
    for (const token of [other.jwt, agency.jwt]) {
      const edit = await call(token, 'PUT', `/api/jobs/${advertisement}`, { data: jobData({ jobTitle: 'Gekapert' }) });
      expect(edit.statusCode).toBe(403);
      const history = await call(token, 'GET', `/api/placement-bonuses?filters[advertisement][$eq]=${advertisement}`);
      expect(history.statusCode).toBe(403);
    }
    const edit = await call(other.jwt, 'PUT', `/api/jobs/${advertisement}`, { data: jobData() });
    expect(edit.json().error.message).toBe(JOB_MSG.notOwner);
    const job = await call(admin.jwt, 'GET', `/api/jobs/${advertisement}`);
    expect(job.json().data.jobTitle).toBe('Rezeptionist/in (m/w/d)');
  });

  it('When the recruiter deactivates it, then every member still opens it, the company’s list shows it, strangers get 404', async () => {
    const off = await call(recruiter.jwt, 'PUT', `/api/jobs/${advertisement}`, { data: { publishedAt: null } });
    expect(off.statusCode, off.body).toBe(200);
    for (const token of [admin.jwt, recruiter.jwt, bookkeeper.jwt]) {
      expect((await call(token, 'GET', `/api/jobs/${advertisement}`)).statusCode).toBe(200);
      const byId = await call(token, 'GET', `/api/jobs?filters[id][$eq]=${advertisement}`);
      expect(byId.json().data).toHaveLength(1);
    }
    for (const token of [other.jwt, agency.jwt]) {
      expect((await call(token, 'GET', `/api/jobs/${advertisement}`)).statusCode).toBe(404);
      const byId = await call(token, 'GET', `/api/jobs?filters[id][$eq]=${advertisement}`);
      expect(byId.json().data).toHaveLength(0);
    }
    const back = await call(admin.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Koch/Köchin' }) });
    const list = await call(bookkeeper.jwt, 'GET', `/api/jobs?filters[organisation][id][$eq]=${organisationId}`);
    expect(list.json().data.map((j: { id: number }) => j.id)).toEqual([back.json().data.id]);
    // The archive (issue 32): the company's members list its deactivated ones; nobody else does.
    const archive = `/api/jobs?filters[organisation][id][$eq]=${organisationId}&filters[publishedAt][$null]=true`;
    const archived = await call(bookkeeper.jwt, 'GET', archive);
    expect(archived.json().data.map((j: { id: number }) => j.id)).toEqual([advertisement]);
    for (const token of [other.jwt, agency.jwt]) expect((await call(token, 'GET', archive)).json().data).toEqual([]);
  });

  it('When the login answer comes, then it names the organisation and role the session acts for', async () => {
    const res = await login(ctx, recruiter.email, 'geheim123');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.organisation).toMatchObject({
      organisationId,
      organisationName: 'Hotel Sonnblick',
      kind: 'company',
      role: 'recruiting',
    });
  });

  it('When the recruiter is removed, then her token changes nothing and her advertisement stays with the company', async () => {
    const removed = await call(admin.jwt, 'DELETE', `/api/organisation/members/${recruiter.memberId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const edit = await call(recruiter.jwt, 'PUT', `/api/jobs/${advertisement}`, { data: jobData() });
    expect(edit.statusCode).toBe(403);
    const publish = await call(recruiter.jwt, 'POST', '/api/jobs', { data: jobData() });
    expect(publish.statusCode).toBe(403);
    expect((await call(recruiter.jwt, 'GET', `/api/jobs/${advertisement}`)).statusCode).toBe(404);
    const again = await call(admin.jwt, 'PUT', `/api/jobs/${advertisement}`, {
      data: jobData({ jobTitle: 'Rezeption' }),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await authorsOf(advertisement)).toMatchObject({
      created: recruiter.memberId,
      organisation_id: organisationId,
    });
  });
});
