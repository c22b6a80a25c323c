import { expect, test, type Browser, type Page } from '@playwright/test';
import { CONSENT_MSG, INTRODUCTION_MSG } from '@pb/core';
import { consentLink, fillProfile, type ProfileInput } from './consent-support';
import { introduce } from './placement-support';
import {
  checkAtPhoneAndDesktop,
  createAccount,
  createJob,
  mails,
  pdfBuffer,
  run,
  signIn,
  uniqueEmail,
} from './support';

/**
 * The candidate's own consent (issue 35) in three browsers: a consultant introduces a candidate
 * with the anonymised profile; the company sees that profile and no name; the candidate — never
 * signed in — opens the link the platform mailed them, reads who introduces them to whom for
 * what, and confirms; the company then sees the name, and its timeline says 'Einwilligung
 * bestätigt' and 'Identität freigegeben'. A candidate who declines ends the introduction without
 * consent. The new screens are checked with axe and photographed at 375 and 1280 px (SCREENSHOT_DIR).
 */

const profile: ProfileInput = {
  position: 'Leitung Lohnverrechnung',
  experienceYears: 8,
  region: 'Oberösterreich',
  skills: ['Lohnverrechnung', 'BMD', 'Arbeitsrecht'],
  languages: ['Deutsch', 'Englisch'],
};
const anonymised = `Anonymisiert: ${profile.position}, ${profile.experienceYears} J.`;

async function desktopPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

