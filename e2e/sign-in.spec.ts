import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { MESSAGES, SignInPage } from './pages/sign-in-page';
import { ShellPage } from './pages/shell-page';

test.describe('sign-in', () => {
  test('shows the product name and version, and signs an Administrateur in to the overview', async ({ page }) => {
    const signInPage = new SignInPage(page);
    await signInPage.goto();
    await expect(signInPage.heading).toBeVisible();
    await expect(page.getByText('Version 3.1.0')).toBeVisible();

    await signInPage.signIn(DEMO.administrator);

    await expect(page.getByRole('button', { name: 'Connexion réussie' })).toBeVisible();
    const shell = new ShellPage(page);
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();
    await expect(shell.menuEntry("Vue d'ensemble")).toHaveAttribute('aria-current', 'page');
  });

  test('shows the invalid-logins message under the login field for a wrong password', async ({ page }) => {
    const signInPage = new SignInPage(page);
    await signInPage.goto();

    await signInPage.signIn({ login: DEMO.teacher.login, password: 'wrong-password' });

    await signInPage.expectLoginError(MESSAGES.invalidLogins);
    await expect(signInPage.submit).toBeVisible();
  });

  test('locks an account after three failures, even for the right password', async ({ page }) => {
    const signInPage = new SignInPage(page);
    await signInPage.goto();

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await signInPage.signIn({ login: DEMO.manager.login, password: `wrong-${attempt}` });
      await expect(signInPage.login).toHaveAttribute('aria-invalid', 'true');
      await expect(signInPage.submit).toBeEnabled();
    }
    await signInPage.signIn(DEMO.manager);

    await signInPage.expectLoginError(MESSAGES.accountLocked);

    await signInPage.signIn(DEMO.administrator);
    await expect(new ShellPage(page).heading("Vue d'ensemble")).toBeVisible();
  });

  test('restores the session after a reload, and signs out', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await page.reload();
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();

    await shell.signOut();
    await page.reload();

    await expect(new SignInPage(page).submit).toBeVisible();
    await expect(shell.userMenuButton).toHaveCount(0);
  });
});
