import { expect, test } from '@playwright/test';
import { checkAtPhoneAndDesktop, createAccount, run, signIn } from './support';

/**
 * A consultant listed while the directory was for signed-in users only (issue 29): the profile
 * page says visitors do not see them yet and that saving is the consent; after saving they are
 * in the visitors' directory.
 */
test('When a consultant listed for signed-in users only saves the profile with the switch on, then visitors see them', async ({
  page,
  request,
}) => {
  const name = `Altlisting Beratung ${run()}`;
  const consultant = await createAccount(request, 'consultant', name);
  const listed = await request.put(`/api/users/${consultant.login.user.id}`, {
    headers: { authorization: `Bearer ${consultant.jwt}` },
    data: { public: true },
  });
  expect(listed.status()).toBe(200);

  await signIn(page, consultant);
  await page.goto('/advertisements/profile');
  const notice = page.getByTestId('directory-consent-notice');
  await expect(notice).toContainText('Ihr Profil sehen derzeit nur angemeldete Nutzer');
  await checkAtPhoneAndDesktop(page, 'profile-directory-consent-notice');

  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(notice).toBeHidden();
  const directory = await request.get('/api/public-consultants?pagination[limit]=100');
  const names = ((await directory.json()) as { data: Array<{ username: string }> }).data.map((c) => c.username);
  expect(names).toContain(name);
});
