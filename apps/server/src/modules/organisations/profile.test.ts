import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_MSG, ORGANISATION_PROFILE_MSG, organisationProfileSchema, singleSchema } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import { createUser } from '../../../test/factories';

/**
 * The public profile of an organisation (issue 31, migration 0040): every member reads it, only
 * its administrators change it — never a colleague of another role, a removed member, a stranger
 * or the back office — and a company cannot list itself among the agencies.
 */
describe('public profile of an organisation', () => {
  let ctx: TestContext;
  let company: TestAccount;
  let agency: TestAccount;

  const call = (token: string, method: 'GET' | 'PUT', payload?: object) =>
    ctx.request({
      method,
      url: '/api/organisation/profile',
      token,
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload }),
    });
  const stored = async (account: TestAccount) =>
    (
      await ctx.database.query<Record<string, unknown>>(
        'SELECT description, services, contact_email, public, public_directory_consent_at FROM organisations WHERE created_by = $1',
        [account.id],
      )
    )[0];

  beforeAll(async () => {
    ctx = await createTestContext();
    company = await createAccount(ctx, 'company', 'Profil Bau');
    agency = await createAccount(ctx, 'consultant', 'Profil Talente');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When an administrator saves description, services, contact and listing, then every member reads the same profile', async () => {
    const saved = await call(agency.jwt, 'PUT', {
      description: '  Technik und Bau in Tirol.  ',
      services: ['Executive Search', '   ', 'Active Sourcing'],
      contactEmail: ' Office@Talente.example.TEST ',
      public: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = singleSchema(organisationProfileSchema).parse(saved.json()).data;
    expect(profile).toMatchObject({
      kind: 'agency',
      name: 'Profil Talente',
      description: 'Technik und Bau in Tirol.',
      services: ['Executive Search', 'Active Sourcing'],
      contactEmail: 'office@talente.example.test',
      public: true,
      publicDirectoryConsentAt: null,
      logo: null,
      editable: true,
    });
    const colleague = await addMember(ctx, agency, 'Berta Beraterin', 'consultant');
    const read = await call(colleague.jwt, 'GET');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ ...profile, editable: false });
    // An empty contact address and an empty description clear them.
    const cleared = await call(agency.jwt, 'PUT', { contactEmail: '', description: '' });
    expect(cleared.json().data).toMatchObject({ contactEmail: null, description: null, public: true });
    const [audit] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'organisation.profile' AND entity_id = $1",
      [profile.id],
    );
    expect(audit?.n).toBe(2);
  });

  it('When a member who is not an administrator, the back office or a visitor tries to change it, then 403/401 and nothing changes', async () => {
    const before = await stored(company);
    const recruiter = await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    const bookkeeper = await addMember(ctx, company, 'Bernd Buchhaltung', 'accounting');
    for (const jwt of [recruiter.jwt, bookkeeper.jwt]) {
      const res = await call(jwt, 'PUT', { description: 'Übernommen' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ORGANISATION_MSG.adminOnly);
    }
    // The back office acts for no organisation: it has no profile to change.
    const office = await createUser(ctx, { role: 'admin' });
    const fromOffice = await call(office.token, 'PUT', { description: 'Vom Büro' });
    expect(fromOffice.statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'PUT', url: '/api/organisation/profile', payload: { description: 'Fremd' } }))
        .statusCode,
    ).toBe(401);
    expect(await stored(company)).toEqual(before);
  });

  it('When an administrator has been removed, then the old session reaches no profile and changes nothing', async () => {
    const former = await addMember(ctx, company, 'Franz Früher', 'administrator');
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/organisation/members/${former.memberId}`,
      token: company.jwt,
      remoteAddress: nextIp(),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = await stored(company);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(former.jwt, method, method === 'PUT' ? { description: 'Rache' } : undefined);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error.message).toBe(ORGANISATION_MSG.noOrganisation);
    }
    expect(await stored(company)).toEqual(before);
  });

  it('When a company asks to be listed, to agree to the directory, or for services, then 400 in German and nothing changes', async () => {
    const before = await stored(company);
    for (const [payload, message] of [
      [{ public: true }, ORGANISATION_PROFILE_MSG.agenciesOnlyListed],
      [{ publicDirectoryConsent: true }, ORGANISATION_PROFILE_MSG.agenciesOnlyListed],
      [{ services: ['Recruiting'] }, ORGANISATION_PROFILE_MSG.agenciesOnlyLogo],
      [{ logoId: 1 }, ORGANISATION_PROFILE_MSG.agenciesOnlyLogo],
    ] as const) {
      const res = await call(company.jwt, 'PUT', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // What a company's form sends with the agency fields empty or off is fine.
    const ok = await call(company.jwt, 'PUT', { description: 'Hochbau', services: [], public: false, logoId: null });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ kind: 'company', description: 'Hochbau', public: false });
    expect((await stored(company))?.['public']).toBe(false);
    expect(before?.['public']).toBe(false);
  });

  it('When the input is malformed, then 400 in German and nothing changes', async () => {
    const before = await stored(agency);
    for (const [payload, message] of [
      [{ contactEmail: 'kein-mail' }, ORGANISATION_PROFILE_MSG.invalidContactEmail],
      [{ description: 'x'.repeat(5001) }, 'Eine Eingabe ist zu lang.'],
      [{ services: 'a,b' }, 'Ungültige Anfrage.'],
      [{ public: 'ja' }, 'Ungültige Anfrage.'],
      [{ name: 'Umbenannt' }, 'Unbekanntes Feld: name.'],
    ] as const) {
      const res = await call(agency.jwt, 'PUT', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    expect(await stored(agency)).toEqual(before);
  });
});
