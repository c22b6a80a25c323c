import { expect, test } from '@playwright/test';

test('When an unknown path is opened, then the 404 page shows with a link home', async ({ page }) => {
  await page.goto('/does/not/exist');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: "Uh oh! I think you're lost." })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
});
