import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { GlobalMonitoringPage } from './pages/global-monitoring-page';
import { ShellPage } from './pages/shell-page';
import { WorkflowTracker } from './pages/workflow-tracker';

test.describe('accessibility of the workflow views (axe, WCAG 2.1 A and AA)', () => {
  test('the Monitoring view of a school', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    await shell.openView('Suivi du déploiement');
    const tracker = new WorkflowTracker(page.getByRole('main'));
    await expect(tracker.steps.getByRole('tab')).toHaveCount(13);
    await expectNoSeriousViolations(page, 'monitoring');

    await tracker.selectStep('Commandes fournisseurs');
    await expectNoSeriousViolations(page, 'monitoring, a step with sub-steps');
  });

  test('the global monitoring grid with a school’s panel open', async ({ page }) => {
    const grid = await GlobalMonitoringPage.open(await ShellPage.signIn(page, DEMO.administrator));
    await expectNoSeriousViolations(page, 'global monitoring');

    await grid.grid.getByRole('textbox', { name: 'Établissement Filtre' }).fill('Collège');
    await expect(page.getByRole('group', { name: 'Filtres actifs' })).toBeVisible();
    await grid.select('Collège Jean Moulin');
    const { tracker } = await grid.openSchool('Collège Jean Moulin');
    await tracker.selectStep('Commandes fournisseurs');
    await expectNoSeriousViolations(page, 'global monitoring with a filter, a selection and a school panel');
  });
});
