import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, MSG, ORGANISATION_PROFILE_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, tinyJpeg, tinyPdf, tinyPng, type TestAccount } from '../../../test/support/account-fixtures';
import { multipartBody, type MultipartFile } from '../../../test/support/multipart';
import { addMember } from '../../../test/support/organisation-fixtures';

describe('logo upload', () => {
  let ctx: TestContext;
  let consultant: TestAccount;
  let other: TestAccount;
  let company: TestAccount;
  beforeAll(async () => {
    ctx = await createTestContext();
    consultant = await createAccount(ctx, 'consultant', 'Bild Berater');
    other = await createAccount(ctx, 'consultant', 'Anderer Berater');
    company = await createAccount(ctx, 'company', 'Bild Firma');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const upload = (account: TestAccount | undefined, files: MultipartFile[]) => {
    const { payload, headers } = multipartBody(files);
    return ctx.request({ method: 'POST', url: '/api/upload', payload, headers, token: account?.jwt });
  };
  const uploadCount = async () => (await ctx.database.query('SELECT id FROM uploads')).length;
  const fileOf = async (id: number) => {
    const [row] = await ctx.database.query<{ storage_key: string }>('SELECT storage_key FROM uploads WHERE id = $1', [
      id,
    ]);
    return row ? path.join(ctx.config.uploadDir, row.storage_key) : null;
  };

  it('When a consultant uploads a PNG or a JPG, then it is stored and answered in the Strapi upload shape', async () => {
    for (const [name, data, mime, ext] of [
      ['foto.png', tinyPng(), 'image/png', '.png'],
      ['foto.jpg', tinyJpeg(), 'image/jpeg', '.jpg'],
    ] as const) {
      const res = await upload(consultant, [{ name, type: 'application/octet-stream', data }]);
      expect(res.statusCode, res.body).toBe(200);
      const [item] = res.json();
      expect(item).toEqual({
        id: item.id,
        url: expect.stringMatching(new RegExp(`^/api/profile-images/${item.id}\\?sig=[\\w-]+$`)),
        name,
        ext,
        mime,
        size: data.length,
      });
      expect(existsSync((await fileOf(item.id))!)).toBe(true);
    }
  });

  it('When the image is too large, not an image by content, or more than one, then 400 with the spec message and nothing is stored', async () => {
    const before = await uploadCount();
    const big = Buffer.concat([tinyPng(), Buffer.alloc(6 * 1024 * 1024)]);
    const cases: Array<[MultipartFile[], string]> = [
      [[{ name: 'gross.png', type: 'image/png', data: big }], MSG.fileTooLarge],
      [[{ name: 'lebenslauf.png', type: 'image/png', data: tinyPdf() }], MSG.imageWrongType],
      [[{ name: 'text.jpg', type: 'image/jpeg', data: Buffer.from('hello world, no image here') }], MSG.imageWrongType],
      [
        [
          { name: 'a.png', type: 'image/png', data: tinyPng() },
          { name: 'b.png', type: 'image/png', data: tinyPng() },
        ],
        MSG.imageOnlyOne,
      ],
    ];
    for (const [files, message] of cases) {
      const res = await upload(consultant, files);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const noFile = await ctx.request({
      method: 'POST',
      url: '/api/upload',
      payload: { files: 'x' },
      token: consultant.jwt,
    });
    expect(noFile.statusCode).toBe(400);
    const wrongField = await upload(consultant, [
      { field: 'image', name: 'a.png', type: 'image/png', data: tinyPng() },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(await uploadCount()).toBe(before);
  });

  const saveProfile = (jwt: string, payload: object) =>
    ctx.request({ method: 'PUT', url: '/api/organisation/profile', payload, token: jwt });
  const get = (url: string, jwt?: string) => ctx.request({ method: 'GET', url, ...(jwt ? { token: jwt } : {}) });

  it('When a company administrator, an agency member who is not an administrator or a visitor uploads, then 403 / 403 / 401', async () => {
    const files = [{ name: 'a.png', type: 'image/png', data: tinyPng() }];
    const res = await upload(company, files);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCOUNT_MSG.administratorOnlyUpload);
    const colleague = await addMember(ctx, consultant, 'Kollegin Bild', 'consultant');
    const fromColleague = await ctx.request({
      method: 'POST',
      url: '/api/upload',
      ...multipartBody(files),
      token: colleague.jwt,
    });
    expect(fromColleague.statusCode).toBe(403);
    expect((await upload(undefined, files)).statusCode).toBe(401);
  });

  it('When a new logo replaces the old through the profile, then the old file and row are removed', async () => {
    const first = (await upload(consultant, [{ name: 'eins.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const set1 = await saveProfile(consultant.jwt, { logoId: first.id });
    expect(set1.statusCode, set1.body).toBe(200);
    expect(set1.json().data).toMatchObject({ logoId: first.id, logo: first.url });
    const firstFile = (await fileOf(first.id))!;

    const second = (await upload(consultant, [{ name: 'zwei.jpg', type: 'image/jpeg', data: tinyJpeg() }])).json()[0];
    const set2 = await saveProfile(consultant.jwt, { logoId: second.id });
    expect(set2.statusCode).toBe(200);
    expect(set2.json().data.logo).toBe(second.url);
    expect(existsSync(firstFile)).toBe(false);
    expect(await fileOf(first.id)).toBeNull();
    const [audit] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'organisation.profile'",
    );
    expect(audit?.n).toBeGreaterThanOrEqual(2);
  });

  it('When the logo is served, then members and the signed URL see an unlisted one, everyone a listed one, with nosniff', async () => {
    const item = (await upload(other, [{ name: 'p.png', type: 'image/png', data: tinyPng() }])).json()[0];
    expect((await saveProfile(other.jwt, { logoId: item.id })).statusCode).toBe(200);
    const url = `/api/profile-images/${item.id}`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, company.jwt)).statusCode).toBe(404);
    const own = await get(url, other.jwt);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(tinyPng())).toBe(true);
    // A colleague sees the organisation's logo; the signed URL works without a bearer; a forged one does not.
    const colleague = await addMember(ctx, other, 'Kollege Logo', 'consultant');
    expect((await get(url, colleague.jwt)).statusCode).toBe(200);
    expect((await get(item.url)).statusCode).toBe(200);
    expect((await get(`${url}?sig=${'A'.repeat(32)}`)).statusCode).toBe(404);
    const otherUpload = (await upload(consultant, [{ name: 'q.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const signature = new URL(item.url, 'http://x').searchParams.get('sig');
    expect((await get(`/api/profile-images/${otherUpload.id}?sig=${signature}`)).statusCode).toBe(404);

    expect((await saveProfile(other.jwt, { public: true })).statusCode).toBe(200);
    const visitor = await get(url);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toContain('max-age');
    const list = await get('/api/agencies', company.jwt);
    expect(list.json().data).toEqual([expect.objectContaining({ name: 'Anderer Berater', logo: url })]);
    expect((await get('/api/profile-images/abc')).statusCode).toBe(400);
    expect((await get('/api/profile-images/999999')).statusCode).toBe(404);
  });

  it('When a listed agency has an image uploaded and not saved, then only its uploader sees it', async () => {
    const pending = (await upload(other, [{ name: 'entwurf.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const url = `/api/profile-images/${pending.id}`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, company.jwt)).statusCode).toBe(404);
    expect((await get(url, other.jwt)).statusCode).toBe(200);
    expect((await get(pending.url)).statusCode).toBe(200);
  });

  it('When an administrator names an image someone else uploaded, or another organisation’s logo, then 400 and the logo stays', async () => {
    const mine = (await upload(consultant, [{ name: 'm.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const before = (await get('/api/organisation/profile', other.jwt)).json().data.logoId as number;
    const theirs = (await get('/api/organisation/profile', consultant.jwt)).json().data.logoId as number;
    for (const logoId of [mine.id, theirs, 999_999]) {
      const res = await saveProfile(other.jwt, { logoId });
      expect(res.statusCode, String(logoId)).toBe(400);
      expect(res.json().error.message).toBe(ORGANISATION_PROFILE_MSG.invalidLogo);
    }
    for (const logoId of ['abc', '1', -1]) expect((await saveProfile(other.jwt, { logoId })).statusCode).toBe(400);
    expect((await get('/api/organisation/profile', other.jwt)).json().data.logoId).toBe(before);
  });

  it("When someone deletes another's upload or a saved logo, then 404 and it stays; the uploader deletes an unsaved one", async () => {
    const item = (await upload(consultant, [{ name: 'x.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const file = (await fileOf(item.id))!;
    const del = (id: number | string, jwt?: string) =>
      ctx.request({ method: 'DELETE', url: `/api/upload/files/${id}`, ...(jwt ? { token: jwt } : {}) });
    expect((await del(item.id, other.jwt)).statusCode).toBe(404);
    expect((await del(item.id)).statusCode).toBe(401);
    expect((await del('abc', other.jwt)).statusCode).toBe(400);
    expect(existsSync(file)).toBe(true);
    expect((await del(item.id, consultant.jwt)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    // The saved logo is the organisation's: not even its uploader deletes it this way.
    const logoId = (await get('/api/organisation/profile', consultant.jwt)).json().data.logoId as number;
    expect((await del(logoId, consultant.jwt)).statusCode).toBe(404);
    expect(existsSync((await fileOf(logoId))!)).toBe(true);
  });

  it('When the administrator who uploaded the logo deletes the account, then the logo stays with the organisation, the unsaved image and the person’s address go', async () => {
    const founder = await createAccount(ctx, 'consultant', 'Weg Berater');
    const heir = await addMember(ctx, founder, 'Erbin Logo', 'administrator');
    const logo = (await upload(founder, [{ name: 'w.png', type: 'image/png', data: tinyPng() }])).json()[0];
    expect((await saveProfile(founder.jwt, { logoId: logo.id })).statusCode).toBe(200);
    const unsaved = (await upload(founder, [{ name: 'u.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const logoFile = (await fileOf(logo.id))!;
    const unsavedFile = (await fileOf(unsaved.id))!;
    const gone = await ctx.request({ method: 'DELETE', url: `/api/users/${founder.id}`, token: founder.jwt });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(existsSync(unsavedFile)).toBe(false);
    expect(existsSync(logoFile)).toBe(true);
    const profile = (await get('/api/organisation/profile', heir.jwt)).json().data;
    expect(profile.logoId).toBe(logo.id);
    expect((await get(profile.logo)).statusCode).toBe(200);
    // The founder's address was the contact address (registration): it goes with the founder.
    expect(profile.contactEmail).toBeNull();
  });
});

describe('lib/uploads document check', () => {
  it('When documents are sniffed, then PDF, DOCX and an OLE .doc pass and a renamed image does not', async () => {
    const { sniffUpload } = await import('../../lib/uploads');
    expect(await sniffUpload(tinyPdf(), 'document', 'a.pdf')).toEqual({ ext: 'pdf', mime: 'application/pdf' });
    expect(await sniffUpload(tinyPng(), 'document', 'a.pdf')).toBeNull();
    expect(await sniffUpload(tinyPdf(), 'image', 'a.png')).toBeNull();
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
    expect(await sniffUpload(ole, 'document', 'brief.doc')).toEqual({ ext: 'doc', mime: 'application/msword' });
    expect(await sniffUpload(ole, 'document', 'tabelle.xls')).toBeNull();
  });
});
