import { expect, test, type APIRequestContext } from '@playwright/test';
import { viennaDate } from '@pb/core';
import { camtXml } from '../apps/server/test/support/camt';
import { qrCodesIn } from '../apps/server/test/support/pdf-images';
import { auth, reportCompanyPlacement } from './placement-support';
import { importStatement, invoiceReport } from './money-support';
import { adminLogin, checkAtPhoneAndDesktop, createAccount, run, signIn, uniqueEmail, type Account } from './support';

/**
 * Issue 34, money coming in: the company's invoice carries the EPC payment code; the bank's
 * statement (built here from what the code says, as a banking app would pay it) is imported in
 * the back office and pays the invoice; a transfer without reference waits as 'unklar' and the
 * office assigns it by hand; the company sees both invoices paid.
 */

const reportPlacement = (request: APIRequestContext, company: Account, title: string) =>
  reportCompanyPlacement(request, company, title, 'payments');

test('When the company pays with the invoice’s code and another transfer names nothing, then the import pays one and the office assigns the other', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await createAccount(request, 'company', `Zahlerfirma ${run()}`, uniqueEmail('payments-company'));
  const first = await reportPlacement(request, company, `Controller/in ${run()}`);
  const second = await reportPlacement(request, company, `Lohnverrechner/in ${run()}`);

  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminLogin(adminPage);
  const paid = await invoiceReport(adminPage, first);
  const unclear = await invoiceReport(adminPage, second);

  // The company's invoice PDF: its payment code is what a banking app reads.
  const pdf = await request.get(paid.url, { headers: auth(company) });
  expect(pdf.status()).toBe(200);
  const [code] = await qrCodesIn(Buffer.from(await pdf.body()));
  const [, , , , bic, name, iban, amount, , reference] = code!.split('\n');
  expect([bic, name]).toEqual([expect.stringMatching(/^[A-Z0-9]{8,11}$/), expect.any(String)]);
  expect(reference).toMatch(/^RF\d{12}$/);
  const cents = Math.round(Number(amount!.slice(3)) * 100);
  const today = viennaDate(new Date());

  // The bank's statement: the transfer as paid from the code, and one without any reference.
  await adminPage.goto('/admin/payments');
  await expect(adminPage.getByRole('heading', { name: 'Zahlungen', exact: true })).toBeVisible();
  await importStatement(
    adminPage,
    `auszug-${run()}.xml`,
    camtXml({
      iban: iban!,
      statementId: `E2E-${run()}-1`,
      credits: [
        { cents, reference: reference!, debtor: company.username, bankReference: `E2E-${run()}-A`, bookedOn: today },
        {
          cents: 1_584_000,
          text: ['Vermittlung Lohnverrechnung'],
          debtor: company.username,
          bankReference: `E2E-${run()}-B`,
          bookedOn: today,
        },
      ],
    }),
  );
  await expect(adminPage.getByTestId('import-result')).toContainText(
    /2 Zahlungseingänge über €\s31\.680,00 gebucht, 1 vollständig zugeordnet, 1 unklar\. 1 Vermittlung ist nun bezahlt\./,
  );
  await checkAtPhoneAndDesktop(adminPage, 'payments-imported');

  // The transfer without reference: the office assigns it to the second invoice.
  const row = adminPage.getByRole('row', { name: /Vermittlung Lohnverrechnung/ }).first();
  await row.getByRole('button', { name: 'Zuordnen' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Zahlung zuordnen' });
  await dialog.getByLabel('Rechnungsnummer').fill('2026-12');
  await dialog.getByRole('button', { name: 'Zuordnen' }).click();
  await expect(dialog).toContainText('Bitte geben Sie die Rechnungsnummer im Format 2026-000123 an.');
  await dialog.getByLabel('Rechnungsnummer').fill(unclear.number);
  await expect(dialog.getByLabel('Betrag in EUR')).toHaveValue('15840,00');
  await checkAtPhoneAndDesktop(adminPage, 'payments-assign');
  await dialog.getByRole('button', { name: 'Zuordnen' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByTestId('success-notice')).toContainText(`Rechnung ${unclear.number} zugeordnet`);
  await expect(adminPage.getByText('Keine unklaren Zahlungen')).toBeVisible();

  // The company sees both invoices paid and the payments on its statement of account.
  const companyPage = await (await browser.newContext()).newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/billing');
  await expect(companyPage.getByRole('row', { name: new RegExp(`${paid.number}.*Bezahlt`) })).toBeVisible();
  await expect(companyPage.getByRole('row', { name: new RegExp(`${unclear.number}.*Bezahlt`) })).toBeVisible();
  await companyPage.getByText(/Alle Buchungen \(\d+\)/).click();
  await expect(companyPage.getByText(/Zahlung erhalten für/)).toHaveCount(2);
  await checkAtPhoneAndDesktop(companyPage, 'payments-company-statement');
  const download = companyPage.waitForEvent('download');
  await companyPage.getByRole('button', { name: 'Kontoauszug als PDF herunterladen' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Kontoauszug-\d{4}-\d{2}-\d{2}\.pdf$/);
});
