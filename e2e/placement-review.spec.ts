import { expect, test } from '@playwright/test';
import { PLACEMENT_REVIEW_MSG } from '@pb/core';
import { auth, fillCompanyReport, introduce, moveIntroduction, titlePattern } from './placement-support';
import { adminLogin, checkAtPhoneAndDesktop, createAccount, createJob, run, signIn } from './support';

/**
 * The back office's review of flagged placement reports (issue 28): a report the office must
 * decide shows 'Zur Prüfung' with its reasons, 'Als verrechnet markieren' waits for 'Prüfen' →
 * 'Freigeben' (with the amounts to invoice), and 'Verwerfen' closes one for good. The list and
 * the review modal are checked with axe and photographed at 375 and 1280 px (SCREENSHOT_DIR).
 */

test('When a company reports a bonus below the one in force, then the back office sees it "Zur Prüfung", invoices it only after releasing it with the corrected bonus, and the invoice bills that bonus', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await createAccount(request, 'company', `Prüffirma ${run()}`);
  const title = `Lagerleiter/in ${run()}`;
  await createJob(request, company, title, { placementBonus: 20, salary: '60.000' });
  // Beside it, an unflagged report for an offered introduction that the company objected to.
  const consultant = await createAccount(request, 'consultant', `Beraterin Einwand ${run()}`);
  const objectedTitle = `Disponent/in ${run()}`;
  const objectedJob = await createJob(request, company, objectedTitle);
  const introductionId = await introduce(request, consultant, objectedJob, {
    firstName: 'Paul',
    lastName: 'Wagner',
    email: `paul.wagner.${run()}@example.at`,
  });
  await moveIntroduction(request, company, introductionId, 'angebot');
  const objectedReport = await request.post('/api/placement-reports', {
    headers: auth(consultant),
    data: {
      data: {
        variant: 'consultant',
        advertisement: objectedJob,
        companyName: company.username,
        jobTitle: objectedTitle,
        contactPerson: 'Frau Berger',
        placementBonus: 15,
        actualSalary: 48000,
        introduction: introductionId,
      },
    },
  });
  expect(objectedReport.status(), await objectedReport.text()).toBe(201);
  const objection = await request.post(
    `/api/placement-reports/${((await objectedReport.json()) as { data: { id: number } }).data.id}/objection`,
    { headers: auth(company), data: { data: { note: 'Herr Wagner hat das Angebot abgelehnt.' } } },
  );
  expect(objection.status(), await objection.text()).toBe(200);
  const companyPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.setViewportSize({ width: 1280, height: 900 });

  // The company declares 10 % although 20 % is in force.
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/create');
  await companyPage
    .getByRole('row', { name: titlePattern(title) })
    .getByRole('button', { name: /Stellenbesetzung/ })
    .click();
  const report = companyPage.getByRole('dialog', { name: 'Stellenbesetzung melden' });
  await report.getByLabel('Prämie', { exact: true }).fill('10');
  await fillCompanyReport(report, { name: 'Karl Vermittler', email: 'karl@vermittlung.example.at' });
  await report.getByLabel('E-Mail der eingestellten Person').fill(`petra.lang.${run()}@example.at`);
  await expect(report.getByTestId('fee-sheet')).toContainText('6.000,00');
  await report.getByRole('button', { name: 'Meldung absenden' }).click();
  await expect(report).toBeHidden();

  // The back office sees why it is flagged and cannot invoice it yet.
  await adminLogin(adminPage);
  await adminPage.goto('/admin/placements');
  await adminPage.getByRole('searchbox', { name: 'Unternehmen, Inserat oder Personalberater suchen' }).fill(title);
  await adminPage.getByRole('button', { name: 'Suchen' }).click();
  const row = adminPage.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  const reportId = Number((await row.getAttribute('data-testid'))?.replace('placement-', ''));
  await expect(row).toContainText('Zur Prüfung');
  await expect(row).toContainText('Prämie unter der aktiven Prämie: Gemeldet 10 %, aktive Prämie des Inserats 20 %.');
  await expect(row).toContainText('6.000,00');
  const invoice = row.getByRole('button', { name: 'Als verrechnet markieren' });
  await expect(invoice).toBeDisabled();
  await expect(invoice).toHaveAttribute('title', 'Bitte zuerst prüfen und freigeben');
  await checkAtPhoneAndDesktop(adminPage, 'money-admin-placements-flagged');

  // 'Prüfen': the reasons, the amounts to invoice, a required reason for the decision.
  await row.getByRole('button', { name: 'Prüfen' }).click();
  const review = adminPage.getByRole('dialog', { name: `Meldung prüfen: ${title}` });
  await expect(review.getByRole('list', { name: 'Gründe der Prüfung' })).toContainText(
    'Prämie unter der aktiven Prämie: Gemeldet 10 %, aktive Prämie des Inserats 20 %.',
  );
  await expect(review.getByLabel('Prämie in % (für die Rechnung)')).toHaveValue('10');
  await checkAtPhoneAndDesktop(adminPage, 'money-admin-review-modal');
  await review.getByRole('button', { name: 'Freigeben' }).click();
  await expect(review.getByRole('alert')).toHaveText(PLACEMENT_REVIEW_MSG.noteRequired);
  await review.getByLabel('Prämie in % (für die Rechnung)').fill('20');
  await review
    .getByLabel('Begründung (wird protokolliert und dem Meldenden gemailt)')
    .fill('Laut Inserat galten 20 %; mit dem Unternehmen telefonisch geklärt.');
  await expect(review.getByTestId('fee-sheet')).toContainText('12.000,00');
  await review.getByRole('button', { name: 'Freigeben' }).click();
  await expect(review).toBeHidden();

  // Released with 20 %: no longer 'Zur Prüfung', the decision shows, and it can be invoiced.
  await expect(row).not.toContainText('Zur Prüfung');
  await expect(row).toContainText(/Freigegeben am \d{2}\.\d{2}\.\d{4}.*Laut Inserat galten 20 %/);
  await expect(row).toContainText(/20,00\s%/);
  await expect(row).toContainText('12.000,00');
  await expect(invoice).toBeEnabled();
  await invoice.click();
  // The confirmation names the net amount of the released bonus: 20 % of € 60.000 plus 10 % service fee.
  const issue = adminPage.getByRole('dialog', { name: 'Rechnung ausstellen' });
  await expect(issue).toContainText(/über €\s13\.200,00 netto/);
  await issue.getByRole('button', { name: 'Rechnung ausstellen' }).click();
  await expect(row).toContainText('Verrechnet');
  await expect(row).toContainText(/Rechnung \d{4}-\d{6}/);

  // The decision is in the audit log.
  await adminPage.getByRole('link', { name: 'Protokoll' }).click();
  await expect(
    adminPage
      .getByRole('row')
      .filter({ has: adminPage.getByRole('cell', { name: 'Meldung geprüft' }) })
      .filter({ hasText: new RegExp(`#${reportId}(?!\\d)`) }),
  ).toHaveCount(1);

  // The objected report carries no flag of its own: it is 'Zur Prüfung' all the same, the review
  // names the objection, and 'Verwerfen' closes it for good.
  await adminPage.getByRole('link', { name: 'Vermittlungen' }).click();
  await adminPage
    .getByRole('searchbox', { name: 'Unternehmen, Inserat oder Personalberater suchen' })
    .fill(objectedTitle);
  await adminPage.getByRole('button', { name: 'Suchen' }).click();
  const objectedRow = adminPage.getByRole('row').filter({ hasText: objectedTitle });
  await expect(objectedRow).toHaveCount(1);
  await expect(objectedRow).toContainText('Widerspruch');
  await expect(objectedRow).toContainText('Zur Prüfung');
  await expect(objectedRow.getByRole('button', { name: 'Als verrechnet markieren' })).toBeDisabled();
  await objectedRow.getByRole('button', { name: 'Prüfen' }).click();
  const discard = adminPage.getByRole('dialog', { name: `Meldung prüfen: ${objectedTitle}` });
  await expect(discard.getByRole('list', { name: 'Gründe der Prüfung' })).toContainText(
    'Widerspruch des Unternehmens: Herr Wagner hat das Angebot abgelehnt.',
  );
  await discard
    .getByLabel('Begründung (wird protokolliert und dem Meldenden gemailt)')
    .fill('Das Unternehmen hat die Person nicht eingestellt.');
  await discard.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(discard).toBeHidden();
  await expect(objectedRow).toContainText('Verworfen');
  await expect(objectedRow).toContainText(/Verworfen am \d{2}\.\d{2}\.\d{4}: Das Unternehmen hat/);
  await expect(objectedRow.getByRole('button', { name: /markieren|Prüfen|Garantiefall/ })).toHaveCount(0);

  // The company is billed the released bonus: (12,000 + 1,200) plus 20 % USt.
  await companyPage.goto('/advertisements/billing');
  await expect(companyPage.getByRole('row', { name: new RegExp(`Rechnung .*${title}.*Offen`) })).toContainText(
    '15.840,00',
  );
});
