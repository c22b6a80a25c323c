import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@pb/core';

interface ApiJob {
  id: number;
  jobTitle: string;
  placementBonus: number;
  salary: string;
}
interface PublicConfig {
  introVideoUrl: string | null;
  officeEmail: string;
  imprint: Record<
    'company' | 'address' | 'email' | 'phone' | 'register' | 'vatId' | 'ceo' | 'chamber' | 'authority' | 'trade',
    string
  >;
}
interface OutboxMail {
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
}

const percent = (n: number) => new Intl.NumberFormat('de-AT', { maximumFractionDigits: 2 }).format(n);
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Hauptmenü' });

test('When an unknown path is opened, then the 404 page shows with a link home', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await page.goto('/does/not/exist');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: "Uh oh! I think you're lost." })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
  // no router warning about a missing HydrateFallback (or any other) on the first load
  expect(warnings).toEqual([]);
});

test.describe('Landing page', () => {
  test('When the landing page opens, then it lists the newest advertisements exactly as the API returns them', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/jobs?sort=createdAt:desc&pagination[limit]=20&populate=*');
    expect(response.status()).toBe(200);
    const jobs = ((await response.json()) as { data: ApiJob[] }).data;
    expect(jobs.length).toBeLessThanOrEqual(20);

    await page.goto('/');
    const box = page.getByTestId('landing-jobs');
    await expect(box).toHaveCSS('height', '384px');
    await expect(box).toHaveCSS('overflow-y', 'auto');
    await expect(box.getByText('Inserate werden geladen')).toHaveCount(0);

    if (jobs.length === 0) {
      await expect(box.getByText('Aktuell sind keine Inserate online.')).toBeVisible();
      await expect(box.getByTestId('landing-job')).toHaveCount(0);
      return;
    }
    const rows = box.getByTestId('landing-job');
    await expect(rows.locator('h3')).toHaveText(jobs.map((job) => `${job.jobTitle} (m/w/d)`));
    for (const [index, job] of jobs.entries()) {
      await expect(rows.nth(index)).toContainText(`${percent(job.placementBonus)}% Prämie`);
      if (job.salary) await expect(rows.nth(index)).toContainText(job.salary);
    }
    await rows
      .first()
      .getByRole('link', { name: /^Inserat anzeigen/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('When a menu anchor is clicked, then the page scrolls to its section; FAQ and Einloggen lead to their pages', async ({
    page,
  }) => {
    await page.goto('/');
    const sections = [
      ['Unser Konzept', 'konzept'],
      ['Aktuelle Jobinserate', 'jobinserate'],
      ['Über uns', 'ueber-uns'],
      ['Kontakt', 'kontakt'],
    ] as const;
    for (const [label, id] of sections) {
      await mainMenu(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id} h2`).first()).toBeInViewport();
    }
    await mainMenu(page).getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();

    // from another page the section entries lead back to the landing page's sections
    await mainMenu(page).getByRole('link', { name: 'Kontakt', exact: true }).click();
    await expect(page).toHaveURL(/\/#kontakt$/);
    // The section is in place as soon as the landing page shows (no animation that a
    // growing page can cut short) and stays there while the rest of the page loads.
    await page.locator('#kontakt').waitFor();
    for (let sample = 0; sample < 10; sample += 1) {
      const top = await page.evaluate(() => document.getElementById('kontakt')!.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(page.viewportSize()!.height / 2);
      await page.waitForTimeout(100);
    }
    await expect(page.locator('#kontakt h2').first()).toBeInViewport();

    await mainMenu(page).getByRole('link', { name: 'Einloggen', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('When the screen is small, then the menu collapses behind a toggler that opens it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const kontakt = mainMenu(page).getByRole('link', { name: 'Kontakt', exact: true });
    await expect(kontakt).toBeHidden();
    await page.getByRole('button', { name: 'Menü öffnen oder schließen' }).click();
    await kontakt.click();
    await expect(page.locator('#kontakt h2').first()).toBeInViewport();
    await expect(kontakt).toBeHidden();
  });

  test('When the page is open, then the 11 reference logos move; with reduced motion they stand still', async ({
    page,
  }) => {
    await page.goto('/');
    const track = page.getByTestId('logo-track');
    const logos = track.getByRole('img');
    await expect(logos).toHaveCount(11);
    for (const alt of await logos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''))) {
      expect(alt).toMatch(/^Logo \S/);
    }
    const transform = () => track.evaluate((el) => el.style.transform);
    const start = await transform();
    await expect.poll(transform).not.toBe(start);

    // the user can pause the strip
    await page.getByRole('button', { name: 'Laufband anhalten' }).click();
    await expect(page.getByRole('button', { name: 'Laufband fortsetzen' })).toHaveAttribute('aria-pressed', 'true');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.getByTestId('logo-track').getByRole('img')).toHaveCount(11);
    await expect(page.getByRole('button', { name: /Laufband/ })).toHaveCount(0);
    expect(await page.getByTestId('logo-track').evaluate((el) => el.style.transform)).toBe('');
  });

  test('When the hero shows, then the register call to action leads to /register and the video link follows the config', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/api/public-config')).json()) as PublicConfig;
    await page.goto('/');
    const video = page.getByRole('button', { name: 'Video ansehen' });
    // Without INTRO_VIDEO_URL the product serves its own intro video.
    expect(config.introVideoUrl).toBe('/media/intro.webm');
    if (config.introVideoUrl === null) {
      await expect(video).toHaveCount(0);
    } else {
      await video.click();
      const dialog = page.getByRole('dialog', { name: 'Die Prämienbörse im Video' });
      await expect(dialog).toBeVisible();
      // The video file is served and playable (its duration is known once metadata loaded).
      await expect
        .poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.duration))
        .toBeGreaterThan(10);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(video).toBeFocused();
    }
    await page.getByRole('link', { name: 'Jetzt kostenlos registrieren' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('When the contact form is sent, then it validates, confirms, blocks further sends and mails the office', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/api/public-config')).json()) as PublicConfig;
    const email = `e2e.kontakt.${Date.now()}@example.at`;
    await page.goto('/#kontakt');
    const form = page.locator('#kontakt form');
    const send = form.getByRole('button', { name: 'Nachricht senden' });

    await send.click();
    await expect(form.getByRole('alert')).toHaveText(MSG.contactAllRequired);

    await form.getByLabel('Vorname').fill('Anna');
    await form.getByLabel('Nachname').fill('Huber');
    await form.getByLabel('Unternehmen').fill('Huber Bau GmbH');
    await form.getByLabel('E-Mail-Adresse').fill('anna.huber');
    await form.getByLabel('Nachricht').fill('Wir möchten ein Inserat schalten.');
    await send.click();
    await expect(form.getByRole('alert')).toHaveText(MSG.contactInvalidEmail);

    await form.getByLabel('E-Mail-Adresse').fill(email);
    await form.getByLabel('Nachricht').fill('');
    await send.click();
    await expect(form.getByRole('alert')).toHaveText(MSG.contactAllRequired);

    await form.getByLabel('Nachricht').fill('Wir möchten ein Inserat schalten.');
    await send.click();
    await expect(form.getByRole('status')).toHaveText(MSG.contactSuccess);
    const sent = form.getByRole('button', { name: 'Nachricht gesendet' });
    await expect(sent).toBeDisabled();
    await expect(form.getByLabel('Nachricht')).toBeDisabled();

    await expect
      .poll(async () => {
        const outbox = (await (await request.get('/dev/mail.json')).json()) as { data: OutboxMail[] };
        return outbox.data.filter((mail) => mail.replyTo === email).map((mail) => mail.toAddress);
      })
      .toEqual([config.officeEmail]);
  });
});

test.describe('Legal pages', () => {
  const pages = [
    ['/terms-and-conditions', 'Allgemeine Geschäftsbedingungen'],
    ['/privacy-policy', 'Datenschutzerklärung'],
    ['/imprint', 'Impressum'],
  ] as const;

  test('When a legal page opens, then it has a footer linking all three legal pages and a login button', async ({
    page,
  }) => {
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/terms-and-conditions');
      await expect(footer.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
        'href',
        '/privacy-policy',
      );
      await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
      await expect(footer.getByRole('link', { name: 'Einloggen' })).toHaveAttribute('href', '/login');
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Einloggen' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('When the terms open, then they state the fee example and the figures of the terms', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    const main = page.getByRole('main');
    const text = (await main.innerText()).replace(/\u00a0/g, ' ');
    for (const expected of [
      '€ 12.000,00',
      '€ 1.200,00',
      '10 % der Vermittlungsprämie',
      '14 Werktagen',
      '60 Kalendertagen',
      '50 % der bezahlten Vermittlungsprämie',
      'innerhalb von 7 Tagen',
      '12 Monaten',
      '€ 35.000,00',
      '7 Monaten nach der endgültigen Absage',
      'älter als 6 Monate',
      'sechs Wochen',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  test('When the imprint opens, then it shows the operator data from the configuration', async ({ page, request }) => {
    const { imprint } = (await (await request.get('/api/public-config')).json()) as PublicConfig;
    await page.goto('/imprint');
    const facts = page.getByTestId('imprint-facts');
    for (const value of Object.values(imprint)) await expect(facts).toContainText(value);
  });

  test('When a FAQ question is activated with the keyboard, then its answer opens', async ({ page }) => {
    await page.goto('/faq');
    const question = page.getByRole('button', { name: 'Was kostet die Prämienbörse?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Registrierung und Inserate sind kostenlos.')).toBeVisible();
  });
});
