import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, run, screenshot, signIn, adminLogin } from './support';

/**
 * The operator's back office: an admin (ADMIN_EMAIL/ADMIN_PASSWORD of playwright.config.ts)
 * posts an advertisement for a company, which then is the company's own and shows in the
 * consultants' browser; a consultant's report the company objected to is reviewed ('Prüfen' →
 * 'Freigeben') and moves gemeldet → verrechnet → bezahlt → Garantiefall; the CSV export contains
 * it. Fresh accounts per run.
 */

/** Screenshots for a visual check when SCREENSHOT_DIR is set (not part of the assertions). */
const snap = (page: Page, name: string) => screenshot(page, `admin-${name}`);

async function addBullet(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(`${label}: neuer Eintrag`).fill(text);
  await page.getByRole('button', { name: `${label}: Eintrag hinzufügen` }).click();
}

test('When a company or consultant opens /admin, then they see "Kein Zugriff" and the API refuses them', async ({
  page,
  request,
}) => {
  const company = await createAccount(request, 'company', `Zugriffstest ${run()}`);
  await signIn(page, company);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  const res = await request.get('/api/admin/dashboard', { headers: { authorization: `Bearer ${company.jwt}` } });
  expect(res.status()).toBe(403);
});

test('When the admin posts an advertisement for a company and handles its placement, then the company, consultants and the CSV see it', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const company = await createAccount(request, 'company', `Pannonia Bau ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Beraterin Kovacs ${run()}`);
  const title = `Bauleiter Tiefbau ${run()}`;

  await adminLogin(page);
  await expect(page.getByTestId('figure-Unternehmen')).toBeVisible();
  await expect(page.getByRole('img', { name: /Vermittlungen je Monat/ })).toBeVisible();
  await snap(page, 'dashboard');

  // --- advertisement on behalf of the company ---
  await page.getByRole('link', { name: 'Inserate', exact: true }).click();
  await page.getByRole('link', { name: 'Inserat für ein Unternehmen erstellen' }).click();
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte wählen Sie ein Unternehmen.');
  await page.getByLabel('Unternehmen').selectOption({ label: `${company.username} (${company.email})` });
  await page.getByLabel('Jobtitel').fill(title);
  await page.getByLabel('Arbeitszeit').selectOption('Vollzeit');
  await page.getByLabel('Bruttojahresgehalt in EUR').fill('60.000');
  await page.getByLabel('Straße und Hausnummer').fill('Hauptstraße 5');
  await page.getByLabel('PLZ').fill('7000');
  await page.getByLabel('Ort').fill('Eisenstadt');
  await page.getByLabel('Bezirk').selectOption({ label: 'Graz' });
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte füllen Sie alle Felder aus!');
  await addBullet(page, 'Aufgabenbeschreibung', 'Leitung von Tiefbaustellen');
  await addBullet(page, 'Qualifikationen/Erfahrung', 'HTL Tiefbau');
  await addBullet(page, 'Benefits', 'Firmenwagen');
  await addBullet(page, 'Zusätzliche Informationen zur Position', 'Start ab sofort');
  await page.getByLabel('Vermittlungsprämie').fill('20');
  await snap(page, 'job-form');
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page).toHaveURL(/\/admin\/advertisements$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(company.username);
  await expect(row).toContainText('Aktiv');
  await snap(page, 'jobs');

  // the company's own list (spec §7 owner filter)
  const own = await request.get(`/api/jobs?filters[users_permissions_user][id][$eq]=${company.login.user.id}`, {
    headers: { authorization: `Bearer ${company.jwt}` },
  });
  const ownJobs = ((await own.json()) as { data: Array<{ id: number; jobTitle: string }> }).data;
  const job = ownJobs.find((j) => j.jobTitle === title);
  expect(job, 'advertisement in the company list').toBeTruthy();

  // the consultants' browser
  const consultantContext = await browser.newContext();
  const consultantPage = await consultantContext.newPage();
  await signIn(consultantPage, consultant);
  await consultantPage.goto('/advertisements/view');
  await consultantPage.getByLabel('Inserate durchsuchen').fill(title);
  await expect(consultantPage.getByText(`${title} (m/w/d)`).first()).toBeVisible();
  await consultantContext.close();

  // --- placement report: geprüft → verrechnet → bezahlt → Garantiefall ---
  // only a consultant in a conversation about the advertisement may report it (decision 0015)
  const conversation = await request.post('/api/chat-communications', {
    headers: { authorization: `Bearer ${consultant.jwt}` },
    data: { advertisement: job!.id, message: 'Guten Tag, ich hätte einen Kandidaten.' },
  });
  expect(conversation.status(), await conversation.text()).toBe(201);
  const report = await request.post('/api/placement-reports', {
    headers: { authorization: `Bearer ${consultant.jwt}` },
    data: {
      data: {
        variant: 'consultant',
        advertisement: job!.id,
        companyName: company.username,
        jobTitle: title,
        contactPerson: company.email,
        placementBonus: 20,
        actualSalary: 60000,
      },
    },
  });
  expect(report.status(), await report.text()).toBeLessThan(300);
  // the company objects: the back office sees the flag with the note
  const reportId = ((await report.json()) as { data: { id: number } }).data.id;
  const objection = await request.post(`/api/placement-reports/${reportId}/objection`, {
    headers: { authorization: `Bearer ${company.jwt}` },
    data: { data: { note: `Nicht über die Prämienbörse besetzt ${run()}` } },
  });
  expect(objection.status(), await objection.text()).toBe(200);

  await page.getByRole('link', { name: 'Vermittlungen' }).click();
  await page.getByRole('searchbox', { name: 'Unternehmen, Inserat oder Personalberater suchen' }).fill(title);
  await page.getByRole('button', { name: 'Suchen' }).click();
  const placement = page.getByRole('row').filter({ hasText: title });
  await expect(placement).toHaveCount(1);
  await expect(placement).toContainText(/12\.000,00/);
  await expect(placement).toContainText('Widerspruch');
  await expect(placement).toContainText(`Nicht über die Prämienbörse besetzt ${run()}`);
  await page.getByLabel('Markierung filtern').selectOption('objected');
  await expect(placement).toHaveCount(1);
  await expect(placement).toContainText(/1\.200,00/);
  await expect(placement).toContainText('Gemeldet');

  // A consultant's report naming no offered introduction, objected to: the office decides first
  // (issue 28) — 'Als verrechnet markieren' waits for 'Prüfen' → 'Freigeben'.
  await expect(placement).toContainText('Zur Prüfung');
  await expect(placement).toContainText('Meldung ohne Vorstellung');
  const invoice = placement.getByRole('button', { name: 'Als verrechnet markieren' });
  await expect(invoice).toBeDisabled();
  await placement.getByRole('button', { name: 'Prüfen' }).click();
  const review = page.getByRole('dialog', { name: `Meldung prüfen: ${title}` });
  const reasons = review.getByRole('list', { name: 'Gründe der Prüfung' });
  await expect(reasons).toContainText('Meldung ohne Vorstellung');
  await expect(reasons).toContainText(`Widerspruch des Unternehmens: Nicht über die Prämienbörse besetzt ${run()}`);
  await review
    .getByLabel('Begründung (wird protokolliert und dem Meldenden gemailt)')
    .fill('Mit dem Unternehmen geklärt: über die Prämienbörse besetzt.');
  await review.getByRole('button', { name: 'Freigeben' }).click();
  await expect(review).toBeHidden();
  await expect(placement).not.toContainText('Zur Prüfung');
  await expect(placement).toContainText(/Freigegeben am \d{2}\.\d{2}\.\d{4}/);
  await expect(invoice).toBeEnabled();

  await invoice.click();
  // A consultant's report carries no invoice address: the back office enters it for the invoice.
  const address = page.getByRole('dialog', { name: /Rechnungsadresse/ });
  await address.getByLabel('Straße', { exact: true }).fill('Hauptplatz');
  await address.getByLabel('Hausnummer').fill('1');
  await address.getByLabel('PLZ').fill('7000');
  await address.getByLabel('Ort', { exact: true }).fill('Eisenstadt');
  await address.getByLabel('UID-Nummer').fill('ATU12345678');
  await address.getByRole('button', { name: 'Verrechnen' }).click();
  await expect(address).toBeHidden();
  await expect(placement).toContainText('Verrechnet');
  await expect(placement).toContainText(/Rechnung \d{4}-\d{6}/);
  await expect(placement).toContainText(/Fällig am \d{2}\.\d{2}\.\d{4}/);
  await placement.getByRole('button', { name: 'Als bezahlt markieren' }).click();
  const payment = page.getByRole('dialog', { name: 'Zahlung verbuchen' });
  await expect(payment).toContainText(/€\s15\.840,00 brutto/);
  await payment.getByRole('button', { name: 'Als bezahlt markieren' }).click();
  await expect(page.getByTestId('success-notice')).toContainText('Die Zahlung für');
  await expect(placement).toContainText(/Bezahlt am \d{2}\.\d{2}\.\d{4}/);
  await placement.getByRole('button', { name: 'Garantiefall' }).click();
  const dialog = page.getByRole('dialog', { name: 'Garantiefall erfassen' });
  await expect(dialog).toContainText(/6\.000,00/);
  await dialog.getByRole('button', { name: 'Garantiefall erfassen' }).click();
  await expect(placement).toContainText(/Rückerstattung €\s6\.600,00/);
  // No further status step; the invoice PDF stays downloadable.
  await expect(placement.getByRole('button', { name: /markieren|erfassen/ })).toHaveCount(0);
  await expect(placement.getByRole('button', { name: /als PDF herunterladen/ })).toBeVisible();
  await snap(page, 'placements');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vermittlungen-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFNr.;Gemeldet am;Unternehmen;')).toBe(true);
  const line = csv.split('\r\n').find((l) => l.includes(title));
  expect(line, 'CSV line of the placement').toBeTruthy();
  expect(line).toContain(';20,00;60000,00;12000,00;1200,00;Garantiefall;');
  expect(line).toContain(';6000,00;600,00;');

  // every step is in the audit log
  await page.getByRole('link', { name: 'Protokoll' }).click();
  const statusChanges = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Vermittlungsstatus geändert' }) })
    .filter({ hasText: new RegExp(`#${reportId}(?!\\d)`) });
  await expect(statusChanges).toHaveCount(3);
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Meldung geprüft' }) })
      .filter({ hasText: new RegExp(`#${reportId}(?!\\d)`) }),
  ).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'Inserat erstellt' }).first()).toBeVisible();
  await snap(page, 'audit-log');
});

