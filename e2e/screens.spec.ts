import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Introduction, Job } from '@pb/core';
import { consentLink, consentToken } from './consent-support';
import { interviewLink, nextWorkingDay, proposeInterview, sendCandidateLink } from './interview-support';
import { auth, introduce } from './placement-support';
import { adminLogin, createAccount, createJob, demoAccount, run, signIn, uniqueEmail } from './support';

/**
 * How every screen holds together (issue 32): nothing scrolls sideways at 375 px, the menu is one
 * row at 1280 px, the bell's panel stays on a phone's screen, every irreversible button asks first
 * (and 'Abbrechen' changes nothing), and the chat says what happens to a message sent offline.
 */

const PUBLIC = ['/', '/faq', '/terms-and-conditions', '/privacy-policy', '/imprint', '/public-consultants', '/login'];
const SHARED = [
  '/advertisements/overview',
  '/advertisements/view',
  '/advertisements/chat',
  '/advertisements/introductions',
];
const ACCOUNT = ['/advertisements/profile', '/advertisements/organisation', '/advertisements/security'];
const COMPANY = [
  ...SHARED,
  '/advertisements/create',
  '/advertisements/billing',
  '/advertisements/payouts',
  '/advertisements/circumvention-cases',
  ...ACCOUNT,
];
const CONSULTANT = [
  ...SHARED,
  '/advertisements/earnings',
  '/advertisements/payouts',
  '/advertisements/searches',
  ...ACCOUNT,
];
const BACK_OFFICE = ['/admin', '/admin/advertisements', '/admin/placements', '/admin/introductions', '/admin/billing'];
const BACK_OFFICE_MORE = [
  '/admin/payments',
  '/admin/payouts',
  '/admin/circumvention-cases',
  '/admin/ratings',
  '/admin/organisations',
  '/admin/terms',
  '/admin/users',
  '/admin/audit-log',
];

async function expectNoSidewaysScroll(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.spinner-border')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls ${overflow} px sideways at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(
      0,
    );
  }
}

/** The office in a browser context of its own (the login page sends a signed-in member on). */
async function officePage(browser: Browser, width: number): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'de-AT', baseURL });
  const page = await context.newPage();
  await adminLogin(page);
  return page;
}

/**
 * A company with a long name, an advertisement with a long title, and a candidate introduced there
 * who has not answered the mailed link yet (issue 35): long words must wrap or stay in their
 * scroll container. The company, the introduction's id and the path of the candidate's page.
 */
let longNames = 0;
async function longNamesWaitingForConsent(request: APIRequestContext) {
  // Called by two tests of one run: the names (unique on the server) carry a count of their own.
  const tag = `${run()}${++longNames}`;
  const longName = `Personalvermittlungsgesellschaftmitbeschränkterhaftung${tag}`;
  const company = await createAccount(request, 'company', longName, uniqueEmail('long-name'));
  const longTitle = `Finanzbuchhaltungsassistenzstellvertretung${tag}`;
  const job = await createJob(request, company, longTitle);
  const agency = await createAccount(request, 'consultant', `Vermittlungsagentur${tag}`, uniqueEmail('long-agency'));
  const candidateEmail = uniqueEmail('long-candidate');
  const introduction = await introduce(
    request,
    agency,
    job,
    { firstName: 'Maximiliane', lastName: 'Breitenbach', email: candidateEmail },
    {
      consent: 'pending',
      profile: {
        position: 'Finanzbuchhaltungsassistenzstellvertreterin',
        experienceYears: 12,
        region: 'Niederösterreich',
        skills: ['Umsatzsteuervoranmeldungserstellung', 'Jahresabschlussvorbereitung'],
      },
    },
  );
  const consentPage = `/einwilligung#${consentToken(await consentLink(request, candidateEmail, longTitle))}`;
  return { company, introduction, consentPage };
}

test('When any screen is shown at 375 px, then nothing scrolls sideways', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  // Long words in the data (a company's name, a title) must wrap or stay in their scroll container.
  const waiting = await longNamesWaitingForConsent(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, PUBLIC);
  // The company's view of an introduction before the candidate's consent: the anonymised profile.
  await signIn(page, waiting.company);
  await expectNoSidewaysScroll(page, [`/advertisements/introductions/${waiting.introduction}`]);
  await signIn(page, await demoAccount(request, 'firma1@demo.praemienboerse.at'));
  await expectNoSidewaysScroll(page, COMPANY);
  await signIn(page, await demoAccount(request, 'berater1@demo.praemienboerse.at'));
  await expectNoSidewaysScroll(page, CONSULTANT);
  const office = await officePage(browser, 375);
  await expectNoSidewaysScroll(office, [...BACK_OFFICE, ...BACK_OFFICE_MORE]);
  await office.context().close();
});

