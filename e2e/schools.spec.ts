import { expect, test, type Page } from '@playwright/test';
import { AddSchoolDialog } from './pages/add-school-dialog';
import { DEMO } from './pages/demo-accounts';
import { SchoolPickerPage } from './pages/school-picker-page';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

const UAI_FORMAT = "L'UAI doit être composé de 7 chiffres et d'une lettre.";

/** Resolves once the page has reloaded (the console reloads after a school is created or deleted). */
function nextReload(page: Page): Promise<unknown> {
  return page.waitForEvent('load', { timeout: 15_000 });
}

test.describe('schools', () => {
  test('picks a school with Ctrl+E: its name in the top bar and the school menu group', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await expect(shell.menuEntry('Utilisateurs')).toHaveCount(0);
    const picker = new SchoolPickerPage(page);

    await picker.openWithShortcut();
    await picker.search.fill('nantes');
    await expect(picker.list.getByRole('button', { name: /^\d{7}[A-Z] - / })).toHaveCount(1);
    await picker.search.press('Enter');

    const banner = page.getByRole('banner');
    await expect(banner.getByText('Collège Jules Verne', { exact: true })).toBeVisible();
    await expect(banner.getByText(/^UAI 0441750[A-Z]$/)).toBeVisible();
    await expect(banner.getByText('établissement école directe')).toBeVisible();
    for (const entry of ['Utilisateurs', 'Tableau de bord', 'Suivi du déploiement', "Paramètres de l'établissement"]) {
      await expect(shell.menuEntry(entry)).toBeVisible();
    }

    await shell.openView('Utilisateurs');
    await expect(page.getByText(/Collège Jules Verne · nombre d'utilisateurs : \d+/)).toBeVisible();
    await new UsersPage(page).expectLoaded();
  });

  test('says when no school matches, and refreshes the list', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();

    await picker.search.fill('Tombouctou');
    await expect(picker.dialog.getByText('Aucun établissement trouvé')).toBeVisible();

    await picker.refresh.click();
    await picker.search.fill('Lyon');
    await expect(picker.school(/^0693284[A-Z] - Collège Jean Moulin - Lyon$/)).toBeVisible();
  });

  test('adds a foreign school: a bad UAI is explained, a good one is created and the page reloads', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const dialog = new AddSchoolDialog(page);
    await dialog.open();
    await dialog.openForeignTab();

    await dialog.fillForeignSchool({
      uai: '12345AB',
      name: 'Lycée français de Madrid',
      address: 'Calle del Marqués de la Ensenada 12',
    });
    await dialog.submit.click();
    await expect(dialog.uai).toHaveAccessibleDescription(containing(UAI_FORMAT));

    await dialog.uai.fill('9912345Z');
    const reloaded = nextReload(page);
    await dialog.submit.click();
    await expect(page.getByText("L'établissement a bien été créé.")).toBeVisible();
    await expect(page.getByText('La page va être rechargée dans 5 secondes.')).toBeVisible();
    await reloaded;
    await expect(shell.userMenuButton).toBeVisible();

    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();
    await picker.search.fill('9912345Z');
    await expect(picker.school('9912345Z - Lycée français de Madrid')).toBeVisible();
  });

  test('refuses a second school with the same UAI', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const dialog = new AddSchoolDialog(page);
    await dialog.open();
    await dialog.openForeignTab();

    await dialog.fillForeignSchool({ uai: withCheckLetter('0693284'), name: 'Doublon', address: '1 rue du Doublon' });
    await dialog.submit.click();

    await expect(dialog.uai).toHaveAccessibleDescription(containing('Un établissement avec cet UAI existe déjà.'));
    await expect(dialog.dialog).toBeVisible();
  });

  test('adds a French school found in the education directory', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const dialog = new AddSchoolDialog(page);
    await dialog.open();
    await expect(dialog.submit).toBeDisabled();

    await dialog.directorySearch.fill('Charlemagne');
    const result = dialog.directoryResult(/Lycée Charlemagne/);
    await expect(result).toBeVisible();
    await expect(result).toContainText('UAI 0750678E');
    await expect(dialog.submit).toBeDisabled();
    await result.click();
    await expect(dialog.submit).toBeEnabled();

    const reloaded = nextReload(page);
    await dialog.submit.click();
    await expect(page.getByText("L'établissement a bien été créé.")).toBeVisible();
    await reloaded;
    await expect(shell.userMenuButton).toBeVisible();

    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();
    await picker.search.fill('Charlemagne');
    await expect(picker.school('0750678E - Lycée Charlemagne - Paris')).toBeVisible();
  });

  test('deletes an empty school after a confirmation', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();
    await picker.search.fill('Toulouse');
    const label = /^0312087[A-Z] - École élémentaire Jean Jaurès - Toulouse$/;
    await expect(picker.school(label)).toBeVisible();
    await picker.search.fill('Lyon');
    await expect(picker.deleteButton(/^Supprimer l'établissement/)).toHaveCount(0);
    await picker.search.fill('Toulouse');

    await picker.deleteButton(/^Supprimer l'établissement 0312087[A-Z] - École élémentaire Jean Jaurès/).click();
    await expect(picker.confirmation.getByText("Êtes-vous sûr de vouloir supprimer l'établissement ?")).toBeVisible();
    const reloaded = nextReload(page);
    await picker.confirmation.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(page.getByText("L'établissement a bien été supprimé.")).toBeVisible();
    await reloaded;
    await expect(shell.userMenuButton).toBeVisible();

    await picker.openWithShortcut();
    await picker.search.fill('Jean Jaurès');
    await expect(picker.dialog.getByText('Aucun établissement trouvé')).toBeVisible();
  });
});

/** A pattern matching a text that contains the given one. */
function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** A UAI from its 7 digits: the check letter is the digits mod 23 in the alphabet without I, O, Q. */
function withCheckLetter(digits: string): string {
  return digits + 'ABCDEFGHJKLMNPRSTUVWXYZ'[Number(digits) % 23];
}
