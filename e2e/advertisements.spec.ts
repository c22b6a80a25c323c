import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BROWSER_JOB_LIMIT, BROWSER_LOAD_MORE_STEP, MSG, OWN_JOBS_PAGE_SIZE, PLACEMENT_OBJECTION_MSG } from '@pb/core';
import { createAccount, pdfBuffer, run, screenshot, signIn, type Account } from './support';

/**
 * Advertisements in the browser: a company creates, edits (bonus history) and deletes
 * an advertisement; a consultant searches by text and district and opens the profile; the
 * list/profile toggle at 375 px; 'Mehr laden' appends (browser and the company's own list).
 * Placement reports and objections: e2e/placements.spec.ts.
 * Every run uses fresh accounts, so the demo data does not matter.
 */

const snap = (page: Page, name: string) => screenshot(page, `ads-${name}-${page.viewportSize()?.width ?? 0}`);

async function districtId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get('/api/districts?populate=*');
  const districts = ((await response.json()) as { data: Array<{ id: number; name: string }> }).data;
  const found = districts.find((d) => d.name === name);
  expect(found, `district ${name}`).toBeTruthy();
  return found!.id;
}

async function createJob(
  request: APIRequestContext,
  company: Account,
  data: { jobTitle: string; district: number; salary?: string; placementBonus?: number; city?: string },
): Promise<number> {
  const response = await request.post('/api/jobs', {
    headers: { authorization: `Bearer ${company.jwt}` },
    data: {
      data: {
        workingTime: 'Vollzeit',
        assignment: ['Planung und Umsetzung von Projekten'],
        requirements: ['Abgeschlossene Ausbildung'],
        benefits: ['Gleitzeit'],
        jobInfo: ['Start ab sofort'],
        location: { street: 'Hauptplatz 1', postcode: '7540', city: data.city ?? 'Güssing' },
        salary: data.salary ?? '50.000 – 60.000',
        placementBonus: data.placementBonus ?? 12,
        jobTitle: data.jobTitle,
        district: data.district,
      },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

const pdfFile = {
  name: 'Stellenbeschreibung.pdf',
  mimeType: 'application/pdf',
  buffer: pdfBuffer(),
};

test('When a company creates, edits and deletes an advertisement, then the list, the bonus history and the dialog follow', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = await createAccount(request, 'company', `Baufirma ${run()}`);
  await signIn(page, company);
  const title = `Polier Hochbau ${run()}`;

  await page.goto('/advertisements/create');
  await expect(page.getByText(/Senden Sie uns einfach einen Link/)).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await page.getByRole('button', { name: 'Neues Inserat erstellen' }).click();
  await expect(page).toHaveURL(/\/advertisements\/create\/save$/);
  await expect(page.getByRole('heading', { name: 'Neues Inserat erstellen' })).toBeVisible();
  await expect(page.getByText('Der Zusatz (m/w/d) wird automatisch angehängt.')).toBeVisible();

  // incomplete: the spec's message, nothing sent
  await page.getByRole('button', { name: 'Inserat veröffentlichen' }).click();
  await expect(page.getByTestId('editor-error')).toHaveText(MSG.fillAllFields);
  await expect(page).toHaveURL(/\/advertisements\/create\/save$/);

  await page.getByLabel('Jobtitel').fill(title);
  await page.getByLabel('Arbeitszeit').selectOption('Vollzeit');
  await page.getByLabel('Bruttojahresgehalt in EUR').fill('50.000 – 70.000');
  await page.getByLabel('Straße und Hausnummer').fill('Hauptplatz 1');
  await page.getByLabel('PLZ', { exact: true }).fill('7540');
  await page.getByLabel('Ort', { exact: true }).fill('Güssing');
  await page.getByLabel('Bezirk', { exact: true }).selectOption({ label: 'Güssing' });

  // an empty entry is ignored; the empty-state prompt stays
  const assignmentAdd = page.getByRole('button', { name: 'Aufgabenbeschreibung: Eintrag hinzufügen' });
  await assignmentAdd.click();
  await expect(page.getByText('Noch keine Aufgaben eingetragen.', { exact: false })).toBeVisible();
  const lists: Array<[string, string]> = [
    ['Aufgabenbeschreibung', 'Leitung der Baustelle'],
    ['Qualifikationen/Erfahrung', 'Mehrjährige Erfahrung als Polier'],
    ['Benefits', 'Firmenauto'],
    ['Zusätzliche Informationen zur Position', 'Start ab sofort'],
  ];
  for (const [label, entry] of lists) {
    await page.getByLabel(`${label}: neuer Eintrag`).fill(entry);
    await page.getByRole('button', { name: `${label}: Eintrag hinzufügen` }).click();
    await expect(page.getByRole('list', { name: label })).toContainText(entry);
  }
  // a second entry, removed again
  await page.getByLabel('Benefits: neuer Eintrag').fill('Kantine');
  await page.getByLabel('Benefits: neuer Eintrag').press('Enter');
  await page.getByRole('button', { name: 'Eintrag „Kantine“ entfernen' }).click();
  await expect(page.getByRole('list', { name: 'Benefits' })).not.toContainText('Kantine');

  await page.getByLabel('Prämie in % des Bruttojahresgehalts').fill('15');
  // 15 % of 50.000 – 70.000, plus 10 % service fee
  await expect(page.getByTestId('fee-sheet')).toContainText('7.500,00');
  await expect(page.getByTestId('fee-sheet')).toContainText('10.500,00');
  await expect(page.getByTestId('fee-sheet')).toContainText('1.050,00');
  await page.getByLabel('Dateien hinzufügen').setInputFiles([pdfFile]);
  await snap(page, 'editor-new');

  await page.getByRole('button', { name: 'Inserat veröffentlichen' }).click();
  await expect(page).toHaveURL(/\/advertisements\/create$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(`${title} (m/w/d)`);
  await expect(row).toContainText('15 %');
  await expect(row).toContainText('Hauptplatz 1, 7540 Güssing');
  const today = new Intl.DateTimeFormat('de-AT', {
    timeZone: 'Europe/Vienna',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(row).toContainText(today);
  await snap(page, 'own-list');

  // edit: bonus history grows, the active badge moves to the new entry
  await row.getByRole('cell').first().click();
  await expect(page).toHaveURL(/\/advertisements\/create\/update\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Inserat bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Jobtitel')).toHaveValue(title);
  const history = page.getByRole('region', { name: 'Prämienverlauf' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('15 %');
  await expect(history.getByRole('listitem').first()).toContainText(`Hinzugefügt am ${today}`);
  await expect(history.getByRole('listitem').first()).toContainText('Aktive Prämie');
  await expect(page.getByRole('list', { name: 'Dokumente' })).toContainText('Stellenbeschreibung.pdf');

  await page.getByLabel('Prämie in % des Bruttojahresgehalts').fill('18');
  await page.getByRole('button', { name: 'Prämie hinzufügen' }).click();
  const change = page.getByRole('dialog', { name: 'Prämie ändern' });
  await expect(change).toContainText('von 15 % auf 18 %');
  await change.getByRole('button', { name: 'Prämie auf 18 % setzen' }).click();
  await expect(page.getByTestId('success-notice')).toContainText('Die Prämie beträgt jetzt 18 %.');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('18 %');
  await expect(history.getByRole('listitem').first()).toContainText('Aktive Prämie');
  await expect(history.getByRole('listitem').nth(1)).toContainText('15 %');
  await expect(history.getByRole('listitem').nth(1)).not.toContainText('Aktive Prämie');
  await snap(page, 'editor-edit');

  await page.getByLabel('Jobtitel').fill(`${title} Süd`);
  await page.getByRole('button', { name: 'Anpassungen speichern' }).click();
  await expect(page).toHaveURL(/\/advertisements\/create$/);
  const edited = page.getByRole('row', { name: new RegExp(`${title} Süd`) });
  await expect(edited).toContainText('18 %');

  // delete: the dialog of spec §4, then the row is gone
  await edited.getByRole('button', { name: /löschen/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Inserat '${title} Süd' löschen` })).toBeVisible();
  await expect(dialog).toContainText('kann nicht wiederhergestellt werden');
  await expect(dialog).toContainText('Stellenbesetzung melden');
  await snap(page, 'delete-dialog');
  await dialog.getByRole('button', { name: 'Inserat löschen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  await expect(page.getByText('Sie haben noch keine aktiven Inserate.')).toBeVisible();
});

test('When a consultant searches by text and district, then the profile shows the advertisement, the report waits for a conversation and the contact form checks its files', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = await createAccount(request, 'company', `Holzbau ${run()}`);
  const token = `Zimmerei${run()}`;
  const guessing = await districtId(request, 'Güssing');
  const oberwart = await districtId(request, 'Oberwart');
  const zimmerer = await createJob(request, company, {
    jobTitle: `Zimmerer ${token}`,
    district: guessing,
    placementBonus: 14,
  });
  await createJob(request, company, { jobTitle: `Dachdecker ${token}`, district: oberwart, city: 'Oberwart' });
  const consultant = await createAccount(request, 'consultant', `Berater ${run()}`);
  // Only a consultant in a conversation about the advertisement may report it (decision 0015).
  const conversation = await request.post('/api/chat-communications', {
    headers: { authorization: `Bearer ${consultant.jwt}` },
    data: { advertisement: zimmerer, message: 'Guten Tag, ich hätte eine passende Kandidatin.' },
  });
  expect(conversation.status()).toBe(201);
  await signIn(page, consultant);

  await page.goto('/advertisements/view');
  await expect(page.getByRole('heading', { name: 'Job Inserate' })).toBeVisible();
  const count = page.getByTestId('job-count');
  const list = page.getByTestId('job-rows');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await snap(page, 'browser-all');

  await page.getByLabel('Inserate durchsuchen').fill(token.toLowerCase());
  await expect(count).toHaveText('2 Inserate');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // without a conversation about it the report is not offered, and the profile says why (decision 0015)
  await list.getByRole('button', { name: new RegExp(`Dachdecker ${token}`) }).click();
  await expect(page.getByRole('article').getByRole('button', { name: 'Stellenbesetzung melden' })).toBeDisabled();
  await expect(page.getByRole('article')).toContainText(PLACEMENT_OBJECTION_MSG.noConversation);

  await page.getByRole('button', { name: 'Alle Bezirke' }).click();
  await page.getByLabel('Bezirk suchen').fill('Güss');
  await page.getByRole('menuitemcheckbox', { name: /Güssing/ }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: /Güssing/ })).toHaveAttribute('aria-checked', 'true');
  await snap(page, 'districts-open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '1 Bezirk gewählt' })).toBeVisible();
  await expect(count).toHaveText('1 Inserat');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const row = list.getByRole('button', { name: new RegExp(`Zimmerer ${token}`) });
  await expect(row).toContainText(`Zimmerer ${token} (m/w/d)`);
  await expect(row).toContainText('Vollzeit');
  await expect(row).toContainText('14 %');
  await expect(row).toContainText(company.username);
  await expect(row).toContainText('7540 Güssing');

  await row.click();
  const profile = page.getByRole('article');
  await expect(profile.getByRole('heading', { name: `Zimmerer ${token} (m/w/d)` })).toBeVisible();
  await expect(profile).toContainText('14 %');
  await expect(profile).toContainText('€ 50.000 – 60.000');
  await expect(profile).toContainText('Hauptplatz 1, 7540 Güssing');
  for (const heading of [
    'Aufgabenbeschreibung',
    'Qualifikationen/Erfahrung',
    'Benefits',
    'Zusätzliche Informationen',
  ]) {
    await expect(profile.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(profile.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
  await expect(profile).toContainText(`${company.username} – Beschreibung`);
  await snap(page, 'browser');

  // the contact modal checks the files before anything is sent
  await profile.getByRole('button', { name: 'Unternehmen kontaktieren' }).click();
  const contact = page.getByRole('dialog');
  await contact
    .getByLabel('Dateien anhängen (optional)')
    .setInputFiles([{ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }]);
  await expect(contact.getByRole('alert')).toHaveText(MSG.chatWrongType);
  await expect(contact.getByRole('button', { name: 'Nachricht senden' })).toBeDisabled();
  await snap(page, 'contact-modal');
  await contact.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(contact).toBeHidden();

  // with the conversation the report is offered (its journeys: e2e/placements.spec.ts)
  await expect(profile.getByRole('button', { name: 'Stellenbesetzung melden' })).toBeEnabled();
});

test('When the screen is 375 px wide, then the browser toggles between the list and the profile with the back bar', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const company = await createAccount(request, 'company', `Gärtnerei ${run()}`);
  const token = `Gartenbau${run()}`;
  await createJob(request, company, { jobTitle: `Gärtner ${token}`, district: await districtId(request, 'Güssing') });
  const consultant = await createAccount(request, 'consultant', `Mobil ${run()}`);
  await signIn(page, consultant);

  await page.goto('/advertisements/view');
  await page.getByLabel('Inserate durchsuchen').fill(token);
  const row = page.getByRole('button', { name: new RegExp(`Gärtner ${token}`) });
  await expect(page.getByTestId('job-count')).toHaveText('1 Inserat');
  const backBar = page.getByRole('button', { name: 'Stelleninserate' });
  await expect(backBar).toBeHidden();
  await expect(page.getByRole('article')).toBeHidden();
  await snap(page, 'mobile-list');

  await row.click();
  await expect(page.getByRole('article').getByRole('heading', { name: `Gärtner ${token} (m/w/d)` })).toBeVisible();
  await expect(backBar).toBeVisible();
  await expect(row).toBeHidden();
  await snap(page, 'mobile-profile');

  await backBar.click();
  await expect(row).toBeVisible();
  await expect(page.getByRole('article')).toBeHidden();
});

test('When a consultant contacts a company with a message and a document, then the new conversation opens; the district menu works with the keyboard', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = await createAccount(request, 'company', `Tischlerei ${run()}`);
  const token = `Tischler${run()}`;
  await createJob(request, company, { jobTitle: `Tischler ${token}`, district: await districtId(request, 'Güssing') });
  const consultant = await createAccount(request, 'consultant', `Kontakt ${run()}`);
  await signIn(page, consultant);
  await page.goto('/advertisements/view');

  // keyboard: open the menu, move to the first district, tick it, close with Escape
  const toggle = page.getByRole('button', { name: 'Alle Bezirke' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Bezirk suchen')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const first = page.getByRole('menuitemcheckbox').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '1 Bezirk gewählt' })).toBeFocused();
  await page.getByRole('button', { name: '1 Bezirk gewählt' }).press('Enter');
  await page.getByRole('button', { name: 'Auswahl zurücksetzen' }).click();
  await expect(page.getByRole('menuitemcheckbox', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Alle Bezirke' }).click();
  await expect(page.getByLabel('Bezirk suchen')).toBeHidden();

  await page.getByLabel('Inserate durchsuchen').fill(token);
  await expect(page.getByTestId('job-count')).toHaveText('1 Inserat');
  await page.getByRole('button', { name: new RegExp(`Tischler ${token}`) }).click();
  await page.getByRole('article').getByRole('button', { name: 'Unternehmen kontaktieren' }).click();
  const dialog = page.getByRole('dialog');
  const send = dialog.getByRole('button', { name: 'Nachricht senden' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Ihre Nachricht').fill('Guten Tag, ich hätte eine passende Kandidatin für Sie.');
  await dialog.getByLabel('Dateien anhängen (optional)').setInputFiles([pdfFile]);
  await expect(dialog).toContainText('1 Datei ausgewählt');
  await send.click();
  await expect(page).toHaveURL(/\/advertisements\/chat\?conversation=\d+$/);

  const inbox = await request.get('/api/chat-communications', {
    headers: { authorization: `Bearer ${consultant.jwt}` },
  });
  expect(inbox.status()).toBe(200);
  expect(((await inbox.json()) as { data: unknown[] }).data).toHaveLength(1);
});

test('When a consultant or a company loads more advertisements, then the next ones are appended without loading the shown ones again; after a publication the browser loads anew', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = await createAccount(request, 'company', `Mehrladen GmbH ${run()}`);
  const token = `Mehrladen${run()}`;
  const district = await districtId(request, 'Güssing');
  // the first one is the oldest; then the rest, a few at a time
  const total = BROWSER_JOB_LIMIT + BROWSER_LOAD_MORE_STEP + 5;
  await createJob(request, company, { jobTitle: `Stelle 0 ${token}`, district });
  for (let n = 1; n < total; n += 15) {
    const batch = Array.from({ length: Math.min(15, total - n) }, (_, i) => n + i);
    await Promise.all(batch.map((i) => createJob(request, company, { jobTitle: `Stelle ${i} ${token}`, district })));
  }
  const consultant = await createAccount(request, 'consultant', `Leser ${run()}`);
  await signIn(page, consultant);
  const listCalls: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    // The list's pages, not the counts behind 'N neue Inserate' (they filter by publishedAt): other
    // tests publish at the same time, and every publication anywhere is counted against the filters.
    if (
      url.pathname === '/api/jobs' &&
      url.searchParams.get('q') === token &&
      !url.searchParams.has('filters[publishedAt][$gt]')
    ) {
      listCalls.push(url);
    }
  });

  await page.goto(`/advertisements/view?q=${token}`);
  const sidebar = page.getByRole('complementary', { name: 'Stelleninserate' });
  const rows = sidebar.getByRole('listitem');
  const count = page.getByTestId('job-count');
  const more = sidebar.getByRole('button', { name: 'Mehr laden' });
  await expect(count).toHaveText(`${BROWSER_JOB_LIMIT} Inserate`);
  await expect(rows).toHaveCount(BROWSER_JOB_LIMIT);

  // 'Mehr laden' asks for the next rows only
  listCalls.length = 0;
  await more.click();
  await expect(count).toHaveText(`${BROWSER_JOB_LIMIT + BROWSER_LOAD_MORE_STEP} Inserate`);
  await expect(rows).toHaveCount(BROWSER_JOB_LIMIT + BROWSER_LOAD_MORE_STEP);
  expect(listCalls.map((url) => url.searchParams.get('pagination[start]'))).toEqual([String(BROWSER_JOB_LIMIT)]);

  // a publication while reading: the banner; the next 'Mehr laden' finds the list changed and loads its pages anew
  await createJob(request, company, { jobTitle: `Stelle neu ${token}`, district });
  await expect(sidebar.getByRole('button', { name: /1 neues Inserat — anzeigen/ })).toBeVisible({ timeout: 30_000 });
  await more.click();
  await expect(rows.first()).toContainText(`Stelle neu ${token}`);
  await expect(sidebar.getByRole('button', { name: /neues Inserat/ })).toBeHidden();
  await expect(count).toHaveText(`${total + 1} Inserate`);
  await expect(more).toBeHidden();
  const titles = await rows
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.querySelector('[data-testid="job-row-title"]')?.textContent ?? ''));
  expect(new Set(titles).size).toBe(total + 1);

  // the oldest, loaded last, opens by its id
  await rows.last().getByRole('button').click();
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await expect(page.getByRole('article').getByRole('heading', { name: `Stelle 0 ${token} (m/w/d)` })).toBeVisible();

  // the company's own list: 30 at a time, 'Mehr laden' asks for the next 30 only
  await signIn(page, company);
  const ownCalls: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/jobs' && url.searchParams.has('filters[organisation][id][$eq]')) {
      ownCalls.push(url);
    }
  });
  await page.goto('/advertisements/create');
  const ownRows = page.getByRole('region', { name: 'Meine Inserate' }).locator('tbody tr');
  await expect(ownRows).toHaveCount(OWN_JOBS_PAGE_SIZE);
  ownCalls.length = 0;
  await page.getByRole('button', { name: 'Mehr laden' }).click();
  await expect(ownRows).toHaveCount(2 * OWN_JOBS_PAGE_SIZE);
  expect(ownCalls.map((url) => url.searchParams.get('pagination[start]'))).toEqual([String(OWN_JOBS_PAGE_SIZE)]);
});