test('When a candidate opens the mailed consent link at 375 px, then the page does not scroll sideways with long names', async ({
  page,
  request,
}) => {
  const waiting = await longNamesWaitingForConsent(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, [waiting.consentPage]);
});

test('When a candidate opens the mailed interview link and the company its interviews at 375 px, then nothing scrolls sideways with long names and a long video link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(
    request,
    'company',
    `Interviewvermittlungsgesellschaftmitbeschränkterhaftung${run()}`,
    uniqueEmail('long-interview'),
  );
  const longTitle = `Bilanzbuchhaltungsassistenzstellvertretung${run()}`;
  const job = await createJob(request, company, longTitle);
  const agency = await createAccount(
    request,
    'consultant',
    `Terminvermittlungsagentur${run()}`,
    uniqueEmail('long-interview-agency'),
  );
  const candidateEmail = uniqueEmail('long-interview-candidate');
  const introduction = await introduce(request, agency, job, {
    firstName: 'Maximiliane',
    lastName: 'Breitenbach',
    email: candidateEmail,
  });
  const day = nextWorkingDay();
  const interview = await proposeInterview(
    request,
    company,
    introduction,
    [
      { date: day, time: '10:00' },
      { date: day, time: '14:00' },
    ],
    `https://videokonferenz.example.at/besprechungsraum/${'abcdefghij'.repeat(8)}`,
  );
  await sendCandidateLink(request, agency, interview.id);
  const termin = new URL(await interviewLink(request, candidateEmail));
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, [`${termin.pathname}${termin.hash}`]);
  await signIn(page, company);
  await expectNoSidewaysScroll(page, [`/advertisements/introductions/${introduction}`]);
});

test('When the office works at 1280 px, then no page scrolls sideways and every list but the audit log fits without its own scrollbar', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const office = await officePage(browser, 1280);
  await expectNoSidewaysScroll(office, [...BACK_OFFICE, ...BACK_OFFICE_MORE]);
  // Every tab of the back office side by side, none behind the strip's scrollbar.
  const tabs = office.getByRole('navigation', { name: 'Bereiche des Backoffice' });
  const [tabsWidth, tabsShown] = await tabs.evaluate((strip) => [strip.scrollWidth, strip.clientWidth]);
  expect(tabsWidth, 'the back office tabs scroll at 1280 px').toBeLessThanOrEqual(tabsShown!);
  for (const path of [...BACK_OFFICE, ...BACK_OFFICE_MORE].filter((p) => p !== '/admin/audit-log')) {
    await office.goto(path);
    await office.waitForLoadState('networkidle');
    for (const table of await office.locator('main table').all()) {
      const [scrollWidth, clientWidth] = await table.evaluate((t) => [
        t.parentElement!.scrollWidth,
        t.parentElement!.clientWidth,
      ]);
      expect(scrollWidth, `a list on ${path} scrolls inside its frame at 1280 px`).toBeLessThanOrEqual(
        clientWidth! + 1,
      );
    }
  }
  await office.context().close();
});

test('When a member works at 1280 px, then the menu is one row and the settings are in the account menu', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, await demoAccount(request, 'firma1@demo.praemienboerse.at'));
  await page.goto('/advertisements/billing');
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Rechnungen' })).toBeVisible();
  const tops = await menu
    .locator('.navbar-nav > a.nav-link')
    .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThanOrEqual(5);
  expect(new Set(tops).size).toBe(1);
  expect((await menu.boundingBox())?.height).toBeLessThan(130);

  await page.getByTestId('account-menu-button').click();
  await page.getByRole('link', { name: 'Unternehmensprofil bearbeiten' }).click();
  await expect(page).toHaveURL(/\/advertisements\/profile$/);
  await expect(page.locator('#pb-account-menu')).toHaveCount(0);
  // Escape closes the account menu and gives the focus back to its button.
  await page.getByTestId('account-menu-button').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#pb-account-menu')).toHaveCount(0);
  await expect(page.getByTestId('account-menu-button')).toBeFocused();
});

test('When a phone user opens the bell, then its panel lies on the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await signIn(page, await demoAccount(request, 'firma1@demo.praemienboerse.at'));
  await page.goto('/advertisements/view');
  // On a phone the bell sits beside the menu toggler, without opening the menu.
  await page.getByTestId('notification-bell').click();
  const panel = page.getByRole('region', { name: 'Benachrichtigungen' });
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.y + box!.height).toBeLessThanOrEqual(700);
});

