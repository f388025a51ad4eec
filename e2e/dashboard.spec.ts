import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';

test.describe('dashboard', () => {
  // The school administrator's password changes in the later 'password-change' project only.
  test("shows a school administrator their school's four charts, top 5 applications then the others", async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    await shell.openView('Tableau de bord');
    const dashboard = new DashboardPage(page);

    await dashboard.expectLoaded();

    await expect(page.getByText(/^.+ · UAI \d{7}[A-Z]$/)).toBeVisible();
    await expect(dashboard.statistics.keyFigure('Utilisateurs')).toHaveText(/^[1-9][\d\u202f\u00a0]*$/);
    await expect(dashboard.statistics.keyFigure('Établissements')).toHaveCount(0);
    const applications = await dashboard.statistics.figureLabels('Utilisateurs par application');
    expect(applications.filter((name) => name !== 'Autres').length).toBeLessThanOrEqual(5);
    expect([-1, applications.length - 1]).toContain(applications.indexOf('Autres'));
    expect(await dashboard.statistics.figureLabels('Mode admin')).toEqual(['Activé', 'Désactivé']);
  });
});
