import { expect, test } from '@playwright/test';
import { consentLink } from './consent-support';
import { interviewLink, nextWorkingDay, proposeInterview, sendCandidateLink } from './interview-support';
import { introduce } from './placement-support';
import { adminLogin, createAccount, createJob, expectAccessible, run, signIn, uniqueEmail } from './support';

/**
 * The signed-in screens of both roles have no WCAG 2.1 A/AA violations (axe-core) at phone
 * and desktop width — with the demo marketplace's data in the lists.
 */

const SCREENS = [
  '/advertisements/view',
  '/advertisements/chat',
  '/advertisements/introductions',
  '/advertisements/profile',
  '/advertisements/create',
  '/advertisements/public-consultants',
  '/advertisements/payouts',
  '/advertisements/circumvention-cases',
];

for (const role of ['consultant', 'company'] as const) {
  test(`When a ${role} opens each screen at 1280 and 375 px, then axe finds no WCAG AA violation`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await createAccount(request, role, `Barrierefrei ${role} ${run()}`, uniqueEmail(`a11y-${role}`));
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, user);
      for (const url of SCREENS) {
        await page.goto(url);
        await page.locator('main, #pb-shell-main').first().waitFor();
        await page.waitForLoadState('networkidle');
        await test.step(`${url} at ${width} px`, () => expectAccessible(page));
      }
    }
  });
}

test('When a candidate opens the mailed consent link and the company its anonymised introduction at 1280 and 375 px, then axe finds no WCAG AA violation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Barrierefrei Einwilligung ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Barrierefrei Beratung ${run()}`);
  const jobTitle = `Barrierefrei Buchhalter/in ${run()}`;
  const job = await createJob(request, company, jobTitle);
  const email = uniqueEmail('a11y-candidate');
  const id = await introduce(
    request,
    consultant,
    job,
    { firstName: 'Barbara', lastName: 'Frei', email },
    { consent: 'pending' },
  );
  const link = await consentLink(request, email, jobTitle);
  // The candidate's page (/einwilligung with a valid link), never signed in.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(link);
    await expect(page.getByTestId('consent-deadline')).toBeVisible();
    await test.step(`/einwilligung at ${width} px`, () => expectAccessible(page));
  }
  // The company's introduction before the consent: the anonymised profile.
  await signIn(page, company);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/advertisements/introductions/${id}`);
    await expect(page.getByTestId('anonymous-profile')).toBeVisible();
    await test.step(`anonymised introduction at ${width} px`, () => expectAccessible(page));
  }
});

test('When a candidate opens the mailed interview link and both sides their introduction with its interviews at 1280 and 375 px, then axe finds no WCAG AA violation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Barrierefrei Interview ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Barrierefrei Terminberatung ${run()}`);
  const job = await createJob(request, company, `Barrierefrei Controller/in ${run()}`);
  const email = uniqueEmail('a11y-interview');
  const id = await introduce(request, consultant, job, { firstName: 'Ida', lastName: 'Termin', email });
  const day = nextWorkingDay();
  const interview = await proposeInterview(request, company, id, [
    { date: day, time: '10:00' },
    { date: day, time: '14:00' },
  ]);
  await sendCandidateLink(request, consultant, interview.id);
  const link = await interviewLink(request, email);
  // The candidate's page (/termin with a valid link), never signed in.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(link);
    await expect(page.getByRole('radio')).toHaveCount(2);
    await test.step(`/termin at ${width} px`, () => expectAccessible(page));
  }
  // The introduction's interviews section, as the company and as the agency sees it.
  for (const [side, member] of [
    ['company', company],
    ['agency', consultant],
  ] as const) {
    await signIn(page, member);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/advertisements/introductions/${id}`);
      await expect(page.getByTestId(`interview-${interview.id}`)).toContainText('Termine vorgeschlagen');
      await test.step(`interviews of the ${side} at ${width} px`, () => expectAccessible(page));
    }
  }
});

test('When the admin opens each back-office screen at 1280 and 375 px, then axe finds no WCAG AA violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await adminLogin(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of [
      '/admin',
      '/admin/placements',
      '/admin/introductions',
      '/admin/users',
      '/admin/organisations',
      '/admin/terms',
      '/admin/advertisements',
      '/admin/payments',
      '/admin/payouts',
      '/admin/circumvention-cases',
    ]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await test.step(`${url} at ${width} px`, () => expectAccessible(page));
    }
  }
});
