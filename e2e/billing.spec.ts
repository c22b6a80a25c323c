import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addCalendarDays, formatDay, guaranteeDeadline, viennaDate } from '@pb/core';
import {
  adminLogin,
  checkAtPhoneAndDesktop,
  createAccount as createAccountWith,
  createJob,
  expectAccessible,
  run,
  screenshot,
  signIn,
  uniqueEmail,
} from './support';

/**
 * The money after a placement (issue 12) in three browser contexts: the company reports a
 * placement, the back office invoices it, the company downloads the invoice PDF and claims the
 * guarantee, the back office accepts, and both the company and the consultant see the refund.
 */

const createAccount = (request: APIRequestContext, role: 'company' | 'consultant', username: string) =>
  createAccountWith(request, role, username, uniqueEmail(`billing-${role}`));

const snap = (page: Page, name: string) =>
  screenshot(page, `billing-${name}-${page.viewportSize()?.width ?? 0}`, false);

test('When a placement is reported, invoiced and claimed under the guarantee, then the invoice PDF downloads and both sides see the correction and the refund', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await createAccount(request, 'company', `Rechnungsfirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Rechnungsberaterin ${run()}`);
  const title = `Bilanzbuchhalter/in ${run()}`;
  await createJob(request, company, title);

  const companyPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.setViewportSize({ width: 1280, height: 900 });

  // The company reports the placement with its invoice address; the fee sheet shows USt and total.
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/create');
  await companyPage
    .getByRole('row', { name: new RegExp(title.replace(/[/()]/g, '.')) })
    .getByRole('button', { name: /Stellenbesetzung/ })
    .click();
  const report = companyPage.getByRole('dialog');
  await report.getByLabel('Prämie', { exact: true }).fill('20');
  await report.getByLabel('Bruttojahresgehalt').fill('60000');
  // the hired person's contact: only its fingerprint meets the introductions register (issue 28)
  await report.getByLabel('E-Mail der eingestellten Person').fill(`mia.hofer.${run()}@example.at`);
  await report.getByLabel('Personalberater/in').fill(consultant.username);
  await report.getByLabel('E-Mail des Personalberaters').fill(consultant.email);
  await report.getByLabel('Straße', { exact: true }).fill('Ringstraße');
  await report.getByLabel('Hausnummer').fill('5');
  await report.getByLabel('Postleitzahl').fill('1010');
  await report.getByLabel('Ort', { exact: true }).fill('Wien');
  await report.getByLabel('UID-Nummer').fill('ATU12345678');
  await expect(report.getByTestId('fee-sheet')).toContainText('15.840,00');
  await report.getByRole('button', { name: 'Meldung absenden' }).click();
  await expect(report).toBeHidden();

  // The back office invoices it.
  await adminLogin(adminPage);
  await adminPage.goto('/admin/placements');
  const adminRow = adminPage.getByRole('row', { name: new RegExp(title.replace(/[/()]/g, '.')) });
  await adminRow.getByRole('button', { name: 'Als verrechnet markieren' }).click();
  // Issuing a numbered invoice asks first, with its amount, and says it was done.
  const issue = adminPage.getByRole('dialog', { name: 'Rechnung ausstellen' });
  await expect(issue).toContainText(/über €\s13\.200,00 netto/);
  await expectAccessible(adminPage);
  await issue.getByRole('button', { name: 'Rechnung ausstellen' }).click();
  await expect(adminPage.getByTestId('success-notice')).toContainText('wurde ausgestellt und versendet');
  await expect(adminRow).toContainText(/Rechnung \d{4}-\d{6}/);

  // The salary was wrong: the back office corrects it — the invoice is cancelled and issued anew.
  await adminRow.getByRole('button', { name: 'Betrag korrigieren' }).click();
  const correction = adminPage.getByRole('dialog', { name: /Betrag korrigieren/ });
  await correction.getByLabel('Bruttojahresgehalt in EUR').fill('50000');
  await correction.getByLabel('Grund der Korrektur').fill('Gehalt laut Dienstvertrag');
  await expect(correction.getByTestId('fee-sheet')).toContainText('13.200,00');
  await correction.getByRole('button', { name: 'Korrigieren' }).click();
  await expect(correction).toBeHidden();

  // The company sees the invoice, downloads the PDF and claims the guarantee.
  await companyPage.goto('/advertisements/billing');
  // The statement says one thing: what the company pays, by when, to which account, naming what.
  await expect(companyPage.getByTestId('statement-headline')).toContainText(
    /Sie zahlen €\s13\.200,00 bis \d{2}\.\d{2}\.\d{4}\./,
  );
  await expect(companyPage.getByTestId('statement-pay-to')).toContainText(/IBAN\s*AT\d{2}( \d{4}){4}/);
  // One open invoice: its RF creditor reference, as the invoice's payment code carries it.
  await expect(companyPage.getByTestId('statement-pay-to')).toContainText(
    /Zahlungsreferenz\s*RF\d{2} \d{4} \d{4} \d{2}/,
  );
  await expect(companyPage.getByRole('row', { name: /Storniert/ })).toContainText('15.840,00');
  const invoiceRow = companyPage.getByRole('row', { name: /Rechnung .*Bilanzbuchhalter.*Offen/ });
  await expect(invoiceRow).toContainText('13.200,00');
  const downloadPromise = companyPage.waitForEvent('download');
  await invoiceRow.getByRole('button', { name: /als PDF herunterladen/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Rechnung-\d{4}-\d{6}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
  await expectAccessible(companyPage);
  await snap(companyPage, 'company');

  const today = viennaDate(new Date());
  const placementRow = companyPage.getByRole('row', { name: new RegExp(title.replace(/[/()]/g, '.')) }).last();
  await placementRow.getByRole('button', { name: 'Garantiefall melden' }).click();
  const claim = companyPage.getByRole('dialog', { name: 'Garantiefall melden' });
  // The dialog names the placement's window before anything is typed.
  await expect(claim).toContainText(
    `Gemeldet wurde die Vermittlung am ${formatDay(today)}; die Garantie läuft bis ${formatDay(guaranteeDeadline(today))}`,
  );
  await checkAtPhoneAndDesktop(companyPage, 'money-guarantee-claim-window');
  // The guarantee covers the reported employment only: it cannot have begun before today's report
  // (issue 28) — the employee began today and left the same day.
  await claim.getByLabel('Beginn des Dienstverhältnisses').fill(addCalendarDays(today, -20));
  await claim.getByLabel('Ende des Dienstverhältnisses').fill(addCalendarDays(today, -2));
  await claim.getByLabel('Wer hat das Dienstverhältnis beendet?').selectOption('arbeitnehmer');
  await claim.getByLabel('Beschreibung').fill('Die Mitarbeiterin hat in der Probezeit gekündigt.');
  await claim.getByRole('button', { name: 'Garantiefall melden' }).click();
  await expect(claim.getByRole('alert')).toContainText(
    `Es kann nicht vor der Vermittlung am ${formatDay(today)} begonnen haben`,
  );
  await claim.getByLabel('Beginn des Dienstverhältnisses').fill(today);
  await claim.getByLabel('Ende des Dienstverhältnisses').fill(today);
  await expectAccessible(companyPage);
  await claim.getByRole('button', { name: 'Garantiefall melden' }).click();
  await expect(claim).toBeHidden();
  await expect(placementRow).toContainText('In Prüfung');

  // The back office accepts: a correction invoice refunds half of both fees.
  await adminPage.goto('/admin/billing');
  const card = adminPage.locator('article', { hasText: title });
  await expect(card).toContainText('Die Mitarbeiterin hat in der Probezeit gekündigt.');
  await expectAccessible(adminPage);
  await card.getByRole('button', { name: 'Annehmen' }).click();
  const accept = adminPage.getByRole('dialog', { name: 'Garantiefall annehmen' });
  // 50 % of 10,000 + 1,000, with 20 % USt
  await expect(accept).toContainText(/€\s6\.600,00/);
  await accept.getByRole('button', { name: 'Annehmen und erstatten' }).click();
  await expect(adminPage.getByTestId('success-notice')).toContainText('Der Garantiefall wurde angenommen');
  await expect(card).toBeHidden();
  await expect(adminPage.getByRole('row', { name: /Storno-\/Korrekturrechnung/ }).first()).toBeVisible();

  // The company sees the correction invoice and the refund (live or after a reload).
  // 50 % of 10,000 + 1,000, with 20 % USt
  await expect(companyPage.getByRole('row', { name: /Storno-\/Korrekturrechnung.*6\.600,00/ })).toBeVisible({
    timeout: 15_000,
  });
  // Refunded before it was paid: not money to expect but less to pay — the statement, the invoice
  // and the placement say the same.
  await expect(placementRow).toContainText(/Rückerstattung €\s6\.600,00: mindert Ihre offene Rechnung/);
  await expect(companyPage.getByTestId('statement-headline')).toContainText(/Sie zahlen €\s6\.600,00 bis/);
  await expect(invoiceRow.getByTestId('invoice-remaining')).toContainText(/noch offen: €\s6\.600,00/);
  await checkAtPhoneAndDesktop(companyPage, 'money-statement-after-refund');

  // The consultant sees the placement with its refunded part.
  const consultantPage = await (await browser.newContext()).newPage();
  await consultantPage.setViewportSize({ width: 375, height: 800 });
  await signIn(consultantPage, consultant);
  await consultantPage.goto('/advertisements/earnings');
  const earning = consultantPage.locator('tr', { hasText: title });
  await expect(earning).toContainText('Garantiefall');
  await expect(earning).toContainText('5.000,00 erstattet');
  await expectAccessible(consultantPage);
  await snap(consultantPage, 'consultant');
});
