import type { BrowserContext } from '@playwright/test';
import { ROLE_NAMES, STORAGE_KEYS, type LoginResponse } from '@pb/core';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags this machine's Chromium needs (no sandbox as root, no calls to Google's hosts). */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Transfer {
  file: string;
  type: string;
  bytes: number;
  encoding: string;
}

/** Every response of a cold first load of `url`, with its bytes on the wire. */
export async function firstLoad(context: BrowserContext, url: string): Promise<Transfer[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, Transfer>();
  cdp.on('Network.responseReceived', (e) => {
    responses.set(e.requestId, {
      file: new URL(e.response.url).pathname,
      type: e.type,
      bytes: 0,
      encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '–',
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return [...responses.values()];
}

/** The scripts and stylesheets of a load. */
export const scriptsAndStyles = (transfers: Transfer[]): Transfer[] =>
  transfers.filter((t) => t.type === 'Script' || t.type === 'Stylesheet');

export interface PaintTimes {
  fcp: number;
  lcp: number;
}

/**
 * First and largest contentful paint of a cold load with the CPU slowed down `rate` times, in ms
 * (LCP as it stands once the network has been idle: the page's main content has rendered).
 */
export async function paintTimes(context: BrowserContext, url: string, rate: number): Promise<PaintTimes> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'networkidle' });
  const times = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        let fcp = NaN;
        new PerformanceObserver((list) => {
          fcp = list.getEntriesByName('first-contentful-paint')[0]?.startTime ?? fcp;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, lcp: entries.at(-1)?.startTime ?? NaN });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await page.close();
  return times;
}

/** The session in the browser's storage, as the login page leaves it (spec §3 keys); null signs out. */
export async function signIn(context: BrowserContext, base: string, login: LoginResponse | null): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/404`);
  await page.evaluate(
    ({ keys, session }) => {
      localStorage.clear();
      if (!session) return;
      localStorage.setItem(keys.token, session.jwt);
      localStorage.setItem(keys.userId, String(session.id));
      localStorage.setItem(keys.user, session.username);
      localStorage.setItem(keys.userEmail, session.email);
      localStorage.setItem(keys.userRole, session.role);
    },
    {
      keys: STORAGE_KEYS,
      session: login && {
        jwt: login.jwt,
        id: login.user.id,
        username: login.user.username,
        email: login.user.email,
        role: ROLE_NAMES[login.user.role.type],
      },
    },
  );
  await page.close();
}

/** The demo account's session from the API (demo password of apps/server/src/modules/demo/seed.ts). */
export async function logIn(base: string, email: string): Promise<LoginResponse> {
  const response = await fetch(`${base}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`demo login of ${email} failed: HTTP ${response.status}`);
  return (await response.json()) as LoginResponse;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
