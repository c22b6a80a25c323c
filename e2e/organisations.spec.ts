import { expect, test, type Browser, type Page } from '@playwright/test';
import { MEMBER_PERMISSION_MSG } from '@pb/core';
import { introduce } from './placement-support';
import {
  adminLogin,
  checkAtPhoneAndDesktop,
  createAccount,
  createJob,
  mailedLink,
  PASSWORD,
  run,
  signIn,
  uniqueEmail,
} from './support';

/**
 * Issue 31 in three browsers: a company's administrator invites a recruiter and a bookkeeper; the
 * recruiter answers an agency's message and its introduction; the bookkeeper sees the company's advertisements and the
 * conversation but can change neither; the administrator removes the recruiter and hands her work
 * over; nothing disappears, and the recruiter reaches none of it any more.
 */

async function page(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const opened = await context.newPage();
  await opened.setViewportSize({ width: 1280, height: 900 });
  return opened;
}

/** The invited person opens the mailed link in their own browser and makes an account there. */
async function join(invited: Page, link: string, name: string): Promise<void> {
  await invited.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await invited.getByLabel('Ihr Name').fill(name);
  await invited.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await invited.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await invited.getByRole('button', { name: 'Account anlegen und beitreten' }).click();
  await expect(invited).toHaveURL(/\/advertisements\/organisation$/);
}

