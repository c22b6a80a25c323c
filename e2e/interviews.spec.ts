import { expect, test, type Browser, type Page } from '@playwright/test';
import { INTERVIEW_MSG } from '@pb/core';
import {
  calendarMails,
  icsUtc,
  icsValue,
  interviewLink,
  nextWorkingDay,
  proposeInterview,
  unfold,
} from './interview-support';
import { introduce } from './placement-support';
import { checkAtPhoneAndDesktop, createAccount, createJob, run, signIn, uniqueEmail, type Account } from './support';

/**
 * Interviews (issue 35) in three browsers: the company proposes two times on the next working day
 * for a video call; the consultant picks one (asked first) and everyone — the company, the
 * consultant and the candidate — gets the calendar invitation (METHOD:REQUEST, the time in UTC, one
 * UID); both sides see 'Termin vereinbart'; a changed link sends the update (SEQUENCE:1). In the
 * second case the consultant mails the candidate the link, and the candidate — never signed in —
 * picks the time on /termin. Feedback is possible only after the interview's end and the suite
 * has no clock to move: the agreed interview offers no 'Rückmeldung geben' yet. The new screens
 * are checked with axe and photographed at 375 and 1280 px (SCREENSHOT_DIR).
 */

async function desktopPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** Two members, an advertisement and a confirmed introduction of a candidate with an e-mail address. */
async function introduced(request: Parameters<typeof createAccount>[0], label: string) {
  const company: Account = await createAccount(request, 'company', `${label}firma ${run()}`);
  const consultant: Account = await createAccount(request, 'consultant', `${label}beratung ${run()}`);
  const jobTitle = `Controller/in ${label} ${run()}`;
  const jobId = await createJob(request, company, jobTitle);
  const candidate = {
    firstName: 'Johanna',
    lastName: 'Brunner',
    email: uniqueEmail(`kandidat-${label.toLowerCase()}`),
  };
  const id = await introduce(request, consultant, jobId, candidate);
  return { company, consultant, jobTitle, candidate, id };
}

const DAY = nextWorkingDay();
const [y, m, d] = DAY.split('-');
/** How the page writes the slot's day: '30.11.2026'. */
const dayShown = `${d}.${m}.${y}`;

