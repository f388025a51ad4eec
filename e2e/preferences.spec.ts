import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';

test('the grid tab resets the users grid preferences and the legal tab links the statements', async ({ page }) => {
  const shell = await ShellPage.signIn(page, DEMO.administrator);
  await page.evaluate(() => window.localStorage.setItem('users-grid-preferences', '{"columns":[]}'));

  const preferences = await shell.openPreferences('Grille');
  await preferences.getByRole('button', { name: 'Réinitialiser les préférences de grille' }).click();

  await expect(page.getByText('Les préférences de grille ont été réinitialisées.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('users-grid-preferences'))).toBeNull();

  await preferences.getByRole('tab', { name: 'Mentions légales' }).click();
  await expect(preferences.getByRole('link', { name: /Conditions générales d'utilisation/ })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await expect(preferences.getByRole('link', { name: /Déclaration d'accessibilité/ })).toHaveAttribute('href', /^https?:\/\//);
});
