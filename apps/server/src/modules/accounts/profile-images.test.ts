import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, tinyJpeg, tinyPdf, tinyPng, type TestAccount } from '../../../test/support/account-fixtures';
import { multipartBody, type MultipartFile } from '../../../test/support/multipart';

describe('profile image upload', () => {
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

  it('When a company or a visitor uploads, then 403 / 401', async () => {
    const files = [{ name: 'a.png', type: 'image/png', data: tinyPng() }];
    const res = await upload(company, files);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCOUNT_MSG.consultantOnlyUpload);
    expect((await upload(undefined, files)).statusCode).toBe(401);
  });

  it('When a new image replaces the old via the profile, then the old file and row are removed', async () => {
    const first = (await upload(consultant, [{ name: 'eins.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const set1 = await ctx.request({
      method: 'PUT',
      url: `/api/users/${consultant.id}`,
      payload: { profile_img_id: String(first.id), profile_img: first.url },
      token: consultant.jwt,
    });
    expect(set1.statusCode, set1.body).toBe(200);
    expect(set1.json()).toMatchObject({ profile_img_id: first.id, profile_img: first.url });
    const firstFile = (await fileOf(first.id))!;

    const second = (await upload(consultant, [{ name: 'zwei.jpg', type: 'image/jpeg', data: tinyJpeg() }])).json()[0];
    const set2 = await ctx.request({
      method: 'PUT',
      url: `/api/users/${consultant.id}`,
      payload: { profile_img_id: second.id },
      token: consultant.jwt,
    });
    expect(set2.statusCode).toBe(200);
    expect(set2.json().profile_img).toBe(second.url);
    expect(existsSync(firstFile)).toBe(false);
    expect(await fileOf(first.id)).toBeNull();
  });

  it('When the image is served, then only the owner sees a private one and everyone sees a public consultant one, with nosniff', async () => {
    const item = (await upload(other, [{ name: 'p.png', type: 'image/png', data: tinyPng() }])).json()[0];
    await ctx.request({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      payload: { profile_img_id: item.id },
      token: other.jwt,
    });
    const url = `/api/profile-images/${item.id}`;
    expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url, token: company.jwt })).statusCode).toBe(404);
    const own = await ctx.request({ method: 'GET', url, token: other.jwt });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(tinyPng())).toBe(true);
    // The owner's signed URL (for <img> without a bearer header) works; a forged one does not.
    expect((await ctx.request({ method: 'GET', url: item.url })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: `${url}?sig=${'A'.repeat(32)}` })).statusCode).toBe(404);
    const otherUpload = (await upload(consultant, [{ name: 'q.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const signature = new URL(item.url, 'http://x').searchParams.get('sig');
    expect(
      (await ctx.request({ method: 'GET', url: `/api/profile-images/${otherUpload.id}?sig=${signature}` })).statusCode,
    ).toBe(404);

    await ctx.request({ method: 'PUT', url: `/api/users/${other.id}`, payload: { public: true }, token: other.jwt });
    const visitor = await ctx.request({ method: 'GET', url });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toContain('max-age');
    const list = await ctx.request({ method: 'GET', url: '/api/users?filters[public][$eq]=true', token: company.jwt });
    expect(list.json()).toEqual([expect.objectContaining({ id: other.id, profile_img: url })]);
    expect((await ctx.request({ method: 'GET', url: '/api/profile-images/abc' })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/profile-images/999999' })).statusCode).toBe(404);
  });

  it('When a public consultant has uploaded an image not (yet) chosen for the profile, then only the owner sees it', async () => {
    await ctx.request({ method: 'PUT', url: `/api/users/${other.id}`, payload: { public: true }, token: other.jwt });
    const pending = (await upload(other, [{ name: 'entwurf.png', type: 'image/png', data: tinyPng() }])).json()[0];
    const url = `/api/profile-images/${pending.id}`;
    expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url, token: company.jwt })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url, token: other.jwt })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: pending.url })).statusCode).toBe(200);
  });

  it("When someone deletes another user's image, then 404 and it stays; the owner's delete removes file, row and profile reference", async () => {
    const item = (await upload(consultant, [{ name: 'x.png', type: 'image/png', data: tinyPng() }])).json()[0];
    await ctx.request({
      method: 'PUT',
      url: `/api/users/${consultant.id}`,
      payload: { profile_img_id: item.id },
      token: consultant.jwt,
    });
    const file = (await fileOf(item.id))!;
    const foreign = await ctx.request({ method: 'DELETE', url: `/api/upload/files/${item.id}`, token: other.jwt });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: `/api/upload/files/${item.id}` })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'DELETE', url: '/api/upload/files/abc', token: other.jwt })).statusCode).toBe(
      400,
    );
    expect(existsSync(file)).toBe(true);

    const own = await ctx.request({ method: 'DELETE', url: `/api/upload/files/${item.id}`, token: consultant.jwt });
    expect(own.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    const me = await ctx.request({ method: 'GET', url: '/api/users/me', token: consultant.jwt });
    expect(me.json()).toMatchObject({ profile_img_id: null, profile_img: null });
  });

  it('When a consultant with an image deletes the account, then the image file is removed', async () => {
    const gone = await createAccount(ctx, 'consultant', 'Weg Berater');
    const item = (await upload(gone, [{ name: 'w.png', type: 'image/png', data: tinyPng() }])).json()[0];
    await ctx.request({
      method: 'PUT',
      url: `/api/users/${gone.id}`,
      payload: { profile_img_id: item.id },
      token: gone.jwt,
    });
    const file = (await fileOf(item.id))!;
    expect((await ctx.request({ method: 'DELETE', url: `/api/users/${gone.id}`, token: gone.jwt })).statusCode).toBe(
      200,
    );
    expect(existsSync(file)).toBe(false);
    expect(await fileOf(item.id)).toBeNull();
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