test('When the company proposes two times and the consultant picks one, then everyone gets the calendar invitation and a changed link sends its update', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { company, consultant, jobTitle, candidate, id } = await introduced(request, 'Interview');
  const link = 'https://meet.example.at/pb-interview-erstgespraech';
  const companyPage = await desktopPage(browser);
  const consultantPage = await desktopPage(browser);
  await signIn(companyPage, company);
  await signIn(consultantPage, consultant);

  // The company opens the introduction: the candidate's name, and no interview yet.
  await companyPage.goto(`/advertisements/introductions/${id}`);
  await expect(companyPage.getByRole('main')).toContainText(`${candidate.firstName} ${candidate.lastName}`);
  const companySection = companyPage.getByTestId('interviews');
  await expect(companySection).toContainText('Noch kein Interview.');
  await companySection.getByRole('button', { name: 'Interview vorschlagen' }).click();

  // Two times on the next working day, 10:00 and 14:00 Vienna time, a video call with its link.
  const dialog = companyPage.getByRole('dialog', { name: 'Interview vorschlagen' });
  await dialog.getByTestId('slot-0').getByLabel('Datum').fill(DAY);
  await dialog.getByTestId('slot-0').getByLabel('Uhrzeit').fill('10:00');
  await dialog.getByRole('button', { name: 'Weiteren Termin hinzufügen' }).click();
  await expect(dialog.getByTestId('slot-1').getByLabel('Datum')).toBeFocused();
  await expect(dialog.getByTestId('slot-1').getByLabel('Datum')).toHaveValue(DAY);
  await dialog.getByTestId('slot-1').getByLabel('Uhrzeit').fill('14:00');
  await dialog.getByRole('radio', { name: 'Videogespräch' }).check();
  await dialog.getByLabel('Link zum Videogespräch').fill(link);
  await dialog.getByLabel('Notiz (optional)').fill('Bitte fünf Minuten vorher einwählen.');
  await checkAtPhoneAndDesktop(companyPage, 'interviews-company-propose-dialog');
  await dialog.getByRole('button', { name: 'Termine vorschlagen' }).click();
  await expect(dialog).toBeHidden();

  const companyCard = companySection.getByTestId(/^interview-\d+$/);
  await expect(companyCard).toContainText('Termine vorgeschlagen');
  await expect(companyCard.getByRole('list', { name: 'Vorgeschlagene Termine' }).getByRole('listitem')).toHaveText(
    [`${dayShown}, 10:00–11:00 Uhr`, `${dayShown}, 14:00–15:00 Uhr`].map(
      (text) => new RegExp(text.replace(/\./g, '\\.')),
    ),
  );
  // Only the agency picks a time; the company sees no such button.
  await expect(companyCard.getByRole('button', { name: /Diesen Termin wählen/ })).toHaveCount(0);
  await expect(companySection.getByRole('button', { name: 'Interview vorschlagen' })).toHaveCount(0);
  await checkAtPhoneAndDesktop(companyPage, 'interviews-company-proposed');

  // The consultant sees the proposal and picks 10:00, asked first.
  await consultantPage.goto(`/advertisements/introductions/${id}`);
  const agencySection = consultantPage.getByTestId('interviews');
  const agencyCard = agencySection.getByTestId(/^interview-\d+$/);
  await expect(agencyCard).toContainText('Termine vorgeschlagen');
  await expect(agencyCard.getByRole('button', { name: 'Link an Kandidat/in senden' })).toBeVisible();
  await checkAtPhoneAndDesktop(consultantPage, 'interviews-agency-proposed');
  await agencyCard
    .getByRole('button', { name: new RegExp(`Diesen Termin wählen: .*${d}\\.${m}\\.${y}, 10:00`) })
    .click();
  const ask = consultantPage.getByRole('dialog', { name: 'Diesen Termin wählen?' });
  await expect(ask).toContainText(`${dayShown}, 10:00–11:00 Uhr`);
  await expect(ask).toContainText('Kalendereinladung');
  await ask.getByRole('button', { name: 'Termin wählen' }).click();
  await expect(ask).toBeHidden();

  // Both sides: agreed, chosen by the consultant; the company, live.
  for (const card of [agencyCard, companyCard]) {
    await expect(card).toContainText('Termin vereinbart');
    await expect(card.getByRole('heading', { level: 3 })).toContainText(`Interview am`);
    await expect(card.getByRole('heading', { level: 3 })).toContainText(`${dayShown}, 10:00–11:00 Uhr`);
    await expect(card).toContainText('von Personalberater/in am');
    await expect(card.getByRole('link', { name: link })).toBeVisible();
  }
  await expect(agencyCard.getByRole('button', { name: /Diesen Termin wählen/ })).toHaveCount(0);
  // Feedback only after the interview: not offered before it.
  await expect(companyCard.getByRole('button', { name: 'Ort ändern' })).toBeVisible();
  await expect(companyCard.getByRole('button', { name: 'Rückmeldung geben' })).toHaveCount(0);
  await checkAtPhoneAndDesktop(consultantPage, 'interviews-agency-scheduled');
  await checkAtPhoneAndDesktop(companyPage, 'interviews-company-scheduled');

  // The invitation: to the company, the consultant and the candidate, each METHOD:REQUEST, 10:00 Vienna in UTC, one UID.
  const everyone = [company.email, consultant.email, candidate.email];
  const invitations = await calendarMails(request, jobTitle, 'Interviewtermin:', everyone);
  const uids = new Set<string | undefined>();
  for (const mail of invitations) {
    expect(mail.calendar?.method).toBe('REQUEST');
    const content = mail.calendar?.content ?? '';
    expect(unfold(content)).toContain('METHOD:REQUEST');
    expect(icsValue(content, 'DTSTART')).toBe(icsUtc(DAY, '10:00'));
    expect(icsValue(content, 'DTEND')).toBe(icsUtc(DAY, '11:00'));
    expect(icsValue(content, 'SEQUENCE')).toBe('0');
    for (const address of everyone) expect(unfold(content).toLowerCase()).toContain(`mailto:${address.toLowerCase()}`);
    uids.add(icsValue(content, 'UID'));
  }
  expect(uids.size).toBe(1);
  const [uid] = [...uids];
  expect(uid).toBeTruthy();

  // The company changes the link: everyone gets the update with the same UID and SEQUENCE:1.
  const newLink = 'https://meet.example.at/pb-interview-neuer-raum';
  await companyCard.getByRole('button', { name: 'Ort ändern' }).click();
  const change = companyPage.getByRole('dialog', { name: 'Link zum Videogespräch ändern' });
  await expect(change.getByLabel('Link zum Videogespräch')).toHaveValue(link);
  await change.getByLabel('Link zum Videogespräch').fill('kein-link');
  await change.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(change).toContainText(INTERVIEW_MSG.videoLinkInvalid);
  await change.getByLabel('Link zum Videogespräch').fill(newLink);
  await change.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(change).toBeHidden();
  await expect(companyCard.getByRole('link', { name: newLink })).toBeVisible();
  await expect(agencyCard.getByRole('link', { name: newLink })).toBeVisible();
  const updates = await calendarMails(request, jobTitle, 'Geändert:', everyone);
  for (const mail of updates) {
    const content = mail.calendar?.content ?? '';
    expect(mail.calendar?.method).toBe('REQUEST');
    expect(icsValue(content, 'UID')).toBe(uid);
    expect(icsValue(content, 'SEQUENCE')).toBe('1');
    expect(icsValue(content, 'DTSTART')).toBe(icsUtc(DAY, '10:00'));
    expect(unfold(content)).toContain(newLink);
  }

  for (const page of [companyPage, consultantPage]) await page.context().close();
});

