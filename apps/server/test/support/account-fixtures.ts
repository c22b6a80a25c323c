import { expect } from 'vitest';
import type { TestContext } from '../helpers';

/** Test helpers for account flows: register through the API, confirm via the real mail, log in. */

let ipCounter = 0;
/** A fresh client address per call keeps per-IP rate limits out of unrelated tests. */
export const nextIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export interface TestAccount {
  id: number;
  jwt: string;
  username: string;
  email: string;
  password: string;
}

/** Delivers queued mail and returns the newest one sent to the address (whose text matches, if given). */
export async function latestMailTo(ctx: TestContext, address: string, match?: RegExp) {
  await ctx.deliverMail();
  // Mails queued together may arrive in any order: callers pick by content.
  const mail = [...ctx.smtp.messages].reverse().find((m) => m.to.includes(address) && (!match || match.test(m.text)));
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

export function confirmationPath(text: string): string {
  const match = /http:\/\/localhost:3000(\/api\/auth\/email-confirmation\?confirmation=[\w%-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no confirmation link in mail');
  return match[1];
}

export function resetCode(text: string): string {
  const match = /http:\/\/localhost:3000\/reset-password\/([\w%-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no reset link in mail');
  return decodeURIComponent(match[1]);
}

export async function register(
  ctx: TestContext,
  role: 'company' | 'consultant',
  name: string,
  password = 'geheim123',
): Promise<{ id: number; username: string; email: string; password: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.at`;
  const res = await ctx.request({
    method: 'POST',
    url: '/api/auth/local/register',
    payload: {
      username: name,
      email,
      password,
      role,
      ...(role === 'company' ? { description: 'Bau und Handel' } : {}),
    },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id as number, username: name, email, password };
}

export async function login(ctx: TestContext, identifier: string, password: string) {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier, password },
    remoteAddress: nextIp(),
  });
}

/** Registers, follows the mailed link and logs in. */
export async function createAccount(
  ctx: TestContext,
  role: 'company' | 'consultant',
  name: string,
): Promise<TestAccount> {
  const account = await register(ctx, role, name);
  const mail = await latestMailTo(ctx, account.email, /email-confirmation/);
  const confirm = await ctx.request({ method: 'GET', url: confirmationPath(mail.text), remoteAddress: nextIp() });
  expect(confirm.statusCode).toBe(302);
  const res = await login(ctx, account.email, account.password);
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, jwt: res.json().jwt as string };
}

// ---------- tiny real images and multipart bodies ----------

/** A valid 1×1 PNG. */
export const tinyPng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

/** A valid 1×1 baseline JPEG. */
export const tinyJpeg = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

export const tinyPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
