import { expect } from 'vitest';
import type { TestContext } from '../helpers';
import { latestMailTo, nextIp, type TestAccount } from './account-fixtures';

/** Members of organisations through the product's own invitations (issue 31). */

/** The administrator invites an address in a role; answers the token from the mailed link. */
export async function invite(ctx: TestContext, admin: TestAccount, email: string, role: string): Promise<string> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/organisation/invitations',
    token: admin.jwt,
    remoteAddress: nextIp(),
    payload: { email, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await latestMailTo(ctx, email, /einladung#/);
  const token = /\/einladung#([\w%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('no invitation link');
  return decodeURIComponent(token);
}

/** A new account made from the invitation link; answers its token. */
export async function joinAsNew(ctx: TestContext, token: string, username: string): Promise<string> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/invitations/register',
    payload: { token, username, password: 'geheim123' },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().jwt as string;
}

/** Invites and joins in one step: the new member's token and member id. */
export async function addMember(
  ctx: TestContext,
  admin: TestAccount,
  name: string,
  role: string,
): Promise<{ jwt: string; memberId: number; email: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.test`;
  const jwt = await joinAsNew(ctx, await invite(ctx, admin, email, role), name);
  const me = await ctx.request({ method: 'GET', url: '/api/users/me', token: jwt, remoteAddress: nextIp() });
  return { jwt, memberId: me.json().organisation.memberId as number, email };
}