/** Clicks `button`, expects a dialog named `title` saying `says`, and cancels it. */
async function expectAskedFirst(page: Page, button: string, title: RegExp | string, says: RegExp | string) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(says);
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
}

test('When a company or the office presses an irreversible button, then it asks first and cancelling changes nothing', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const company = await demoAccount(request, 'firma1@demo.praemienboerse.at');
  const listed = await request.get('/api/introductions', { headers: auth(company) });
  const introductions = ((await listed.json()) as { data: Introduction[] }).data;
  const open = introductions.find((i) => i.nextStatuses.includes('eingestellt'));
  expect(open, 'a demo introduction the company can still move').toBeTruthy();

  await signIn(page, company);
  await page.goto(`/advertisements/introductions/${open!.id}`);
  await expectAskedFirst(page, 'Eingestellt', 'Auf „Eingestellt“ setzen', 'Damit fällt die Vermittlungsprämie');
  const after = await request.get(`/api/introductions/${open!.id}`, { headers: auth(company) });
  expect(((await after.json()) as { data: Introduction }).data.status).toBe(open!.status);

  const organisationId = company.login.user.organisation!.organisationId;
  const own = await request.get(
    `/api/jobs?filters[organisation][id][$eq]=${organisationId}&sort=createdAt:desc&pagination[limit]=1`,
    { headers: auth(company) },
  );
  const job = ((await own.json()) as { data: Job[] }).data[0]!;
  await page.goto(`/advertisements/create/update/${job.id}`);
  await page.getByLabel('Prämie in % des Bruttojahresgehalts').fill('11');
  await expectAskedFirst(page, 'Prämie hinzufügen', /Prämie (senken|ändern)/, 'auf 11 %');
  await page.goto('/advertisements/create');
  await expectAskedFirst(page, `Inserat ${job.jobTitle} löschen`, `Inserat '${job.jobTitle}' löschen`, job.jobTitle);
  // Read back: the advertisement is still there, active, with its bonus.
  const unchanged = await request.get(`/api/jobs/${job.id}`, { headers: auth(company) });
  expect(unchanged.status()).toBe(200);
  const kept = ((await unchanged.json()) as { data: Job }).data;
  expect(kept.currentPlacementBonus ?? kept.placementBonus).toBe(job.currentPlacementBonus ?? job.placementBonus);
  expect(kept.publishedAt).not.toBeNull();

  const office = await officePage(browser, 1280);
  await office.goto('/admin/advertisements');
  const activeRow = office.getByRole('row').filter({ has: office.getByRole('button', { name: 'Deaktivieren' }) });
  const adTestId = (await activeRow.first().getAttribute('data-testid'))!;
  await expectAskedFirst(office, 'Deaktivieren', 'Inserat deaktivieren', 'nicht mehr sichtbar');
  const sameAd = office.getByTestId(adTestId);
  await expect(sameAd).toContainText('Aktiv');
  await expect(sameAd).not.toContainText('Deaktiviert');
  await office.goto('/admin/users');
  const lockable = office
    .getByRole('row')
    .filter({ has: office.getByRole('button', { name: 'Sperren', exact: true }) });
  const userTestId = (await lockable.first().getAttribute('data-testid'))!;
  await expectAskedFirst(office, 'Sperren', /sperren/, 'wird sofort abgemeldet');
  await expect(office.getByTestId(userTestId)).not.toContainText('Gesperrt');
  await office.context().close();
});

test('When a consultant writes while offline, then the chat says the message waits and sends it once back online', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, await demoAccount(request, 'berater1@demo.praemienboerse.at'));
  await page.goto('/advertisements/chat');
  await page.getByTestId('chat-row').first().click();
  const box = page.getByLabel('Nachricht', { exact: true });
  // The composer is whole on a 1280 × 800 screen.
  const composer = await box.boundingBox();
  expect(composer!.y + composer!.height).toBeLessThanOrEqual(800);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('Keine Internetverbindung.');
  const text = `Offline geschrieben ${Date.now()}`;
  await box.fill(text);
  await page.getByRole('button', { name: 'Senden' }).click();
  const pending = page.getByTestId('chat-pending-message');
  await expect(pending).toContainText(text);
  await expect(pending).toContainText('wird gesendet, sobald die Verbindung wieder besteht');
  const composerOffline = await box.boundingBox();
  expect(composerOffline!.y + composerOffline!.height).toBeLessThanOrEqual(800);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(pending).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Nachrichten' })).toContainText(text);
});
