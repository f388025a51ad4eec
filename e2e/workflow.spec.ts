import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { GlobalMonitoringPage } from './pages/global-monitoring-page';
import { ShellPage } from './pages/shell-page';
import { WORKFLOW_MESSAGES, WorkflowTracker } from './pages/workflow-tracker';

/** Demo schools (apps/server/src/platform/db/seed/catalogue.ts); Lyon is the school administrator's. */
const MONTAIGNE = { name: 'Lycée Michel de Montaigne', uai: '0330021U' };
const MOULIN = { name: 'Collège Jean Moulin', uai: '0693284V' };

test.describe('workflow tracker', () => {
  test('ticks a step, marks another not needed, then resets the school', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const grid = await GlobalMonitoringPage.open(shell);
    const { tracker } = await grid.openSchool(MONTAIGNE.name);

    await tracker.selectStep('Déploiement');
    await tracker.completed.check();
    await tracker.saveAndConfirm();
    await expect(tracker.step('Déploiement', 'Complété')).toBeVisible();
    await expect(await grid.symbol(MONTAIGNE.name, 'Déploiement')).toHaveAccessibleName('Complété');

    await tracker.selectStep('Back-office profs');
    await tracker.notNeeded.check();
    await expect(tracker.completed).toBeDisabled();
    await tracker.saveAndConfirm();
    const notNeeded = tracker.step('Back-office profs', 'Non nécessaire');
    await expect(notNeeded).toBeVisible();
    await expect(notNeeded.getByText('Back-office profs')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(await grid.symbol(MONTAIGNE.name, 'Back-office profs')).toHaveAccessibleName('Non nécessaire');

    // The reset unticks completed steps and keeps the not-needed ones.
    await tracker.resetSchool(MONTAIGNE.uai);
    await expect(tracker.step('Déploiement', 'Non commencé')).toBeVisible();
    await expect(tracker.step('Back-office profs', 'Non nécessaire')).toBeVisible();
    await expect(await grid.symbol(MONTAIGNE.name, 'Déploiement')).toHaveAccessibleName('Non commencé');

    await tracker.selectStep('Back-office profs');
    await tracker.notNeeded.uncheck();
    await tracker.saveAndConfirm();
    await expect(tracker.step('Back-office profs', 'Non commencé')).toBeVisible();
  });

  test('adds, renames and deletes sub-steps, meeting both naming warnings', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const grid = await GlobalMonitoringPage.open(shell);
    const { tracker } = await grid.openSchool(MONTAIGNE.name);
    await tracker.selectStep('PDF envoyé');
    await expect(tracker.panel.getByText('Aucune sous-étape.')).toBeVisible();

    await tracker.addSubStep();
    await expect(tracker.subStepName(1)).toBeFocused();
    await tracker.subStepName(1).fill('Envoi aux familles');
    await tracker.addSubStep();
    // Adding while a sub-step has no name: the duplicate warning.
    await tracker.addSubStep();
    await tracker.expectWarning(WORKFLOW_MESSAGES.duplicateSubStep);
    await expect(tracker.subStepName(3)).toHaveCount(0);
    // An empty name blocks saving, and deleting another sub-step.
    await tracker.save.click();
    await tracker.expectWarning(WORKFLOW_MESSAGES.emptySubStep);
    await tracker.deleteSubStep(1).click();
    await tracker.expectWarning(WORKFLOW_MESSAGES.emptySubStep);
    await expect(tracker.subStepName(1)).toHaveValue('Envoi aux familles');
    // A name already used blocks saving.
    await tracker.subStepName(2).fill('envoi aux familles');
    await tracker.save.click();
    await tracker.expectWarning(WORKFLOW_MESSAGES.duplicateSubStep);

    await tracker.subStepName(2).fill('Envoi aux enseignants');
    await tracker.saveAndConfirm();
    await expect(tracker.step('PDF envoyé', 'Non commencé')).toBeVisible();
    await expect(tracker.subStepName(2)).toHaveValue('Envoi aux enseignants');

    // Rename one and tick it: the step is in progress.
    await tracker.subStepName(1).fill('Envoi aux parents');
    await tracker.subStepDone(1).check();
    await tracker.saveAndConfirm();
    await expect(tracker.step('PDF envoyé', 'En cours...')).toBeVisible();
    await tracker.synchronise.click();
    await expect(tracker.subStepName(1)).toHaveValue('Envoi aux parents');
    await expect(tracker.subStepDone(1)).toBeChecked();

    // Delete the unticked one: all the remaining sub-steps are done, so is the step.
    await tracker.deleteSubStep(2).click();
    await expect(tracker.subStepName(2)).toHaveCount(0);
    await tracker.saveAndConfirm();
    await expect(tracker.step('PDF envoyé', 'Complété')).toBeVisible();

    await tracker.deleteSubStep(1).click();
    await tracker.saveAndConfirm();
    await expect(tracker.panel.getByText('Aucune sous-étape.')).toBeVisible();
    await expect(tracker.completed).toBeVisible();
  });

  test('shows a change made by one user in another user’s tracker without a reload', async ({ browser }) => {
    const directionContext = await browser.newContext();
    const adminContext = await browser.newContext();
    try {
      // The school administrator follows their school's workflow in the Monitoring view.
      const directionPage = await directionContext.newPage();
      const directionShell = await ShellPage.signIn(directionPage, DEMO.schoolAdministrator);
      await directionShell.openView('Suivi du déploiement');
      const watched = new WorkflowTracker(directionPage.getByRole('main'));
      await expect(watched.steps.getByRole('tab')).toHaveCount(13);
      await expect(directionPage.getByText('En direct', { exact: true })).toBeVisible();

      // An Administrateur changes that school's 'Sources' step.
      const adminPage = await adminContext.newPage();
      const grid = await GlobalMonitoringPage.open(await ShellPage.signIn(adminPage, DEMO.administrator));
      const { tracker } = await grid.openSchool(MOULIN.name);
      await tracker.selectStep('Sources');
      const wasDone = await tracker.completed.isChecked();
      await tracker.completed.setChecked(!wasDone);
      const comment = `Sources vérifiées (${Date.now()})`;
      await tracker.comment.fill(comment);
      await tracker.saveAndConfirm();

      const expectedState = wasDone ? 'Non commencé' : 'Complété';
      await expect(watched.step('Sources', expectedState)).toHaveAccessibleName(
        new RegExp(`: ${expectedState}, avec commentaire$`),
      );
      await watched.selectStep('Sources');
      await expect(watched.panel.getByRole('textbox', { name: 'Commentaire' })).toHaveValue(comment);
    } finally {
      await directionContext.close();
      await adminContext.close();
    }
  });
});
