import { expect, test } from '@playwright/test';
import { checkAtPhoneAndDesktop, createAccount, createJob, run, signIn } from './support';

/**
 * List tools (issue 32): a consultant's look at an advertisement counts for the company once per
 * agency, a watched advertisement is listed under 'Gemerkte Inserate', and the company's numbers
 * lead to the advertisement's conversations.
 */

test('When a consultant opens and watches an advertisement and writes, then the company sees the numbers and reaches the conversation', async ({
  page,
  request,
}) => {
  const company = await createAccount(request, 'company', `Zahlen Firma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Zahlen Beratung ${run()}`);
  const title = `Zahlen Patissier ${run()}`;
  const job = await createJob(request, company, title);

  await signIn(page, consultant);
  await page.goto(`/advertisements/view?id=${job}`);
  await page.getByRole('button', { name: 'Merken' }).click();
  await expect(page.getByRole('button', { name: 'Gemerkt' })).toBeVisible();
  const opened = await request.post('/api/chat-communications', {
    headers: { authorization: `Bearer ${consultant.jwt}` },
    data: { advertisement: job, message: 'Guten Tag, gerne mehr zur Stelle.' },
  });
  expect(opened.status()).toBe(201);
  await page.goto('/advertisements/searches');
  const watched = page.getByTestId(`watched-${job}`);
  await expect(watched.getByRole('link', { name: title })).toBeVisible();
  await checkAtPhoneAndDesktop(page, 'watched-advertisements');

  await signIn(page, company);
  await page.goto('/advertisements/create');
  const numbers = page.getByTestId(`numbers-${job}`);
  await expect(numbers).toContainText('1 Personalvermittlung hat es angesehen');
  await expect(numbers).toContainText('0 Vorstellungen');
  await checkAtPhoneAndDesktop(page, 'own-advertisements-numbers');
  // The archive: once deactivated, the advertisement leaves 'Aktiv' and its conversation stays reachable.
  const deactivated = await request.put(`/api/jobs/${job}`, {
    headers: { authorization: `Bearer ${company.jwt}` },
    data: { data: { publishedAt: null } },
  });
  expect(deactivated.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId(`numbers-${job}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Archiv (deaktiviert oder besetzt)' }).click();
  await expect(page).toHaveURL(/liste=archiv/);
  await expect(numbers).toContainText('1 Personalvermittlung hat es angesehen');
  await numbers.getByRole('link', { name: '1 Konversation' }).click();
  await expect(page).toHaveURL(new RegExp(`/advertisements/chat\\?advertisement=${job}$`));
  await expect(page.getByTestId('chat-advertisement-filter')).toContainText(`Inserat Nr. ${job} (nicht mehr aktiv)`);
  await expect(page.getByRole('complementary', { name: 'Chats' })).toContainText(consultant.username);
});
