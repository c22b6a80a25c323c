import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS, type Invoice } from '@pb/core';

/** The money journeys' back-office steps (payments, dunning): the office's token, invoicing a report, importing a statement. */

export async function adminToken(page: Page): Promise<string> {
  return (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
}

/** The office sets the report 'verrechnet'; the invoice issued for it. */
export async function invoiceReport(page: Page, reportId: number): Promise<Invoice> {
  const headers = { authorization: `Bearer ${await adminToken(page)}` };
  const res = await page.request.put(`/api/admin/placement-reports/${reportId}/status`, {
    headers,
    data: { status: 'verrechnet' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const invoices = (await (await page.request.get('/api/admin/invoices', { headers })).json()) as { data: Invoice[] };
  const found = invoices.data.find((i) => i.placementReportId === reportId && i.kind === 'rechnung');
  expect(found).toBeDefined();
  return found!;
}

/** On the office's 'Zahlungen': upload a camt file, confirm, and see it imported. */
export async function importStatement(page: Page, name: string, xml: string): Promise<void> {
  await page.getByLabel('Datei im Format camt.053 oder camt.054 (XML)').setInputFiles({
    name,
    mimeType: 'application/xml',
    buffer: Buffer.from(xml),
  });
  await page.getByRole('button', { name: 'Importieren', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Kontoauszug importieren' });
  await expect(ask).toContainText(name);
  await ask.getByRole('button', { name: 'Importieren und buchen' }).click();
  await expect(page.getByTestId('success-notice')).toContainText('Der Kontoauszug wurde importiert.');
}
