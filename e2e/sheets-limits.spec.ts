import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { importPupils, JEAN_MOULIN, openJeanMoulinUsers } from './pages/school-users-api';
import { SheetsMenu } from './pages/sheets-menu';
import { ShellPage } from './pages/shell-page';

const MAXIMUM = 'Vous ne pouvez pas générer plus de 1000 fiches à la fois.';
const UNITARY_MAXIMUM = 'Le mode unitaire est limité à 100 fiches.';

test.describe('PDF sheets, the limits', () => {
  test('the dialog refuses more than 1000 users, and more than 100 in unitary mode', async ({ page }) => {
    test.setTimeout(240_000);
    await ShellPage.signIn(page, DEMO.administrator);
    await importPupils(page, JEAN_MOULIN, 'Limitepdf', { '6L': 900, '6M': 101 });
    const users = await openJeanMoulinUsers(page);
    const selectAll = users.grid.getByRole('checkbox', { name: 'Colonne de sélection' });
    const sheetsMenu = new SheetsMenu(users);
    const dialog = sheetsMenu.dialog('Fiches de déploiement');
    const openDialog = async () => {
      await sheetsMenu.open();
      await sheetsMenu.item('Fiches de déploiement').click();
      await expect(dialog).toBeVisible();
    };

    // Every pupil of the import: 1001, one too many.
    await users.floatingFilter('Nom').fill('Limitepdf');
    await expect(users.status).toContainText(/1\s001 filtrés/, { timeout: 30_000 });
    await selectAll.check();
    await expect(users.status).toContainText(/1\s001 sélectionnés/);
    await openDialog();
    await expect(dialog.getByText(MAXIMUM)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Générer' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await selectAll.uncheck();

    // The 101 pupils of one class: one PDF, or one per class, but not one each.
    await users.floatingFilter('Classe').fill('6M');
    await expect(users.status).toContainText('101 filtrés');
    await selectAll.check();
    await expect(users.status).toContainText('101 sélectionnés');
    await openDialog();
    await expect(dialog.getByText(MAXIMUM)).toBeHidden();
    await dialog.getByLabel('Mode').selectOption({ label: 'Un PDF par utilisateur (zip)' });
    await expect(dialog.getByText(UNITARY_MAXIMUM)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Générer' })).toBeDisabled();
    await dialog.getByLabel('Mode').selectOption({ label: 'Un PDF par classe (zip)' });
    await expect(dialog.getByText(UNITARY_MAXIMUM)).toBeHidden();
    const zip = await sheetsMenu.generate(dialog);
    expect(zip.name).toMatch(new RegExp(`^fiches_deploy_${JEAN_MOULIN}_\\d{8}-\\d{6}\\.zip$`));
    expect(zip.text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(101);
  });
});