test('When a consultant introduces a candidate, then the company sees only the anonymised profile until the candidate confirms the mailed link, and then the name and the release in the timeline', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await createAccount(request, 'company', `Einwilligungsfirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Einwilligungsberatung ${run()}`);
  const jobTitle = `Lohnverrechner/in ${run()}`;
  const jobId = await createJob(request, company, jobTitle);
  const candidate = { first: 'Theresa', last: 'Lindner', email: `theresa.lindner.${run()}@example.at` };
  const cv = { name: 'Lebenslauf_T_L.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() };

  const consultantPage = await desktopPage(browser);
  const companyPage = await desktopPage(browser);
  const candidatePage = await desktopPage(browser);
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/introductions');
  await expect(companyPage.getByTestId('introductions-empty')).toBeVisible();

  // The consultant introduces Theresa Lindner with her CV and the anonymised profile.
  await signIn(consultantPage, consultant);
  await consultantPage.goto(`/advertisements/view?id=${jobId}`);
  await consultantPage.getByRole('button', { name: 'Kandidat vorstellen' }).first().click();
  const dialog = consultantPage.getByRole('dialog', { name: 'Kandidat vorstellen' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await dialog.getByLabel('Vorname').fill(candidate.first);
  await dialog.getByLabel('Nachname').fill(candidate.last);
  await dialog.getByLabel('E-Mail').fill(candidate.email);
  await dialog.getByLabel('Telefon (optional)').fill('0664 7654321');
  await dialog.locator('input[type="file"]').setInputFiles(cv);
  await dialog.getByLabel('Kurzbeschreibung (optional)').fill('Leitet seit drei Jahren ein Team von vier Personen.');
  await fillProfile(dialog, profile);
  await checkAtPhoneAndDesktop(consultantPage, 'consent-consultant-dialog');
  await dialog.getByRole('button', { name: 'Kandidat vorstellen' }).click();
  const done = consultantPage.getByRole('dialog', { name: 'Kandidat vorgestellt' });
  await expect(done.getByText(INTRODUCTION_MSG.created)).toBeVisible();
  await expect(done).toContainText('per E-Mail um Zustimmung gebeten');
  await done.getByRole('button', { name: 'Schließen' }).first().click();

  // The company, live: the profile instead of a name, waiting for the candidate.
  const card = companyPage.getByTestId(/^introduction-\d+$/);
  await expect(card).toContainText(anonymised);
  await expect(card).toContainText('Wartet auf Zustimmung');
  await card.click();
  await expect(companyPage.getByRole('heading', { name: /Vorstellung Nr\. \d+/ })).toBeVisible();
  const main = companyPage.getByRole('main');
  await expect(companyPage.getByTestId('consent-pending-notice')).toBeVisible();
  const shown = companyPage.getByTestId('anonymous-profile');
  for (const fact of [profile.position, '8 Jahre', profile.region, 'Lohnverrechnung, BMD, Arbeitsrecht'])
    await expect(shown).toContainText(fact);
  for (const hidden of [candidate.first, candidate.last, candidate.email, '7654321', 'drei Jahren'])
    await expect(main).not.toContainText(hidden);
  await expect(companyPage.getByRole('button', { name: /Lebenslauf herunterladen/ })).toHaveCount(0);
  // Before the consent only 'In Prüfung' and 'Endgültig absagen'.
  const reactions = companyPage.getByRole('region', { name: 'Reaktion' });
  await expect(reactions.getByRole('button')).toHaveText(['In Prüfung', 'Endgültig absagen']);
  await checkAtPhoneAndDesktop(companyPage, 'consent-company-anonymised');

  // The candidate, never signed in, opens the link from the mail the platform sent.
  const link = await consentLink(request, candidate.email, jobTitle);
  await candidatePage.goto(link);
  await expect(candidatePage.getByRole('heading', { name: 'Ihre Zustimmung zur Vorstellung', level: 1 })).toBeVisible();
  // The secret leaves the address bar at once.
  await expect(candidatePage).toHaveURL(/\/einwilligung$/);
  const who = candidatePage.locator('p.lead');
  for (const part of [consultant.username, company.username, `„${jobTitle}“`]) await expect(who).toContainText(part);
  await expect(candidatePage.getByTestId('consent-deadline')).toContainText('Wiener Zeit');
  await expect(candidatePage.getByRole('heading', { name: 'Was das Unternehmen jetzt sieht' })).toBeVisible();
  await expect(candidatePage.getByTestId('anonymous-profile')).toContainText(profile.position);
  await expect(candidatePage.getByTestId('consent-shares').getByRole('listitem')).toHaveText([
    'Ihr Name',
    'Ihre E-Mail-Adresse',
    'Ihre Telefonnummer',
    'Ihr Lebenslauf',
    'die Kurzbeschreibung der Personalvermittlung',
  ]);
  await checkAtPhoneAndDesktop(candidatePage, 'consent-candidate-page');
  await candidatePage
    .getByRole('button', { name: `Ich möchte von ${consultant.username} bei ${company.username} vorgestellt werden` })
    .click();
  const outcome = candidatePage.getByTestId('consent-outcome');
  await expect(outcome).toHaveText(CONSENT_MSG.confirmed);
  await expect(outcome).toBeFocused();
  await expect(candidatePage.getByRole('button', { name: 'Einwilligung widerrufen' })).toBeVisible();
  await checkAtPhoneAndDesktop(candidatePage, 'consent-candidate-confirmed');

  // The company's page, live: the name, the contact and the CV; the register says what happened.
  await expect(main).toContainText(`${candidate.first} ${candidate.last}`);
  await expect(main).toContainText(candidate.email);
  await expect(companyPage.getByTestId('consent-pending-notice')).toHaveCount(0);
  await expect(companyPage.getByTestId('consent-facts')).toContainText('Zugestimmt');
  await expect(companyPage.getByRole('button', { name: `Lebenslauf herunterladen (${cv.name})` })).toBeVisible();
  await expect(reactions.getByRole('button', { name: 'Bereits bekannt' })).toBeVisible();
  const timeline = companyPage.getByRole('list', { name: 'Verlauf' });
  await expect(timeline).toContainText('Einwilligung bestätigt');
  await expect(timeline).toContainText('Identität freigegeben');
  // And after a reload the same.
  await companyPage.reload();
  await expect(main).toContainText(`${candidate.first} ${candidate.last}`);
  await expect(timeline).toContainText('Identität freigegeben');
  await checkAtPhoneAndDesktop(companyPage, 'consent-company-released');

  // Both parties are told by mail; none of the mails names the candidate.
  await expect
    .poll(async () =>
      (await mails(request))
        .filter((m) => [company.email, consultant.email].includes(m.toAddress.toLowerCase()))
        .map((m) => m.subject)
        .join('\n'),
    )
    .toMatch(/Identität freigegeben[\s\S]*Zustimmung erteilt|Zustimmung erteilt[\s\S]*Identität freigegeben/);
  for (const mail of (await mails(request)).filter((m) => m.textBody.includes(jobTitle)))
    expect(mail.textBody).not.toContain(candidate.last);

  for (const page of [consultantPage, companyPage, candidatePage]) await page.context().close();
});

test('When the candidate declines the mailed link, then the company sees the introduction ended without consent', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Absagefirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Absageberatung ${run()}`);
  const jobTitle = `Bilanzbuchhalter/in ${run()}`;
  const jobId = await createJob(request, company, jobTitle);
  const email = uniqueEmail('kandidat-absage');
  const id = await introduce(
    request,
    consultant,
    jobId,
    { firstName: 'Stefan', lastName: 'Aigner', email },
    { consent: 'pending', profile },
  );

  const companyPage = await desktopPage(browser);
  await signIn(companyPage, company);
  await companyPage.goto(`/advertisements/introductions/${id}`);
  await expect(companyPage.getByTestId('consent-pending-notice')).toBeVisible();

  const candidatePage = await desktopPage(browser);
  await candidatePage.goto(await consentLink(request, email, jobTitle));
  await candidatePage.getByRole('button', { name: 'Nicht vorstellen' }).click();
  const asked = candidatePage.getByRole('dialog', { name: 'Vorstellung ablehnen?' });
  await expect(asked).toContainText('sofort');
  await asked.getByRole('button', { name: 'Nicht vorstellen' }).click();
  await expect(asked).toBeHidden();
  await expect(candidatePage.getByTestId('consent-outcome')).toHaveText(CONSENT_MSG.declined);
  await expect(candidatePage.getByRole('button', { name: /Ich möchte von/ })).toHaveCount(0);
  await checkAtPhoneAndDesktop(candidatePage, 'consent-candidate-declined');
  // The link, opened again, says it was declined.
  await candidatePage.reload();
  await expect(candidatePage.getByTestId('consent-state')).toHaveText(CONSENT_MSG.alreadyDeclined);

  // The company, live: ended without consent, no claim, nothing left to do, no name ever shown.
  const ended = companyPage.getByTestId('consent-ended-notice');
  await expect(ended).toContainText('Ohne Zustimmung beendet');
  await expect(ended).toContainText(CONSENT_MSG.endedUnconfirmed);
  await expect(companyPage.getByTestId('consent-pending-notice')).toHaveCount(0);
  await expect(companyPage.getByRole('region', { name: 'Reaktion' })).toContainText('Keine weitere Reaktion möglich.');
  await expect(companyPage.getByRole('list', { name: 'Verlauf' })).toContainText('Einwilligung abgelehnt');
  await expect(companyPage.getByRole('main')).not.toContainText('Aigner');
  await checkAtPhoneAndDesktop(companyPage, 'consent-company-declined');
  await companyPage.goto('/advertisements/introductions');
  await expect(companyPage.getByTestId(`consent-badge-${id}`)).toHaveText('Zustimmung abgelehnt');

  for (const page of [companyPage, candidatePage]) await page.context().close();
});
