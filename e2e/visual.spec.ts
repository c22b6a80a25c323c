import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccount, signIn } from './support';

/**
 * Visual regression baseline: every public page and the main signed-in screens at 375 and 1280 px,
 * whole, compared with e2e/__screenshots__ (update with `npx playwright test --project visual
 * --update-snapshots` after a change that is meant, and look at the new images before committing
 * them). Runs on a server of its own with only the demo data (playwright.config.ts), and only reads.
 * Dates depend on the day the demo data was made: they are masked.
 */

const WIDTHS = [375, 1280] as const;

// The landing's logo strip moves unless the system asks for reduced motion: still for the comparison.
test.use({ reducedMotion: 'reduce' });

const PUBLIC_SCREENS = [
  { name: 'landing', path: '/' },
  { name: 'faq', path: '/faq' },
  { name: 'terms', path: '/terms-and-conditions' },
  { name: 'privacy', path: '/privacy-policy' },
  { name: 'imprint', path: '/imprint' },
  { name: 'not-found', path: '/404' },
  { name: 'public-consultants', path: '/public-consultants' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot-password', path: '/forgot-password' },
];

const CONSULTANT_SCREENS = [
  { name: 'consultant-overview', path: '/advertisements/overview' },
  { name: 'consultant-browser', path: '/advertisements/view' },
  { name: 'consultant-chat', path: '/advertisements/chat' },
  { name: 'consultant-introductions', path: '/advertisements/introductions' },
  { name: 'consultant-earnings', path: '/advertisements/earnings' },
  { name: 'consultant-payouts', path: '/advertisements/payouts' },
  { name: 'consultant-profile', path: '/advertisements/profile' },
  { name: 'consultant-public-consultants', path: '/advertisements/public-consultants' },
];

const COMPANY_SCREENS = [
  { name: 'company-overview', path: '/advertisements/overview' },
  { name: 'company-own-advertisements', path: '/advertisements/create' },
  { name: 'company-introductions', path: '/advertisements/introductions' },
  { name: 'company-pipeline', path: '/advertisements/introductions?ansicht=spalten' },
  { name: 'company-billing', path: '/advertisements/billing' },
  { name: 'company-organisation', path: '/advertisements/organisation' },
  { name: 'company-profile', path: '/advertisements/profile' },
];

/** The demo's circumvention case is the software company's (firma3): its hearing waits for the answer. */
const HEARD_COMPANY_SCREENS = [{ name: 'company-circumvention-cases', path: '/advertisements/circumvention-cases' }];

/** What changes with the day or the second: dates, times and relative ages. */
function volatile(page: Page): Locator[] {
  return [
    page.locator('time'),
    page.getByText(/\b\d{1,2}\.\d{1,2}\.\d{4}\b/),
    page.getByText(/\b\d{1,2}:\d{2}\b/),
    page.getByText(/\bvor \d+ (Sekunden|Minuten|Stunden|Tagen|Wochen|Monaten)\b|\bvor (einer|einem) /),
  ];
}

/** Once the page has its data: no request in flight, no spinner, fonts and images loaded. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner-border')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A full-page image shows what lies below the fold too: lazy images are loaded first.
    for (const img of document.images) img.loading = 'eager';
    await Promise.all(
      [...document.images]
        .filter((img) => !img.complete)
        .map((img) => new Promise((r) => (img.onload = img.onerror = r))),
    );
  });
}

async function compareAtBothWidths(page: Page, name: string, path: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await settled(page);
    await expect(page).toHaveScreenshot(`${name}-${width}.png`, { fullPage: true, mask: volatile(page) });
  }
}

for (const screen of PUBLIC_SCREENS) {
  test(`When a visitor opens ${screen.path}, then it looks as in its baseline at 375 and 1280 px`, async ({ page }) => {
    await compareAtBothWidths(page, screen.name, screen.path);
  });
}

for (const [role, email, screens] of [
  ['consultant', 'berater1@demo.praemienboerse.at', CONSULTANT_SCREENS],
  ['company', 'firma1@demo.praemienboerse.at', COMPANY_SCREENS],
  ['company', 'firma3@demo.praemienboerse.at', HEARD_COMPANY_SCREENS],
] as const) {
  for (const screen of screens) {
    test(`When a demo ${role} opens ${screen.path}, then it looks as in its baseline at 375 and 1280 px`, async ({
      page,
      request,
    }) => {
      await signIn(page, await demoAccount(request, email));
      await compareAtBothWidths(page, screen.name, screen.path);
    });
  }
}