test('When a company works as a team of three, then each role sees what it may and nothing is lost when the recruiter leaves', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await createAccount(request, 'company', `Teamfirma ${run()}`);
  const agency = await createAccount(request, 'consultant', `Teamvermittlung ${run()}`);
  const jobTitle = `Küchenchef/in im Team ${run()}`;
  const jobId = await createJob(request, company, jobTitle);
  const recruiterEmail = uniqueEmail('recruiting');
  const bookkeeperEmail = uniqueEmail('buchhaltung');
  const recruiterName = `Rita Recruiting ${run()}`;

  // The administrator invites both from the organisation page.
  const admin = await page(browser);
  await signIn(admin, company);
  await admin.goto('/advertisements/organisation');
  const inviteForm = admin.getByRole('form', { name: 'Person einladen' });
  for (const [email, role] of [
    [recruiterEmail, 'Recruiting'],
    [bookkeeperEmail, 'Buchhaltung'],
  ] as const) {
    await inviteForm.getByLabel('E-Mail-Adresse').fill(email);
    await inviteForm.getByLabel('Rolle').selectOption({ label: role });
    await inviteForm.getByRole('button', { name: 'Einladen' }).click();
    await expect(admin.getByText(`Die Einladung an ${email} ist unterwegs`)).toBeVisible();
  }

  const recruiter = await page(browser);
  await join(recruiter, await mailedLink(request, recruiterEmail, '/einladung#'), recruiterName);
  const bookkeeper = await page(browser);
  await join(bookkeeper, await mailedLink(request, bookkeeperEmail, '/einladung#'), `Bernd Buchhaltung ${run()}`);
  await admin.reload();
  await expect(admin.getByTestId('member')).toHaveCount(3);

  // An agency writes to the company; the recruiter answers in her browser.
  const contacted = await request.post('/api/chat-communications', {
    headers: { authorization: `Bearer ${agency.jwt}` },
    data: { advertisement: jobId, message: 'Grüß Gott, wir hätten eine erfahrene Küchenchefin.' },
  });
  expect(contacted.status()).toBe(201);
  await recruiter.goto('/advertisements/chat');
  await recruiter.getByTestId('chat-row').first().click();
  await expect(recruiter.getByTestId('chat-messages').getByText('erfahrene Küchenchefin')).toBeVisible();
  await recruiter.getByLabel('Nachricht', { exact: true }).fill('Sehr gerne – bitte schicken Sie uns das Profil.');
  await recruiter.getByRole('button', { name: 'Senden' }).click();
  await expect(recruiter.getByTestId('chat-messages').getByText('bitte schicken Sie uns das Profil')).toBeVisible();

  // The agency introduces a candidate; the recruiter answers it from 'Vorstellungen'.
  const candidateEmail = uniqueEmail('kandidatin');
  const introductionId = await introduce(request, agency, jobId, {
    firstName: 'Eva',
    lastName: 'Teamtest',
    email: candidateEmail,
  });
  await recruiter.goto('/advertisements/introductions');
  await recruiter.getByTestId(`introduction-${introductionId}`).click();
  await recruiter.getByRole('button', { name: 'In Prüfung', exact: true }).click();
  await recruiter
    .getByRole('dialog', { name: 'Auf „In Prüfung“ setzen' })
    .getByRole('button', { name: 'Auf „In Prüfung“ setzen' })
    .click();
  await expect(recruiter.getByRole('button', { name: 'Interview', exact: true })).toBeVisible();

  // The bookkeeper reads along but cannot write, and sees the advertisements without changing them.
  await bookkeeper.goto('/advertisements/chat');
  await bookkeeper.getByTestId('chat-row').first().click();
  await expect(bookkeeper.getByTestId('chat-messages').getByText('bitte schicken Sie uns das Profil')).toBeVisible();
  await expect(bookkeeper.getByTestId('chat-read-only')).toHaveText(MEMBER_PERMISSION_MSG['conversations.write']);
  await expect(bookkeeper.getByLabel('Nachricht', { exact: true })).toBeHidden();
  await bookkeeper.goto('/advertisements/create');
  await expect(bookkeeper.getByRole('heading', { name: 'Inserate des Unternehmens' })).toBeVisible();
  await expect(bookkeeper.getByText(jobTitle)).toBeVisible();
  await expect(bookkeeper.getByRole('button', { name: 'Neues Inserat erstellen' })).toHaveCount(0);
  await expect(bookkeeper.getByRole('button', { name: /löschen/ })).toHaveCount(0);
  await checkAtPhoneAndDesktop(bookkeeper, 'organisation-bookkeeper-advertisements');
  // Candidates' data is not the bookkeeper's: no 'Vorstellungen' in the menu.
  await expect(bookkeeper.getByRole('link', { name: 'Inserate des Unternehmens' })).toBeVisible();
  await expect(bookkeeper.getByRole('link', { name: /^Vorstellungen/ })).toHaveCount(0);

  // The recruiter reports the hire; once the office has invoiced it, the bookkeeper sees the invoice.
  const recruiterToken = await recruiter.evaluate(() => localStorage.getItem('jwt_token') ?? '');
  const reported = await request.post('/api/placement-reports', {
    headers: { authorization: `Bearer ${recruiterToken}` },
    data: {
      data: {
        variant: 'company',
        advertisement: jobId,
        introduction: introductionId,
        companyName: company.username,
        jobTitle,
        contactPerson: recruiterName,
        placementBonus: 20,
        actualSalary: 60000,
        recruiter: agency.username,
        recruiterMail: agency.email,
        street: 'Ringstraße',
        houseNr: '1',
        postalCode: '1010',
        city: 'Wien',
        uid: 'ATU13585627',
        candidateEmail: candidateEmail,
      },
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const office = await page(browser);
  await adminLogin(office);
  await office.goto('/admin/placements');
  await office.getByRole('searchbox', { name: 'Unternehmen, Inserat oder Personalberater suchen' }).fill(jobTitle);
  await office.getByRole('button', { name: 'Suchen' }).click();
  const officeRow = office.getByRole('row', { name: new RegExp(jobTitle.replace(/[/()]/g, '.')) });
  await officeRow.getByRole('button', { name: 'Als verrechnet markieren' }).click();
  await office
    .getByRole('dialog', { name: 'Rechnung ausstellen' })
    .getByRole('button', { name: 'Rechnung ausstellen' })
    .click();
  await expect(officeRow).toContainText(/Rechnung \d{4}-\d{6}/);
  await bookkeeper.goto('/advertisements/billing');
  const invoiceRow = bookkeeper.getByRole('row', { name: /Rechnung .*Offen/ });
  await expect(invoiceRow).toBeVisible();
  const download = bookkeeper.waitForEvent('download');
  await invoiceRow.getByRole('button', { name: /als PDF herunterladen/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^Rechnung-\d{4}-\d{6}\.pdf$/);
  await checkAtPhoneAndDesktop(bookkeeper, 'organisation-bookkeeper-billing');

  // The administrator removes the recruiter; her work goes to the administrator.
  await admin.reload();
  await admin.getByRole('button', { name: `Entfernen ${recruiterName}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('verliert sofort den Zugang');
  await expect(dialog.getByLabel(/übernimmt/).locator('option:checked')).toContainText(company.username);
  await checkAtPhoneAndDesktop(admin, 'organisation-remove-member');
  await dialog.getByRole('button', { name: 'Entfernen' }).click();
  await expect(admin.getByRole('status')).toContainText(`${recruiterName} ist nicht mehr Mitglied`);
  await expect(admin.getByTestId('member')).toHaveCount(2);

  // Nothing disappeared: the administrator has the conversation with the recruiter's answer.
  await admin.goto('/advertisements/chat');
  await admin.getByTestId('chat-row').first().click();
  await expect(admin.getByTestId('chat-messages').getByText('bitte schicken Sie uns das Profil')).toBeVisible();

  // ... and the introduction, as the recruiter left it: hired through her report.
  await admin.goto('/advertisements/introductions');
  await expect(admin.getByTestId(`introduction-${introductionId}`)).toContainText('Eingestellt');

  // The recruiter reaches none of it any more.
  await recruiter.goto('/advertisements/chat');
  await expect(recruiter.getByTestId('chat-row')).toHaveCount(0);
  const conversationId = ((await contacted.json()) as { data: { id: number } }).data.id;
  const status = await recruiter.evaluate(
    async (id) =>
      (
        await fetch(`/api/chat-communications/${id}`, {
          headers: { authorization: `Bearer ${localStorage.getItem('jwt_token') ?? ''}` },
        })
      ).status,
    conversationId,
  );
  expect(status).toBe(404);
});

test("When the office checks an agency's Firmenbuchnummer, UID and GISA number, then the company sees 'geprüft' on its introduction", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `Registerprüfung Firma ${run()}`);
  const agency = await createAccount(request, 'consultant', `Prüfvermittlung ${run()}`);
  const identity = await request.put('/api/organisation/legal-identity', {
    headers: { authorization: `Bearer ${agency.jwt}` },
    data: {
      name: agency.username,
      legalForm: 'eU',
      street: 'Mariahilfer Straße 1',
      postalCode: '1060',
      city: 'Wien',
      registerNumber: 'FN 33209m',
      uid: 'ATU13585627',
      gisaNumber: '12345678',
    },
  });
  expect(identity.status()).toBe(200);
  const jobId = await createJob(request, company, `Sous-Chef/in ${run()}`);
  const introductionId = await introduce(request, agency, jobId, {
    firstName: 'Paul',
    lastName: 'Prüftest',
    email: uniqueEmail('kandidat'),
  });

  // Not yet checked: the company sees the agency's name without a badge.
  const companyPage = await page(browser);
  await signIn(companyPage, company);
  await companyPage.goto('/advertisements/introductions');
  await companyPage.getByTestId(`introduction-${introductionId}`).click();
  await expect(companyPage.getByText(agency.username).first()).toBeVisible();
  await expect(companyPage.getByTestId('verified-badge')).toHaveCount(0);

  // The office finds the agency and marks each field after looking it up.
  const office = await page(browser);
  await adminLogin(office);
  await office.goto('/admin/organisations');
  await office.getByRole('search').getByRole('searchbox').fill(agency.username);
  await office.getByRole('button', { name: 'Suchen' }).click();
  await expect(office.getByTestId(/^organisation-/)).toHaveCount(1);
  await checkAtPhoneAndDesktop(office, 'admin-organisations');
  await office.getByRole('link', { name: agency.username }).click();
  await expect(office.getByRole('heading', { name: 'Mitglieder (1)' })).toBeVisible();
  for (const [field, name] of [
    ['register_number', 'Firmenbuchnummer'],
    ['uid', 'UID-Nummer'],
    ['gisa_number', 'GISA-Zahl'],
  ] as const) {
    await office.getByTestId(`register-field-${field}`).getByRole('button', { name: 'Als geprüft markieren' }).click();
    const dialog = office.getByRole('dialog', { name: `${name} als geprüft markieren` });
    // A check without a note says so at the field.
    await dialog.getByRole('button', { name: 'Als geprüft markieren' }).click();
    await expect(dialog.getByText('Bitte notieren Sie, wie Sie geprüft haben')).toBeVisible();
    await dialog.getByLabel('Wie geprüft? (Notiz)').fill(`${name} am ${run()} im Register abgefragt`);
    if (field === 'gisa_number') await checkAtPhoneAndDesktop(office, 'admin-organisation-register-check');
    await dialog.getByRole('button', { name: 'Als geprüft markieren' }).click();
    await expect(dialog.getByRole('status')).toContainText(`${name}`);
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).last().click();
    await expect(office.getByTestId(`register-field-${field}`)).toContainText('geprüft am');
  }
  await expect(office.getByRole('heading', { name: agency.username })).toBeVisible();
  await checkAtPhoneAndDesktop(office, 'admin-organisation-detail');

  // The company now sees the badge beside the agency's name.
  await companyPage.reload();
  await expect(companyPage.getByTestId('verified-badge')).toBeVisible();
  await expect(companyPage.getByTestId('verified-badge')).toContainText('geprüft');
});

test('When the office publishes new terms, then a company administrator objects within six weeks and the office sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createAccount(request, 'company', `AGB-Firma ${run()}`);
  const version = `Fassung E2E ${run()}`;

  const office = await page(browser);
  await adminLogin(office);
  await office.goto('/admin/terms');
  // Without a text the form says what is missing at the field.
  await office.getByLabel('Bezeichnung').fill(version);
  await office.getByRole('button', { name: 'Veröffentlichen …' }).click();
  await expect(office.getByText('Bitte beschreiben Sie, was sich ändert.')).toBeVisible();
  await office.getByLabel(/Was ändert sich/).fill('Die Garantiefrist wird auf 90 Tage verlängert.');
  await office.getByRole('button', { name: 'Veröffentlichen …' }).click();
  const confirm = office.getByRole('dialog', { name: `„${version}“ veröffentlichen` });
  await expect(confirm).toContainText('Widerspruch ist bis');
  await checkAtPhoneAndDesktop(office, 'admin-terms-publish');
  await confirm.getByRole('button', { name: 'Veröffentlichen und alle informieren' }).click();
  await expect(office.getByRole('status')).toContainText(`„${version}“ ist veröffentlicht`);

  // The company's administrator is told by mail and objects on the organisation page.
  const link = await mailedLink(request, company.email, '/advertisements/organisation#agb');
  const admin = await page(browser);
  await signIn(admin, company);
  await admin.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  const entry = admin.getByTestId('terms-version').filter({ hasText: version });
  await expect(entry).toContainText('offen');
  await entry.getByRole('button', { name: 'Widersprechen' }).click();
  const objection = admin.getByRole('dialog', { name: `Der Fassung „${version}“ widersprechen` });
  await expect(objection).toContainText('kann nicht zurückgenommen werden');
  await checkAtPhoneAndDesktop(admin, 'organisation-terms-objection');
  await objection.getByRole('button', { name: 'Widersprechen und Vertrag beenden' }).click();
  await expect(admin.getByRole('status')).toContainText('Ihr Widerspruch ist vermerkt');
  await expect(entry).toContainText('widersprochen');
  await expect(admin.getByTestId('contract-ends')).toContainText('endet mit Ablauf des');
  await checkAtPhoneAndDesktop(admin, 'organisation-terms');

  // The office sees the objection first among the decisions.
  await office.reload();
  const card = office.getByTestId('admin-terms-version').filter({ hasText: version });
  await card.getByRole('button', { name: 'Entscheidungen anzeigen' }).click();
  await expect(card.getByTestId('admin-terms-decision').first()).toContainText(company.username);
  await expect(card.getByTestId('admin-terms-decision').first()).toContainText('widersprochen');
  await checkAtPhoneAndDesktop(office, 'admin-terms');
});
