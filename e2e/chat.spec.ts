import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHAT_MSG, MSG } from '@pb/core';
import {
  createAccount as createAccountWith,
  createJob,
  pdfBuffer,
  run,
  screenshot,
  signIn,
  uniqueEmail,
} from './support';

/**
 * Realtime chat in two browser contexts: a consultant contacts a company from an
 * advertisement with a PDF, the company sees the conversation appear live, opens it
 * and answers, the consultant sees the answer live and downloads the file.
 */

const createAccount = (request: APIRequestContext, role: 'company' | 'consultant', username: string) =>
  createAccountWith(request, role, username, uniqueEmail(`chat-${role}`));

/** Screenshots for a visual check when SCREENSHOT_DIR is set (not part of the assertions). */
const snap = (page: Page, name: string) => screenshot(page, `chat-${name}-${page.viewportSize()?.width ?? 0}`, false);

const pdf = {
  name: 'Lebenslauf_Kandidatin_Maria_Huber_2026.pdf',
  mimeType: 'application/pdf',
  buffer: pdfBuffer(),
};

test('When a consultant contacts a company with a PDF, then both hold a live conversation and the file downloads', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Chatfirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Chatberaterin ${run()}`);
  const jobTitle = `Bilanzbuchhalter/in mit Erfahrung in der Industrie ${run()}`;
  const jobId = await createJob(request, company, jobTitle);

  const companyContext = await browser.newContext();
  const consultantContext = await browser.newContext();
  const companyPage = await companyContext.newPage();
  const consultantPage = await consultantContext.newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await consultantPage.setViewportSize({ width: 1280, height: 900 });

  // The company waits in its (empty) inbox.
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/chat');
  await expect(companyPage.getByText(MSG.noConversations)).toBeVisible();
  await expect(companyPage.getByText(CHAT_MSG.hintCompany)).toBeVisible();
  const chatArea = companyPage.getByTestId('chat');
  await expect(chatArea).toHaveCSS('height', `${900 - 130}px`);

  // The consultant contacts the company from the advertisement's profile.
  await signIn(consultantPage, consultant);
  await consultantPage.goto(`/advertisements/view?id=${jobId}`);
  await consultantPage.getByRole('button', { name: 'Unternehmen kontaktieren' }).first().click();
  const modal = consultantPage.getByRole('dialog');
  await modal.getByLabel('Ihre Nachricht').fill('Guten Tag, ich habe eine passende Kandidatin.');
  await modal.locator('input[type="file"]').setInputFiles(pdf);
  await modal.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(consultantPage).toHaveURL(/\/advertisements\/chat\?conversation=\d+/);
  const consultantMessages = consultantPage.getByTestId('chat-messages');
  await expect(consultantMessages.getByText('Guten Tag, ich habe eine passende Kandidatin.')).toBeVisible();
  await expect(consultantMessages.getByText('Lebenslauf_Kandidati...26.pdf')).toBeVisible();

  // Without reloading, the company sees the conversation with the badge (row and menu).
  const row = companyPage.getByTestId('chat-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(consultant.username);
  await expect(row).toContainText(`${jobTitle.slice(0, 40)}...`);
  await expect(row.getByText('Neue Nachricht')).toBeVisible();
  await expect(
    companyPage.getByRole('navigation', { name: 'Hauptmenü' }).getByText('ungelesene Konversationen'),
  ).toHaveCount(1);

  // The company opens it: header, message, file; the badge clears.
  await row.click();
  const header = companyPage.getByTestId('chat-header');
  await expect(header.getByRole('heading', { name: jobTitle })).toBeVisible();
  await expect(header.getByText('15% Prämie')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Inserat anzeigen' })).toHaveAttribute(
    'href',
    `/advertisements/view?id=${jobId}`,
  );
  const companyMessages = companyPage.getByTestId('chat-messages');
  await expect(companyMessages.getByText('Guten Tag, ich habe eine passende Kandidatin.')).toBeVisible();
  await expect(companyMessages.getByText(/PDF · \d+,\d\d KB/)).toBeVisible();
  await expect(row.getByText('Neue Nachricht')).toHaveCount(0);
  await expect(
    companyPage.getByRole('navigation', { name: 'Hauptmenü' }).getByText('ungelesene Konversationen'),
  ).toHaveCount(0);

  const companyDownload = companyPage.waitForEvent('download');
  await companyMessages.getByRole('button', { name: `${pdf.name} herunterladen` }).click();
  expect((await companyDownload).suggestedFilename()).toBe(pdf.name);

  // The upload modal refuses a wrong type and keeps 'Senden' disabled.
  await companyPage.getByRole('button', { name: 'Datei anhängen' }).click();
  const upload = companyPage.getByRole('dialog', { name: 'PDF hochladen' });
  await upload
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bild.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(upload.getByText(MSG.chatWrongType)).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Senden' })).toBeDisabled();
  await upload.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(upload).toHaveCount(0);

  // The company answers; the send button is disabled while empty.
  const input = companyPage.getByPlaceholder(CHAT_MSG.placeholder);
  const send = companyPage
    .getByRole('region', { name: 'Unterhaltung' })
    .getByRole('button', { name: 'Senden', exact: true });
  await expect(send).toBeDisabled();
  await input.fill('Vielen Dank, das klingt gut. <b>Wann</b> passt ein Gespräch?');
  await send.click();
  await expect(companyMessages.getByText('Wann</b> passt ein Gespräch?', { exact: false })).toBeVisible();
  await expect(input).toHaveValue('');

  // The consultant sees the answer live (as text, never as HTML) and downloads the file.
  await expect(
    consultantMessages.getByText('Vielen Dank, das klingt gut. <b>Wann</b> passt ein Gespräch?'),
  ).toBeVisible();
  await snap(consultantPage, 'consultant');
  await snap(companyPage, 'company');
  await expect(consultantMessages.getByText(company.username).first()).toBeVisible();
  const download = consultantPage.waitForEvent('download');
  await consultantMessages.getByRole('button', { name: `${pdf.name} herunterladen` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(pdf.name);

  // 'Inserat anzeigen' opens the advertisement in the browser.
  await consultantPage.getByTestId('chat-header').getByRole('link', { name: 'Inserat anzeigen' }).click();
  await expect(consultantPage).toHaveURL(new RegExp(`/advertisements/view\\?id=${jobId}$`));
  await expect(consultantPage.getByRole('heading', { name: jobTitle }).first()).toBeVisible();

  await companyContext.close();
  await consultantContext.close();
});

test('When the chat is used on a phone, then one pane shows at a time, older messages load on scrolling up and files go through the upload modal', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Handyfirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Handyberater ${run()}`);
  const jobId = await createJob(request, company, `Lagerleiter/in ${run()}`);
  const opened = await request.post('/api/chat-communications', {
    headers: { authorization: `Bearer ${consultant.jwt}` },
    data: { advertisement: jobId, message: 'Nachricht 0' },
  });
  expect(opened.status()).toBe(201);
  const chatId = ((await opened.json()) as { data: { id: number } }).data.id;
  for (let i = 1; i < 60; i += 1) {
    const res = await request.post(`/api/chat-communications/${chatId}/messages`, {
      headers: { authorization: `Bearer ${i % 2 ? company.jwt : consultant.jwt}` },
      data: { message: `Nachricht ${i}` },
    });
    expect(res.status()).toBe(201);
  }

  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, consultant);
  await page.goto('/advertisements/chat');
  const list = page.getByRole('complementary', { name: 'Chats' });
  const discussion = page.getByRole('region', { name: 'Unterhaltung' });
  await expect(list.getByTestId('chat-row')).toHaveCount(1);
  await expect(discussion).toBeHidden();

  await list.getByTestId('chat-row').click();
  await expect(list).toBeHidden();
  const messages = discussion.getByTestId('chat-messages');
  await expect(messages.getByText('Nachricht 59', { exact: true })).toBeVisible();
  await expect(messages.getByTestId('chat-message')).toHaveCount(50);
  await expect(messages.getByText('Nachricht 9', { exact: true })).toHaveCount(0);

  // Scrolling up loads the older page.
  await messages.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(messages.getByTestId('chat-message')).toHaveCount(60);
  await expect(messages.getByText('Nachricht 0', { exact: true })).toBeAttached();

  // A file through 'PDF hochladen': a 6th file is refused, a fitting one is sent.
  await discussion.getByRole('button', { name: 'Datei anhängen' }).click();
  const upload = page.getByRole('dialog', { name: 'PDF hochladen' });
  const input = upload.locator('input[type="file"]');
  await input.setInputFiles(Array.from({ length: 6 }, (_, i) => ({ ...pdf, name: `f${i}.pdf` })));
  await expect(upload.getByText(MSG.chatTooManyFiles)).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Senden' })).toBeDisabled();
  await input.setInputFiles({ ...pdf, name: 'Zeugnis.pdf' });
  await upload.getByRole('button', { name: 'Senden' }).click();
  await expect(upload).toHaveCount(0);
  await expect(messages.getByText('Zeugnis.pdf')).toBeVisible();

  await snap(page, 'phone');
  await discussion.getByRole('button', { name: 'Chats', exact: true }).click();
  await expect(list).toBeVisible();
  await expect(discussion).toBeHidden();
});
