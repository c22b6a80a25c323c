import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LISTED_AGENCIES_MAX_LIMIT,
  LISTED_AGENCIES_PAGE_SIZE,
  ORGANISATION_PROFILE_MSG,
  agencyCardSchema,
  collectionSchema,
  listedAgencySchema,
} from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { tinyPng } from '../../../test/support/account-fixtures';
import { multipartBody } from '../../../test/support/multipart';

/**
 * The directory of agencies (issue 29 for visitors, issue 31: one card per agency, the profile is
 * the organisation's): GET /api/public-agencies lists those that agreed to visitors, without an
 * address; GET /api/agencies lists every listed one with its contact address for signed-in users.
 */
describe('directory of agencies', () => {
  let ctx: TestContext;
  const accounts: TestUser[] = [];
  let listedWithLogo: TestUser;
  let logoUrl: string;
  let legacyListed: TestUser;

  const get = (url: string, token?: string) => ctx.request({ method: 'GET', url, ...(token ? { token } : {}) });
  const profile = (user: TestUser, payload: object) =>
    ctx.request({ method: 'PUT', url: '/api/organisation/profile', payload, token: user.token });
  const organisationOf = async (user: TestUser) =>
    (await get('/api/organisation/profile', user.token)).json().data.id as number;
  const visitorIds = async () =>
    ((await get('/api/public-agencies')).json() as { data: Array<{ id: number }> }).data.map((c) => c.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    const make = async (role: 'company' | 'consultant', username: string, confirmed = true) => {
      const user = await createUser(ctx, { role, username, confirmed });
      accounts.push(user);
      return user;
    };
    listedWithLogo = await make('consultant', 'Bernhard Berger Recruiting');
    const listed = await make('consultant', 'Anna Auer Personalberatung');
    const unlisted = await make('consultant', 'Clara Nichtöffentlich');
    const blocked = await make('consultant', 'Dora Gesperrt');
    const unconfirmed = await make('consultant', 'Emil Unbestätigt', false);
    const company = await make('company', 'Firma Öffentlich GmbH');

    const { payload, headers } = multipartBody([{ name: 'logo.png', type: 'image/png', data: tinyPng() }]);
    const upload = await ctx.request({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers,
      token: listedWithLogo.token,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const logoId = upload.json()[0].id as number;
    const saved = await profile(listedWithLogo, {
      description: 'Technik und IT in ganz Österreich.',
      services: ['Executive Search', 'Active Sourcing'],
      contactEmail: 'office@berger.example.test',
      logoId,
      public: true,
      publicDirectoryConsent: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    logoUrl = `/api/profile-images/${logoId}`;
    expect((await profile(listed, { public: true, publicDirectoryConsent: true })).statusCode).toBe(200);
    // Listed while the directory was for signed-in users only: no consent to visitors seeing it.
    legacyListed = await make('consultant', 'Anton Altlisting');
    expect((await profile(legacyListed, { public: true })).statusCode).toBe(200);
    expect((await profile(unlisted, { description: 'Nicht gelistet.' })).statusCode).toBe(200);
    // Listed, then its only member blocked or never confirmed: nobody can act for it, so it is not listed.
    await ctx.database.query(
      `UPDATE organisations SET public = true, public_directory_consent_at = now()
        WHERE created_by = ANY($1)`,
      [[blocked.id, unconfirmed.id]],
    );
    await ctx.database.query('UPDATE users SET blocked = true WHERE id = $1', [blocked.id]);
    // A company cannot choose to be listed through the API; even a stray flag does not list it.
    await ctx.database.query('UPDATE organisations SET public = true WHERE created_by = $1', [company.id]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a visitor asks for the directory, then the listed agencies come in name order with no e-mail address', async () => {
    const res = await get('/api/public-agencies');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = collectionSchema(listedAgencySchema).parse(res.json());
    expect(body.data.map((c) => c.name)).toEqual(['Anna Auer Personalberatung', 'Bernhard Berger Recruiting']);
    expect(body.data[1]).toEqual({
      id: await organisationOf(listedWithLogo),
      name: 'Bernhard Berger Recruiting',
      description: 'Technik und IT in ganz Österreich.',
      logo: logoUrl,
      services: ['Executive Search', 'Active Sourcing'],
    });
    expect(body.meta.pagination).toEqual({ start: 0, limit: LISTED_AGENCIES_PAGE_SIZE, total: 2 });
    for (const account of accounts) expect(res.body).not.toContain(account.email);
    expect(res.body).not.toContain('@');
  });

  it('When a signed-in user asks, then every listed agency comes with its contact address, the legacy listing too', async () => {
    const res = await get('/api/agencies', accounts.at(-1)!.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = collectionSchema(agencyCardSchema).parse(res.json());
    expect(body.data.map((c) => c.name)).toEqual([
      'Anna Auer Personalberatung',
      'Anton Altlisting',
      'Bernhard Berger Recruiting',
    ]);
    expect(body.data[2]?.contactEmail).toBe('office@berger.example.test');
    expect((await get('/api/agencies')).statusCode).toBe(401);
  });

  it('When a visitor opens a listed agency’s logo, then it is served without a login; delisted, it is the members’ again', async () => {
    const res = await get(logoUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.rawPayload.equals(tinyPng())).toBe(true);
    expect((await profile(listedWithLogo, { public: false })).statusCode).toBe(200);
    expect((await get(logoUrl)).statusCode).toBe(404);
    // A stranger signed in sees nothing either; the members' signed address still works.
    expect((await get(logoUrl, accounts.at(-1)!.token)).statusCode).toBe(404);
    const own = (await get('/api/organisation/profile', listedWithLogo.token)).json().data;
    expect(own.logo).toMatch(/\?sig=/);
    expect((await get(own.logo)).statusCode).toBe(200);
    expect(await visitorIds()).not.toContain(own.id);
    expect((await profile(listedWithLogo, { public: true, publicDirectoryConsent: true })).statusCode).toBe(200);
  });

  it('When an agency was listed for signed-in users only, then visitors do not see it until it agrees, and leaving ends the consent', async () => {
    const id = await organisationOf(legacyListed);
    expect(await visitorIds()).not.toContain(id);
    const agreed = await profile(legacyListed, { public: true, publicDirectoryConsent: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const consentAt = agreed.json().data.publicDirectoryConsentAt as string;
    expect(Date.parse(consentAt)).not.toBeNaN();
    expect(await visitorIds()).toContain(id);
    // Saving again keeps the first consent's time.
    const again = await profile(legacyListed, { publicDirectoryConsent: true, description: 'Neu.' });
    expect(again.json().data.publicDirectoryConsentAt).toBe(consentAt);
    // Off and on again without the consent: signed-in users only.
    expect((await profile(legacyListed, { public: false })).json().data.publicDirectoryConsentAt).toBeNull();
    expect((await profile(legacyListed, { public: true })).json().data.publicDirectoryConsentAt).toBeNull();
    expect(await visitorIds()).not.toContain(id);
  });

  it('When the consent comes without a listing or from a company, then 400 in German and nothing changes', async () => {
    expect((await profile(legacyListed, { public: false })).statusCode).toBe(200);
    const withoutPublic = await profile(legacyListed, { publicDirectoryConsent: true });
    expect(withoutPublic.statusCode).toBe(400);
    expect(withoutPublic.json().error.message).toBe(ORGANISATION_PROFILE_MSG.consentNeedsPublic);
    expect((await profile(legacyListed, { public: false, publicDirectoryConsent: true })).statusCode).toBe(400);
    const company = accounts.find((a) => a.username === 'Firma Öffentlich GmbH')!;
    const fromCompany = await profile(company, { public: true, publicDirectoryConsent: true });
    expect(fromCompany.statusCode).toBe(400);
    expect(fromCompany.json().error.message).toBe(ORGANISATION_PROFILE_MSG.agenciesOnlyListed);
    const [row] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM organisations WHERE public_directory_consent_at IS NOT NULL AND created_by = ANY($1)',
      [[legacyListed.id, company.id]],
    );
    expect(row?.n).toBe(0);
  });

  it('When pages are asked for, then each holds at most its limit and the total counts all listed agencies', async () => {
    const first = (await get('/api/public-agencies?pagination[start]=0&pagination[limit]=1')).json();
    const second = (await get('/api/public-agencies?pagination[start]=1&pagination[limit]=1')).json();
    const past = (await get('/api/public-agencies?pagination[start]=5')).json();
    expect(first.data).toHaveLength(1);
    expect(second.data).toHaveLength(1);
    expect(first.data[0].id).not.toBe(second.data[0].id);
    expect(second.meta.pagination).toEqual({ start: 1, limit: 1, total: 2 });
    expect(past).toEqual({
      data: [],
      meta: { pagination: { start: 5, limit: LISTED_AGENCIES_PAGE_SIZE, total: 2 } },
    });
    expect((await get(`/api/public-agencies?pagination[limit]=${LISTED_AGENCIES_MAX_LIMIT}`)).statusCode).toBe(200);
  });

  it('When the query asks for more, something else or nonsense, then 400 with a German message and nothing listed', async () => {
    const invalidPage = [
      `pagination[limit]=${LISTED_AGENCIES_MAX_LIMIT + 1}`,
      'pagination[limit]=0',
      'pagination[limit]=-1',
      'pagination[limit]=abc',
      'pagination[start]=1.5',
      'pagination[start]=99999999',
      'pagination[start][]=1',
      'pagination=3',
    ];
    for (const query of invalidPage) {
      const res = await get(`/api/public-agencies?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        data: null,
        error: { status: 400, message: ORGANISATION_PROFILE_MSG.invalidPage },
      });
    }
    const unknown = {
      'filters[email][$eq]=x@example.test': 'Unbekanntes Feld: filters.',
      'sort=email:asc': 'Unbekanntes Feld: sort.',
      'pagination[withCount]=false': 'Unbekanntes Feld: withCount.',
    };
    for (const [query, message] of Object.entries(unknown)) {
      const res = await get(`/api/public-agencies?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe(message);
      expect(res.body).not.toContain('Anna Auer');
    }
  });
});
