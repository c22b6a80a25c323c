import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { INTERVIEW_MSG, INTRODUCTION_MSG, PROFILE_MSG, REJECTION_REASON_LABELS, subordinateNotice } from '@pb/core';
import { confirmConsent, fillProfile, PROFILE } from './consent-support';
import { introduce as introduceByApi } from './placement-support';
import {
  adminLogin,
  createAccount as createAccountWith,
  createJob,
  expectAccessible,
  mails,
  pdfBuffer,
  run,
  screenshot,
  signIn,
  uniqueEmail,
} from './support';

/**
 * Candidate introductions (issue 11) in two browser contexts: a consultant introduces a
 * candidate with a CV and the anonymised profile, the company sees it live with its badge (the
 * profile only, until the candidate confirms the mailed link: issue 35; that journey in
 * e2e/candidate-consent.spec.ts), rejects with a reason and
 * invites again (within 7 months, so the claim revives), both see every step live, and
 * the proof PDF downloads. A second consultant's introduction of the same person is
 * recorded 'nachrangig' with the day of the first only.
 */

const createAccount = (request: APIRequestContext, role: 'company' | 'consultant', username: string) =>
  createAccountWith(request, role, username, uniqueEmail(`intro-${role}`));

const snap = (page: Page, name: string) =>
  screenshot(page, `introductions-${name}-${page.viewportSize()?.width ?? 0}`, false);

