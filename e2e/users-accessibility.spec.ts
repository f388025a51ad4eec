import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

test.describe('accessibility of the users view (axe, WCAG 2 A and AA)', () => {
  test('the grid with its panels, the user page, the add-user panel, a bulk modal and the bin', async ({ page }) => {
    // Nine axe scans of a page holding the users grid, about 10 s each on this machine unloaded.
    test.setTimeout(240_000);
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const users = new UsersPage(page);
    await users.expectLoaded();
    await expectNoSeriousViolations(page, 'users grid');

    await users.openColumnsPanel();
    await expectNoSeriousViolations(page, 'columns panel');
    await page.keyboard.press('Escape');
    await users.main.getByRole('button', { name: 'Filtres', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filtres des colonnes' })).toBeVisible();
    await expectNoSeriousViolations(page, 'filters panel');
    await page.getByRole('dialog', { name: 'Filtres des colonnes' }).getByRole('button', { name: 'Fermer' }).click();

    const [first, second] = await users.renderedLogins();
    const userPage = await users.openUser(first!);
    await expectNoSeriousViolations(page, 'user page, profile');
    for (const tab of ['Mes applications', 'Appareils']) {
      await userPage.getByRole('tab', { name: tab }).click();
      await expectNoSeriousViolations(page, `user page, ${tab}`);
    }
    await userPage.getByRole('button', { name: 'Fermer' }).click();

    await users.button('Ajouter un utilisateur').click();
    const panel = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
    await panel.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await expect(panel.getByText('Ce champ est obligatoire.').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'add-user panel with errors');
    await panel.getByRole('button', { name: 'Annuler' }).click();
    await expect(panel).toBeHidden();

    await users.select(first!, second!);
    await users.button('Modification groupée').click();
    await expect(page.getByRole('menu', { name: 'Modification groupée' }).getByRole('menuitem', { name: 'Options' })).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk-edit menu');
    await page.getByRole('menuitem', { name: 'Options' }).click();
    await expect(page.getByRole('dialog', { name: 'Modifier les options' })).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk options modal');
    await page.getByRole('dialog', { name: 'Modifier les options' }).getByRole('button', { name: 'Annuler' }).click();

    await users.button('Corbeille').click();
    await expect(users.main.getByRole('region', { name: 'Corbeille' })).toBeVisible();
    await expectNoSeriousViolations(page, 'bin');
  });
});
