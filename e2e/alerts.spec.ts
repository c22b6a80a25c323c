import { expect, test, type APIRequestContext } from '@playwright/test';
import { NOTIFICATION_MSG } from '@pb/core';
import {
  createAccount as createAccountWith,
  createJob,
  expectAccessible,
  mails,
  run,
  screenshot,
  signIn,
  uniqueEmail,
} from './support';

/**
 * Saved searches and alerts (issue 13): a consultant saves a search in the browser, a company
 * publishes a matching advertisement in another context, the consultant sees the banner and the
 * bell live, the mail arrives with a one-click unsubscribe link that works without logging in.
 */

const createAccount = (request: APIRequestContext, role: 'company' | 'consultant', username: string) =>
  createAccountWith(request, role, username, uniqueEmail(`alerts-${role}`));

test('When a consultant saves a search and a matching advertisement is published, then the banner, the bell and the mail tell of it and the mail’s link unsubscribes', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Alarmfirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Alarmberaterin ${run()}`);
  const token = `Alarmtest${run()}`;

  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, consultant);
  await page.goto('/advertisements/view');
  await page.getByLabel('Inserate durchsuchen').fill(token);
  await page.getByText('Weitere Filter').click();
  await page.getByLabel('Arbeitszeit').selectOption('Vollzeit');
  await expect(page.getByTestId('job-count')).toContainText('0 Inserate');
  await page.getByRole('button', { name: 'Suche speichern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suche speichern' });
  await expect(dialog.getByLabel('Name')).toHaveValue(new RegExp(token));
  await dialog.getByLabel('Sofort').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert' })).toBeVisible();

  // Another context: the company publishes a matching advertisement.
  await createJob(request, company, `Buchhaltung ${token}`);

  // Live: the banner instead of a silently changed list, and the bell (the worker ticks every 5 s).
  const banner = page.getByRole('button', { name: /1 neues Inserat — anzeigen/ });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('job-count')).toContainText('0 Inserate');
  await expect(page.getByTestId('notification-count')).toHaveText(/^[1-9]/, { timeout: 30_000 });
  await banner.click();
  await expect(page.getByTestId('job-count')).toContainText('1 Inserat');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('region', { name: 'Benachrichtigungen' })).toContainText(`Buchhaltung ${token}`);
  await expectAccessible(page);
  await screenshot(page, `alerts-bell-${run()}`, false);
  await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The mail, with the unsubscribe link; it works in a browser without a session.
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mails(request)).find(
          (m) => m.toAddress === consultant.email && m.subject === 'Ein neues passendes Inserat',
        );
        link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail?.textBody ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.setViewportSize({ width: 375, height: 800 });
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await expect(visitor.getByText('Neue passende Inserate (Suchaufträge)')).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole('button', { name: 'Abmelden' }).click();
  await expect(visitor.getByRole('status')).toHaveText(NOTIFICATION_MSG.unsubscribed);

  // The settings say so; the saved search lists its match.
  await page.goto('/advertisements/notifications');
  await expect(
    page.getByRole('group', { name: 'Neue passende Inserate (Suchaufträge)' }).getByLabel('Nur in der App'),
  ).toBeChecked();
  await expectAccessible(page);
  await page.goto('/advertisements/searches');
  await expect(page.getByRole('link', { name: '1 Inserat anzeigen' })).toBeVisible();
  await expectAccessible(page);
});
