import { test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DashboardPage } from './pages/dashboard-page';
import { DEMO } from './pages/demo-accounts';
import { OverviewPage } from './pages/overview-page';
import { ShellPage } from './pages/shell-page';

test.describe('accessibility of the statistics views (axe, WCAG 2.1 A and AA)', () => {
  test('the overview with its charts, token forms and report', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const overview = new OverviewPage(page);
    await overview.expectLoaded();
    await overview.tokenReport.getByText('Aucune erreur de jeton.').waitFor();

    await expectNoSeriousViolations(page, 'overview');

    await overview.syncForm('Edulib').getByRole('combobox', { name: 'Établissement' }).click();
    await page.getByRole('option', { name: 'Tous les établissements' }).waitFor();
    await expectNoSeriousViolations(page, 'overview, school selector open');
  });

  test("a school administrator's dashboard", async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    await shell.openView('Tableau de bord');
    await new DashboardPage(page).expectLoaded();

    await expectNoSeriousViolations(page, 'dashboard');
  });
});
