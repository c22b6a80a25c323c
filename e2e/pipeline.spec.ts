import { expect, test } from '@playwright/test';
import { introduce } from './placement-support';
import { checkAtPhoneAndDesktop, createAccount, createJob, run, signIn, uniqueEmail } from './support';

/**
 * The company's candidate pipeline (issue 32): columns by stage, moved by keyboard, and
 * 'Eingestellt' leads straight into reporting the placement with the introduction and its
 * locked bonus filled in.
 */

test('When the company moves a candidate to Eingestellt in the columns by keyboard, then the placement report opens with the introduction and its bonus', async ({
  page,
  request,
}) => {
  const company = await createAccount(request, 'company', `Pipeline Firma ${run()}`);
  const consultant = await createAccount(request, 'consultant', `Pipeline Beratung ${run()}`);
  const job = await createJob(request, company, `Pipeline Sommelier ${run()}`, { placementBonus: 18 });
  // The candidate confirms the mailed link: only then may the company move past 'In Prüfung'.
  const introduction = await introduce(request, consultant, job, {
    firstName: 'Mira',
    lastName: `Spalte${run()}`,
    email: uniqueEmail('mira-spalte'),
    phone: '+43 664 5550202',
  });

  await signIn(page, company);
  await page.goto(`/advertisements/introductions?advertisement=${job}`);
  await page.getByRole('button', { name: 'Spalten nach Status' }).click();
  await expect(page).toHaveURL(/ansicht=spalten/);
  const card = page.getByTestId(`pipeline-card-${introduction}`);
  await expect(page.getByTestId('pipeline-neu').getByTestId(`pipeline-card-${introduction}`)).toBeVisible();
  await checkAtPhoneAndDesktop(page, 'pipeline');

  // A move within the selection can be taken back for a few seconds: 'Rückgängig' puts it back.
  await card.getByRole('button', { name: /Status von Mira .* ändern/ }).click();
  await card.getByRole('button', { name: 'Auf „In Prüfung“ setzen' }).click();
  await page
    .getByRole('dialog', { name: 'Auf „In Prüfung“ setzen' })
    .getByRole('button', { name: 'Auf „In Prüfung“ setzen' })
    .click();
  await expect(page.getByTestId('pipeline-in_pruefung').getByTestId(`pipeline-card-${introduction}`)).toBeVisible();
  await page.getByTestId('success-notice').getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByTestId('success-notice')).toContainText('Rückgängig gemacht.');
  await expect(page.getByTestId('pipeline-neu').getByTestId(`pipeline-card-${introduction}`)).toBeVisible();

  // Keyboard only: the menu opens with Enter, the arrows reach 'Eingestellt'.
  const toggle = card.getByRole('button', { name: /Status von Mira .* ändern/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const hire = card.getByRole('button', { name: 'Auf „Eingestellt“ setzen' });
  await expect(hire).toBeVisible();
  for (let i = 0; i < 5 && !(await hire.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(hire).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Auf „Eingestellt“ setzen' });
  await expect(confirm).toContainText('18');
  await confirm.getByRole('button', { name: 'Einstellung bestätigen' }).click();

  // Straight on to the report: the introduction chosen, its locked bonus in the field.
  await expect(page).toHaveURL(/\/advertisements\/create/);
  const report = page.getByRole('dialog', { name: 'Stellenbesetzung melden' });
  await expect(report).toBeVisible();
  await expect(report.getByLabel('Vorgestellte Person (optional)')).toHaveValue(String(introduction));
  await expect(report.getByText('Es gilt die Prämie bei Vorstellung: 18')).toBeVisible();
  await report.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(report).toBeHidden();

  // Back in the columns, the candidate stands under 'Eingestellt'.
  await page.goto(`/advertisements/introductions?advertisement=${job}&ansicht=spalten`);
  await expect(page.getByTestId('pipeline-eingestellt').getByTestId(`pipeline-card-${introduction}`)).toBeVisible();

  // The company deactivates the advertisement instead of reporting: the agency's overview still
  // leads to its own report dialog, the introduction filled in.
  const deactivated = await request.put(`/api/jobs/${job}`, {
    headers: { authorization: `Bearer ${company.jwt}` },
    data: { data: { publishedAt: null } },
  });
  expect(deactivated.status()).toBe(200);
  await signIn(page, consultant);
  await page.goto('/advertisements/overview');
  await page.getByRole('link', { name: 'Eine Einstellung ohne Vermittlungsmeldung' }).click();
  await expect(page).toHaveURL(new RegExp(`/advertisements/view\\?id=${job}&melden=${introduction}`));
  const agencyReport = page.getByRole('dialog', { name: 'Stellenbesetzung melden' });
  await expect(agencyReport.getByLabel('Vorgestellte Person (optional)')).toHaveValue(String(introduction));
});
