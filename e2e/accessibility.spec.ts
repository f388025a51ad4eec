import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, seriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';
import { GLOBAL_MONITORING_TITLE } from './pages/global-monitoring-page';
import { SETTINGS_TITLE } from './pages/settings-page';

test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  test('sign-in screen, with and without an error', async ({ page }) => {
    const signInPage = new SignInPage(page);
    await signInPage.goto();
    await expectNoSeriousViolations(page, 'sign-in');

    await signInPage.submit.click();
    await expect(signInPage.login).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, 'sign-in with errors');

    // The scan itself reports what it is shown: a button without a name, grey on white.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'button-without-name';
      const faint = document.createElement('p');
      faint.textContent = 'Texte trop pâle';
      faint.style.color = '#ccc';
      document.body.append(button, faint);
    });
    const found = await seriousViolations(page, 'sign-in with two faults added');
    expect(found.map((violation) => violation.rule).sort()).toEqual(['button-name', 'color-contrast']);
    expect(found.find((violation) => violation.rule === 'button-name')!.nodes[0]).toContain('#button-without-name');
  });

  test('every product-wide and utility view of an Administrateur', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await expectNoSeriousViolations(page, 'overview');
    const views = [
      ['Suivi global', GLOBAL_MONITORING_TITLE],
      ['Configuration', SETTINGS_TITLE],
      ['Notifications', 'Notifications'],
      ['Gestionnaire de documents', 'Gestionnaire de documents'],
      ['Import', 'Import'],
    ] as const;
    for (const [entry, heading] of views) {
      await shell.openView(entry, heading);
      await expectNoSeriousViolations(page, entry);
    }
  });

  test('every school view of a school administrator', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    for (const view of ['Utilisateurs', 'Tableau de bord', 'Suivi du déploiement', "Paramètres de l'établissement"]) {
      await shell.openView(view);
      await expectNoSeriousViolations(page, view);
    }
  });

  test('each tab of the preferences dialog', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const preferences = await shell.openPreferences();
    for (const tab of ['Compte', 'Grille', 'Langue', 'Mentions légales']) {
      await preferences.getByRole('tab', { name: tab }).click();
      await expect(preferences.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoSeriousViolations(page, `preferences, tab ${tab}`);
    }
  });

  for (const [profile, account] of [
    ['pupil', DEMO.pupil],
    ['teacher', DEMO.teacher],
  ] as const) {
    test(`the ${profile}'s own account, with its enabled applications`, async ({ page }) => {
      const shell = await ShellPage.signIn(page, account);
      await expect(shell.heading('Mon compte')).toBeVisible();
      // The badges whose contrast was once green on green are part of the scan.
      await expect(page.getByText('Activée', { exact: true }).first()).toBeVisible();
      await expectNoSeriousViolations(page, `${profile} account`);
    });
  }
});