test('When the consultant sends the candidate the link, then the candidate picks a time on /termin without an account and the company sees it chosen by the candidate', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { company, consultant, jobTitle, candidate, id } = await introduced(request, 'Terminwahl');
  await proposeInterview(request, company, id, [
    { date: DAY, time: '10:00' },
    { date: DAY, time: '14:00' },
  ]);
  const companyPage = await desktopPage(browser);
  const consultantPage = await desktopPage(browser);
  const candidatePage = await desktopPage(browser);
  await signIn(companyPage, company);
  await signIn(consultantPage, consultant);
  await companyPage.goto(`/advertisements/introductions/${id}`);
  const companyCard = companyPage.getByTestId('interviews').getByTestId(/^interview-\d+$/);
  await expect(companyCard).toContainText('Termine vorgeschlagen');

  // The consultant lets the candidate pick, asked first (the dialog names the address).
  await consultantPage.goto(`/advertisements/introductions/${id}`);
  const agencyCard = consultantPage.getByTestId('interviews').getByTestId(/^interview-\d+$/);
  await agencyCard.getByRole('button', { name: 'Link an Kandidat/in senden' }).click();
  const ask = consultantPage.getByRole('dialog', { name: 'Link an Kandidat/in senden?' });
  await expect(ask).toContainText(candidate.email);
  await ask.getByRole('button', { name: 'Link senden' }).click();
  await expect(ask).toBeHidden();
  await expect(agencyCard).toContainText('Link gesendet am');

  // The candidate, never signed in, opens the link from the mail.
  const termin = await interviewLink(request, candidate.email);
  await candidatePage.goto(termin);
  await expect(candidatePage.getByRole('heading', { name: 'Ihr Interviewtermin', level: 1 })).toBeVisible();
  await expect(candidatePage).toHaveURL(/\/termin$/);
  const lead = candidatePage.locator('p.lead');
  for (const part of [company.username, consultant.username, `„${jobTitle}“`]) await expect(lead).toContainText(part);
  await expect(candidatePage.getByRole('main')).toContainText('Videogespräch');
  const times = candidatePage.getByRole('group', { name: 'Welcher Termin passt Ihnen? (Wiener Zeit)' });
  await expect(times.getByRole('radio')).toHaveCount(2);
  await checkAtPhoneAndDesktop(candidatePage, 'interviews-candidate-termin');
  // Without a choice the page says so.
  await candidatePage.getByRole('button', { name: 'Termin wählen' }).click();
  await expect(candidatePage.getByText('Bitte wählen Sie einen der Termine.')).toBeVisible();
  await times.getByRole('radio', { name: new RegExp(`${d}\\.${m}\\.${y}, 14:00`) }).check();
  await candidatePage.getByRole('button', { name: 'Termin wählen' }).click();
  const confirm = candidatePage.getByRole('dialog', { name: 'Diesen Termin verbindlich wählen?' });
  await expect(confirm).toContainText(`${dayShown}, 14:00–15:00 Uhr`);
  await confirm.getByRole('button', { name: 'Termin wählen' }).click();
  await expect(confirm).toBeHidden();
  const outcome = candidatePage.getByTestId('interview-outcome');
  await expect(outcome).toContainText('Ihr Termin ist vereinbart');
  await expect(outcome).toContainText(`${dayShown}, 14:00–15:00 Uhr`);
  await expect(outcome).toBeFocused();
  await expect(candidatePage.getByRole('radio')).toHaveCount(0);
  await checkAtPhoneAndDesktop(candidatePage, 'interviews-candidate-chosen');

  // The company and the agency, live: agreed at 14:00, chosen by the candidate.
  for (const card of [companyCard, agencyCard]) {
    await expect(card).toContainText('Termin vereinbart');
    await expect(card.getByRole('heading', { level: 3 })).toContainText(`${dayShown}, 14:00–15:00 Uhr`);
    await expect(card).toContainText('von Kandidat/in am');
  }
  await expect(companyCard.getByRole('button', { name: 'Rückmeldung geben' })).toHaveCount(0);
  await checkAtPhoneAndDesktop(companyPage, 'interviews-company-chosen-by-candidate');

  // Everyone's invitation says 14:00 Vienna in UTC.
  const everyone = [company.email, consultant.email, candidate.email];
  for (const mail of await calendarMails(request, jobTitle, 'Interviewtermin:', everyone)) {
    expect(mail.calendar?.method).toBe('REQUEST');
    expect(icsValue(mail.calendar?.content ?? '', 'DTSTART')).toBe(icsUtc(DAY, '14:00'));
  }

  // The link, opened again, shows the agreed time and nothing to pick.
  await candidatePage.reload();
  await expect(candidatePage.getByTestId('interview-state')).toContainText(`${dayShown}, 14:00–15:00 Uhr`);
  await expect(candidatePage.getByRole('radio')).toHaveCount(0);

  for (const page of [companyPage, consultantPage, candidatePage]) await page.context().close();
});
