import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { validateXML } from 'xmllint-wasm';
import { addCalendarDays, GUARANTEE_DAYS, STORAGE_KEYS, TERMINATION_NOTICE_DAYS, viennaDate } from '@pb/core';
import { auth, introduce, reportCompanyHire, reportCompanyPlacement } from './placement-support';
import {
  adminLogin,
  checkAtPhoneAndDesktop,
  createAccount,
  createJob,
  demoAccount,
  run,
  signIn,
  uniqueEmail,
  type Account,
} from './support';

/**
 * Issue 34, money going out: a guarantee claim on a paid invoice becomes a refund to the company;
 * the company names its account, the office puts the refund into a payment order (a pain.001.001.09
 * file valid against the ISO schema), marks it paid, and the company sees it transferred on its
 * statement. The demo agency sees its self-billing credit note, objects to it (the office resolves
 * the objection before paying it) and withdraws its agreement and gives it again. (The agency
 * share of a new placement needs 68 days to pass; the API tests move the clock for it.)
 */

const XSD = readFileSync(new URL('../apps/server/test/fixtures/pain.001.001.09.xsd', import.meta.url), 'utf8');
const REFUND_IBAN = 'AT041200051564166566';

async function adminHeaders(page: Page) {
  const token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
  return { authorization: `Bearer ${token}` };
}

