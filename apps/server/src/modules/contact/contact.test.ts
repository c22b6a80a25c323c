import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';

const valid = {
  firstname: 'Anna',
  lastname: 'Huber',
  company: 'Huber Bau GmbH',
  email: 'anna.huber@example.at',
  message: 'Wir möchten gerne ein Inserat schalten.',
};

// The contact route is rate limited per IP: each request here comes from its own address.
let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('POST /api/contact', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When all fields are valid, then it stores the message and mails the office with reply-to', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.message).toBe(MSG.contactSuccess);
    const rows = await ctx.database.query<{ email: string }>('SELECT email FROM contact_messages');
    expect(rows).toEqual([{ email: valid.email }]);
    expect(await ctx.deliverMail()).toBe(1);
    const mail = ctx.smtp.messages.at(-1)!;
    expect(mail.to).toEqual(['office@example.test']);
    expect(mail.replyTo).toBe(valid.email);
    expect(mail.subject).toContain('Anna Huber');
    expect(mail.text).toContain(valid.message);
  });

  it.each(['firstname', 'lastname', 'company', 'email', 'message'] as const)(
    'When %s is missing or blank, then it answers 400 with the spec message and stores nothing',
    async (field) => {
      const before = await ctx.database.query('SELECT id FROM contact_messages');
      for (const payload of [
        { ...valid, [field]: '   ' },
        Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field)),
      ]) {
        const res = await ctx.request({ method: 'POST', url: '/api/contact', payload, remoteAddress: nextIp() });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ data: null, error: { status: 400, message: MSG.contactAllRequired } });
      }
      expect(await ctx.database.query('SELECT id FROM contact_messages')).toHaveLength(before.length);
    },
  );

  it('When the e-mail is invalid, or fields have wrong types or extra keys, then it answers 400', async () => {
    const bad = [{ ...valid, email: 'not-an-email' }, { ...valid, message: 42 }, { ...valid, isAdmin: true }, []];
    for (const payload of bad) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/contact',
        payload: payload as object,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.status).toBe(400);
    }
    const plainText = await ctx.request({
      method: 'POST',
      url: '/api/contact',
      payload: 'just text',
      remoteAddress: nextIp(),
    });
    expect(plainText.statusCode).toBe(415);
    expect(plainText.json().error.status).toBe(415);
    const invalidJson = await ctx.request({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstname": ',
      remoteAddress: nextIp(),
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().data).toBeNull();
  });
});

describe('POST /api/contact rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When one IP sends more than 5 messages in 10 minutes, then it gets 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.request({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: '10.1.1.1' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error).toMatchObject({ status: 429, message: MSG.rateLimited });
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const other = await ctx.request({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: '10.1.1.2' });
    expect(other.statusCode).toBe(201);
  });
});
