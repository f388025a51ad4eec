import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';

test('switching to English changes the interface at once and survives a reload', async ({ page }) => {
  const shell = await ShellPage.signIn(page, DEMO.administrator);
  const preferences = await shell.openPreferences('Langue');

  await preferences.getByRole('radio', { name: 'English' }).check();

  await expect(page.getByRole('dialog', { name: 'Preferences' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