/** Reported, invoiced and paid (the office's click), then a guarantee claim the office accepts. */
async function refundedPlacement(request: APIRequestContext, admin: Page, company: Account, title: string) {
  const id = await reportCompanyPlacement(request, company, title, 'payouts');
  const headers = await adminHeaders(admin);
  for (const status of ['verrechnet', 'bezahlt']) {
    const res = await admin.request.put(`/api/admin/placement-reports/${id}/status`, { headers, data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const today = viennaDate(new Date());
  const claim = await request.post(`/api/placements/${id}/guarantee-claim`, {
    headers: auth(company),
    data: {
      data: {
        // Reported today: the employment cannot have started before, and ended the same day.
        employmentStart: today,
        employmentEnd: today,
        endedBy: 'arbeitgeber',
        note: 'Kündigung in der Probezeit',
      },
    },
  });
  expect(claim.status(), await claim.text()).toBe(201);
  const claimId = ((await claim.json()) as { data: { id: number } }).data.id;
  const decided = await admin.request.put(`/api/admin/guarantee-claims/${claimId}`, {
    headers,
    data: { data: { decision: 'angenommen' } },
  });
  expect(decided.status(), await decided.text()).toBe(200);
}

test('When a paid placement’s guarantee claim is accepted, then the refund is paid out through a payment order and shows on the statement', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await createAccount(request, 'company', `Erstattungsfirma ${run()}`, uniqueEmail('payouts-company'));
  const title = `Rezeptionist/in ${run()}`;
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminLogin(adminPage);
  await refundedPlacement(request, adminPage, company, title);

  // The company sees the refund and names the account for it.
  const companyPage = await (await browser.newContext()).newPage();
  await companyPage.setViewportSize({ width: 1280, height: 900 });
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/payouts');
  const refundRow = companyPage.getByRole('row', { name: new RegExp(`Rückerstattung.*${title.replace('/', '.')}`) });
  await expect(refundRow).toContainText('7.920,00');
  await expect(refundRow).toContainText('Vorgemerkt');
  await companyPage.getByLabel('Kontoinhaber/in').fill(company.username);
  await companyPage.getByLabel('IBAN').fill('AT04 1200 0515 6416 6567');
  await companyPage.getByRole('button', { name: 'Speichern' }).click();
  await expect(companyPage.getByRole('alert')).toContainText('Bitte geben Sie eine gültige IBAN an');
  await companyPage.getByLabel('IBAN').fill('AT04 1200 0515 6416 6566');
  await companyPage.getByRole('button', { name: 'Speichern' }).click();
  await expect(companyPage.getByText('Auszahlungskonto gespeichert.')).toBeVisible();
  await checkAtPhoneAndDesktop(companyPage, 'payouts-company');

  // The office puts it into a payment order and downloads the file for the bank.
  await adminPage.goto('/admin/payouts');
  await expect(adminPage.getByRole('heading', { name: 'Auszahlungen', exact: true })).toBeVisible();
  const item = adminPage.getByRole('row', { name: new RegExp(company.username) });
  await item.getByRole('checkbox').check();
  await checkAtPhoneAndDesktop(adminPage, 'payouts-office');
  await adminPage.getByRole('button', { name: 'Zahlungsauftrag erstellen' }).click();
  const ask = adminPage.getByRole('dialog', { name: 'Zahlungsauftrag erstellen' });
  await expect(ask).toContainText('1 Überweisung über € 7.920,00');
  await ask.getByRole('button', { name: 'Zahlungsauftrag erstellen' }).click();
  await expect(adminPage.getByTestId('success-notice')).toContainText('Der Zahlungsauftrag wurde erstellt.');
  const batches = (await (
    await adminPage.request.get('/api/admin/payout-batches', { headers: await adminHeaders(adminPage) })
  ).json()) as { data: Array<{ id: number; messageId: string; fileUrl: string; items: Array<{ iban: string }> }> };
  const batch = batches.data.find((b) => b.items.some((i) => i.iban === REFUND_IBAN))!;
  const download = adminPage.waitForEvent('download');
  await adminPage
    .getByRole('button', { name: `Datei des Zahlungsauftrags ${batch.messageId} herunterladen` })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Zahlungsauftrag-${batch.messageId}.xml`);
  const xml = readFileSync((await file.path())!, 'utf8');
  const validation = await validateXML({ xml: [{ fileName: 'auftrag.xml', contents: xml }], schema: [XSD] });
  expect(validation.errors).toEqual([]);
  // Valid against the schema; its header sums up one transfer (the API tests parse it field by field).
  expect(xml).toContain('<NbOfTxs>1</NbOfTxs><CtrlSum>7920.00</CtrlSum>');
  expect(xml).toContain(`<IBAN>${REFUND_IBAN}</IBAN>`);

  // The bank executed it: the office marks it paid (asked first), the company sees it transferred.
  const card = adminPage.getByTestId(`payout-batch-${batch.id}`);
  await card.getByRole('button', { name: 'Ausgezahlt', exact: true }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Überweisung ausgezahlt' });
  await confirm.getByRole('button', { name: 'Als ausgezahlt markieren' }).click();
  await expect(adminPage.getByTestId('success-notice')).toContainText('ist als ausgezahlt markiert');
  await expect(card).not.toContainText('Fehlgeschlagen');

  await companyPage.reload();
  await expect(refundRow).toContainText('Ausgezahlt');
  await companyPage.goto('/advertisements/billing');
  await companyPage.getByText(/Alle Buchungen \(\d+\)/).click();
  await expect(companyPage.getByText(`Rückerstattung überwiesen für „${title}“`)).toBeVisible();
});

test('When the demo agency opens its payouts, then it sees its credit note and can download it', async ({
  browser,
  request,
}) => {
  const agency = await demoAccount(request, 'berater1@demo.praemienboerse.at');
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, agency);
  await page.goto('/advertisements/payouts');
  const row = page.getByRole('row', { name: /Vermittlungsprämie.*Küchenchef/ });
  await expect(row).toContainText(/Gutschrift GS-\d{4}-\d{6}/);
  await expect(page.getByText(/Der Abrechnung mit Gutschrift zugestimmt am/)).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('button').first().click();
  expect((await download).suggestedFilename()).toMatch(/^Gutschrift-GS-\d{4}-\d{6}\.pdf$/);
  await checkAtPhoneAndDesktop(page, 'payouts-agency');
});

/**
 * A fresh agency with its own settled credit note (each run and repeat objects to a new one): its
 * legal identity and payout account, a company's report naming its introduction, invoiced and paid,
 * then the daily settlement run as of the day the share falls due (the dev job runner, DEV_JOBS).
 */
async function agencyWithCreditNote(request: APIRequestContext, admin: Page): Promise<Account> {
  const agency = await createAccount(
    request,
    'consultant',
    `Einspruch Recruiting ${run()}`,
    uniqueEmail('objection-agency'),
  );
  const identity = await request.put('/api/organisation/legal-identity', {
    headers: auth(agency),
    data: {
      name: agency.username,
      legalForm: 'GmbH',
      street: 'Landstraßer Hauptstraße 5',
      postalCode: '1030',
      city: 'Wien',
      registerNumber: 'FN 33209m',
      uid: 'ATU13585627',
      gisaNumber: '12345678',
    },
  });
  expect(identity.status(), await identity.text()).toBe(200);
  const account = await request.put('/api/organisation/payout-account', {
    headers: auth(agency),
    data: {
      data: {
        accountHolder: agency.username,
        iban: 'AT483200000012345864',
        vatStatus: 'regelbesteuert',
        selfBillingAgreed: true,
      },
    },
  });
  expect(account.status(), await account.text()).toBe(200);
  const company = await createAccount(request, 'company', `Einspruch GmbH ${run()}`, uniqueEmail('objection-company'));
  const title = `Küchenchef ${run()}`;
  const advertisement = await createJob(request, company, title);
  const candidateEmail = uniqueEmail('objection-candidate');
  const introduction = await introduce(request, agency, advertisement, {
    firstName: 'Eva',
    lastName: 'Einspruch',
    email: candidateEmail,
  });
  const id = await reportCompanyHire(request, company, advertisement, title, 'objection', {
    introduction,
    candidateEmail,
  });
  const headers = await adminHeaders(admin);
  for (const status of ['verrechnet', 'bezahlt']) {
    const res = await admin.request.put(`/api/admin/placement-reports/${id}/status`, { headers, data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const due = addCalendarDays(viennaDate(new Date()), GUARANTEE_DAYS + TERMINATION_NOTICE_DAYS + 1);
  const settled = await request.post('/dev/jobs/agency-shares', { data: { asOf: due } });
  expect(settled.status(), await settled.text()).toBe(200);
  return agency;
}

test('When an agency objects to its credit note, then the office cannot pay it until it resolves the objection, and the agency reads how', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminLogin(adminPage);
  const agency = await agencyWithCreditNote(request, adminPage);
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, agency);
  await page.goto('/advertisements/payouts');
  const row = page.getByRole('row', { name: /Vermittlungsprämie.*Küchenchef/ });
  const number = (await row
    .getByText(/GS-\d{4}-\d{6}/)
    .first()
    .textContent())!.match(/GS-\d{4}-\d{6}/)![0];

  // The agency objects: the dialog says what that means and asks for the reason.
  await row.getByRole('button', { name: `Widersprechen: Gutschrift ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Der Gutschrift widersprechen' });
  await expect(dialog).toContainText('gilt dann nicht mehr als Ihre Rechnung');
  await dialog.getByLabel('Begründung').fill('Vereinbart war eine Prämie von 16 %, nicht 18 %.');
  await checkAtPhoneAndDesktop(page, 'payouts-agency-objection');
  await dialog.getByRole('button', { name: 'Widerspruch senden' }).click();
  await expect(page.getByTestId('success-notice')).toContainText('Ihr Widerspruch wurde an das Backoffice gesendet.');
  await expect(row).toContainText('Widersprochen am');

  // The office sees it, cannot select the payout, and resolves the objection with a note.
  await adminPage.goto('/admin/payouts');
  const item = adminPage.getByRole('row', { name: new RegExp(number) });
  await expect(item).toContainText('Widerspruch: Vereinbart war eine Prämie von 16 %');
  await expect(item.getByRole('checkbox')).toBeDisabled();
  await checkAtPhoneAndDesktop(adminPage, 'payouts-office-objection');
  await item.getByRole('button', { name: `Widerspruch erledigen: Gutschrift ${number}` }).click();
  const resolve = adminPage.getByRole('dialog', { name: 'Widerspruch erledigen' });
  await resolve.getByLabel('Wie wurde der Widerspruch erledigt?').fill('Laut Inserat waren 18 % vereinbart.');
  await resolve.getByRole('button', { name: 'Als erledigt vermerken' }).click();
  await expect(adminPage.getByTestId('success-notice')).toContainText(`Gutschrift ${number} ist erledigt`);
  await expect(item).toContainText('Laut Inserat waren 18 % vereinbart.');
  await expect(item.getByRole('checkbox')).toBeEnabled();

  await page.reload();
  await expect(row).toContainText('Laut Inserat waren 18 % vereinbart.');
  await checkAtPhoneAndDesktop(page, 'payouts-agency-objected');

  // The agency withdraws its agreement (asked first) and agrees again by saving its account with it.
  await page.getByRole('button', { name: 'Zustimmung widerrufen' }).click();
  const ask = page.getByRole('dialog', { name: 'Zustimmung widerrufen' });
  await expect(ask).toContainText('Bereits ausgestellte Gutschriften bleiben gültig');
  await ask.getByRole('button', { name: 'Zustimmung widerrufen' }).click();
  await expect(page.getByTestId('success-notice')).toContainText(
    'Zustimmung zur Abrechnung mit Gutschrift wurde widerrufen',
  );
  await expect(page.getByTestId('self-billing-not-agreed')).toBeVisible();
  await checkAtPhoneAndDesktop(page, 'payouts-agency-withdrawn');
  await page.getByRole('checkbox', { name: /Wir sind damit einverstanden/ }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Auszahlungskonto gespeichert.')).toBeVisible();
  await expect(page.getByText(/Der Abrechnung mit Gutschrift zugestimmt am/)).toBeVisible();
});
