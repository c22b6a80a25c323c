import { expect, test } from '@playwright/test';
import { CIRCUMVENTION_PENALTY_CENTS, formatCents } from '@pb/core';
import { introduce, reportCompanyHire, titlePattern } from './placement-support';
import {
  adminLogin,
  checkAtPhoneAndDesktop,
  createAccount,
  createJob,
  mailedLink,
  run,
  signIn,
  uniqueEmail,
} from './support';

/**
 * Issue 34, the penalty: a company reports its own hire on an advertisement while a consultant's
 * introduction there is live ('Umgehungsverdacht'). The office opens a circumvention case from the
 * placements page (asked first), the company answers the hearing on its page (asked first, once),
 * the office finds circumvention (asked first, told the penalty invoice) and the company sees the
 * decision and the penalty invoice on its billing page. Each new screen is checked with axe and
 * photographed at 375 and 1280 px (SCREENSHOT_DIR).
 */

test('When a company hires around a live introduction, then the office hears it, the company answers once, and a finding of circumvention invoices the penalty the company sees', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const company = await createAccount(request, 'company', `Umgehungsfirma ${run()}`, uniqueEmail('circ-company'));
  const consultant = await createAccount(request, 'consultant', `Beratung Anspruch ${run()}`);
  const title = `Sous-Chef/in ${run()}`;
  const advertisement = await createJob(request, company, title);
  const introductionId = await introduce(request, consultant, advertisement, {
    firstName: 'Lena',
    lastName: 'Huber',
    email: `lena.huber.${run()}@example.at`,
  });
  // The company's own report of the hire, naming none of its introductions.
  await reportCompanyHire(request, company, advertisement, title, 'circumvention', {
    placementBonus: 15,
    recruiter: 'Eigene Bewerbung',
    recruiterMail: company.email,
  });

  // The office sees the suspicion and opens a case on it.
  const office = await (await browser.newContext()).newPage();
  await office.setViewportSize({ width: 1280, height: 900 });
  await adminLogin(office);
  await office.goto('/admin/placements');
  await office.getByRole('searchbox', { name: 'Unternehmen, Inserat oder Personalberater suchen' }).fill(title);
  await office.getByRole('button', { name: 'Suchen' }).click();
  const row = office.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Umgehungsverdacht');
  await row.getByRole('button', { name: 'Umgehungsverfahren eröffnen' }).click();
  const opening = office.getByRole('dialog', { name: 'Umgehungsverfahren eröffnen' });
  await expect(opening.getByLabel('Vorstellung, um deren Anspruch es geht')).toHaveValue(String(introductionId));
  const letter = opening.getByLabel('Anhörungsschreiben');
  await expect(letter).toHaveValue(new RegExp(`die Personalberatung ${consultant.username} hat Ihnen am`));
  await expect(letter).toHaveValue(new RegExp(`„${titlePattern(title).source}“`));
  await checkAtPhoneAndDesktop(office, 'circumvention-open-dialog');
  await opening.getByRole('button', { name: 'Anhörung senden' }).click();
  await expect(opening.getByTestId('open-case-confirm')).toContainText(`Anhörung an ${company.username} senden?`);
  await expect(opening.getByRole('button', { name: 'Zurück' })).toBeFocused();
  await checkAtPhoneAndDesktop(office, 'circumvention-open-confirm');
  await opening.getByRole('button', { name: 'Anhörung senden' }).click();
  const opened = opening.getByTestId('case-opened');
  await expect(opened).toContainText(/Umgehungsverfahren Nr\. \d+ eröffnet\./);
  const caseId = Number(/Nr\. (\d+)/.exec((await opened.textContent()) ?? '')?.[1]);
  await opened.getByRole('link', { name: 'Zu den Umgehungsverfahren' }).click();
  await expect(office).toHaveURL(/\/admin\/circumvention-cases$/);
  const officeCase = office.getByTestId(`case-${caseId}`);
  await expect(officeCase).toContainText('Anhörung läuft');
  await expect(officeCase).toContainText(consultant.username);
  await expect(officeCase.getByRole('row', { name: /Vorgestellt/ })).toBeVisible();
  await expect(officeCase.getByTestId('case-answer')).toContainText('Noch keine Stellungnahme.');
  await expect(officeCase.getByRole('button', { name: 'Entscheidung treffen' })).toHaveCount(0);
  await checkAtPhoneAndDesktop(office, 'circumvention-office-hearing');

  // The company follows the hearing mail, finds the page in its account menu too, and answers once.
  const hearingLink = await mailedLink(request, company.email, '/advertisements/circumvention-cases');
  const companyPage = await (await browser.newContext()).newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/overview');
  await companyPage.getByTestId('account-menu-button').click();
  await companyPage.getByRole('link', { name: 'Umgehungsverfahren' }).click();
  await expect(companyPage).toHaveURL(new URL(hearingLink).pathname);
  const companyCase = companyPage.getByTestId(`case-${caseId}`);
  await expect(companyCase.getByTestId('case-letter')).toContainText(consultant.username);
  const statement = 'Wir kannten Frau Huber bereits aus einer Initiativbewerbung vom Vorjahr.';
  await companyCase.getByLabel('Ihre Stellungnahme').fill(statement);
  await checkAtPhoneAndDesktop(companyPage, 'circumvention-company-hearing');
  await companyCase.getByRole('button', { name: 'Stellungnahme senden' }).click();
  const ask = companyPage.getByRole('dialog', { name: 'Stellungnahme senden' });
  await expect(ask).toContainText('nicht mehr ändern oder ergänzen');
  await ask.getByRole('button', { name: 'Stellungnahme senden' }).click();
  await expect(companyPage.getByTestId('success-notice')).toContainText('Ihre Stellungnahme wurde gesendet.');
  await expect(companyCase.getByTestId('case-answer')).toContainText(statement);
  await expect(companyCase.getByLabel('Ihre Stellungnahme')).toHaveCount(0);

  // Before the deadline, the statement lets the office decide: it finds circumvention.
  await office.reload();
  await expect(officeCase).toContainText('Zur Entscheidung');
  await expect(officeCase.getByTestId('case-answer')).toContainText(statement);
  await officeCase.getByRole('radio', { name: 'Umgehung festgestellt' }).check();
  await officeCase
    .getByLabel(/^Begründung/)
    .fill('Eine Initiativbewerbung ist nicht belegt; eingestellt zwei Wochen nach der Vorstellung.');
  await checkAtPhoneAndDesktop(office, 'circumvention-office-decision');
  await officeCase.getByRole('button', { name: 'Entscheidung treffen' }).click();
  const decide = office.getByRole('dialog', { name: 'Umgehung feststellen' });
  await expect(decide).toContainText(
    `An ${company.username} wird eine Rechnung über ${formatCents(CIRCUMVENTION_PENALTY_CENTS)}`,
  );
  await expect(decide).toContainText(`geht an ${consultant.username}`);
  await decide.getByRole('button', { name: 'Umgehung feststellen' }).click();
  const decided = office.getByTestId('case-decided');
  await expect(decided).toContainText(/Rechnung über Vertragsstrafe \d{4}-\d{6}/);
  const invoiceNumber = /(\d{4}-\d{6})/.exec((await decided.textContent()) ?? '')![1]!;
  const pdf = office.waitForEvent('download');
  await decided.getByRole('button', { name: `Rechnung ${invoiceNumber} als PDF herunterladen` }).click();
  expect((await pdf).suggestedFilename()).toContain(invoiceNumber);
  await office.getByRole('combobox', { name: 'Verfahren filtern' }).selectOption('alle');
  await expect(officeCase.getByTestId('case-decision')).toContainText('Umgehung festgestellt');
  await checkAtPhoneAndDesktop(office, 'circumvention-office-decided');

  // The placement is the agency's introduction's now, released for invoicing.
  await office.goto('/admin/placements');
  await office.getByRole('searchbox', { name: 'Unternehmen, Inserat oder Personalberater suchen' }).fill(title);
  await office.getByRole('button', { name: 'Suchen' }).click();
  await expect(row).toContainText(`Vorstellung Nr. ${introductionId}`);
  await expect(row).toContainText(`Umgehungsverfahren Nr. ${caseId} (Entschieden)`);

  // The company sees the decision and the penalty invoice with its billing.
  await companyPage.reload();
  await expect(companyCase.getByTestId('case-decision')).toContainText('Umgehung festgestellt');
  await expect(companyCase.getByTestId('case-decision')).toContainText(invoiceNumber);
  await checkAtPhoneAndDesktop(companyPage, 'circumvention-company-decided');
  await companyCase.getByRole('link', { name: 'Rechnungen' }).click();
  await expect(companyPage).toHaveURL(/\/advertisements\/billing$/);
  const penalty = companyPage.getByTestId(`invoice-${invoiceNumber}`);
  await expect(penalty).toContainText('Rechnung über Vertragsstrafe');
  await expect(penalty).toContainText('35.000,00');
});
