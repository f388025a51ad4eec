import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';

const NEW_PASSWORD = 'Nouveau#2027';

test('the school administrator changes their password, rule by rule, then signs in with it', async ({ page }) => {
  const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
  const preferences = await shell.openPreferences('Compte');
  const current = preferences.getByLabel('Mot de passe actuel', { exact: true });
  const next = preferences.getByLabel('Nouveau mot de passe', { exact: true });
  const confirmation = preferences.getByLabel('Confirmation du nouveau mot de passe', { exact: true });
  const submit = preferences.getByRole('button', { name: 'Modifier le mot de passe' });

  await current.fill(DEMO.schoolAdministrator.password);
  await next.fill('Court1');
  await confirmation.fill('Court1');
  await submit.click();
  await expect(next).toHaveAccessibleDescription(
    /Le mot de passe doit contenir au moins 8 caractères, dont un chiffre et une majuscule, sans espace\./,
  );

  await next.fill(NEW_PASSWORD);
  await confirmation.fill('Nouveau#2028');
  await submit.click();
  await expect(confirmation).toHaveAccessibleDescription('Les mots de passe ne correspondent pas.');

  await current.fill('Pas-le-bon#1');
  await confirmation.fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.getByText("Le mot de passe n'a pas pu être modifié.")).toBeVisible();

  await current.fill(DEMO.schoolAdministrator.password);
  await submit.click();
  await expect(page.getByText('Votre mot de passe a bien été modifié.')).toBeVisible();

  await page.keyboard.press('Escape');
  await shell.signOut();
  const signInPage = new SignInPage(page);
  await signInPage.signIn({ login: DEMO.schoolAdministrator.login, password: NEW_PASSWORD });
  await expect(shell.heading('Utilisateurs')).toBeVisible();
});

test('a pupil is told they may not change their password', async ({ page }) => {
  const shell = await ShellPage.signIn(page, DEMO.pupil);
  const preferences = await shell.openPreferences('Compte');

  await expect(preferences.getByText('Votre profil ne permet pas de modifier le mot de passe depuis la console.')).toBeVisible();
  await expect(preferences.getByLabel('Mot de passe actuel', { exact: true })).toHaveCount(0);
});
