import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { DATA_EXPORT_MSG } from '@pb/core';
import { createAccount, expectAccessible, mailedLink, run, screenshot, signIn } from './support';

/**
 * 'Meine Daten herunterladen' (DSGVO Art. 15/20) in Chromium: the profile asks for the export
 * after a confirmation, shows its state, the link from the dev mailbox downloads the ZIP once —
 * signed in only — and the ZIP opens with a real unzip library.
 */

const snap = (page: Page, name: string) => screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);

/** The names of the ZIP's entries and the text of one of them (yauzl). */
async function zipEntries(zipBytes: Buffer, textOf: string): Promise<{ names: string[]; text: string }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zipBytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const names: string[] = [];
  let text = '';
  await new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (entry.fileName === textOf) text = Buffer.concat(chunks).toString('utf8');
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return { names, text };
}

test.describe('Data export', () => {
  for (const width of [1280, 375]) {
    test(`When a user requests the data export (${width} px), then the mailed link downloads the ZIP once, signed in only`, async ({
      page,
      request,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const account = await createAccount(request, 'consultant', `Datenexport ${width} ${run()}`);
      await signIn(page, account);
      await page.goto('/advertisements/profile');
      await expect(page.getByRole('heading', { name: 'Meine Daten' })).toBeVisible();
      await snap(page, 'profile-data-export');

      await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Meine Daten herunterladen' });
      await expect(dialog).toContainText(account.email);
      await expect(dialog).toContainText('funktioniert ein Mal');
      await expectAccessible(page);
      await snap(page, 'profile-data-export-confirm');
      await dialog.getByRole('button', { name: 'Daten anfordern' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: DATA_EXPORT_MSG.requested })).toBeVisible();
      // The worker builds it in the background; the page follows its state.
      await expect(page.getByTestId('data-export-state')).toContainText('ist bereit', { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeEnabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snap(page, 'profile-data-export-ready');

      const link = await mailedLink(request, account.email, '/data-export#');
      // Without a session the link opens nothing.
      const visitor = await browser.newContext();
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(link);
      await expect(visitorPage.getByText(DATA_EXPORT_MSG.signInRequired)).toBeVisible();
      await expect(visitorPage.getByRole('button', { name: 'ZIP-Datei herunterladen' })).toHaveCount(0);
      await visitor.close();

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Meine Daten herunterladen' })).toBeVisible();
      await snap(page, 'data-export-download');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'ZIP-Datei herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^praemienboerse-daten-\d{4}-\d{2}-\d{2}\.zip$/);
      const { names, text } = await zipEntries(await readFile(await download.path()), 'konto.json');
      expect(names).toEqual(expect.arrayContaining(['README.txt', 'konto.json', 'nachrichten.json']));
      expect(JSON.parse(text)).toMatchObject({ eMail: account.email, rolle: 'Personalberater' });
      await expect(page.getByRole('status')).toContainText('Der Download wurde gestartet');

      // Single use: the same link again is refused in German.
      await page.reload();
      await page.getByRole('button', { name: 'ZIP-Datei herunterladen' }).click();
      await expect(page.getByRole('alert')).toHaveText(DATA_EXPORT_MSG.used);
      await page.getByRole('link', { name: 'Zum Profil' }).click();
      await expect(page.getByTestId('data-export-state')).toContainText('heruntergeladen');
    });
  }
});
