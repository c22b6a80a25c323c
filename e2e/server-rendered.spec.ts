import { expect, test } from '@playwright/test';
import { createAccount, createJob, run } from './support';

/**
 * The public pages come as HTML rendered by React on the server and are hydrated in the browser
 * (issue 29, decision 0030): the content is there before any script runs, hydration logs nothing,
 * and nothing is fetched twice.
 */
const PUBLIC_PAGES = ['/', '/faq', '/terms-and-conditions', '/privacy-policy', '/imprint', '/404'];

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
    if (new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push(r.url());
  });
  for (const path of PUBLIC_PAGES) {
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
  for (const path of ['/', '/faq', '/terms-and-conditions', '/privacy-policy', '/imprint']) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title!);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`));
    expect(html).toContain('<meta property="og:title"');
    expect(html).not.toContain('noindex');
  }
  expect(titles.size).toBe(5);
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
  for (const path of ['/', '/faq', '/terms-and-conditions', '/privacy-policy', '/imprint']) {
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
