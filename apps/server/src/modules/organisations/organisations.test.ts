import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, latestMailTo, login, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { createChatUser } from '../../../test/support/chat-fixtures';
import { invite as inviteBy, joinAsNew as joinBy } from '../../../test/support/organisation-fixtures';

/**
 * Organisations (issue 31): registration founds one, administrators give the legal identity and
 * manage members and invitations, a person in several organisations switches between them, and
 * nobody reaches another organisation's members through an id.
 */

let now = new Date('2026-11-20T09:00:00.000Z');

/** A company's legal identity as a form sends it; tests change one field at a time. */
const gruber = {
  name: 'Bau Gruber GmbH',
  legalForm: 'GmbH',
  street: 'Ringstraße 1',
  postalCode: '1010',
  city: 'Wien',
};

describe('organisations', () => {
  let ctx: TestContext;
  let company: TestAccount;
  let agency: TestAccount;

  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });

  const invite = (admin: TestAccount, email: string, role: string) => inviteBy(ctx, admin, email, role);
  const joinAsNew = (token: string, username: string) => joinBy(ctx, token, username);

  beforeAll(async () => {
    ctx = await createTestContext({ now: () => now });
    company = await createAccount(ctx, 'company', 'Bau Gruber');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a company registers, then it administers an organisation of one, active in its session', async () => {
    const mine = await call(company.jwt, 'GET', '/api/organisations');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ name: 'Bau Gruber', kind: 'company', role: 'administrator', active: true }),
    ]);
    const organisation = await call(company.jwt, 'GET', '/api/organisation');
    expect(organisation.json().data).toMatchObject({
      kind: 'company',
      myRole: 'administrator',
      legalIdentityComplete: false,
    });
    const theAgency = await call(agency.jwt, 'GET', '/api/organisation');
    expect(theAgency.json().data).toMatchObject({ kind: 'agency', name: 'Talente Huber' });
  });

  it('When the legal identity has a wrong check letter or digit, then each field says why and nothing is saved', async () => {
    const res = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', {
      ...gruber,
      registerNumber: 'FN 33209a',
      uid: 'ATU13585626',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Firmenbuchnummer ist ungültig');
    // Every wrong field with its own message, as every validation error of the API names them.
    expect(res.json().error.details.errors).toEqual(
      expect.arrayContaining([
        { path: '/registerNumber', message: expect.stringContaining('Prüfbuchstabe') },
        { path: '/uid', message: expect.stringContaining('Prüfziffer') },
      ]),
    );
    const missing = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', gruber);
    expect(missing.json().error.details.errors).toEqual([
      { path: '/registerNumber', message: expect.stringContaining('Firmenbuchnummer anzugeben') },
    ]);
    const unknown = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', { ...gruber, owner: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unbekanntes Feld: owner.');
    const organisation = await call(company.jwt, 'GET', '/api/organisation');
    expect(organisation.json().data.name).toBe('Bau Gruber');
  });

  it('When an administrator gives a valid legal identity, then it is kept normalised and complete', async () => {
    const res = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', {
      ...gruber,
      registerNumber: 'fn 033209 M',
      uid: 'atu 1358 5627',
      billingEmail: 'rechnung@gruber.example.at',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Bau Gruber GmbH',
      registerNumber: 'FN 33209m',
      uid: 'ATU13585627',
      legalIdentityComplete: true,
    });
  });

  it('When an agency leaves out its GISA number, then it is refused in German', async () => {
    const res = await call(agency.jwt, 'PUT', '/api/organisation/legal-identity', {
      name: 'Talente Huber e.U.',
      legalForm: 'eU',
      street: 'Hauptplatz 3',
      postalCode: '8010',
      city: 'Graz',
      registerNumber: 'FN 280571f',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Personalvermittlungen geben die GISA-Zahl des Gewerbes Arbeitsvermittlung an.',
    );
  });

  it('When an administrator invites a colleague, then the new account joins in that role and the link works once', async () => {
    const token = await invite(company, 'buchhaltung@gruber.example.at', 'accounting');
    const preview = await ctx.request({ method: 'POST', url: '/api/invitations/lookup', payload: { token } });
    expect(preview.json().data).toEqual({
      organisationName: 'Bau Gruber GmbH',
      kind: 'company',
      role: 'accounting',
      email: 'buchhaltung@gruber.example.at',
      accountExists: false,
    });
    const jwt = await joinAsNew(token, 'Eva Buchhaltung');
    const organisation = await call(jwt, 'GET', '/api/organisation');
    expect(organisation.json().data).toMatchObject({ name: 'Bau Gruber GmbH', myRole: 'accounting' });
    const again = await ctx.request({
      method: 'POST',
      url: '/api/invitations/register',
      payload: { token, username: 'Noch Jemand', password: 'geheim123' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Die Einladung ist ungültig, abgelaufen oder wurde bereits verwendet.');
    // Accounting reads the organisation but changes neither its members nor its legal identity.
    const members = await call(jwt, 'GET', '/api/organisation/members');
    expect(members.json().data.map((m: { username: string }) => m.username)).toEqual(['Bau Gruber', 'Eva Buchhaltung']);
    const refused = await call(jwt, 'POST', '/api/organisation/invitations', {
      email: 'x@example.at',
      role: 'accounting',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Diese Aktion ist den Administratoren der Organisation vorbehalten.');
  });

  it('When an invitation names another address, then a signed-in stranger cannot accept it', async () => {
    const token = await invite(company, 'recruiting@gruber.example.at', 'recruiting');
    const res = await call(agency.jwt, 'POST', '/api/invitations/accept', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('andere E-Mail-Adresse');
  });

  it('When an invitation is revoked, resent or seven days old, then only the newest live link works', async () => {
    const first = await invite(company, 'neu@gruber.example.at', 'recruiting');
    const list = await call(company.jwt, 'GET', '/api/organisation/invitations');
    const invitation = list.json().data.find((i: { email: string }) => i.email === 'neu@gruber.example.at');
    expect(invitation).toMatchObject({ role: 'recruiting', sendCount: 1, expired: false });
    expect(JSON.stringify(list.json())).not.toContain('token');

    expect((await call(company.jwt, 'POST', `/api/organisation/invitations/${invitation.id}/resend`)).statusCode).toBe(
      200,
    );
    const lookupFirst = await ctx.request({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: first },
    });
    expect(lookupFirst.statusCode).toBe(400);
    const mail = await latestMailTo(ctx, 'neu@gruber.example.at', /einladung#/);
    const second = decodeURIComponent(/\/einladung#([\w%-]+)/.exec(mail.text)![1]!);
    expect(second).not.toBe(first);

    const saved = now;
    now = new Date(saved.getTime() + 7 * 86_400_000 + 1000);
    const expired = await ctx.request({ method: 'POST', url: '/api/invitations/lookup', payload: { token: second } });
    expect(expired.statusCode).toBe(400);
    now = saved;

    expect((await call(company.jwt, 'DELETE', `/api/organisation/invitations/${invitation.id}`)).statusCode).toBe(200);
    const revoked = await ctx.request({ method: 'POST', url: '/api/invitations/lookup', payload: { token: second } });
    expect(revoked.statusCode).toBe(400);
    expect((await call(company.jwt, 'DELETE', `/api/organisation/invitations/${invitation.id}`)).statusCode).toBe(409);
  });

  it('When a freelance consultant works for two agencies, then the session acts for the one chosen last', async () => {
    const freelancer = await createAccount(ctx, 'consultant', 'Frei Berger');
    const token = await invite(agency, freelancer.email, 'consultant');
    const preview = await ctx.request({ method: 'POST', url: '/api/invitations/lookup', payload: { token } });
    expect(preview.json().data.accountExists).toBe(true);
    expect((await call(freelancer.jwt, 'POST', '/api/invitations/accept', { token })).statusCode).toBe(200);
    const active = await call(freelancer.jwt, 'GET', '/api/organisation');
    expect(active.json().data).toMatchObject({ name: 'Talente Huber', myRole: 'consultant' });

    const mine = (await call(freelancer.jwt, 'GET', '/api/organisations')).json().data as Array<{
      organisationId: number;
      name: string;
      active: boolean;
    }>;
    expect(mine.map((m) => [m.name, m.active])).toEqual([
      ['Frei Berger', false],
      ['Talente Huber', true],
    ]);
    const own = mine.find((m) => m.name === 'Frei Berger')!;
    now = new Date(now.getTime() + 60_000);
    expect(
      (await call(freelancer.jwt, 'PUT', '/api/organisations/active', { organisationId: own.organisationId }))
        .statusCode,
    ).toBe(200);
    expect((await call(freelancer.jwt, 'GET', '/api/organisation')).json().data.name).toBe('Frei Berger');

    // A new sign-in starts with the organisation chosen last.
    const again = await login(ctx, freelancer.email, freelancer.password);
    expect((await call(again.json().jwt as string, 'GET', '/api/organisation')).json().data.name).toBe('Frei Berger');

    const company0 = (await call(company.jwt, 'GET', '/api/organisation')).json().data.id as number;
    const notMine = await call(freelancer.jwt, 'PUT', '/api/organisations/active', { organisationId: company0 });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe('Sie sind nicht Mitglied dieser Organisation.');
  });

  it('When the last administrator would be demoted or leave, then it is refused; a removed member loses the organisation at once', async () => {
    const members = (await call(company.jwt, 'GET', '/api/organisation/members')).json().data as Array<{
      id: number;
      username: string;
      self: boolean;
    }>;
    const me = members.find((m) => m.self)!;
    const demote = await call(company.jwt, 'PUT', `/api/organisation/members/${me.id}`, { role: 'recruiting' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('Eine Organisation braucht mindestens einen Administrator.');
    expect((await call(company.jwt, 'DELETE', `/api/organisation/members/${me.id}`)).statusCode).toBe(409);

    const bookkeeper = members.find((m) => m.username === 'Eva Buchhaltung')!;
    const wrongRole = await call(company.jwt, 'PUT', `/api/organisation/members/${bookkeeper.id}`, {
      role: 'consultant',
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().error.message).toBe('Diese Rolle gibt es in dieser Organisation nicht.');

    const login2 = await login(ctx, 'buchhaltung@gruber.example.at', 'geheim123');
    const bookkeeperJwt = login2.json().jwt as string;
    expect((await call(bookkeeperJwt, 'GET', '/api/organisation')).statusCode).toBe(200);
    expect((await call(company.jwt, 'DELETE', `/api/organisation/members/${bookkeeper.id}`)).statusCode).toBe(200);
    const after = await call(bookkeeperJwt, 'GET', '/api/organisation');
    expect(after.statusCode).toBe(403);
    expect(after.json().error.message).toBe('Bitte wählen Sie zuerst eine Organisation.');
  });

  it("When an administrator names another organisation's member or invitation by id, then it is not found", async () => {
    const theirMembers = (await call(agency.jwt, 'GET', '/api/organisation/members')).json().data as Array<{
      id: number;
    }>;
    const target = theirMembers[0]!.id;
    expect(
      (await call(company.jwt, 'PUT', `/api/organisation/members/${target}`, { role: 'accounting' })).statusCode,
    ).toBe(404);
    expect((await call(company.jwt, 'DELETE', `/api/organisation/members/${target}`)).statusCode).toBe(404);
    await invite(agency, 'fremd@example.at', 'consultant');
    const theirInvitations = (await call(agency.jwt, 'GET', '/api/organisation/invitations')).json().data as Array<{
      id: number;
    }>;
    for (const invitation of theirInvitations) {
      expect((await call(company.jwt, 'DELETE', `/api/organisation/invitations/${invitation.id}`)).statusCode).toBe(
        404,
      );
      expect(
        (await call(company.jwt, 'POST', `/api/organisation/invitations/${invitation.id}/resend`)).statusCode,
      ).toBe(404);
    }
  });

  it('When the only administrator of a team deletes the account, then it is refused until another one is named', async () => {
    const boss = await createAccount(ctx, 'company', 'Solo Chef');
    const token = await invite(boss, 'team@solo.example.at', 'recruiting');
    await joinAsNew(token, 'Team Mitglied');
    const refused = await call(boss.jwt, 'DELETE', `/api/users/${boss.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Sie sind der einzige Administrator von „Solo Chef“');
    const members = (await call(boss.jwt, 'GET', '/api/organisation/members')).json().data as Array<{
      id: number;
      self: boolean;
    }>;
    const colleague = members.find((m) => !m.self)!;
    expect(
      (await call(boss.jwt, 'PUT', `/api/organisation/members/${colleague.id}`, { role: 'administrator' })).statusCode,
    ).toBe(200);
    expect((await call(boss.jwt, 'DELETE', `/api/users/${boss.id}`)).statusCode).toBe(200);
  });

  it('When a back-office admin follows an invitation to its own address, then it cannot join', async () => {
    const admin = await createChatUser(ctx.app, 'admin');
    const token = await invite(company, admin.email, 'recruiting');
    const res = await call(admin.token, 'POST', '/api/invitations/accept', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Ein Backoffice-Account kann keiner Organisation beitreten.');
  });
});
