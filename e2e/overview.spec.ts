import { expect, test } from '@playwright/test';
import { introduce } from './placement-support';
import { checkAtPhoneAndDesktop, createAccount, createJob, run, signIn, uniqueEmail } from './support';

/**
 * 'Übersicht' (issue 32): a new company is led through its first steps, and once a consultant
 * introduces a candidate and writes, the company's overview says what to do, each task a link.
 */

test('When a new company opens its overview, then the first steps lead on and new work appears as tasks with links', async ({
  page,
  request,
}) => {
  const company = await createAccount(request, 'company', `Übersicht Firma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Übersicht Beratung ${run()}`);
  await signIn(page, company);
  await page.goto('/advertisements/overview');
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
  await expect(page.getByTestId('first-steps')).toContainText('von 4 erledigt');
  await expect(page.getByTestId('overview-empty')).toBeVisible();
  const firstAdvertisement = page.getByTestId('first-step-advertisement');
  await expect(firstAdvertisement.getByRole('link', { name: 'Erstes Inserat veröffentlichen' })).toBeVisible();

  // The consultant introduces a candidate (who confirms the mailed link) and writes about the advertisement.
  const job = await createJob(request, company, `Übersicht Koch ${run()}`);
  const asConsultant = { authorization: `Bearer ${consultant.jwt}` };
  await introduce(request, consultant, job, {
    firstName: 'Lena',
    lastName: `Übersicht${run()}`,
    email: uniqueEmail('lena-uebersicht'),
    phone: '+43 664 5550101',
  });
  const opened = await request.post('/api/chat-communications', {
    headers: asConsultant,
    data: { advertisement: job, message: 'Guten Tag, eine Frage zur Stelle.' },
  });
  expect(opened.status()).toBe(201);

  // Live: the overview counts them without a reload.
  await expect(firstAdvertisement).toContainText('erledigt');
  await expect(page.getByTestId('task-already-known')).toContainText('Eine neue Vorstellung prüfen');
  await expect(page.getByTestId('task-already-known')).toContainText('„Bereits bekannt“ können Sie');
  await expect(page.getByTestId('task-unanswered')).toContainText('Eine Konversation wartet auf Ihre Antwort');
  await checkAtPhoneAndDesktop(page, 'overview-company');

  await page.getByRole('link', { name: 'Eine neue Vorstellung prüfen' }).click();
  await expect(page).toHaveURL(/\/advertisements\/introductions\?status=neu$/);
  await expect(page.getByRole('heading', { name: 'Vorstellungen', level: 1 })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Eine Konversation wartet auf Ihre Antwort' }).click();
  await expect(page).toHaveURL(/\/advertisements\/chat/);
});

test('When a candidate has not yet confirmed a new introduction, then the company’s overview does not call it waiting for more than 2 working days', async ({
  page,
  request,
}) => {
  const company = await createAccount(request, 'company', `Übersicht Wartefirma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Übersicht Warteberatung ${run()}`);
  const job = await createJob(request, company, `Übersicht Kellner ${run()}`);
  await introduce(
    request,
    consultant,
    job,
    { firstName: 'Jakob', lastName: `Warte${run()}`, email: uniqueEmail('jakob-warte') },
    { consent: 'pending' },
  );
  await signIn(page, company);
  await page.goto('/advertisements/overview');
  // 'Jetzt zu tun' appears with the loaded tasks.
  await expect(page.getByRole('heading', { name: 'Jetzt zu tun' })).toBeVisible();
  await expect(page.getByTestId('task-awaiting-reaction')).toHaveCount(0);
});
