import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import decodeQR from 'qr/decode.js';
import { STORAGE_KEYS } from '@pb/core';
import {
  createAccount,
  expectAccessible,
  freshTotpCode,
  PASSWORD,
  run,
  screenshot,
  signIn,
  type Account,
} from './support';

/**
 * Two-factor sign-in and sessions (decision 0028) as a person meets them: set up the
 * authenticator app from its QR code, sign out, sign in with password and code; a passkey in
 * Chromium's virtual authenticator; the sessions page signing out another session.
 */

/** Both widths every new screen is looked at (SCREENSHOT_DIR): a phone and a desktop. */
async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(size);
}

/** The security page's field for the second factor that confirms a change. */
const CHANGE_CODE = 'Code aus der App oder Wiederherstellungscode (zur Bestätigung jeder Änderung)';

async function logOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Ausloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Anmeldung bestätigen' })).toBeVisible();
}

test('When a company sets up the authenticator app from its QR code, then after signing out the password alone is not enough and the app’s code signs in', async ({
  page,
}) => {
  // Three codes from the app, each from a time step of its own (the server refuses a code used
  // again; freshTotpCode takes the current step, then the next, then waits): up to 30 s of waiting.
  test.slow();
  const company = await createAccount(page.request, 'company', `Zweifaktor ${run()} GmbH`);
  await signIn(page, company);
  await page.goto('/advertisements/security');
  await expect(page.getByTestId('two-factor-state')).toHaveText('nicht eingerichtet');
  await page.getByLabel('Ihr Passwort (zur Bestätigung jeder Änderung)').fill(PASSWORD);
  await page.getByRole('button', { name: 'Authenticator-App einrichten' }).click();

  // The QR code a phone would scan carries the otpauth URI of the secret shown beside it.
  const qr = page.getByTestId('totp-qr');
  await expect(qr).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const png = PNG.sync.read(await qr.screenshot());
  const uri = decodeQR({ width: png.width, height: png.height, data: png.data });
  expect(uri).toMatch(/^otpauth:\/\/totp\/Pr%C3%A4mienb%C3%B6rse:/);
  expect(new URL(uri).searchParams.get('secret')).toBe(secret);
  expect(new URL(uri).searchParams.get('issuer')).toBe('Prämienbörse');
  await shoot(page, 'security-totp-setup');
  await expectAccessible(page);

  await page.getByLabel('6-stelliger Code aus der App').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Code bestätigen' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await expect(page.getByTestId('two-factor-state')).toHaveText('Zwei-Faktor-Anmeldung aktiv');
  await shoot(page, 'security-recovery-codes');
  await page.getByRole('button', { name: 'Ich habe die Codes notiert' }).click();
  await shoot(page, 'security-enabled');

  await logOut(page);
  await passwordStep(page, company.email);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
  await shoot(page, 'login-second-step');
  await expectAccessible(page);
  await page.getByLabel('Code aus der App oder Wiederherstellungscode').fill('000000');
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toContainText('Der Code ist ungültig');
  await page.getByLabel('Code aus der App oder Wiederherstellungscode').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page).toHaveURL(/\/advertisements\/view/);

  // Turning the app off needs a fresh code besides the password (a stolen session has neither).
  await page.goto('/advertisements/security');
  await page.getByLabel('Ihr Passwort (zur Bestätigung jeder Änderung)').fill(PASSWORD);
  await page.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(page.getByRole('alert')).toContainText('Bitte bestätigen Sie die Änderung mit Ihrem zweiten Faktor');
  await shoot(page, 'security-change-needs-code');
  await expectAccessible(page);
  await page.getByLabel(CHANGE_CODE).fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('nicht eingerichtet');
});

test('When a consultant adds a passkey in Chromium’s virtual authenticator, then it confirms the next sign-in', async ({
  page,
  baseURL,
}) => {
  // Passkeys need a domain: this journey runs on localhost (WEBAUTHN_RP_ID of playwright.config.ts).
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const consultant = await createAccount(page.request, 'consultant', `Passkey ${run()} Beraterin`);
  await signInAt(page, origin, consultant);
  await page.goto(`${origin}/advertisements/security`);
  await page.getByLabel('Ihr Passwort (zur Bestätigung jeder Änderung)').fill(PASSWORD);
  await page.getByLabel('Name des Passkeys').fill('Laptop im Büro');
  await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  await expect(page.getByTestId('passkeys')).toContainText('Laptop im Büro');
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await page.getByRole('button', { name: 'Ich habe die Codes notiert' }).click();
  await shoot(page, 'security-passkey');

  await logOut(page);
  await passwordStep(page, consultant.email);
  await page.getByRole('button', { name: 'Mit Passkey bestätigen' }).click();
  await expect(page).toHaveURL(/\/advertisements\/view/);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);

  // Removing it: with the code field left empty, the passkey itself confirms the change.
  await page.goto(`${origin}/advertisements/security`);
  await page.getByLabel('Ihr Passwort (zur Bestätigung jeder Änderung)').fill(PASSWORD);
  await expect(page.getByLabel(CHANGE_CODE)).toBeEmpty();
  await page.getByRole('button', { name: 'Passkey „Laptop im Büro“ entfernen' }).click();
  await expect(page.getByText('Noch kein Passkey eingerichtet.')).toBeVisible();
  await expect(page.getByTestId('two-factor-state')).toHaveText('nicht eingerichtet');
});

test('When a user signs out another session on the sessions page, then that session’s token stops working and this one goes on', async ({
  page,
}) => {
  const company = await createAccount(page.request, 'company', `Sitzungen ${run()} KG`);
  // A second device: another sign-in through the API.
  const other = await page.request.post('/api/auth/local', {
    data: { identifier: company.email, password: PASSWORD },
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1',
    },
  });
  const otherToken = ((await other.json()) as { jwt: string }).jwt;
  const me = (token: string) => page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me(otherToken)).status()).toBe(200);

  await signIn(page, company);
  await page.goto('/advertisements/sessions');
  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  await expect(page.getByText('Diese Sitzung')).toBeVisible();
  await shoot(page, 'sessions');
  await expectAccessible(page);
  const iphone = sessions.filter({ hasText: 'iOS' });
  await iphone.getByRole('button', { name: 'Abmelden' }).click();
  await expect(sessions).toHaveCount(1);
  expect((await me(otherToken)).status()).toBe(401);
  expect((await me(company.jwt)).status()).toBe(200);

  await page.getByRole('button', { name: 'Überall abmelden' }).click();
  await page.getByRole('button', { name: 'Ja, überall abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await me(company.jwt)).status()).toBe(401);
});

/** signIn() of support.ts on another origin (its own localStorage). */
async function signInAt(page: Page, origin: string, account: Account): Promise<void> {
  await page.goto(`${origin}/404`);
  await page.evaluate(
    ({ keys, jwt, user }) => {
      localStorage.setItem(keys.token, jwt);
      localStorage.setItem(keys.userId, String(user.id));
      localStorage.setItem(keys.user, user.username);
      localStorage.setItem(keys.userEmail, user.email);
      localStorage.setItem(keys.userRole, 'HR-Consultant');
    },
    { keys: STORAGE_KEYS, jwt: account.jwt, user: account.login.user },
  );
}
