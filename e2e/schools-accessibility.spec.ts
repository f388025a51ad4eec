import { expect, test } from '@playwright/test';
import { AddSchoolDialog } from './pages/add-school-dialog';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { SchoolPickerPage } from './pages/school-picker-page';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';
import { UserSearchPage } from './pages/user-search-page';

test.describe('accessibility of the school tools (axe, WCAG 2.1 A and AA)', () => {
  test('school picker, with results, without, and the delete confirmation', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();
    await expectNoSeriousViolations(page, 'school picker');

    await picker.search.fill('Tombouctou');
    await expect(picker.dialog.getByText('Aucun établissement trouvé')).toBeVisible();
    await expectNoSeriousViolations(page, 'school picker, no match');

    await picker.search.fill('Toulouse');
    await picker.deleteButton(/^Supprimer l'établissement/).click();
    await expect(picker.confirmation).toBeVisible();
    await expectNoSeriousViolations(page, 'school deletion confirmation');
  });

  test('add-school dialog, both tabs, with results and with errors', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const dialog = new AddSchoolDialog(page);
    await dialog.open();
    await expectNoSeriousViolations(page, 'add school, French tab');

    await dialog.directorySearch.fill('Lycée');
    await expect(dialog.directoryResult(/Lycée/).first()).toBeVisible();
    await dialog.directoryResult(/Lycée/).first().click();
    await expectNoSeriousViolations(page, 'add school, French tab with results');

    await dialog.openForeignTab();
    await expectNoSeriousViolations(page, 'add school, foreign tab');
    await dialog.submit.click();
    await expect(dialog.uai).toHaveAttribute('aria-invalid', 'true');
    await dialog.dialog.getByLabel('Nouvelle ville').check();
    await expectNoSeriousViolations(page, 'add school, foreign tab with errors');
  });

  test('user search dialog and the users view of a school', async ({ page }) => {
    // Three scans of large pages (the users grid, the user page): 49 s once on a loaded machine,
    // past the default 60 s another time.
    test.setTimeout(180_000);
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const search = new UserSearchPage(page);
    await search.search('a');
    await expect(search.results).toBeVisible();
    await expectNoSeriousViolations(page, 'user search results');

    await search.row(DEMO.pupil.login).or(search.results.getByRole('row').nth(1)).first().click();
    await expect(shell.heading('Utilisateurs')).toBeVisible();
    const users = new UsersPage(page);
    await expect(users.userPage).toBeVisible();
    await expectNoSeriousViolations(page, 'user page opened from the search');
    await users.userPage.getByRole('button', { name: 'Fermer' }).click();
    await users.expectLoaded();
    await expectNoSeriousViolations(page, 'users view');
  });
});
