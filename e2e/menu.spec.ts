import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { tabTo } from './pages/keyboard';
import { ShellPage } from './pages/shell-page';
import { GLOBAL_MONITORING_TITLE } from './pages/global-monitoring-page';
import { SETTINGS_TITLE } from './pages/settings-page';

test.describe('side menu', () => {
  test('works with the keyboard and keeps its state in a cookie', async ({ page, context }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await expect(shell.menu).toBeVisible();
    await expect(shell.menuToggle).toHaveAttribute('aria-expanded', 'true');

    await tabTo(page, shell.menuEntry('Configuration'));
    await page.keyboard.press('Enter');
    await expect(shell.heading(SETTINGS_TITLE)).toBeVisible();
    await expect(shell.menuEntry('Configuration')).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('ControlOrMeta+b');
    await expect(shell.menuToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.menu).not.toBeInViewport();
    const cookie = (await context.cookies()).find((entry) => entry.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');

    await page.reload();
    await expect(shell.userMenuButton).toBeVisible();
    await expect(shell.menuToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.menu).not.toBeInViewport();

    await page.keyboard.press('ControlOrMeta+b');
    await expect(shell.menu).toBeInViewport();
    await tabTo(page, shell.menuEntry('Suivi global'));
    await page.keyboard.press('Enter');
    await expect(shell.heading(GLOBAL_MONITORING_TITLE)).toBeVisible();
  });

  test('collapses under 768 px and closes once a view is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await expect(shell.menu).not.toBeInViewport();

    await shell.menuToggle.click();
    await expect(shell.menu).toBeInViewport();
    await shell.menuEntry('Notifications').click();

    await expect(shell.heading('Notifications')).toBeVisible();
    await expect(shell.menu).not.toBeInViewport();
  });

  test('is absent, with no toggle, for a pupil, who sees their own account', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.pupil);

    await expect(shell.heading('Mon compte')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: DEMO.pupil.login }).first()).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(shell.menuToggle).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+b');
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('shows a school administrator the school entries and the help link', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);

    await expect(shell.heading('Utilisateurs')).toBeVisible();
    for (const entry of ['Utilisateurs', 'Tableau de bord', 'Suivi du déploiement', "Paramètres de l'établissement"]) {
      await expect(shell.menuEntry(entry)).toBeVisible();
    }
    await expect(shell.menuEntry("Vue d'ensemble")).toHaveCount(0);
    await expect(shell.menu.getByRole('link', { name: /Aide/ })).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByText(/UAI \w{8}/)).toBeVisible();
  });
});
