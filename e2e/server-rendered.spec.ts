import { expect, test, type Page } from '@playwright/test';
import { create } from 'xmlbuilder2';
import { PUBLIC_CONTENT_PAGE_PATHS, SERVER_RENDERED_PAGE_PATHS } from '@pb/core';
import { checkAtPhoneAndDesktop, createAccount, createJob, run } from './support';

/**
 * The public pages come as HTML rendered by React on the server and are hydrated in the browser
 * (issue 29, decision 0030): the content is there before any script runs, hydration logs nothing,
 * and nothing is fetched twice.
 */
/** A listed agency of the demo data (apps/server/src/modules/demo/seed-data.ts; its organisation bears the founder's name). */
const DEMO_CONSULTANT = 'Sabine Huber Personalberatung';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('When the landing page is opened without JavaScript, then the 20 newest advertisements are in its HTML', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-job')).toHaveCount(20);
    await expect(page.getByTestId('landing-job').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-AT');
  });

  test('When the consultant directory is opened without JavaScript, then the listed consultants are in its HTML without e-mail addresses', async ({
    page,
  }) => {
    await page.goto('/public-consultants');
    const list = page.getByRole('list', { name: 'Öffentliche Personalberater' });
    const card = list.getByRole('article', { name: DEMO_CONSULTANT });
    await expect(card).toBeVisible();
    await expect(card.getByRole('listitem')).toContainText(['Executive Search', 'Hotellerie & Gastronomie']);
    await expect(card.getByRole('link', { name: 'Einloggen und Kontakt aufnehmen' })).toHaveAttribute('href', '/login');
    // The unlisted demo consultants are not there, and nobody's address is.
    await expect(page.getByText('Lena Steiner HR Consulting')).toHaveCount(0);
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
    // Neither in the page nor in its hydration data: the demo consultants' addresses are berater<n>@….
    expect(await page.content()).not.toMatch(/berater\d+@/);
    await expect(page.getByRole('main')).not.toContainText('@');
  });
});

test('When each public page is opened, then it hydrates without a console message and asks the API for nothing it already has', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    // Chromium reports the 404 page's own status as a failed resource: that answer is intended.
    const ownStatus = m.text().startsWith('Failed to load resource') && m.location().url.endsWith('/404');
    if (!ownStatus) messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    // Data requests only: a listed agency's logo is an <img> under /api/ too.
    const data = r.resourceType() === 'fetch' || r.resourceType() === 'xhr';
    if (data && new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push(r.url());
  });
  for (const path of SERVER_RENDERED_PAGE_PATHS) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(path === '/404' ? 404 : 200);
    await page.waitForLoadState('networkidle');
  }
  expect(messages).toEqual([]);
  expect(apiRequests).toEqual([]);
});

test('When a public page is served, then it has its own title, description, canonical address and Open Graph tags', async ({
  request,
}) => {
  const titles = new Set<string>();
  for (const path of PUBLIC_CONTENT_PAGE_PATHS) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title!);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`));
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
    expect(html).not.toContain('noindex');
  }
  expect(titles.size).toBe(6);
  const guarded = await request.get('/advertisements/view');
  expect(guarded.headers()['x-robots-tag']).toBe('noindex');
});

test('When a public page is served, then every CSS-module class in its HTML has its rule in the stylesheet', async ({
  request,
}) => {
  // The server build names a module's classes on its own (vite build --ssr); a name the client
  // build gave differently would leave the hydrated element unstyled, and React reports no such
  // mismatch in production. Vite's default names: _<class>_<hash of the file>_<line>.
  const moduleClass = /^_[A-Za-z][\w]*_[a-z0-9]{5}_\d+$/;
  for (const path of PUBLIC_CONTENT_PAGE_PATHS) {
    const html = await (await request.get(path)).text();
    const href = /<link rel="stylesheet" href="([^"]+\.css)"/.exec(html)?.[1];
    expect(href, path).toBeTruthy();
    const css = await (await request.get(href!)).text();
    const names = new Set(
      [...html.matchAll(/ class="([^"]*)"/g)]
        .flatMap(([, value]) => (value ?? '').split(' '))
        .filter((name) => moduleClass.test(name)),
    );
    expect(names.size, path).toBeGreaterThan(3);
    for (const name of names) expect(css, `${path}: .${name}`).toContain(`.${name}`);
  }
});

test('When advertisements carry markup or template syntax in their titles, then the landing HTML shows them as text', async ({
  page,
  request,
}) => {
  const company = await createAccount(request, 'company', `Escape ${run()} GmbH`);
  const scriptTitle = `</script><script>alert(1)</script> ${run()}`;
  const templateTitle = `{{7*7}} ${run()}`;
  await createJob(request, company, scriptTitle);
  await createJob(request, company, templateTitle);
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).not.toContain(`49 ${templateTitle.slice(8)}`);

  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `${scriptTitle} (m/w/d)` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${templateTitle} (m/w/d)` })).toBeVisible();
  expect(dialogs).toBe(0);
});

