import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Introduction } from '@pb/core';
import { confirmConsent, PROFILE, type ProfileInput } from './consent-support';
import { createJob, uniqueEmail, type Account } from './support';

/** Helpers of the placement journeys (e2e/placements.spec.ts, e2e/placement-review.spec.ts). */

export const auth = (account: Account) => ({ authorization: `Bearer ${account.jwt}` });
export const titlePattern = (title: string) => new RegExp(title.replace(/[/()]/g, '.'));

/**
 * A consultant's introduction of a candidate through the API (as the introduce dialog sends it:
 * e-mail and anonymised profile); the candidate then confirms the mailed link, so the company
 * sees who it is and may move it past 'In Prüfung' (`consent: 'pending'` leaves the answer open).
 * Its id.
 */
export async function introduce(
  request: APIRequestContext,
  consultant: Account,
  advertisement: number,
  candidate: { firstName: string; lastName: string; email: string; phone?: string },
  { consent = 'confirmed', profile = PROFILE }: { consent?: 'confirmed' | 'pending'; profile?: ProfileInput } = {},
): Promise<number> {
  const made = await request.post('/api/introductions', {
    headers: auth(consultant),
    data: { advertisement, phone: '+43 660 1112233', ...candidate, profile },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { data } = (await made.json()) as { data: Introduction };
  if (consent === 'confirmed') await confirmConsent(request, candidate.email, data.advertisement.jobTitle);
  return data.id;
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

/** What a company's report may say otherwise than the money journeys' defaults (20 %, its recruiter Sabine, no introduction). */
export interface CompanyHire {
  placementBonus?: number;
  recruiter?: string;
  recruiterMail?: string;
  /** The introduction of the hired candidate (the agency's claim), and the hired person's e-mail (as introduced). */
  introduction?: number;
  candidateEmail?: string;
}

/**
 * The company's report of a hire on `advertisement` through the API: 20 % on 60,000 € (or as `hire`
 * says), invoice address in Vienna, new e-mails made from `label`; the report's id.
 */
export async function reportCompanyHire(
  request: APIRequestContext,
  company: Account,
  advertisement: number,
  title: string,
  label: string,
  hire: CompanyHire = {},
): Promise<number> {
  const res = await request.post('/api/placement-reports', {
    headers: auth(company),
    data: {
      data: {
        variant: 'company',
        advertisement,
        companyName: company.username,
        jobTitle: title,
        contactPerson: 'Eva Berger',
        placementBonus: hire.placementBonus ?? 20,
        actualSalary: 60000,
        recruiter: hire.recruiter ?? 'Sabine Recruiting',
        recruiterMail: hire.recruiterMail ?? uniqueEmail(`${label}-recruiter`),
        street: 'Ringstraße',
        houseNr: '5',
        postalCode: '1010',
        city: 'Wien',
        uid: 'ATU12345678',
        candidateEmail: hire.candidateEmail ?? uniqueEmail(`${label}-hired`),
        ...(hire.introduction === undefined ? {} : { introduction: hire.introduction }),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** The company reports a hire of 20 % on 60,000 € for a new advertisement of its own (the money journeys); the report's id. */
export async function reportCompanyPlacement(
  request: APIRequestContext,
  company: Account,
  title: string,
  label: string,
): Promise<number> {
  return reportCompanyHire(request, company, await createJob(request, company, title), title, label);
}
