import { expect, test } from '@playwright/test';
import { JOB_MSG, PLACEMENT_OBJECTION_MSG, PLACEMENT_REVIEW_MSG } from '@pb/core';
import { auth, countReports, fillCompanyReport, introduce, moveIntroduction, titlePattern } from './placement-support';
import { checkAtPhoneAndDesktop, createAccount, createJob, mails, run, signIn } from './support';

/**
 * Placement reports under the rules where money is at stake (issue 28): the company names the
 * hired person (e-mail or phone), a consultant's report takes the advertisement offline only for
 * an introduction the company made an offer for (otherwise the office reviews first), and the
 * company objects. The back office's review: e2e/placement-review.spec.ts. Report modals are
 * checked with axe and photographed at 375 and 1280 px (SCREENSHOT_DIR). Fresh accounts per run.
 */

test('When a company reports a placement without the hired person’s e-mail or phone, then the German message stands beside the two fields and nothing is sent; with the e-mail the report goes through and the advertisement goes away', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = await createAccount(request, 'company', `Werkstatt ${run()}`);
  const title = `Kfz-Techniker ${run()}`;
  await createJob(request, company, title, { placementBonus: 20, salary: '50.000 – 60.000' });
  const sent = countReports(page);
  await signIn(page, company);
  await page.goto('/advertisements/create');
  const row = page.getByRole('row', { name: titlePattern(title) });
  // both row actions sit on one line at desktop width (the delete label once wrapped under its icon)
  const reportBox = await row.getByRole('button', { name: /Stellenbesetzung/ }).boundingBox();
  const deleteBox = await row.getByRole('button', { name: /löschen/ }).boundingBox();
  expect(reportBox && deleteBox && Math.abs(reportBox.y - deleteBox.y) < 2 && deleteBox.height < 40).toBe(true);
  await row.getByRole('button', { name: /Stellenbesetzung/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Stellenbesetzung melden' });
  await expect(dialog.getByLabel('Firmenname', { exact: true })).toHaveValue(company.username);
  await expect(dialog.getByLabel('Besetzte Stelle')).toHaveValue(title);
  await expect(dialog.getByLabel('Ansprechperson (Ihre E-Mail)')).toHaveValue(company.email);
  await expect(dialog.getByLabel('Prämie', { exact: true })).toHaveValue('20');
  await expect(dialog.getByLabel('Land', { exact: true })).toHaveValue('AT');
  const hiredEmail = dialog.getByLabel('E-Mail der eingestellten Person');
  const hiredPhone = dialog.getByLabel('oder Telefonnummer');
  await expect(hiredEmail).toHaveAccessibleDescription(/Eine Angabe genügt/);
  await checkAtPhoneAndDesktop(page, 'money-company-report-empty');

  // required fields empty: nothing is sent
  await dialog.getByRole('button', { name: 'Meldung absenden' }).click();
  await expect(dialog.getByLabel('UID-Nummer')).toHaveClass(/is-invalid/);
  await expect(dialog).toBeVisible();

  // Everything but the hired person: refused, the German reason is said at the two fields.
  await fillCompanyReport(dialog, { name: 'Maria Beraterin', email: 'maria@beratung.example.at' });
  await dialog.getByRole('button', { name: 'Meldung absenden' }).click();
  await expect(hiredEmail).toHaveClass(/is-invalid/);
  await expect(hiredPhone).toHaveClass(/is-invalid/);
  await expect(hiredEmail).toHaveAccessibleDescription(PLACEMENT_REVIEW_MSG.hiredContactRequired);
  await expect(hiredPhone).toHaveAccessibleDescription(PLACEMENT_REVIEW_MSG.hiredContactRequired);
  const message = dialog.locator('#pb-rep-hired-hint');
  await expect(message).toHaveText(PLACEMENT_REVIEW_MSG.hiredContactRequired);
  // The summary names what is missing instead of 'Bitte füllen Sie alle Felder aus!'.
  await expect(dialog.locator('.alert-warning')).toHaveText(PLACEMENT_REVIEW_MSG.hiredContactRequired);
  const phoneBox = (await hiredPhone.boundingBox())!;
  const messageBox = (await message.boundingBox())!;
  // right under the fields, not at the end of the form
  expect(messageBox.y - (phoneBox.y + phoneBox.height)).toBeGreaterThanOrEqual(0);
  expect(messageBox.y - (phoneBox.y + phoneBox.height)).toBeLessThan(24);
  await expect(dialog.getByLabel('UID-Nummer')).not.toHaveClass(/is-invalid/);
  await checkAtPhoneAndDesktop(page, 'money-company-report-contact-error');
  expect(sent()).toBe(0);

  await hiredEmail.fill(`anna.huber.${run()}@example.at`);
  await expect(hiredEmail).not.toHaveClass(/is-invalid/);
  await expect(hiredPhone).not.toHaveClass(/is-invalid/);
  await expect(dialog).toContainText('12.000,00');
  await expect(dialog).toContainText('1.200,00');
  await dialog.getByRole('button', { name: 'Meldung absenden' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`Die Stellenbesetzung für „${title}“ wurde gemeldet`);
  await expect(page.getByRole('row', { name: titlePattern(title) })).toHaveCount(0);
  expect(sent()).toBe(1);
});

test('When the company names the introduced candidate it hired, then her e-mail and phone fill in and the bonus at introduction applies', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = await createAccount(request, 'company', `Gastro ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Beraterin Gruber ${run()}`);
  const title = `Küchenchef/in ${run()}`;
  const jobId = await createJob(request, company, title, { placementBonus: 15 });
  const email = `lena.gruber.${run()}@example.at`;
  const introductionId = await introduce(request, consultant, jobId, { firstName: 'Lena', lastName: 'Gruber', email });
  await moveIntroduction(request, company, introductionId, 'eingestellt');
  // a later rise does not reach the introduced candidate
  const raised = await request.post('/api/placement-bonuses', {
    headers: auth(company),
    data: { data: { advertisement: jobId, bonus: 25 } },
  });
  expect(raised.status()).toBe(201);

  await signIn(page, company);
  await page.goto('/advertisements/create');
  await page
    .getByRole('row', { name: titlePattern(title) })
    .getByRole('button', { name: /Stellenbesetzung/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Stellenbesetzung melden' });
  await expect(dialog.getByLabel('Prämie', { exact: true })).toHaveValue('25');
  const chosen = dialog.getByLabel('Vorgestellte Person (optional)');
  await chosen.selectOption(String(introductionId));
  await expect(chosen.locator('option:checked')).toContainText('Lena Gruber');
  await expect(dialog.getByLabel('E-Mail der eingestellten Person')).toHaveValue(email);
  // the register keeps the number normalised
  await expect(dialog.getByLabel('oder Telefonnummer')).toHaveValue('+436601112233');
  await expect(dialog.getByLabel('Prämie', { exact: true })).toHaveValue('15');
  await expect(dialog.getByLabel('Prämie', { exact: true })).toHaveAttribute('readonly', '');
  await fillCompanyReport(dialog, { name: consultant.username, email: consultant.email });
  // 15 % of 60,000
  await expect(dialog.getByTestId('fee-sheet')).toContainText('9.000,00');
  await dialog.getByRole('button', { name: 'Meldung absenden' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText('9.000,00');
});

test('When a consultant reports a placement without an introduction the company made an offer for, then the success says the office reviews first, the advertisement stays and a second report is refused', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = await createAccount(request, 'company', `Holzbau Prüfung ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Berater Prüfung ${run()}`);
  const title = `Zimmerer ${run()}`;
  const jobId = await createJob(request, company, title, { placementBonus: 14, salary: '50.000 – 60.000' });
  // Only a consultant in a conversation about the advertisement may report it (decision 0015).
  const conversation = await request.post('/api/chat-communications', {
    headers: auth(consultant),
    data: { advertisement: jobId, message: 'Guten Tag, ich hätte eine passende Kandidatin.' },
  });
  expect(conversation.status()).toBe(201);
  await signIn(page, consultant);
  await page.goto(`/advertisements/view?id=${jobId}`);
  const profile = page.getByRole('article');
  await expect(profile.getByRole('heading', { name: `${title} (m/w/d)` })).toBeVisible();

  await profile.getByRole('button', { name: 'Stellenbesetzung melden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stellenbesetzung melden' });
  await expect(dialog.getByLabel('Firmenname', { exact: true })).toHaveValue(company.username);
  await expect(dialog.getByLabel('Besetzte Stelle')).toHaveValue(title);
  await expect(dialog.getByLabel('Tatsächliche Prämie')).toHaveValue('14');
  await expect(dialog).toContainText('prüfen wir Ihre Meldung zuerst; das Inserat bleibt bis dahin aktiv');
  // no introduction of this consultant is at 'Angebot': nothing to choose
  await expect(dialog.getByLabel('Vorgestellte Person (optional)')).toHaveCount(0);
  await dialog.getByLabel('Ansprechperson im Unternehmen').fill('Herr Holz');
  await dialog.getByLabel('Tatsächliches Bruttojahresgehalt').fill('55000');
  await checkAtPhoneAndDesktop(page, 'money-consultant-report-form');
  await dialog.getByRole('button', { name: 'Meldung absenden' }).click();
  const success = dialog.getByRole('status');
  await expect(success).toContainText(JOB_MSG.reportSent);
  await expect(success).toContainText('7.700,00');
  await expect(success).toContainText(PLACEMENT_REVIEW_MSG.reviewPending);
  await checkAtPhoneAndDesktop(page, 'money-consultant-report-review-notice');
  await dialog.getByRole('button', { name: 'Schließen' }).first().click();
  await expect(dialog).toBeHidden();

  // The advertisement stays: its profile is still open and the search still finds it.
  await expect(profile.getByRole('heading', { name: `${title} (m/w/d)` })).toBeVisible();
  await page.getByLabel('Inserate durchsuchen').fill(title);
  await expect(page.getByTestId('job-count')).toHaveText('1 Inserat');

  // The office is told to review it; the consultant's confirmation says the same.
  const config = (await (await request.get('/api/public-config')).json()) as { officeEmail: string };
  await expect
    .poll(async () =>
      (await mails(request)).some(
        (m) =>
          m.toAddress.toLowerCase() === config.officeEmail.toLowerCase() &&
          m.textBody.includes(title) &&
          m.textBody.includes('Meldung ohne Vorstellung') &&
          m.textBody.includes('Das Inserat bleibt bis zur Freigabe aktiv.'),
      ),
    )
    .toBe(true);
  await expect
    .poll(async () =>
      (await mails(request)).some(
        (m) =>
          m.toAddress.toLowerCase() === consultant.email.toLowerCase() &&
          m.textBody.includes(PLACEMENT_REVIEW_MSG.reviewPending),
      ),
    )
    .toBe(true);

  // No second report while the first is open: the button says why ...
  const reportButton = profile.getByRole('button', { name: 'Stellenbesetzung melden' });
  await expect(reportButton).toBeDisabled();
  await expect(reportButton).toHaveAccessibleDescription(PLACEMENT_REVIEW_MSG.alreadyReported);
  await checkAtPhoneAndDesktop(page, 'money-consultant-report-pending');
  // ... and after a reload (the page no longer knows) the server refuses with the German reason.
  await page.reload();
  await page
    .getByRole('button', { name: new RegExp(`${title} \\(m/w/d\\)`) })
    .first()
    .click();
  await profile.getByRole('button', { name: 'Stellenbesetzung melden' }).click();
  await dialog.getByLabel('Ansprechperson im Unternehmen').fill('Herr Holz');
  await dialog.getByLabel('Tatsächliches Bruttojahresgehalt').fill('55000');
  await dialog.getByRole('button', { name: 'Meldung absenden' }).click();
  await expect(dialog.getByText(PLACEMENT_REVIEW_MSG.alreadyReported)).toBeVisible();
});

test('When a consultant reports for an introduction the company made an offer for, then its bonus applies and the advertisement goes offline at once', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const company = await createAccount(request, 'company', `Dachbau ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Beraterin Angebot ${run()}`);
  const title = `Spengler/in ${run()}`;
  const jobId = await createJob(request, company, title, { placementBonus: 15, salary: '50.000' });
  const email = `jakob.moser.${run()}@example.at`;
  const introductionId = await introduce(request, consultant, jobId, { firstName: 'Jakob', lastName: 'Moser', email });
  await moveIntroduction(request, company, introductionId, 'angebot');

  await signIn(page, consultant);
  await page.goto(`/advertisements/view?id=${jobId}`);
  const profile = page.getByRole('article');
  await profile.getByRole('button', { name: 'Stellenbesetzung melden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stellenbesetzung melden' });
  const chosen = dialog.getByLabel('Vorgestellte Person (optional)');
  await chosen.selectOption(String(introductionId));
  await expect(chosen.locator('option:checked')).toContainText('Jakob Moser');
  await expect(dialog.getByLabel('Tatsächliche Prämie')).toHaveValue('15');
  await expect(dialog).toContainText('Mit dem Absenden wird das Inserat deaktiviert');
  await dialog.getByLabel('Ansprechperson im Unternehmen').fill('Frau Dach');
  await dialog.getByLabel('Tatsächliches Bruttojahresgehalt').fill('50000');
  await dialog.getByRole('button', { name: 'Meldung absenden' }).click();
  const success = dialog.getByRole('status');
  await expect(success).toContainText('7.500,00');
  await expect(success).toContainText('Das Inserat ist nun nicht mehr sichtbar');
  await expect(success).not.toContainText(PLACEMENT_REVIEW_MSG.reviewPending);
  await dialog.getByRole('button', { name: 'Schließen' }).first().click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Inserate durchsuchen').fill(title);
  await expect(page.getByTestId('job-count')).toHaveText('0 Inserate');
});

for (const { width, offered } of [
  { width: 1280, offered: true },
  { width: 375, offered: false },
]) {
  test(`When a consultant in a conversation reports a placement ${offered ? 'for an offered introduction' : 'without an offered introduction'}, then the company is told live whether the advertisement went offline and objects in a dialog (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const company = await createAccount(request, 'company', `Tischlerei ${width} ${run()}`);
    const title = `Tischler ${width} ${run()}`;
    const jobId = await createJob(request, company, title);
    const consultant = await createAccount(request, 'consultant', `Beraterin ${width} ${run()}`);
    const conversation = await request.post('/api/chat-communications', {
      headers: auth(consultant),
      data: { advertisement: jobId, message: 'Guten Tag, ich hätte eine passende Kandidatin.' },
    });
    expect(conversation.status()).toBe(201);
    const introductionId = offered
      ? await introduce(request, consultant, jobId, {
          firstName: 'Sophie',
          lastName: 'Holz',
          email: `sophie.holz.${run()}@example.at`,
        })
      : null;
    if (introductionId) await moveIntroduction(request, company, introductionId, 'angebot');

    await signIn(page, company);
    const socket = page.waitForEvent('websocket');
    await page.goto('/advertisements/create');
    // the chat socket has joined (Socket.IO's namespace connect answer) before the consultant reports
    await (await socket).waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40') });
    const table = page.getByRole('region', { name: 'Meine Inserate' }).getByRole('table');
    const listed = table.getByRole('link', { name: `${title} (m/w/d)` });
    await expect(listed).toBeVisible();

    const reported = await request.post('/api/placement-reports', {
      headers: auth(consultant),
      data: {
        data: {
          variant: 'consultant',
          advertisement: jobId,
          companyName: company.username,
          jobTitle: 'Tischler',
          contactPerson: 'Frau Holz',
          placementBonus: 15,
          actualSalary: 42000,
          ...(introductionId ? { introduction: introductionId } : {}),
        },
      },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    const reportId = ((await reported.json()) as { data: { id: number } }).data.id;

    const live = page.getByRole('status').filter({ hasText: 'Stellenbesetzung gemeldet' });
    await expect(live).toContainText(title);
    const item = page.getByTestId(`consultant-report-${reportId}`);
    await expect(item).toContainText(`Beraterin ${width} ${run()}`);
    await expect(item).toContainText(/Gemeldet am \d{2}\.\d{2}\.\d{4}/);
    if (offered) {
      await expect(live).toContainText(PLACEMENT_OBJECTION_MSG.reportedNotice);
      await expect(listed).toHaveCount(0);
      await expect(item).toContainText('Das Inserat wurde deaktiviert.');
    } else {
      await expect(live).toContainText(PLACEMENT_OBJECTION_MSG.reportedNoticeReview);
      await expect(listed).toBeVisible();
      await expect(item).toContainText(PLACEMENT_OBJECTION_MSG.advertisementStaysActive);
    }
    await checkAtPhoneAndDesktop(page, `money-objection-report-${offered ? 'offered' : 'review'}`);

    const open = item.getByRole('button', { name: `Widersprechen: Meldung zu ${title}` });
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Begründung')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await open.click();
    await dialog.getByRole('button', { name: 'Widerspruch senden' }).click();
    await expect(dialog).toContainText(PLACEMENT_OBJECTION_MSG.noteRequired);
    await dialog.getByLabel('Begründung').fill('Die Stelle wurde intern besetzt.');
    await dialog.getByRole('button', { name: 'Widerspruch senden' }).click();
    await expect(dialog).toBeHidden();
    const objected = page.getByRole('status').filter({ hasText: 'Widerspruch' });
    await expect(objected).toContainText(
      offered ? PLACEMENT_OBJECTION_MSG.objected : PLACEMENT_OBJECTION_MSG.objectedStillActive,
    );
    await expect(listed).toBeVisible();
    await expect(item).toContainText('Widerspruch');
    await expect(item).toContainText(offered ? 'das Inserat ist wieder aktiv' : 'unser Backoffice prüft die Meldung');
    await expect(item.getByRole('button', { name: /Widersprechen/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
