import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { createUser, jobData, type TestUser } from './factories';
import { multipart, tinyPdf } from '../src/modules/auth/account-fixtures';

/** Input handling shared by every route (lib/http-schemas, lib/input-guard, lib/uploads). */

const expectErrorShape = (res: { statusCode: number; json: () => unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    data: null,
    error: { status, name: expect.any(String), message: expect.any(String) },
  });
};

describe('Shared API input handling', () => {
  let ctx: TestContext;
  let company: TestUser;
  let consultant: TestUser;
  let jobId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    company = await createUser(ctx, { role: 'company' });
    consultant = await createUser(ctx, { role: 'consultant' });
    const res = await ctx.request({
      method: 'POST',
      url: '/api/jobs',
      token: company.token,
      payload: { data: jobData() },
    });
    expect(res.statusCode).toBe(201);
    jobId = res.json().data.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a JSON body, query or multipart field carries a NUL character, then it answers 400, never 500', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/jobs',
        token: company.token,
        payload: { data: jobData({ jobTitle: 'Koch\u0000' }) },
      },
      {
        method: 'PUT' as const,
        url: `/api/jobs/${jobId}`,
        token: company.token,
        payload: { data: jobData({ salary: '\u0000' }) },
      },
      {
        method: 'PUT' as const,
        url: `/api/users/${consultant.id}`,
        token: consultant.token,
        payload: { username: 'a\u0000b' },
      },
      { method: 'POST' as const, url: '/api/auth/local', payload: { identifier: 'a\u0000@b.at', password: 'x' } },
      {
        method: 'POST' as const,
        url: '/api/chat-communications',
        token: consultant.token,
        payload: { advertisement: jobId, message: 'a\u0000' },
      },
      { method: 'GET' as const, url: '/api/jobs?filters[jobTitle][$containsi]=%00', token: consultant.token },
    ];
    for (const c of cases) expectErrorShape(await ctx.request(c), 400);

    const { payload, headers } = multipart([{ name: 'cv.pdf', type: 'application/pdf', data: tinyPdf() }], {
      advertisement: String(jobId),
      message: 'a\u0000b',
    });
    const res = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload,
      headers,
    });
    expectErrorShape(res, 400);
  });

  it("When a body has an unknown key or a value of the wrong type or length, then the message is German, not zod's English", async () => {
    const cases = [
      { payload: { username: 'Neuer Name', foo: 1 }, message: 'Unbekanntes Feld: foo.' },
      { payload: { description: 'x'.repeat(20_000) }, message: 'Eine Eingabe ist zu lang.' },
      { payload: { public: 'yes' }, message: 'Ungültige Anfrage.' },
    ];
    for (const c of cases) {
      const res = await ctx.request({
        method: 'PUT',
        url: `/api/users/${consultant.id}`,
        token: consultant.token,
        payload: c.payload,
      });
      expectErrorShape(res, 400);
      expect(res.json().error.message).toBe(c.message);
    }
  });

  it('When a JSON body is larger than 1 MB, then it answers 413 saying the request (not a file) is too large', async () => {
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/users/${consultant.id}`,
      token: consultant.token,
      payload: { description: 'x'.repeat(1_100_000) },
    });
    expectErrorShape(res, 413);
    expect(res.json().error.message).toBe('Die Anfrage ist zu groß.');
  });

  it('When a path id is not a plain decimal (0x10, 1e1, +1, 01, 1.0), then it answers 400', async () => {
    for (const id of ['0x10', '1e1', '+1', `0${jobId}`, `${jobId}.0`, '0b1', '%20' + jobId]) {
      expectErrorShape(await ctx.request({ method: 'GET', url: `/api/jobs/${id}`, token: consultant.token }), 400);
    }
    expect((await ctx.request({ method: 'GET', url: `/api/jobs/${jobId}`, token: consultant.token })).statusCode).toBe(
      200,
    );
  });

  it('When a number field gets an array, boolean, hex or empty text, then it answers 400 instead of coercing', async () => {
    for (const advertisement of [[jobId], true, `0x${jobId.toString(16)}`]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/placement-bonuses',
        token: company.token,
        payload: { data: { advertisement, bonus: 5 } },
      });
      expectErrorShape(res, 400);
    }
    for (const bonus of [[], [7], true, '0x10', '1e1']) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/placement-bonuses',
        token: company.token,
        payload: { data: { advertisement: jobId, bonus } },
      });
      expectErrorShape(res, 400);
      const edit = await ctx.request({
        method: 'PUT',
        url: `/api/jobs/${jobId}`,
        token: company.token,
        payload: { data: jobData({ placementBonus: bonus as unknown as number }) },
      });
      expectErrorShape(edit, 400);
    }
    const ok = await ctx.request({
      method: 'POST',
      url: '/api/placement-bonuses',
      token: company.token,
      payload: { data: { advertisement: String(jobId), bonus: '12.5' } },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.bonus).toBe(12.5);
  });

  it('When an uploaded file is named with another extension than its content, then the download name ends with the real one', async () => {
    const { payload, headers } = multipart(
      [
        { name: 'setup.exe', type: 'application/pdf', data: tinyPdf() },
        { name: 'lebenslauf', type: 'application/pdf', data: tinyPdf() },
        { name: 'Zeugnis.PDF', type: 'application/pdf', data: tinyPdf() },
      ],
      { advertisement: String(jobId), message: 'Unterlagen' },
    );
    const res = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(201);
    const messages = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${res.json().data.id}/messages`,
      token: consultant.token,
    });
    const names = messages
      .json()
      .data.at(-1)
      .files.map((f: { name: string }) => f.name);
    expect(names).toEqual(['setup.exe.pdf', 'lebenslauf.pdf', 'Zeugnis.PDF']);
  });
});
