import { expect, test } from '@playwright/test';
import {
  addCalendarDays,
  creditorReferenceOf,
  DEFAULT_DUNNING_DAYS,
  defaultInterest,
  DUNNING_FLAT_FEE_CENTS,
  formatCents,
  OENB_BASE_RATES,
  viennaDate,
  type Invoice,
} from '@pb/core';
import { camtXml } from '../apps/server/test/support/camt';
import { pdfText, qrCodesIn } from '../apps/server/test/support/pdf-images';
import { auth, reportCompanyPlacement } from './placement-support';
import { importStatement, invoiceReport } from './money-support';
import { adminLogin, checkAtPhoneAndDesktop, createAccount, run, signIn, uniqueEmail } from './support';

/**
 * Issue 34, reminders: an invoice nobody pays gets its 'Zahlungserinnerung' 7 days after the due
 * date and its '1. Mahnung' after 21 with default interest (§ 456 UGB, per day, per rate period)
 * and the 40 € flat fee (§ 458 UGB) — the reminder run is the real daily run, started here as of
 * those days (the dev job runner, DEV_JOBS, never in production). The company sees both under the
 * invoice, the 1. Mahnung's PDF asks for the right total, and paying that total by bank statement
 * pays the invoice.
 */

test('When an invoice stays unpaid, then reminder and 1. Mahnung with the right interest follow, and paying the Mahnung pays it', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await createAccount(request, 'company', `Säumig GmbH ${run()}`, uniqueEmail('dunning-company'));
  const reportId = await reportCompanyPlacement(request, company, `Buchhalter/in ${run()}`, 'dunning');
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminLogin(adminPage);
  const invoice = await invoiceReport(adminPage, reportId);

  // The daily run on the days the steps fall due (other overdue invoices of the suite may be reminded too).
  const [reminderDays, mahnungDays] = DEFAULT_DUNNING_DAYS;
  const runAsOf = async (asOf: string) => {
    const res = await request.post('/dev/jobs/dunning', { data: { asOf } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const reminderOn = addCalendarDays(invoice.dueOn, reminderDays + 1);
  const mahnungOn = addCalendarDays(invoice.dueOn, mahnungDays + 1);
  await runAsOf(reminderOn);
  await runAsOf(mahnungOn);

  const companyPage = await (await browser.newContext()).newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/billing');
  const reminders = companyPage.getByRole('row', { name: new RegExp(invoice.number) }).getByTestId('invoice-reminders');
  await expect(reminders).toContainText('Zahlungserinnerung');
  await expect(reminders).toContainText('1. Mahnung');
  await checkAtPhoneAndDesktop(companyPage, 'dunning-company-invoice');

  // The 1. Mahnung asks for the invoice, the interest from the day after the due date, and the fee.
  const listed = (await (await request.get('/api/billing', { headers: auth(company) })).json()) as {
    data: { invoices: Invoice[] };
  };
  const mahnung = listed.data.invoices
    .find((i) => i.number === invoice.number)!
    .reminders.find((r) => r.level === 'mahnung1')!;
  const interest = defaultInterest(invoice.grossCents, invoice.dueOn, mahnungOn, OENB_BASE_RATES);
  const total = invoice.grossCents + interest.cents + DUNNING_FLAT_FEE_CENTS;
  expect(mahnung.totalCents).toBe(total);
  const pdf = await request.get(mahnung.url, { headers: auth(company) });
  expect(pdf.status()).toBe(200);
  const text = await pdfText(Buffer.from(await pdf.body()));
  const spaced = (value: string) => value.replace(/\s/g, ' ');
  expect(spaced(text)).toContain(`Bitte überweisen Sie ${spaced(formatCents(total))}`);
  expect(spaced(text)).toContain(spaced(formatCents(interest.cents)));
  expect(text).toContain('Pauschale für Betreibungskosten (§ 458 UGB)');

  // The company pays what the Mahnung asks, with the invoice's reference, to the account its code names.
  const invoicePdf = await request.get(invoice.url, { headers: auth(company) });
  const [code] = await qrCodesIn(Buffer.from(await invoicePdf.body()));
  const iban = code!.split('\n')[6]!;
  await adminPage.goto('/admin/payments');
  await importStatement(
    adminPage,
    `mahnung-${run()}.xml`,
    camtXml({
      iban,
      statementId: `E2E-${run()}-M`,
      credits: [
        {
          cents: total,
          reference: creditorReferenceOf(invoice.number),
          debtor: company.username,
          bankReference: `E2E-${run()}-MA`,
          bookedOn: viennaDate(new Date()),
        },
      ],
    }),
  );
  await companyPage.reload();
  await expect(companyPage.getByRole('row', { name: new RegExp(`${invoice.number}.*Bezahlt`) })).toBeVisible();
});
