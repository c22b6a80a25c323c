import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, login } from '../../../test/support/account-fixtures';

/**
 * Accounts: the rate limits of login (per IP and identifier) and of forgot-password (per IP); each
 * describe has its own test context.
 */

describe('login rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When one IP tries one identifier more than 10 times a minute, then it gets 429 in the error shape while another IP still may try', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: 'opfer@example.at', password: `falsch${i}` },
        remoteAddress: '10.9.9.1',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({ data: null, error: { status: 429, message: MSG.rateLimited } });
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    const otherIp = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'opfer@example.at', password: 'falsch' },
      remoteAddress: '10.9.9.2',
    });
    expect(otherIp.statusCode).toBe(400);
  });

  it('When one IP tries many identifiers, then the per-IP limit of 30 a minute answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: `user${i}@example.at`, password: 'falsch' },
        remoteAddress: '10.9.9.3',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('When one IP alternates the e-mail and the user name of one account, then both count against one limit of 10 a minute', async () => {
    const account = await createAccount(ctx, 'consultant', 'Zwei Namen');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const identifier = [account.email, account.username, account.email.toUpperCase(), ` ${account.username} `][
        i % 4
      ]!;
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier, password: `falsch${i}` },
        remoteAddress: '10.9.9.4',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    // Limited before the password is looked at: even the right one waits.
    const right = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: account.username, password: account.password },
      remoteAddress: '10.9.9.4',
    });
    expect(right.statusCode).toBe(429);
    // The owner on another address is not locked out by someone else's attempts.
    expect((await login(ctx, account.username, account.password)).statusCode).toBe(200);
  });
});

describe('forgot-password rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When one IP asks more than 5 times in 10 minutes, then 429', async () => {
    const fromOneIp: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `a${i}@example.at` },
        remoteAddress: '10.8.8.1',
      });
      fromOneIp.push(res.statusCode);
    }
    expect(fromOneIp).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
