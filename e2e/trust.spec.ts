import { expect, test, type APIRequestContext } from '@playwright/test';
import { ratingSavedNotice } from '@pb/core';
import { introduce, moveIntroduction } from './placement-support';
import {
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
 * Trust from data (issue 36) on the demo marketplace: its history gives every demo company figures
 * (Alpenblick Hotels answers within hours, Wiener Pflegeverbund takes more than 5 working days),
 * Sabine Huber Personalberatung publishes its track record, Lena Steiner HR Consulting does not.
 */

const DEMO = (name: string) => `${name}@demo.praemienboerse.at`;

interface IntroductionRow {
  id: number;
  advertisement: { jobTitle: string };
  agency: { id: number | null; name: string | null };
}

async function introductionOf(request: APIRequestContext, company: Account, jobTitle: string, agency: string) {
  const answer = await request.get('/api/introductions?limit=100', {
    headers: { authorization: `Bearer ${company.jwt}` },
  });
  expect(answer.status()).toBe(200);
  const rows = ((await answer.json()) as { data: IntroductionRow[] }).data;
  const found = rows.find((r) => r.advertisement.jobTitle === jobTitle && r.agency.name?.startsWith(agency));
  expect(found, `${jobTitle} by ${agency}`).toBeDefined();
  return found!;
}

test('When a consultant sorts the advertisements by the fastest answer, then a fast company comes first and its advertisement says it answers mostly within 1 working day', async ({
  page,
  request,
}) => {
  await signIn(page, await demoAccount(request, DEMO('berater1')));
  await page.goto('/advertisements/view');
  const rows = page.getByTestId('job-rows').getByRole('listitem');
  await expect(rows.first()).toBeVisible();

  await page.getByLabel('Sortierung').selectOption('companyResponse');
  await expect(page).toHaveURL(/companyResponse/);
  const first = rows.first();
  await expect(first).toContainText('antwortet meist innerhalb von 1 Arbeitstag');
  await checkAtPhoneAndDesktop(page, 'trust-browser-sorted');

  // The slowest company is filtered out by 'innerhalb von 2 Arbeitstagen'.
  await page.getByText('Weitere Filter').click();
  await page.getByLabel('Antwortzeit des Unternehmens').selectOption({ label: 'innerhalb von 2 Arbeitstagen' });
  await expect(page).toHaveURL(/respondsWithin=2/);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('job-rows')).not.toContainText('Wiener Pflegeverbund');
  await expect(page.getByTestId('job-rows')).not.toContainText('mehr als 5 Arbeitstagen');

  await first.getByRole('button').click();
  const section = page.getByTestId('company-trust');
  await expect(section).toContainText('antwortet meist innerhalb von 1 Arbeitstag');
  await expect(section.getByText(/der Vorstellungen wurden innerhalb von 2 Arbeitstagen beantwortet/)).toBeVisible();
  await checkAtPhoneAndDesktop(page, 'trust-advertisement');

  await section.getByRole('link', { name: 'Profil des Unternehmens' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('trust-chart').first()).toBeVisible();
  await checkAtPhoneAndDesktop(page, 'trust-company-page');
});

test("When a company opens an introduction, then it sees the agency's track record and, on the agency's page, its funnel; an agency that does not publish says so", async ({
  page,
  request,
}) => {
  const company = await demoAccount(request, DEMO('firma1'));
  const published = await introductionOf(request, company, 'Rezeptionist/in', 'Sabine Huber');
  const hidden = await introductionOf(request, company, 'Hausdame', 'Lena Steiner');
  await signIn(page, company);

  await page.goto(`/advertisements/introductions/${published.id}`);
  const card = page.getByTestId('agency-trust');
  await expect(card).toContainText('Sabine Huber Personalberatung');
  await expect(card).toContainText(
    /In den letzten 12 Monaten: \d+ Vorstellungen, \d+ davon mit Interview, \d+ Einstellung/,
  );
  await checkAtPhoneAndDesktop(page, 'trust-introduction-agency');

  await card.getByRole('link', { name: 'Sabine Huber Personalberatung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sabine Huber Personalberatung' })).toBeVisible();
  await expect(page.getByText(/In den letzten 12 Monaten: \d+ Vorstellungen/)).toBeVisible();
  await expect(page.getByTestId('trust-chart').first()).toBeVisible();
  await expect(page.getByText('Sehr gut vorbereitete Kandidatin.')).toBeVisible();
  await checkAtPhoneAndDesktop(page, 'trust-agency-page');

  await page.goto(`/advertisements/introductions/${hidden.id}`);
  await expect(page.getByTestId('agency-trust')).toContainText(
    'Diese Personalvermittlung veröffentlicht ihre Kennzahlen nicht.',
  );
});

test('When the consultant rates a hire first, then the rating is blind; the company is told until when, rates after asking, and both count at once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Blindtest Hotel ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Blindtest Personal ${run()}`);
  const job = await createJob(request, company, `Blindtest Koch/Köchin ${run()}`);
  const id = await introduce(request, consultant, job, {
    firstName: 'Bea',
    lastName: 'Blind',
    email: uniqueEmail('blind-candidate'),
  });
  await moveIntroduction(request, company, id, 'eingestellt');

  const rate = async (scores: [number, number, number]) => {
    const section = page.getByTestId('rating');
    const criteria = [/^Kommunikation/, /^Qualität/, /^Schnelligkeit/];
    for (const [n, name] of criteria.entries()) {
      const star = section.getByRole('group', { name }).getByRole('radio', { name: `${scores[n]} von 5 Sternen` });
      await star.focus();
      await page.keyboard.press('Space');
      await expect(star).toBeChecked();
    }
    await section.getByRole('button', { name: 'Bewertung abschicken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bewertung abschicken?' });
    await dialog.getByRole('button', { name: 'Bewertung abschicken' }).click();
    await expect(dialog).toBeHidden();
  };

  await signIn(page, consultant);
  await page.goto(`/advertisements/introductions/${id}`);
  await rate([4, 4, 5]);
  await expect(page.getByText(ratingSavedNotice(false, false))).toBeVisible();
  await expect(page.getByTestId('rating-blind')).toContainText('Verdeckt');
  await checkAtPhoneAndDesktop(page, 'rating-blind-own');

  await signIn(page, company);
  await page.goto(`/advertisements/introductions/${id}`);
  await expect(page.getByTestId('rating-other-side')).toContainText('hat diese Vorstellung bereits bewertet');
  await checkAtPhoneAndDesktop(page, 'rating-other-side-rated');
  await rate([5, 3, 4]);
  await expect(page.getByText(ratingSavedNotice(true, false))).toBeVisible();
  await expect(page.getByTestId('rating-own')).toBeVisible();
  await expect(page.getByTestId('rating-blind')).toHaveCount(0);
});