test('When the landing page is shown at 375 and 1280 px, then it ends at the footer and no advertisement row has an empty hole', async ({
  page,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const { pageHeight, footerBottom } = await page.evaluate(() => ({
      pageHeight: document.documentElement.scrollHeight,
      footerBottom: Math.ceil(document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY),
    }));
    expect(Math.abs(pageHeight - footerBottom), `${width} px`).toBeLessThanOrEqual(1);
    // A row is as high as what it holds (title, facts, bonus and link) plus its padding.
    const rows = await page.getByTestId('landing-job').evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        const children = [...item.children].map((child) => child.getBoundingClientRect());
        const contentTop = Math.min(...children.map((c) => c.top));
        const contentBottom = Math.max(...children.map((c) => c.bottom));
        return { height: box.height, content: contentBottom - contentTop };
      }),
    );
    for (const row of rows) expect(row.height - row.content, `${width} px`).toBeLessThan(row.content);
  }
});

/** The robots rules a page states in its head once it has rendered (client-rendered pages need JavaScript). */
async function robotsMeta(page: Page): Promise<string[]> {
  return page.locator('meta[name="robots"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
}

test('When a crawler follows the sitemap, then every page in it answers 200 and says index, and the pages not in it say noindex', async ({
  page,
  request,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const parsed = create(await sitemap.text()).toObject() as { urlset: { url: Array<{ loc: string }> } };
  const paths = parsed.urlset.url.map((url) => new URL(url.loc).pathname);
  expect(paths).toContain('/public-consultants');
  for (const path of paths) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    await expect.poll(() => robotsMeta(page), path).toEqual(['index, follow']);
  }
  // Public pages outside the sitemap: the 404 page (in the server's HTML) and the steps one reaches by a link.
  const notFound = await request.get('/404');
  expect(await notFound.text()).toContain('<meta name="robots" content="noindex"/>');
  for (const path of ['/forgot-password', '/unsubscribe?token=x', '/data-export?token=x', '/email-change']) {
    await page.goto(path);
    await expect.poll(() => robotsMeta(page), path).toEqual(['noindex']);
  }
  for (const path of ['/advertisements/view', '/admin']) {
    expect((await request.get(path)).headers()['x-robots-tag'], path).toBe('noindex');
  }
});

test('When a visitor opens the consultant directory from the footer, then the cards show at 375 and 1280 px and invite to sign in, and a made-up page says so', async ({
  page,
}) => {
  await page.goto('/faq');
  await page
    .getByRole('navigation', { name: 'Verzeichnis' })
    .getByRole('link', { name: 'Öffentliche Personalberater' })
    .click();
  await expect(page).toHaveURL(/\/public-consultants$/);
  await expect(page).toHaveTitle('Öffentliche Personalberater – Prämienbörse');
  const card = page.getByRole('article', { name: DEMO_CONSULTANT });
  await expect(card).toBeVisible();
  await expect(card.getByText('@')).toHaveCount(0);
  // The router keeps the footer's scroll position on navigation: the screenshots start at the top.
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await checkAtPhoneAndDesktop(page, 'public-consultants-visitor');

  // A page number nobody linked: the first page's address is canonical, a page past the end says so.
  const html = await (await page.request.get('/public-consultants?page=abc')).text();
  expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/public-consultants"/);
  expect(html).toContain(DEMO_CONSULTANT);
  const past = await page.goto('/public-consultants?page=500');
  expect(past?.status()).toBe(200);
  await expect(page.getByText('Diese Seite gibt es nicht (mehr).')).toBeVisible();
  await page.getByRole('link', { name: 'Zur ersten Seite' }).click();
  await expect(page.getByRole('article', { name: DEMO_CONSULTANT })).toBeVisible();
});

test('When the directory has more than one page, then the visitor moves between them, each with its own title and canonical address, from its top', async ({
  page,
}) => {
  // 30 listed agencies without creating 30 accounts: the browser's requests for the directory
  // (client-side navigation) are answered here; the server's paging is the API test's
  // (apps/server/src/modules/organisations/directory.test.ts).
  const total = 30;
  await page.route('**/api/public-agencies?*', async (route) => {
    const params = new URL(route.request().url()).searchParams;
    const start = Number(params.get('pagination[start]'));
    const limit = Number(params.get('pagination[limit]'));
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({
      id: 900_000 + start + i,
      name: `Beispielberatung ${start + i + 1}`,
      description: null,
      logo: null,
      services: [],
    }));
    await route.fulfill({ json: { data, meta: { pagination: { start, limit, total } } } });
  });
  await page.goto('/faq');
  await page.getByRole('navigation', { name: 'Verzeichnis' }).getByRole('link').click();
  const cards = page.getByRole('list', { name: 'Öffentliche Personalberater' }).getByRole('article');
  await expect(cards).toHaveCount(24);
  await expect(page.getByText('Seite 1 von 2')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vorherige Seite' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Nächste Seite' }).click();
  await expect(page).toHaveURL(/\/public-consultants\?page=2$/);
  await expect(cards).toHaveCount(6);
  await expect(cards.first()).toHaveAccessibleName('Beispielberatung 25');
  await expect(page).toHaveTitle('Öffentliche Personalberater – Seite 2 – Prämienbörse');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/public-consultants\?page=2$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('link', { name: 'Nächste Seite' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Vorherige Seite' }).click();
  await expect(page).toHaveURL(/\/public-consultants$/);
  await expect(cards).toHaveCount(24);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/public-consultants$/);
});
