import { expect, test, type Locator } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { chooseWithArrows, focusIn, GridSkipLinks, pressUntilFocused, tabBackTo, tabTo } from './pages/keyboard';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

/** AG Grid's column id of the selection checkboxes. */
const SELECTION_COLUMN = 'ag-Grid-SelectionColumn';

/** Whether `later` comes after `earlier` in the document, so in Tab order. */
async function comesAfter(later: Locator, earlier: Locator): Promise<boolean> {
  const laterElement = await later.elementHandle();
  return earlier.evaluate(
    (element, other) => Boolean(element.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING),
    laterElement,
  );
}

// After sign-in, only the keyboard: no click and no fill.
test.describe('users grid with the keyboard only', () => {
  test('the grid is one Tab stop with arrows inside, and skip links move into it and past it', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const users = new UsersPage(page);
    await users.expectLoaded();
    const links = new GridSkipLinks(page, 'utilisateurs');
    const header = (colId: string) => users.grid.locator(`.ag-header-row-column .ag-header-cell[col-id="${colId}"]`);
    const filterCell = (colId: string) => users.grid.locator(`.ag-header-row-filter .ag-header-cell[col-id="${colId}"]`);

    // The skip links come right before the grid, shown once focused; the first moves to its first header.
    await tabTo(page, links.skipTo);
    expect((await links.skipTo.boundingBox())?.width).toBeGreaterThan(100);
    await page.keyboard.press('Enter');
    await expect(header(SELECTION_COLUMN)).toBeFocused();

    // One Tab leaves the grid, one Shift+Tab comes back in; one Shift+Tab leaves it backwards, one Tab comes back.
    await page.keyboard.press('Tab');
    await expect(focusIn(users.grid)).toHaveCount(0);
    await page.keyboard.press('Shift+Tab');
    await expect(focusIn(users.grid)).toHaveCount(1);
    await page.keyboard.press('Shift+Tab');
    await expect(links.skipPast).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(header(SELECTION_COLUMN)).toBeFocused();

    // Arrows move along the headers and down to the floating filters; Enter goes into a filter,
    // Escape comes back to its cell, and the rows are below.
    await pressUntilFocused(page, 'ArrowRight', header('login'), 10);
    await page.keyboard.press('ArrowDown');
    await expect(filterCell('login')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(users.floatingFilter('Login')).toBeFocused();
    await page.keyboard.type(DEMO.pupil.login);
    await expect(users.rows).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(filterCell('login')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(users.cell(DEMO.pupil.login, 'login')).toBeFocused();
    // From a cell too, one Tab leaves the grid.
    await page.keyboard.press('Tab');
    await expect(focusIn(users.grid)).toHaveCount(0);

    // The second skip link moves past the grid, to the end-of-list mark after it.
    await tabBackTo(page, links.skipPast);
    await page.keyboard.press('Enter');
    await expect(links.end).toBeFocused();
    expect((await links.end.boundingBox())?.width).toBeGreaterThan(100);
    expect(await comesAfter(links.end, users.grid)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(focusIn(users.grid)).toHaveCount(1);
  });

  test('adds a user, selects them in the grid and changes their comment in bulk', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const users = new UsersPage(page);
    await users.expectLoaded();

    await tabTo(page, users.button('Ajouter un utilisateur'));
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
    await expect(panel.getByRole('textbox', { name: 'Prénom', exact: true })).toBeFocused();
    await page.keyboard.type('Zoé');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('textbox', { name: 'Nom', exact: true })).toBeFocused();
    await page.keyboard.type('Clavier');
    await page.keyboard.press('Tab');
    const login = panel.getByRole('textbox', { name: 'Identifiant', exact: true });
    await expect(login).toBeFocused();
    await expect(login).toHaveValue(/^zoe\.clavier/);
    const newLogin = await login.inputValue();
    await tabTo(page, panel.getByRole('button', { name: 'Générer' }));
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('textbox', { name: 'Mot de passe', exact: true })).not.toHaveValue('');
    const profile = panel.getByRole('combobox', { name: 'Profil', exact: true });
    await tabTo(page, profile);
    await chooseWithArrows(page, profile, 'Élève');
    const level = panel.getByRole('combobox', { name: 'Niveau', exact: true });
    await tabTo(page, level);
    await chooseWithArrows(page, level, '6e');
    await tabTo(page, panel.getByRole('button', { name: "Créer l'utilisateur" }));
    await page.keyboard.press('Enter');

    await expect(page.getByText("L'utilisateur a bien été créé.")).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(users.floatingFilter('Login')).toHaveValue(newLogin);
    await expect(users.rows).toHaveCount(1);
    const userId = await users.rowIdOf(newLogin);

    // Into the grid by its skip link, down to the row's selection cell, Space.
    const links = new GridSkipLinks(page, 'utilisateurs');
    await tabTo(page, links.skipTo);
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', users.cellOfRow(userId, SELECTION_COLUMN), 5);
    await page.keyboard.press('Space');
    await expect(users.status).toHaveText(/· 1 sélectionné$/);

    // Out of the grid backwards in one press, then back to the bulk menu.
    await page.keyboard.press('Shift+Tab');
    await expect(links.skipPast).toBeFocused();
    await tabBackTo(page, users.button('Modification groupée'));
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Commentaire' }), 15);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Modifier le commentaire' });
    await expect(modal.getByText('1 utilisateur sélectionné.')).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'Commentaire' })).toBeFocused();
    await page.keyboard.type('Saisi au clavier');
    await tabTo(page, modal.getByRole('button', { name: 'Valider' }));
    await page.keyboard.press('Enter');

    await expect(page.getByText('Commentaire modifié pour 1 utilisateur.')).toBeVisible();
    await expect(modal).toBeHidden();
    const comment = await users.scrollToColumn('Commentaire');
    await expect(users.cellOfRow(userId, comment)).toHaveText('Saisi au clavier');
    // Saved on the server: a reload (which keeps the Login filter) shows it again.
    await page.reload();
    await users.expectLoaded();
    await users.scrollToColumn('Commentaire');
    await expect(users.cellOfRow(userId, comment)).toHaveText('Saisi au clavier');
  });
});
