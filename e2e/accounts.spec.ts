import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { EMAIL_CHANGE_MSG, MSG, ORGANISATION_PROFILE_MSG, STORAGE_KEYS } from '@pb/core';
import { mailedLink, PASSWORD, registerAccount as createAccount, run, screenshot, uniqueEmail } from './support';

/**
 * Accounts in the browser: registration with role, mailed confirmation (dev mailbox),
 * login, shell, profile, profile image, public consultants, password change and
 * reset, deactivation. Every run uses fresh addresses.
 */

const snap = (page: Page, name: string) => screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);

async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/advertisements\/view$/);
}

async function logout(page: Page): Promise<void> {
  await openMenuIfCollapsed(page);
  await page.getByRole('link', { name: 'Ausloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function openMenuIfCollapsed(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menü öffnen oder schließen' });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}

/** The profile, organisation and security entries: in the collapsed menu, else in the account menu. */
async function openSettingsMenu(page: Page): Promise<void> {
  await openMenuIfCollapsed(page);
  const account = page.getByTestId('account-menu-button');
  if ((await account.isVisible()) && (await account.getAttribute('aria-expanded')) !== 'true') await account.click();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Hauptmenü' });

/** A solid-colour PNG (valid file, so the server's content check accepts it). */
function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('accounts', () => {
  test('When a company registers, then the five checks show in order, the mailed link activates the account and the login opens the company shell', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('firma');
    const companyName = `Muster Bau ${run()}`;
    await page.goto('/register');
    await snap(page, 'register-role');
    await page.getByRole('button', { name: /^Unternehmen/ }).click();
    await expect(page.getByLabel('Firmenname')).toBeVisible();
    await page.getByRole('button', { name: 'anders registrieren' }).click();
    await expect(page.getByRole('button', { name: /^Personalberater/ })).toBeVisible();
    await page.getByRole('button', { name: /^Unternehmen/ }).click();

    const submit = page.getByRole('button', { name: 'Registrieren', exact: true });
    const alert = page.getByRole('alert');
    await submit.click();
    await expect(alert).toHaveText(MSG.privacyRequired);
    await page.getByLabel(/Ich akzeptiere die/).check();
    await submit.click();
    await expect(alert).toHaveText(MSG.fillAllFields);
    await page.getByLabel('Firmenname').fill('AB');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await submit.click();
    await expect(alert).toHaveText(MSG.nameTooShort);
    await page.getByLabel('Firmenname').fill(companyName);
    await page.getByLabel('Passwort wiederholen').fill('anderes1');
    await submit.click();
    await expect(alert).toHaveText(MSG.passwordsDiffer);
    await page.getByLabel('Passwort', { exact: true }).fill('kurz');
    await page.getByLabel('Passwort wiederholen').fill('kurz');
    await submit.click();
    await expect(alert).toHaveText(MSG.passwordTooShort);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByLabel('Beschreibung des Unternehmens').fill('Hochbau und Sanierung in Wien.');
    await snap(page, 'register-company-form');
    await submit.click();
    await expect(page.getByRole('heading', { name: MSG.registrationConfirmTitle })).toBeVisible();
    await expect(page.getByText(MSG.registrationConfirmText)).toBeVisible();
    await snap(page, 'register-success');

    // The same address again is refused with the spec's server message.
    await page.goto('/register');
    await page.getByRole('button', { name: /^Unternehmen/ }).click();
    await page.getByLabel('Firmenname').fill('Andere Firma GmbH');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByLabel(/Ich akzeptiere die/).check();
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.registrationFailed);

    // Confirmation link → login with banner and pre-filled address; the query is removed.
    await page.goto(await mailedLink(request, email, '/api/auth/email-confirmation'));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(MSG.accountActivated)).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toHaveValue(email);
    await snap(page, 'login-activated');

    await page.getByLabel('Passwort', { exact: true }).fill('falsch123');
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.loginFailed);
    await snap(page, 'login-failed');
    await page.getByRole('button', { name: 'Hinweis schließen' }).click();
    await expect(page.getByText(MSG.accountActivated)).toBeHidden();

    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page).toHaveURL(/\/advertisements\/view$/);
    await openSettingsMenu(page);
    await expect(menu(page).getByRole('link', { name: 'Inserate anzeigen' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Öffentliche Personalberater' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Inserate erstellen/bearbeiten' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Unternehmensprofil bearbeiten' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Personalvermittlerprofil bearbeiten' })).toHaveCount(0);
    await expect(menu(page).getByText('MB', { exact: true })).toBeVisible();
    await expect(menu(page).getByTestId('shell-username')).toHaveText(companyName);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('jwt_token'),
      user: localStorage.getItem('jwt_user'),
      email: localStorage.getItem('jwt_user_email'),
      role: localStorage.getItem('jwt_user_role'),
      id: localStorage.getItem('jwt_user_id'),
    }));
    expect(stored).toMatchObject({ user: companyName, email, role: 'Company' });
    expect(stored.token).toBeTruthy();
    expect(Number(stored.id)).toBeGreaterThan(0);

    // A stored token at /login goes straight on; a missing role is read from the server.
    await page.evaluate(() => localStorage.removeItem('jwt_user_role'));
    await page.goto('/login');
    await expect(page).toHaveURL(/\/advertisements\/view$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('jwt_user_role'))).toBe('Company');

    // Company profile: heading, the organisation's public profile (no listing, logo or services),
    // the account with its own save and the empty-name rule.
    await openSettingsMenu(page);
    await menu(page).getByRole('link', { name: 'Unternehmensprofil bearbeiten' }).click();
    await expect(page.getByRole('heading', { name: 'Unternehmensprofil bearbeiten' })).toBeVisible();
    await expect(page.getByTestId('org-profile-organisation')).toContainText(companyName);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(companyName);
    await expect(page.getByLabel('Beschreibung')).toHaveValue('Hochbau und Sanierung in Wien.');
    await expect(page.getByLabel('Kontakt-E-Mail')).toHaveValue(email);
    await expect(page.getByLabel('Profil öffentlich anzeigen')).toHaveCount(0);
    await expect(page.getByLabel('Logo auswählen')).toHaveCount(0);
    await page.getByLabel('Beschreibung').fill('Hochbau, Sanierung und Holzbau in Wien und Niederösterreich.');
    await page.getByLabel('Kontakt-E-Mail').fill('keine-adresse');
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(page.getByText(ORGANISATION_PROFILE_MSG.invalidContactEmail)).toBeVisible();
    await expect(page.getByLabel('Kontakt-E-Mail')).toBeFocused();
    await page.getByLabel('Kontakt-E-Mail').fill('');
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.profileSaved);
    await snap(page, 'profile-company');
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Kontodaten speichern' }).click();
    // Each form has its own message: the public profile's success stays beside it.
    await expect(page.getByRole('form', { name: 'Ihr Konto' }).getByRole('alert')).toHaveText(MSG.fillAllFields);
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(companyName);
    await expect(page.getByLabel('Beschreibung')).toHaveValue(/Holzbau/);
    await expect(page.getByLabel('Kontakt-E-Mail')).toHaveValue('');

    await logout(page);
    // Everything of the session is gone; only the random device id stays, so the next sign-in
    // counts as a known device (decision 0028).
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([STORAGE_KEYS.deviceId]);
    await page.goto('/advertisements/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('When a consultant registers and logs in before confirming, then the unconfirmed message offers a new mail whose link activates the account', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('berater');
    await page.goto('/register');
    await page.getByRole('button', { name: /^Personalberater/ }).click();
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Beschreibung des Unternehmens')).toHaveCount(0);
    await page.getByLabel('Name', { exact: true }).fill(`Anna Berger ${run()}`);
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByLabel(/Ich akzeptiere die/).check();
    await snap(page, 'register-consultant-form');
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await expect(page.getByRole('heading', { name: MSG.registrationConfirmTitle })).toBeVisible();

    await page.getByRole('link', { name: 'Zum Login' }).first().click();
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page.getByRole('alert')).toContainText(MSG.loginUnconfirmed);
    await page.getByRole('button', { name: 'Bestätigungsmail erneut senden' }).click();
    await expect(page.getByText(MSG.confirmationResent)).toBeVisible();

    await page.goto(await mailedLink(request, email, '/api/auth/email-confirmation', 0));
    await expect(page.getByText(MSG.accountActivated)).toBeVisible();
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page).toHaveURL(/\/advertisements\/view$/);
    await openSettingsMenu(page);
    await expect(menu(page).getByRole('link', { name: 'Personalvermittlerprofil bearbeiten' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Inserate erstellen/bearbeiten' })).toHaveCount(0);
    await expect(menu(page).getByText('AB', { exact: true })).toBeVisible();
    await snap(page, 'shell-consultant');

    // A used or forged confirmation link says so on the login page.
    await logout(page);
    await page.goto('/api/auth/email-confirmation?confirmation=ungueltig');
    await expect(page.getByText(MSG.confirmationLinkInvalid)).toBeVisible();
  });

  test('When an agency administrator publishes the profile with logo and services, then another user sees the card on the public consultants page', async ({
    page,
    request,
    browser,
  }) => {
    const consultant = await createAccount(request, 'consultant', `Clara Consult ${run()}`);
    const company = await createAccount(request, 'company', `Betrachter GmbH ${run()}`);

    await login(page, consultant.email);
    await openSettingsMenu(page);
    await menu(page).getByRole('link', { name: 'Personalvermittlerprofil bearbeiten' }).click();
    await expect(page.getByRole('heading', { name: 'Personalvermittlerprofil bearbeiten' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(consultant.username);
    await expect(page.getByTestId('org-profile-organisation')).toContainText(consultant.username);

    // Client-side image checks, in the spec's wording.
    const fileInput = page.getByLabel('Logo auswählen');
    const png = solidPng(64, [11, 94, 215]);
    await fileInput.setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: png },
      { name: 'b.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect(page.getByText(MSG.imageOnlyOne)).toBeVisible();
    await fileInput.setInputFiles({ name: 'gross.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
    await expect(page.getByText(MSG.fileTooLarge)).toBeVisible();
    await fileInput.setInputFiles({
      name: 'lebenslauf.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n'),
    });
    await expect(page.getByText(MSG.imageWrongType)).toBeVisible();
    await snap(page, 'profile-image-error');

    // A PDF renamed to .png passes the browser check but not the server's content check.
    await fileInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.4 not an image'),
    });
    await expect(page.getByAltText('Vorschau des Logos')).toBeVisible();
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.profileSaveFailed })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: MSG.imageWrongType })).toBeVisible();

    await fileInput.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByAltText('Vorschau des Logos')).toBeVisible();
    await page.getByLabel('Beschreibung').fill('Personalberatung für Technik und IT in ganz Österreich.');
    const newService = page.getByLabel('Neue Leistung');
    await newService.fill('Executive Search');
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await newService.fill('   ');
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await newService.fill('Active Sourcing');
    await newService.press('Enter');
    await newService.fill('Wird wieder entfernt');
    await newService.press('Enter');
    await page.getByRole('button', { name: 'Leistung entfernen: Wird wieder entfernt' }).click();
    await expect(page.getByRole('list', { name: 'Eingetragene Leistungen' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.profileSaved);
    await snap(page, 'profile-consultant');

    // Not public yet: another user does not see the card; the administrator still sees the stored logo.
    const companyContext = await browser.newContext();
    const companyPage = await companyContext.newPage();
    await login(companyPage, company.email);
    await companyPage.goto('/advertisements/public-consultants');
    const loaded = companyPage
      .getByRole('list', { name: 'Öffentliche Personalberater' })
      .or(companyPage.getByText('Noch keine öffentlichen Personalberater'));
    await expect(loaded).toBeVisible();
    await expect(companyPage.getByRole('article', { name: consultant.username })).toHaveCount(0);
    await page.reload();
    const preview = page.getByAltText('Vorschau des Logos');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expect(page.getByLabel('Profil öffentlich anzeigen')).not.toBeChecked();

    // Replace the logo and go public; after a reload the new one is shown.
    await fileInput.setInputFiles({ name: 'neu.png', mimeType: 'image/png', buffer: solidPng(48, [240, 180, 41]) });
    await page.getByLabel('Profil öffentlich anzeigen').check();
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.profileSaved);
    await page.reload();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await expect(page.getByLabel('Profil öffentlich anzeigen')).toBeChecked();

    await companyPage.reload();
    const card = companyPage.getByRole('article', { name: consultant.username });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: consultant.email })).toHaveAttribute(
      'href',
      `mailto:${consultant.email}`,
    );
    await expect(card.getByText('Personalberatung für Technik und IT')).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveText(['Executive Search', 'Active Sourcing']);
    const image = card.getByRole('img', { name: `Logo von ${consultant.username}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await snap(companyPage, 'public-consultants');
    await companyContext.close();
  });

  test('When a user changes the password, then a wrong current password fails, the new one works and the old one no longer does', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'company', `Passwort AG ${run()}`);
    await login(page, account.email);
    await page.goto('/advertisements/profile');
    const open = () => page.getByRole('button', { name: 'Passwort ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });

    // Mismatch: nothing is sent, the dialog stays.
    await open();
    await dialog.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('neues-passwort');
    await dialog.getByLabel('Neues Passwort bestätigen').fill('anderes-passwort');
    await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MSG.passwordChangeFailed);
    await snap(page, 'password-modal');
    // Closing clears the fields.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await open();
    await expect(dialog.getByLabel('Aktuelles Passwort')).toHaveValue('');

    // Wrong current password: the server refuses, the dialog closes, the page says why.
    await dialog.getByLabel('Aktuelles Passwort').fill('falsch123');
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('neues-passwort');
    await dialog.getByLabel('Neues Passwort bestätigen').fill('neues-passwort');
    await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert')).toHaveText(MSG.passwordChangeFailed);

    await open();
    await dialog.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('neues-passwort');
    await dialog.getByLabel('Neues Passwort bestätigen').fill('neues-passwort');
    await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert')).toHaveText(MSG.passwordChanged);
    // The new token is kept: the profile still loads after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Unternehmensprofil bearbeiten' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.username);

    await logout(page);
    await page.getByLabel('E-Mail').fill(account.email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.loginFailed);
    await login(page, account.email, 'neues-passwort');
  });

  test('When a user forgets the password, then the mailed link sets a new one that logs in', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'consultant', `Vergesslich ${run()}`);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('E-Mail').fill('keine-adresse');
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.forgotUnknownEmail);
    await page.getByLabel('E-Mail').fill(account.email);
    await snap(page, 'forgot');
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByText(MSG.forgotPasswordSent)).toBeVisible();
    await snap(page, 'forgot-sent');

    await page.goto(await mailedLink(request, account.email, '/reset-password/'));
    await expect(page.getByRole('heading', { name: 'Passwort zurücksetzen' })).toBeVisible();
    await page.getByLabel('Neues Passwort', { exact: true }).fill('zurueckgesetzt1');
    await page.getByLabel('Neues Passwort wiederholen').fill('zurueckgesetzt2');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.resetPasswordsDiffer);
    await snap(page, 'reset-mismatch');
    await page.getByLabel('Neues Passwort wiederholen').fill('zurueckgesetzt1');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText(MSG.resetPasswordSuccess)).toBeVisible();
    await snap(page, 'reset-success');
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login(page, account.email, 'zurueckgesetzt1');
  });

  test('When a user deactivates the account, then the session ends and the login fails afterwards', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'consultant', `Abschied ${run()}`);
    await login(page, account.email);
    await page.goto('/advertisements/profile');
    await page.getByRole('button', { name: 'Account deaktivieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account deaktivieren' });
    await expect(dialog).toBeVisible();
    await snap(page, 'deactivate-modal');
    // Tab and Shift+Tab wrap inside the dialog (focus never reaches the page behind it)
    const endButton = dialog.getByRole('button', { name: 'Account endgültig deaktivieren' });
    await endButton.focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(endButton).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Account deaktivieren' })).toBeFocused();
    await page.getByRole('button', { name: 'Account deaktivieren' }).click();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Account deaktivieren' }).click();
    await dialog.getByRole('button', { name: 'Account endgültig deaktivieren' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();

    await page.getByLabel('E-Mail').fill(account.email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.loginFailed);
  });

  for (const width of [1280, 375]) {
    test(`When a user changes the e-mail (${width} px), then the profile shows it pending, the mailed link changes it, the session ends and the new address logs in`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const account = await createAccount(request, 'consultant', `Mailwechsel ${width} ${run()}`);
      const newEmail = uniqueEmail(`neu-${width}`);
      await login(page, account.email);
      await page.goto('/advertisements/profile');
      const field = page.getByLabel('E-Mail', { exact: true });
      await expect(field).toHaveValue(account.email);
      await field.fill(newEmail);
      await page.getByRole('button', { name: 'Kontodaten speichern' }).click();

      // Pending: the old address stays, the notice offers resend and cancel and receives focus.
      const pending = page.getByText(`Neue E-Mail-Adresse ${newEmail} wartet auf Bestätigung`);
      await expect(pending).toBeVisible();
      await expect(page.getByTestId('pending-email')).toBeFocused();
      await expect(field).toHaveValue(account.email);
      await expect(page.getByRole('button', { name: 'Bestätigungslink erneut senden' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Änderung abbrechen' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snap(page, 'profile-email-pending');
      // The old address got the notice with the objection link.
      await mailedLink(request, account.email, '/email-change/object/');
      // Still pending after a reload.
      await page.reload();
      await expect(pending).toBeVisible();

      // The link from the mail in /dev/mail confirms and ends this browser's session too.
      const link = await mailedLink(request, newEmail, '/api/email-change/confirm');
      await page.goto(link);
      await expect(page).toHaveURL(/\/email-change\?status=confirmed/);
      await expect(page.getByRole('heading', { name: 'E-Mail-Adresse geändert' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(EMAIL_CHANGE_MSG.confirmed);
      expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snap(page, 'email-change-confirmed');
      await page.getByRole('link', { name: 'Zum Login' }).click();

      // The old address no longer logs in; the new one does and the profile shows it.
      await page.getByLabel('E-Mail').fill(account.email);
      await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Einloggen' }).click();
      await expect(page.getByRole('alert')).toHaveText(MSG.loginFailed);
      await login(page, newEmail);
      await page.goto('/advertisements/profile');
      await expect(page.getByLabel('E-Mail', { exact: true })).toHaveValue(newEmail);
      await expect(page.getByText(/wartet auf Bestätigung/)).toBeHidden();

      // A used link lands on a clear message.
      await page.goto(link);
      await expect(page.getByRole('status')).toHaveText(EMAIL_CHANGE_MSG.used);
    });
  }

  test('When the screen is narrow, then the shell menu collapses behind a toggle and still leads everywhere', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const account = await createAccount(request, 'company', `Schmal GmbH ${run()}`);
    await login(page, account.email);
    const toggle = page.getByRole('button', { name: 'Menü öffnen oder schließen' });
    await expect(toggle).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Unternehmensprofil bearbeiten' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Escape closes the open menu and gives the focus back to the toggle.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await menu(page).getByRole('link', { name: 'Chat' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu(page).getByRole('link', { name: 'Unternehmensprofil bearbeiten' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The bell's panel inside the open menu: Escape closes the panel only, a second one the menu.
    await toggle.click();
    await page.getByTestId('notification-bell').click();
    await expect(page.getByRole('region', { name: 'Benachrichtigungen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Benachrichtigungen' })).toBeHidden();
    await expect(page.getByTestId('notification-bell')).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await toggle.click();
    await snap(page, 'shell-menu-open');
    await menu(page).getByRole('link', { name: 'Unternehmensprofil bearbeiten' }).click();
    await expect(page.getByRole('heading', { name: 'Unternehmensprofil bearbeiten' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Unternehmensprofil bearbeiten' })).toBeHidden();
    await snap(page, 'profile-company-narrow');
  });
});
