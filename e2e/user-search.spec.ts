import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';
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

  test("opens a found user: their school becomes active and the user's page opens over the users view", async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();
    const search = new UserSearchPage(page);

    await search.search(DEMO.pupil.login);
    await search.expectOpen();
    const headers = search.results.getByRole('columnheader');
    await expect(headers).toHaveText([
      'Ville',
      'Établissement',
      'Nom',
      'Prénom',
      'Identifiant',
      'Niveau',
      'Classe',
      'Profil',
      'Désactivé',
    ]);
    const row = search.row(DEMO.pupil.login);
    await expect(row).toContainText('Collège Jean Moulin');
    await row.focus();
    await page.keyboard.press('Enter');

    await expect(search.dialog).toBeHidden();
    await expect(shell.heading('Utilisateurs')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Collège Jean Moulin', { exact: true })).toBeVisible();
    await expect(shell.menuEntry('Utilisateurs')).toHaveAttribute('aria-current', 'page');
    const users = new UsersPage(page);
    await expect(users.userPage.getByRole('heading', { name: 'Lina Moreau' })).toBeVisible();
    await expect(users.userPage.getByText(DEMO.pupil.login, { exact: true }).first()).toBeVisible();
    await users.userPage.getByRole('button', { name: 'Fermer' }).click();
    await expect(users.userPage).toBeHidden();
    await users.floatingFilter('Login').fill(DEMO.pupil.login);
    await expect(users.rows).toHaveCount(1);
    await expect(users.row(DEMO.pupil.login)).toHaveCount(1);
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
    const users = new UsersPage(page);
    await expect(users.userPage).toBeVisible();
    await expect(users.userPage.getByText(login, { exact: true }).first()).toBeVisible();
  });
});
