import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createJob, uniqueEmail, type Account } from './support';

/** Helpers of the placement journeys (e2e/placements.spec.ts, e2e/placement-review.spec.ts). */

export const auth = (account: Account) => ({ authorization: `Bearer ${account.jwt}` });
export const titlePattern = (title: string) => new RegExp(title.replace(/[/()]/g, '.'));

/** A consultant's introduction of a candidate through the API (as the introduce dialog sends it); its id. */
export async function introduce(
  request: APIRequestContext,
  consultant: Account,
  advertisement: number,
  candidate: { firstName: string; lastName: string; email: string },
): Promise<number> {
  const made = await request.post('/api/introductions', {
    headers: auth(consultant),
    data: { advertisement, ...candidate, phone: '+43 660 1112233', consent: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

/** The company moves an introduction along its stages (as the introduction's detail does). */
export async function moveIntroduction(request: APIRequestContext, company: Account, id: number, status: string) {
  const moved = await request.post(`/api/introductions/${id}/status`, {
    headers: auth(company),
    data: { data: { status } },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** The company's invoice address and recruiter in its report dialog. */
export async function fillCompanyReport(dialog: Locator, recruiter: { name: string; email: string }) {
  await dialog.getByLabel('Bruttojahresgehalt').fill('60000');
  await dialog.getByLabel('Personalberater/in').fill(recruiter.name);
  await dialog.getByLabel('E-Mail des Personalberaters').fill(recruiter.email);
  await dialog.getByLabel('Straße', { exact: true }).fill('Ringstraße');
  await dialog.getByLabel('Hausnummer').fill('5');
  await dialog.getByLabel('Postleitzahl').fill('1010');
  await dialog.getByLabel('Ort', { exact: true }).fill('Wien');
  await dialog.getByLabel('UID-Nummer').fill('ATU12345678');
}

/** Counts the report requests the page sends (to show that an incomplete form sends none). */
export function countReports(page: Page): () => number {
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/placement-reports') sent += 1;
  });
  return () => sent;
}

/** The company reports a hire of 20 % on 60,000 € for a new advertisement of its own (the money journeys); the report's id. */
export async function reportCompanyPlacement(
  request: APIRequestContext,
  company: Account,
  title: string,
  label: string,
): Promise<number> {
  const advertisement = await createJob(request, company, title);
  const res = await request.post('/api/placement-reports', {
    headers: auth(company),
    data: {
      data: {
        variant: 'company',
        advertisement,
        companyName: company.username,
        jobTitle: title,
        contactPerson: 'Eva Berger',
        placementBonus: 20,
        actualSalary: 60000,
        recruiter: 'Sabine Recruiting',
        recruiterMail: uniqueEmail(`${label}-recruiter`),
        street: 'Ringstraße',
        houseNr: '5',
        postalCode: '1010',
        city: 'Wien',
        uid: 'ATU12345678',
        candidateEmail: uniqueEmail(`${label}-hired`),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
