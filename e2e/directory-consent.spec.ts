import { expect, test } from '@playwright/test';
import { checkAtPhoneAndDesktop, createAccount, run, signIn } from './support';

/**
 * An agency listed while the directory was for signed-in users only (issue 29; since issue 31 the
 * organisation's public profile): the profile page says visitors do not see it yet and that saving
 * is the consent; after saving it is in the visitors' directory.
 */
test('When an agency listed for signed-in users only saves its public profile with the switch on, then visitors see it', async ({
  page,
  request,
}) => {
  const name = `Altlisting Beratung ${run()}`;
  const consultant = await createAccount(request, 'consultant', name);
  const listed = await request.put('/api/organisation/profile', {
    headers: { authorization: `Bearer ${consultant.jwt}` },
    data: { public: true },
  });
  expect(listed.status()).toBe(200);

  await signIn(page, consultant);
  await page.goto('/advertisements/profile');
  const notice = page.getByTestId('directory-consent-notice');
  await expect(notice).toContainText('Ihr Profil sehen derzeit nur angemeldete Nutzer');
  await checkAtPhoneAndDesktop(page, 'profile-directory-consent-notice');

  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(notice).toBeHidden();
  const directory = await request.get('/api/public-agencies?pagination[limit]=100');
  const names = ((await directory.json()) as { data: Array<{ name: string }> }).data.map((c) => c.name);
  expect(names).toContain(name);
});
