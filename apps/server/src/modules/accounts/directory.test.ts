import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MSG,
  LISTED_CONSULTANTS_MAX_LIMIT,
  LISTED_CONSULTANTS_PAGE_SIZE,
  collectionSchema,
  listedConsultantSchema,
} from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { tinyPng } from '../../../test/support/account-fixtures';
import { multipartBody } from '../../../test/support/multipart';

/**
 * The consultant directory for visitors (GET /api/public-consultants, issue 29): no login, only
 * listed consultants, never an e-mail address, bounded pages, and bad query input refused in German.
 */
describe('consultant directory for visitors', () => {
  let ctx: TestContext;
  const accounts: TestUser[] = [];
  let listedWithImage: TestUser;
  let imageUrl: string;
  let legacyListed: TestUser;

  const get = (url: string) => ctx.request({ method: 'GET', url });
  const profile = (user: TestUser, payload: object) =>
    ctx.request({ method: 'PUT', url: `/api/users/${user.id}`, payload, token: user.token });

  beforeAll(async () => {
    ctx = await createTestContext();
    const make = async (role: 'company' | 'consultant', username: string, confirmed = true) => {
      const user = await createUser(ctx, { role, username, confirmed });
      accounts.push(user);
      return user;
    };
    listedWithImage = await make('consultant', 'Bernhard Berger Recruiting');
    const listed = await make('consultant', 'Anna Auer Personalberatung');
    const unlisted = await make('consultant', 'Clara Nichtöffentlich');
    const blocked = await make('consultant', 'Dora Gesperrt');
    const unconfirmed = await make('consultant', 'Emil Unbestätigt', false);
    const company = await make('company', 'Firma Öffentlich GmbH');

    const { payload, headers } = multipartBody([{ name: 'portrait.png', type: 'image/png', data: tinyPng() }]);
    const upload = await ctx.request({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers,
      token: listedWithImage.token,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const imageId = upload.json()[0].id as number;
    const saved = await profile(listedWithImage, {
      description: 'Technik und IT in ganz Österreich.',
      services: ['Executive Search', 'Active Sourcing'],
      profile_img_id: imageId,
      public: true,
      publicDirectoryConsent: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    imageUrl = `/api/profile-images/${imageId}`;
    expect((await profile(listed, { public: true, publicDirectoryConsent: true })).statusCode).toBe(200);
    // Listed while the directory was for signed-in users only: no consent to visitors seeing them.
    legacyListed = await make('consultant', 'Anton Altlisting');
    expect((await profile(legacyListed, { public: true })).statusCode).toBe(200);
    expect((await profile(unlisted, { description: 'Nicht gelistet.' })).statusCode).toBe(200);
    // Listed once, then blocked or never confirmed: no longer (or never) in the directory.
    await ctx.database.query('UPDATE users SET public = true WHERE id = ANY($1)', [[blocked.id, unconfirmed.id]]);
    await ctx.database.query('UPDATE users SET blocked = true WHERE id = $1', [blocked.id]);
    // A company cannot choose to be public through the API; even a stray flag does not list it.
    await ctx.database.query('UPDATE users SET public = true WHERE id = $1', [company.id]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a visitor asks for the directory, then the listed consultants come in name order with no e-mail address', async () => {
    const res = await get('/api/public-consultants');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = collectionSchema(listedConsultantSchema).parse(res.json());
    expect(body.data.map((c) => c.username)).toEqual(['Anna Auer Personalberatung', 'Bernhard Berger Recruiting']);
    expect(body.data[1]).toEqual({
      id: listedWithImage.id,
      username: 'Bernhard Berger Recruiting',
      description: 'Technik und IT in ganz Österreich.',
      profile_img: imageUrl,
      services: ['Executive Search', 'Active Sourcing'],
    });
    expect(body.meta.pagination).toEqual({ start: 0, limit: LISTED_CONSULTANTS_PAGE_SIZE, total: 2 });
    // No address of any account, in any field: a page for anyone is a page for scrapers.
    for (const account of accounts) expect(res.body).not.toContain(account.email);
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('"email"');
  });

  it('When a visitor opens a listed consultant’s profile image, then it is served without a login and may be cached', async () => {
    const res = await get(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.rawPayload.equals(tinyPng())).toBe(true);
    // Delisted, the image is the owner's again: a visitor's link no longer works.
    expect((await profile(listedWithImage, { public: false })).statusCode).toBe(200);
    expect((await get(imageUrl)).statusCode).toBe(404);
    const after = (await get('/api/public-consultants')).json();
    expect(after.data.map((c: { id: number }) => c.id)).not.toContain(listedWithImage.id);
    expect((await profile(listedWithImage, { public: true, publicDirectoryConsent: true })).statusCode).toBe(200);
  });

  it('When a consultant was listed for signed-in users only, then visitors do not see them until they agree, and leaving ends the consent', async () => {
    const visitorIds = async () =>
      ((await get('/api/public-consultants')).json() as { data: Array<{ id: number }> }).data.map((c) => c.id);
    const signedIn = await ctx.request({
      method: 'GET',
      url: '/api/users?filters[public][$eq]=true',
      token: listedWithImage.token,
    });
    expect(signedIn.json().map((c: { id: number }) => c.id)).toContain(legacyListed.id);
    expect(await visitorIds()).not.toContain(legacyListed.id);

    const agreed = await profile(legacyListed, { public: true, publicDirectoryConsent: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const consentAt = agreed.json().publicDirectoryConsentAt as string;
    expect(Date.parse(consentAt)).not.toBeNaN();
    expect(await visitorIds()).toContain(legacyListed.id);
    // Saving again keeps the first consent's time.
    const again = await profile(legacyListed, { public: true, publicDirectoryConsent: true, description: 'Neu.' });
    expect(again.json().publicDirectoryConsentAt).toBe(consentAt);

    // Off and on again without the consent: signed-in users only.
    expect((await profile(legacyListed, { public: false })).json().publicDirectoryConsentAt).toBeNull();
    expect((await profile(legacyListed, { public: true })).json().publicDirectoryConsentAt).toBeNull();
    expect(await visitorIds()).not.toContain(legacyListed.id);
  });

  it('When the consent comes without a public profile or from a company, then 400 in German and nothing changes', async () => {
    const withoutPublic = await profile(legacyListed, { publicDirectoryConsent: true });
    expect(withoutPublic.statusCode).toBe(400);
    expect(withoutPublic.json().error.message).toBe(ACCOUNT_MSG.directoryConsentNeedsPublic);
    const switchedOff = await profile(legacyListed, { public: false, publicDirectoryConsent: true });
    expect(switchedOff.statusCode).toBe(400);
    const company = accounts.find((a) => a.username === 'Firma Öffentlich GmbH')!;
    const fromCompany = await profile(company, { publicDirectoryConsent: true });
    expect(fromCompany.statusCode).toBe(400);
    expect(fromCompany.json().error.message).toBe(ACCOUNT_MSG.consultantOnlyPublic);
    const [row] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE public_directory_consent_at IS NOT NULL AND id = ANY($1)',
      [[legacyListed.id, company.id]],
    );
    expect(row?.n).toBe(0);
  });

  it('When pages are asked for, then each holds at most its limit and the total counts all listed consultants', async () => {
    const first = (await get('/api/public-consultants?pagination[start]=0&pagination[limit]=1')).json();
    const second = (await get('/api/public-consultants?pagination[start]=1&pagination[limit]=1')).json();
    const past = (await get('/api/public-consultants?pagination[start]=5')).json();
    expect(first.data).toHaveLength(1);
    expect(second.data).toHaveLength(1);
    expect(first.data[0].id).not.toBe(second.data[0].id);
    expect(second.meta.pagination).toEqual({ start: 1, limit: 1, total: 2 });
    expect(past).toEqual({
      data: [],
      meta: { pagination: { start: 5, limit: LISTED_CONSULTANTS_PAGE_SIZE, total: 2 } },
    });
    const largest = await get(`/api/public-consultants?pagination[limit]=${LISTED_CONSULTANTS_MAX_LIMIT}`);
    expect(largest.statusCode).toBe(200);
  });

  it('When the query asks for more, something else or nonsense, then 400 with a German message and nothing listed', async () => {
    const invalidPage = [
      `pagination[limit]=${LISTED_CONSULTANTS_MAX_LIMIT + 1}`,
      'pagination[limit]=0',
      'pagination[limit]=-1',
      'pagination[limit]=abc',
      'pagination[start]=1.5',
      'pagination[start]=99999999',
      'pagination[start][]=1',
      'pagination=3',
    ];
    for (const query of invalidPage) {
      const res = await get(`/api/public-consultants?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ data: null, error: { status: 400, message: ACCOUNT_MSG.invalidPage } });
    }
    const unknown = {
      'filters[email][$eq]=x@example.test': 'Unbekanntes Feld: filters.',
      'sort=email:asc': 'Unbekanntes Feld: sort.',
      'pagination[withCount]=false': 'Unbekanntes Feld: withCount.',
    };
    for (const [query, message] of Object.entries(unknown)) {
      const res = await get(`/api/public-consultants?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe(message);
      expect(res.body).not.toContain('Anna Auer');
    }
  });
});