const cv = { name: 'Lebenslauf_Eva_Brunner.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() };

async function introduce(page: Page, jobId: number, person: { first: string; last: string; email: string }) {
  await page.goto(`/advertisements/view?id=${jobId}`);
  await page.getByRole('button', { name: 'Kandidat vorstellen' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Kandidat vorstellen' });
  await modal.getByLabel('Vorname').fill(person.first);
  await modal.getByLabel('Nachname').fill(person.last);
  await modal.getByLabel('E-Mail').fill(person.email);
  return modal;
}

test('When a consultant introduces a candidate, then the company sees it live, rejects, invites again within 7 months and the claim revives; the proof downloads', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await createAccount(request, 'company', `Vorstellungsfirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Vorstellungsberaterin ${run()}`);
  const jobTitle = `Controller/in ${run()}`;
  const jobId = await createJob(request, company, jobTitle);
  const email = `eva.brunner.${run()}@example.at`;

  const companyContext = await browser.newContext();
  const consultantContext = await browser.newContext();
  const companyPage = await companyContext.newPage();
  const consultantPage = await consultantContext.newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await consultantPage.setViewportSize({ width: 1280, height: 900 });

  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/introductions');
  await expect(companyPage.getByRole('heading', { name: 'Vorstellungen', level: 1 })).toBeVisible();
  await expect(companyPage.getByTestId('introductions-empty')).toBeVisible();

  // The consultant introduces Eva Brunner with her CV; the form names what is missing first.
  await signIn(consultantPage, consultant);
  const modal = await introduce(consultantPage, jobId, { first: 'Eva', last: 'Brunner', email });
  await modal.getByRole('button', { name: 'Kandidat vorstellen' }).click();
  await expect(modal.getByLabel('Position')).toHaveAccessibleDescription(PROFILE_MSG.positionRequired);
  await modal.getByLabel('Telefon').fill('0664 1234567');
  await modal.locator('input[type="file"]').setInputFiles(cv);
  await modal.getByLabel('Kurzbeschreibung (optional)').fill('Sechs Jahre Controlling in der Industrie.');
  await fillProfile(modal);
  await snap(consultantPage, 'form');
  await expectAccessible(consultantPage);
  await modal.getByRole('button', { name: 'Kandidat vorstellen' }).click();
  const done = consultantPage.getByRole('dialog', { name: 'Kandidat vorgestellt' });
  await expect(done.getByText(INTRODUCTION_MSG.created)).toBeVisible();
  await expect(done).toContainText('per E-Mail um Zustimmung gebeten');
  await expect(done.getByTestId('introduction-notice')).toHaveCount(0);
  await done.getByRole('button', { name: 'Schließen' }).first().click();

  // Live at the company: the menu badge and the 'Neu' card with the profile only; a later bonus rise changes nothing.
  const menu = companyPage.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByTestId('introductions-unseen')).toHaveText(/1/);
  const card = companyPage.getByTestId(/^introduction-\d+$/);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Anonymisiert: ${PROFILE.position}, ${PROFILE.experienceYears} J.`);
  await expect(card).not.toContainText('Brunner');
  await expect(card).toContainText('Neu');
  // Eva Brunner confirms the link the platform mailed her: her name reaches the company live.
  await confirmConsent(request, email, jobTitle);
  await expect(card).toContainText('Eva Brunner');
  await expect(card).toContainText('Prämie bei Vorstellung: 15 %');
  const raised = await request.post('/api/placement-bonuses', {
    headers: { authorization: `Bearer ${company.jwt}` },
    data: { data: { advertisement: jobId, bonus: 25 } },
  });
  expect(raised.status()).toBe(201);

  // The company opens it (the badge goes) and moves it to 'In Prüfung'.
  await card.click();
  await expect(companyPage.getByRole('heading', { name: /Vorstellung Nr\. \d+/ })).toBeVisible();
  await expect(menu.getByTestId('introductions-unseen')).toHaveCount(0);
  const introductionUrl = companyPage.url();
  const introductionPath = new URL(introductionUrl).pathname;
  await expect(companyPage.getByText('15 %', { exact: true })).toBeVisible();
  await companyPage.getByRole('button', { name: 'In Prüfung' }).click();
  // Stages only move forward: the company is asked first and told afterwards.
  const stage = companyPage.getByRole('dialog', { name: 'Auf „In Prüfung“ setzen' });
  await expect(stage).toContainText('Eine Stufe zurück ist danach nicht möglich.');
  await stage.getByRole('button', { name: 'Auf „In Prüfung“ setzen' }).click();
  await expect(companyPage.getByTestId('success-notice')).toContainText(
    'Die Vorstellung steht jetzt auf „In Prüfung“.',
  );
  await expect(companyPage.getByText('Status geändert – In Prüfung')).toBeVisible();

  // The consultant follows on 'Meine Vorstellungen' → detail; sees each step live.
  await consultantPage.goto('/advertisements/introductions');
  await expect(consultantPage.getByRole('heading', { name: 'Meine Vorstellungen' })).toBeVisible();
  await consultantPage.getByTestId(/^introduction-\d+$/).click();
  await expect(consultantPage).toHaveURL(new RegExp(`${introductionPath}$`));
  await expect(consultantPage.getByText('Anspruch besteht')).toBeVisible();

  // Rejected with a reason from the catalogue and a note: the claim rests, the consultant sees the feedback live.
  await companyPage.getByRole('button', { name: 'Endgültig absagen' }).click();
  const reject = companyPage.getByRole('dialog', { name: 'Endgültig absagen' });
  await reject.getByRole('button', { name: 'Absage speichern' }).click();
  await expect(reject.getByLabel('Grund')).toHaveAccessibleDescription(INTERVIEW_MSG.reasonRequired);
  await expect(reject.getByText(INTRODUCTION_MSG.noteRequired)).toBeVisible();
  await reject.getByLabel('Grund').selectOption({ label: REJECTION_REASON_LABELS.stelle_besetzt });
  await reject.getByLabel('Begründung (für den Personalberater)').fill('Wir haben die Stelle intern besetzt.');
  await reject.getByRole('button', { name: 'Absage speichern' }).click();
  await expect(reject).toHaveCount(0);
  await expect(consultantPage.getByText('Anspruch ruht')).toBeVisible();
  await expect(consultantPage.getByText('Wir haben die Stelle intern besetzt.').first()).toBeVisible();

  // Invited again within 7 months: the claim revives for both.
  await companyPage.getByRole('button', { name: 'Interview', exact: true }).click();
  await companyPage
    .getByRole('dialog', { name: 'Auf „Interview“ setzen' })
    .getByRole('button', { name: 'Auf „Interview“ setzen' })
    .click();
  await expect(companyPage.getByText('Anspruch wieder aufgelebt')).toBeVisible();
  await expect(consultantPage.getByText('Anspruch besteht')).toBeVisible();
  await expect(consultantPage.getByText('Anspruch wieder aufgelebt')).toBeVisible();
  await snap(consultantPage, 'detail');
  await snap(companyPage, 'detail');
  await expectAccessible(consultantPage);
  await expectAccessible(companyPage);

  // The proof: a PDF named after the introduction.
  const proof = consultantPage.waitForEvent('download');
  await consultantPage.getByRole('button', { name: 'Nachweis (PDF)' }).click();
  const file = await proof;
  expect(file.suggestedFilename()).toMatch(/^Nachweis-Vorstellung-\d+\.pdf$/);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Mails to the consultant for the rejection and the revival; the candidate is never named.
  await expect
    .poll(async () =>
      (await mails(request))
        .filter((m) => m.toAddress.toLowerCase() === consultant.email.toLowerCase())
        .map((m) => m.subject)
        .join('\n'),
    )
    .toMatch(/Endgültig abgesagt[\s\S]*lebt wieder auf|lebt wieder auf[\s\S]*Endgültig abgesagt/);
  const mailed = (await mails(request)).filter((m) => m.textBody.includes(jobTitle));
  expect(mailed.length).toBeGreaterThan(0);
  for (const mail of mailed) expect(mail.textBody).not.toContain('Brunner');

  // The chat carries the introduction (as the anonymised profile) with the CV.
  await consultantPage.getByRole('link', { name: 'Zur Konversation' }).click();
  const messages = consultantPage.getByTestId('chat-messages');
  await expect(
    messages.getByText(
      `Kandidatenvorstellung (anonymisiertes Profil): ${PROFILE.position}, ${PROFILE.experienceYears} Jahre Berufserfahrung, ${PROFILE.region}`,
    ),
  ).toBeVisible();
  await expect(messages.getByRole('button', { name: `${cv.name} herunterladen` })).toBeVisible();

  await companyContext.close();
  await consultantContext.close();
});

test('When a second consultant introduces the same person on a phone, then it is recorded as subordinate with the first day only, and the pages fit 375 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Handyvorstellungsfirma ${run()}`);
  const first = await createAccount(request, 'consultant', `Erstberater ${run()}`);
  const second = await createAccount(request, 'consultant', `Zweitberaterin ${run()}`);
  const jobA = await createJob(request, company, `Lohnverrechner/in ${run()}`);
  const jobB = await createJob(request, company, `Personalverrechner/in ${run()}`);
  const email = `jonas.egger.${run()}@example.at`;
  await introduceByApi(request, first, jobA, { firstName: 'Jonas', lastName: 'Egger', email });
  const firstDay = new Intl.DateTimeFormat('de-AT', {
    timeZone: 'Europe/Vienna',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, second);
  const modal = await introduce(page, jobB, { first: 'Jonas', last: 'Egger', email: email.toUpperCase() });
  await fillProfile(modal);
  await modal.getByRole('button', { name: 'Kandidat vorstellen' }).click();
  const notice = page.getByTestId('introduction-notice');
  await expect(notice).toHaveText(subordinateNotice(firstDay));
  await expect(notice).not.toContainText(first.username);
  await page
    .getByRole('dialog', { name: 'Kandidat vorgestellt' })
    .getByRole('button', { name: 'Schließen' })
    .first()
    .click();

  await page.goto('/advertisements/introductions');
  const card = page.getByTestId(/^introduction-\d+$/);
  await expect(card).toContainText('Nachrangig');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'list');
  await expectAccessible(page);
  await card.click();
  await expect(page.getByText(/Nachrangig: Diese Person wurde dem Unternehmen bereits am/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'detail-phone');
});

test('When the admin opens the register, then the introductions, their flags and the timeline show and a dispute is resolved', async ({
  page,
  request,
}) => {
  const company = await createAccount(request, 'company', `Registerfirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Registerberater ${run()}`);
  const jobId = await createJob(request, company, `Buchhalter/in ${run()}`);
  const id = await introduceByApi(request, consultant, jobId, {
    firstName: 'Mara',
    lastName: 'Lang',
    email: uniqueEmail('mara-lang'),
    phone: '+43 660 5556677',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await adminLogin(page);
  await page.goto(`/admin/introductions?introduction=${id}`);
  const dialog = page.getByRole('dialog', { name: `Vorstellung Nr. ${id}` });
  await expect(dialog.getByText('Mara Lang')).toBeVisible();
  // Contact data is for the two parties only.
  await expect(dialog.getByText('+43 660 5556677')).toHaveCount(0);
  await dialog.getByLabel('Klärung (Notiz, wird protokolliert)').fill('Mit beiden Seiten telefonisch geklärt.');
  await dialog.getByRole('button', { name: 'Als geklärt speichern' }).click();
  await expect(dialog.getByText('Geklärt (Backoffice)')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await page.getByLabel('Markierung filtern').selectOption('geklaert');
  await expect(page.getByTestId(`register-${id}`)).toContainText('Geklärt');
});