test('When the admin works through users, contact messages and districts, then each action shows its result', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const company = await createAccount(request, 'company', `Sperrtest ${run()}`);
  const contact = await request.post('/api/contact', {
    data: {
      firstname: 'Eva',
      lastname: `Berger ${run()}`,
      company: 'Berger KG',
      email: 'eva@example.at',
      message: 'Bitte rufen Sie uns zurück.',
    },
  });
  expect(contact.status()).toBe(201);
  await adminLogin(page);

  // on a phone the brand with its badge and the menu toggle share one line
  await page.setViewportSize({ width: 375, height: 800 });
  const brand = await page.getByRole('link', { name: 'Backoffice – Dashboard' }).boundingBox();
  const toggle = await page.getByRole('button', { name: 'Menü öffnen oder schließen' }).boundingBox();
  expect(brand && toggle && toggle.y < brand.y + brand.height).toBe(true);
  await page.setViewportSize({ width: 1400, height: 900 });

  // users: find, block (the company's token stops working), unblock
  await page.getByRole('link', { name: 'Benutzer' }).click();
  await page.getByRole('searchbox', { name: 'Name oder E-Mail suchen' }).fill(company.email);
  await page.getByRole('button', { name: 'Suchen' }).click();
  const userRow = page.getByTestId(`user-${company.login.user.id}`);
  await expect(userRow).toContainText('Unternehmen');
  await expect(userRow).toContainText('Bestätigt');
  await userRow.getByRole('button', { name: 'Sperren' }).click();
  const lock = page.getByRole('dialog', { name: /sperren/ });
  await expect(lock).toContainText('wird sofort abgemeldet');
  await lock.getByRole('button', { name: 'Sperren' }).click();
  await expect(page.getByTestId('success-notice')).toContainText('ist gesperrt');
  await expect(userRow).toContainText('Gesperrt');
  expect((await request.get('/api/users/me', { headers: { authorization: `Bearer ${company.jwt}` } })).status()).toBe(
    401,
  );
  await snap(page, 'users');
  await userRow.getByRole('button', { name: 'Entsperren' }).click();
  await expect(userRow).not.toContainText('Gesperrt');

  // contact messages: mark handled
  await page.getByRole('link', { name: 'Kontaktanfragen' }).click();
  const message = page.locator('article').filter({ hasText: `Eva Berger ${run()}` });
  await expect(message).toContainText('Offen');
  await message.getByRole('button', { name: 'Als erledigt markieren' }).click();
  await expect(message).toHaveCount(0);
  await page.getByLabel('Anfragen filtern').selectOption('handled');
  await expect(page.locator('article').filter({ hasText: `Eva Berger ${run()}` })).toContainText('Erledigt am');

  // districts: add, rename, delete; a district in use is refused
  await page.getByRole('link', { name: 'Bezirke' }).click();
  const name = `Testbezirk ${run()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Bundesland', { exact: true }).selectOption('Tirol');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByRole('status')).toHaveText(`Der Bezirk ${name} wurde angelegt.`);
  await page.getByLabel('Bezirk oder Bundesland filtern').fill(name);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Umbenennen' }).click();
  await page.getByLabel(`Neuer Name für ${name}`).fill(`${name} Neu`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status')).toHaveText('Der Bezirk wurde umbenannt.');
  await page.getByLabel('Bezirk oder Bundesland filtern').fill(`${name} Neu`);
  await page.getByRole('button', { name: `${name} Neu löschen` }).click();
  await expect(page.getByRole('status')).toHaveText(`Der Bezirk ${name} Neu wurde gelöscht.`);
  await page.getByLabel('Bezirk oder Bundesland filtern').fill('Graz');
  await page.getByRole('button', { name: 'Graz löschen', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Der Bezirk wird von Inseraten verwendet und kann nicht gelöscht werden.',
  );
  await snap(page, 'districts');
});
