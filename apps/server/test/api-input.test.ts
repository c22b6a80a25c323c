import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { createUser, jobData, type TestUser } from './factories';
import { tinyPdf } from './support/account-fixtures';
import { multipartBody } from './support/multipart';
import { connectChat } from './support/socket-client';

/** Input handling shared by every route (lib/http-schemas, lib/input-guard, lib/uploads). */

const expectErrorShape = (res: { statusCode: number; json: () => unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    data: null,
    error: { status, name: expect.any(String), message: expect.any(String) },
  });
};

/** A 400 whose message is ours (German), not zod's or PostgreSQL's English. */
const expectGerman400 = (res: { statusCode: number; json: () => { error: { message: string } } }, label: string) => {
  expect(res.statusCode, label).toBe(400);
  expectErrorShape(res, 400);
  expect(res.json().error.message, label).not.toMatch(
    /^(Invalid|Too |Expected|Unrecognized)|invalid input|out of range/i,
  );
};

const INT4_OVER = 2 ** 31;
const DIGITS_400 = '9'.repeat(400);

describe('Shared API input handling', () => {
  let ctx: TestContext;
  let company: TestUser;
  let consultant: TestUser;
  let admin: TestUser;
  let jobId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    company = await createUser(ctx, { role: 'company' });
    consultant = await createUser(ctx, { role: 'consultant' });
    admin = await createUser(ctx, { role: 'admin' });
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

    const { payload, headers } = multipartBody([{ name: 'cv.pdf', type: 'application/pdf', data: tinyPdf() }], {
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
      { payload: { description: 'Neu', foo: 1 }, message: 'Unbekanntes Feld: foo.' },
      { payload: { description: 'x'.repeat(20_000) }, message: 'Eine Eingabe ist zu lang.' },
      { payload: { public: 'yes' }, message: 'Ungültige Anfrage.' },
    ];
    for (const c of cases) {
      const res = await ctx.request({
        method: 'PUT',
        url: '/api/organisation/profile',
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
      payload: { username: 'x'.repeat(1_100_000) },
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

  it('When an id or integer is ≥ 2^31 or has 400 digits (district, companyId, advertisement, filters), then 400 in German, never 500', async () => {
    const consultantReport = (advertisement: unknown) => ({
      data: {
        variant: 'consultant',
        advertisement,
        companyName: 'Muster GmbH',
        jobTitle: 'Buchhalter',
        contactPerson: 'Frau Muster',
        placementBonus: 10,
        actualSalary: 40_000,
      },
    });
    const cases = [
      { method: 'POST', url: '/api/jobs', token: company.token, payload: { data: jobData({ district: INT4_OVER }) } },
      {
        method: 'POST',
        url: '/api/jobs',
        token: company.token,
        payload: { data: jobData({ district: DIGITS_400 as unknown as number }) },
      },
      {
        method: 'PUT',
        url: `/api/jobs/${jobId}`,
        token: company.token,
        payload: { data: jobData({ district: String(INT4_OVER) as unknown as number }) },
      },
      {
        method: 'POST',
        url: '/api/jobs',
        token: company.token,
        payload: { data: { ...jobData(), attachments: [INT4_OVER] } },
      },
      {
        method: 'POST',
        url: '/api/admin/jobs',
        token: admin.token,
        payload: { companyId: INT4_OVER, data: jobData() },
      },
      {
        method: 'POST',
        url: '/api/admin/jobs',
        token: admin.token,
        payload: { companyId: Number(DIGITS_400), data: jobData() },
      },
      { method: 'POST', url: '/api/placement-reports', token: consultant.token, payload: consultantReport(INT4_OVER) },
      { method: 'POST', url: '/api/placement-reports', token: consultant.token, payload: consultantReport(DIGITS_400) },
      {
        method: 'POST',
        url: '/api/chat-communications',
        token: consultant.token,
        payload: { advertisement: INT4_OVER, message: 'Hallo' },
      },
      {
        method: 'POST',
        url: '/api/placement-bonuses',
        token: company.token,
        payload: { data: { advertisement: INT4_OVER, bonus: 5 } },
      },
      { method: 'GET', url: `/api/jobs?filters[district]=${INT4_OVER}`, token: consultant.token },
      { method: 'GET', url: `/api/jobs?filters[district][$in][0]=${DIGITS_400}`, token: consultant.token },
      { method: 'GET', url: `/api/jobs/${INT4_OVER}`, token: consultant.token },
      { method: 'GET', url: `/api/chat-communications/1/messages?before=${INT4_OVER}`, token: consultant.token },
    ] as const;
    for (const c of cases) expectGerman400(await ctx.request(c), `${c.method} ${c.url}`);
  });

  it('When a string holds a lone UTF-16 surrogate ("\\uD800" in assignment, services or any text), then 400 in German, never 500', async () => {
    const cases = [
      {
        method: 'POST',
        url: '/api/jobs',
        token: company.token,
        payload: { data: jobData({ assignment: ['Buchhaltung \uD800'] }) },
      },
      {
        method: 'PUT',
        url: `/api/jobs/${jobId}`,
        token: company.token,
        payload: { data: jobData({ benefits: ['\uDC00'] }) },
      },
      {
        method: 'POST',
        url: '/api/jobs',
        token: company.token,
        payload: { data: jobData({ jobTitle: 'Koch \uDBFF' }) },
      },
      { method: 'PUT', url: '/api/organisation/profile', token: consultant.token, payload: { services: ['\uD800'] } },
      {
        method: 'PUT',
        url: '/api/organisation/profile',
        token: consultant.token,
        payload: { description: 'a\uD800b' },
      },
      {
        method: 'POST',
        url: '/api/contact',
        payload: { firstname: '\uD83D', lastname: 'Muster', company: 'Firma', email: 'a@example.test', message: 'x' },
      },
      {
        method: 'POST',
        url: '/api/chat-communications',
        token: consultant.token,
        payload: { advertisement: jobId, message: 'Hallo \uDE00' },
      },
      { method: 'PUT', url: `/api/users/${consultant.id}`, token: consultant.token, payload: { ['x\uD800']: 1 } },
    ] as const;
    for (const c of cases) {
      const res = await ctx.request(c);
      expectGerman400(res, `${c.method} ${c.url}`);
      expect(res.json().error.message).toBe('Die Eingabe enthält ungültige Zeichen.');
    }
    // A correct pair (an emoji) is fine.
    const ok = await ctx.request({
      method: 'PUT',
      url: '/api/organisation/profile',
      token: consultant.token,
      payload: { services: ['Recruiting \uD83D\uDE00'] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('When a date filter lies outside the supported range (year 99999, year 0, BC, ±infinity), then 400 in German, never 500', async () => {
    for (const value of [
      '99999-01-01',
      '0000-01-01',
      '-004713-01-01',
      '275760-09-13',
      '-271821-04-20',
      '-infinity',
      'infinity',
      '10000-01-01',
      '0999-12-31',
    ]) {
      for (const url of [
        `/api/jobs?filters[createdAt][$gt]=${value}`,
        `/api/jobs?filters[publishedAt][$lte]=${value}`,
        `/api/admin/audit-log?filters[createdAt][$lt]=${value}`,
      ]) {
        const res = await ctx.request({
          method: 'GET',
          url,
          token: url.includes('admin') ? admin.token : consultant.token,
        });
        expectGerman400(res, url);
      }
    }
    const ok = await ctx.request({
      method: 'GET',
      url: '/api/jobs?filters[createdAt][$gt]=2020-01-01T00:00:00Z',
      token: consultant.token,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('When a sort names a prototype key (__proto__, constructor, toString), then 400 in German, never 500', async () => {
    for (const sort of ['__proto__', 'constructor:asc', 'toString', 'hasOwnProperty:desc']) {
      for (const url of [`/api/jobs?sort=${sort}`, `/api/admin/placement-reports?sort=${sort}`]) {
        expectGerman400(await ctx.request({ method: 'GET', url, token: admin.token }), url);
      }
    }
    // As filter keys qs drops them (allowPrototypes: false): the filter is simply absent.
    for (const query of ['filters[constructor]=x', 'filters[toString][$eq]=1', 'filters[__proto__][$eq]=1']) {
      const res = await ctx.request({ method: 'GET', url: `/api/jobs?${query}`, token: admin.token });
      expect(res.statusCode, query).toBe(200);
    }
  });

  it('When a socket event names chatId ≥ 2^31, 400 digits or a lone surrogate, then the ack is a 400 error, never 500', async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connectChat(baseUrl, consultant.token);
    try {
      const payloads = [
        ['chat:send', { chatId: INT4_OVER, message: 'Hallo' }],
        ['chat:read', { chatId: INT4_OVER }],
        ['chat:read', { chatId: Number(DIGITS_400) }],
        ['chat:send', { chatId: 1, message: 'Hallo \uD800' }],
      ] as const;
      for (const [event, payload] of payloads) {
        const ack = await (socket.emitWithAck as (e: string, p: unknown) => Promise<unknown>)(event, payload);
        expect(ack, `${event} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: { status: 400 } });
      }
    } finally {
      socket.close();
    }
  });

  it('When an uploaded file is named with another extension than its content, then the download name ends with the real one', async () => {
    const { payload, headers } = multipartBody(
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
