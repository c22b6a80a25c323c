import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ROLE_NAMES, STORAGE_KEYS, type LoginResponse } from '@pb/core';

/** Shared helpers of the e2e specs: fresh accounts through the API and the dev mailbox, sessions, screenshots. */

const started = Date.now();
/**
 * A tag for names and addresses that is fresh for every test run and every repeat
 * (`--repeat-each` runs the same test again against the same server and database).
 */
export const run = () => `${started}${test.info().repeatEachIndex}`;
let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${run()}-${++counter}@e2e.example.at`;
export const PASSWORD = 'geheim123';

export interface MailRow {
  toAddress: string;
  subject: string;
  textBody: string;
}

export interface Account {
  email: string;
  username: string;
  jwt: string;
  login: LoginResponse;
}

/** All mails of the dev mailbox (/dev/mail.json; there is no SMTP in the e2e server). */
export async function mails(request: APIRequestContext): Promise<MailRow[]> {
  const response = await request.get('/dev/mail.json');
  return ((await response.json()) as { data: MailRow[] }).data;
}

/** The link (the `skip`-th) in mails to `to` that contains `pathPart` (waits until it is queued). */
export async function mailedLink(request: APIRequestContext, to: string, pathPart: string, skip = 0): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const links = (await mails(request))
        .filter((m) => m.toAddress.toLowerCase() === to.toLowerCase())
        .flatMap((m) => m.textBody.match(/https?:\/\/\S+/g) ?? [])
        .filter((l) => l.includes(pathPart));
      link = links[skip] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** Registers and confirms an account through the API (for journeys that do not test registration). */
export async function registerAccount(
  request: APIRequestContext,
  role: 'company' | 'consultant',
  username: string,
  email = uniqueEmail(role),
  description = `${username} – Beschreibung`,
): Promise<{ email: string; username: string }> {
  const response = await request.post('/api/auth/local/register', {
    data: { username, email, password: PASSWORD, role, ...(role === 'company' ? { description } : {}) },
  });
  expect(response.status()).toBe(200);
  const link = await mailedLink(request, email, '/api/auth/email-confirmation');
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(302);
  return { email, username };
}

/** Registers and confirms an account through the API, then logs in through the API. */
export async function createAccount(
  request: APIRequestContext,
  role: 'company' | 'consultant',
  username: string,
  email = uniqueEmail(role),
): Promise<Account> {
  await registerAccount(request, role, username, email);
  const login = await request.post('/api/auth/local', { data: { identifier: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as LoginResponse;
  return { email, username, jwt: body.jwt, login: body };
}

/** A demo login of the seeded marketplace (password demo1234), signed in through the API. */
export async function demoAccount(request: APIRequestContext, email: string): Promise<Account> {
  const answer = await request.post('/api/auth/local', { data: { identifier: email, password: 'demo1234' } });
  expect(answer.status()).toBe(200);
  const login = (await answer.json()) as LoginResponse;
  return { email, username: login.user.username, jwt: login.jwt, login };
}

/** Puts the session into the browser storage the way the login page does (spec §3 keys). */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/404');
  const user = account.login.user;
  await page.evaluate(
    ({ keys, jwt, id, username, email, role, organisation }) => {
      localStorage.clear();
      localStorage.setItem(keys.organisation, JSON.stringify(organisation));
      localStorage.setItem(keys.token, jwt);
      localStorage.setItem(keys.userId, String(id));
      localStorage.setItem(keys.user, username);
      localStorage.setItem(keys.userEmail, email);
      localStorage.setItem(keys.userRole, role);
    },
    {
      keys: STORAGE_KEYS,
      jwt: account.jwt,
      id: user.id,
      username: user.username,
      email: user.email,
      role: ROLE_NAMES[user.role.type],
      organisation: user.organisation,
    },
  );
}

/** Screenshot `<SCREENSHOT_DIR>/<name>.png` for a visual check when SCREENSHOT_DIR is set (no assertion). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/**
 * What the page shows now at phone and desktop width: axe finds no WCAG AA violation at either, and
 * with SCREENSHOT_DIR set `<name>-375.png` and `<name>-1280.png` are taken — an open modal whole (the
 * viewport grows to its height), a page in full length. The viewport is restored afterwards.
 */
export async function checkAtPhoneAndDesktop(page: Page, name: string): Promise<void> {
  const restore = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const modal = page.locator('.modal.show .modal-content');
    const open = (await modal.count()) > 0;
    if (open) {
      const box = await modal.boundingBox();
      await page.setViewportSize({ width, height: Math.max(900, Math.ceil(box?.height ?? 0) + 120) });
    }
    await test.step(`${name} at ${width} px`, () => expectAccessible(page));
    await settled(page);
    await screenshot(page, `${name}-${width}`, !open);
  }
  if (restore) await page.setViewportSize(restore);
}

/** A minimal valid PDF for upload fields. */
export const pdfBuffer = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** An active advertisement of `company` (15 % bonus, € 48.000, first district unless given) through the API; its id. */
export async function createJob(
  request: APIRequestContext,
  company: Account,
  jobTitle: string,
  given: { placementBonus?: number; salary?: string } = {},
): Promise<number> {
  const districts = ((await (await request.get('/api/districts?populate=*')).json()) as { data: Array<{ id: number }> })
    .data;
  const response = await request.post('/api/jobs', {
    headers: { authorization: `Bearer ${company.jwt}` },
    data: {
      data: {
        workingTime: 'Vollzeit',
        assignment: ['Laufende Buchhaltung'],
        requirements: ['Abgeschlossene HAK'],
        benefits: ['Gleitzeit'],
        jobInfo: ['Start ab sofort'],
        location: { street: 'Landstraße 1', postcode: '4020', city: 'Linz' },
        salary: given.salary ?? '48.000',
        placementBonus: given.placementBonus ?? 15,
        jobTitle,
        district: districts[0]!.id,
      },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The back-office admin of the e2e server (playwright.config.ts creates it on start). */
const ADMIN = { email: 'admin@e2e.example.at', password: 'e2e-admin-passwort-2026' };
/** Where the admin's TOTP secret is kept once the first login enrolled it (the server lives for the whole run). */
const adminSecretFile = () => path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'e2e-admin-totp-secret');

/**
 * The newest 30-second step a code of this secret was used for: a code is accepted once (the server
 * refuses a replay). Kept in a file beside the secret, because every repeat of a test (--repeat-each)
 * runs in a new worker process that would otherwise reuse the step the previous one just spent.
 */
const lastStepFile = (secret: string) =>
  path.join(
    process.env.E2E_DATA_DIR ?? '/tmp',
    `e2e-totp-last-step-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`,
  );

function lastTotpStep(secret: string): number {
  try {
    return Number(readFileSync(lastStepFile(secret), 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/**
 * The next unused TOTP code of the secret. The server accepts the codes of the step before, of the
 * current and of the next step (second-factor.ts: TOTP_WINDOW, clocks drift) when the step is newer
 * than the last one accepted. The code is of the current step or, when that one was used, of the
 * next one; only when both were used does it wait for the next 30-second step. The step before is
 * never used: the clock may pass a step boundary before the server checks the code, and the
 * current or the next step stays within the window then. (Waiting for a step of its own per code
 * cost up to 30 s a login: nine admin logins and a 90 s journey in the suite.)
 */
export async function freshTotpCode(secret: string): Promise<string> {
  let current = Math.floor(Date.now() / 30_000);
  while (current + 1 <= lastTotpStep(secret)) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
    current = Math.floor(Date.now() / 30_000);
  }
  const step = Math.max(current, lastTotpStep(secret) + 1);
  writeFileSync(lastStepFile(secret), String(step), { mode: 0o600 });
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: step * 30_000 + 1_000,
  });
}

/**
 * Signs the admin in. Admins must prove a second factor (decision 0028): the first login of a
 * run lands on the back office's set-up card and enrols the authenticator app through the API
 * (that session counts as verified); later logins answer the second step with a fresh code.
 */
export async function adminLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(ADMIN.email);
  await page.getByLabel('Passwort').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  const secondStep = page.getByRole('heading', { name: 'Anmeldung bestätigen' });
  const enrolCard = page.getByTestId('admin-second-factor');
  await expect(secondStep.or(enrolCard)).toBeVisible();
  if (await secondStep.isVisible()) {
    const secret = readFileSync(adminSecretFile(), 'utf8').trim();
    await page.getByLabel('Code aus der App oder Wiederherstellungscode').fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
  } else {
    await screenshot(page, 'admin-second-factor-required');
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const headers = { authorization: `Bearer ${token}` };
    const setup = await page.request.post('/api/two-factor/totp/setup', {
      headers,
      data: { password: ADMIN.password },
    });
    expect(setup.status()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    writeFileSync(adminSecretFile(), secret, { mode: 0o600 });
    const confirm = await page.request.post('/api/two-factor/totp/confirm', {
      headers,
      data: { code: await freshTotpCode(secret) },
    });
    expect(confirm.status()).toBe(200);
    await page.reload();
  }
  // Admins land in the back office after login; the shell menu links there too.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Waits until no finite CSS transition or animation runs: axe and screenshots taken while a modal fades in,
 * or while a button fades between its hover and normal colours, measure colours half-way and report
 * contrast that no user sees for longer than 150 ms. The pointer leaves the page first (a button just
 * clicked stays hovered, and a resize can move another under it), and two frames pass so that
 * transitions the last change started are running before they are waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  // Endless ones (a spinner) never settle and change no colour of what they do not cover.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * No WCAG 2.1 A/AA violations (axe-core) on what the page shows now; the report names each
 * rule and node. With a modal open only the modal counts: the page behind sits under the
 * backdrop (axe would measure its dimmed colours).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (await page.locator('.modal.show').count()) builder = builder.include('.modal.show');
  const result = await builder.analyze();
  const violations = result.violations.map(
    (v) => `${v.id} (${v.impact ?? '–'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}
