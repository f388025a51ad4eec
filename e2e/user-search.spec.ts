import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';
import { UserSearchPage } from './pages/user-search-page';

test.describe('user search', () => {
  test('ignores a blank search and says when nothing matches', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const search = new UserSearchPage(page);

    await search.search('   ');
    await expect(search.dialog).toHaveCount(0);

    await search.search('zzzzzz');
    await search.expectOpen();
    await expect(search.dialog.getByText('Aucun résultat pour cette recherche.')).toBeVisible();
  });

  test("opens a found user: their school becomes active and the users view shows them first", async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();
    const search = new UserSearchPage(page);

    await search.search(DEMO.pupil.login);
    await search.expectOpen();
    const headers = search.results.getByRole('columnheader');
    await expect(headers).toHaveText(['Ville', 'Établissement', 'Nom', 'Prénom', 'Identifiant', 'Niveau', 'Classe', 'Profil', 'Désactivé']);
    const row = search.row(DEMO.pupil.login);
    await expect(row).toContainText('Collège Jean Moulin');
    await row.focus();
    await page.keyboard.press('Enter');

    await expect(search.dialog).toBeHidden();
    await expect(shell.heading('Utilisateurs')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Collège Jean Moulin', { exact: true })).toBeVisible();
    await expect(shell.menuEntry('Utilisateurs')).toHaveAttribute('aria-current', 'page');
    const firstRow = page.getByRole('main').getByRole('table').getByRole('row').nth(1);
    await expect(firstRow).toContainText(DEMO.pupil.login);
    await expect(firstRow).toContainText('Recherché');
  });

  test('shows more results with "Voir plus" and opens a user with a click', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const search = new UserSearchPage(page);

    await search.search('a');
    await search.expectOpen();
    const rows = search.results.getByRole('row');
    await expect(rows).toHaveCount(51);
    await search.dialog.getByRole('button', { name: 'Voir plus' }).click();
    await expect(rows).not.toHaveCount(51);

    const secondPageRow = rows.nth(51);
    const login = (await secondPageRow.getByRole('cell').nth(4).textContent()) ?? '';
    await secondPageRow.click();
    await expect(shell.heading('Utilisateurs')).toBeVisible();
    await expect(page.getByRole('main').getByRole('table').getByRole('row').nth(1)).toContainText(login);
  });
});
