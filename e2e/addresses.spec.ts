import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { SchoolPickerPage } from './pages/school-picker-page';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';
import { UsersPage } from './pages/users-page';

const JEAN_MOULIN = '0693284V';
const JULES_VERNE = '0441750N';

test.describe('addresses', () => {
  test('each view has an address that a reload keeps, and Back and Forward move between views and tabs', async ({ page }) => {
    // A dozen page loads: under a full CI run's load they took past the default minute.
    test.setTimeout(180_000);
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await expect(page).toHaveURL(/\/overview$/);
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();

    await shell.openView('Configuration', 'Paramètres généraux');
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('tab', { name: 'Regex' }).click();
    await expect(page).toHaveURL(/\/settings\/regex$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Regex' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('Configuration — Console ENT');

    await page.goBack();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('tab', { name: 'Tabuléo' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();
    await page.goForward();
    await expect(shell.heading('Paramètres généraux')).toBeVisible();

    // A school chosen on a product-wide view stays chosen through a reload; its views have its UAI in their address.
    await shell.openView('Suivi global', 'Suivi global des déploiements');
    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();
    await picker.choose('Jean Moulin', /Collège Jean Moulin/);
    await expect(page).toHaveURL(/\/monitoring$/);
    await page.reload();
    await expect(shell.heading('Suivi global des déploiements')).toBeVisible();
    await expect(shell.menuEntry('Tableau de bord')).toBeVisible();

    for (const [entry, address] of [
      ['Tableau de bord', 'dashboard'],
      ['Suivi du déploiement', 'deployment'],
      ['Utilisateurs', 'users'],
      ['Import', 'import'],
    ] as const) {
      await shell.openView(entry);
      await expect(page).toHaveURL(new RegExp(`/schools/${JEAN_MOULIN}/${address}(\\?.*)?$`));
      await page.reload();
      await expect(shell.heading(entry)).toBeVisible();
      await expect(page).toHaveTitle(`${entry} — Collège Jean Moulin — Console ENT`);
    }
  });

  test('the product-wide views without a school keep their address through a reload too', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    for (const [entry, address] of [
      ['Gestionnaire de documents', 'documents'],
      ['Notifications', 'notifications'],
    ] as const) {
      await shell.openView(entry);
      await expect(page).toHaveURL(new RegExp(`/${address}$`));
      await page.reload();
      await expect(shell.heading(entry)).toBeVisible();
      await expect(page).toHaveTitle(`${entry} — Console ENT`);
    }
  });

  test("opens a user's page by its address after signing in, and Back from it returns to the grid", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const found = await page.request.post('/api/auth/login', {
      data: { login: DEMO.administrator.login, password: DEMO.administrator.password },
    });
    expect(found.status()).toBe(200);
    const search = await page.request.get(`/api/users/search?q=${DEMO.pupil.login}&page=0`);
    const pupil = ((await search.json()) as { results: { id: number; login: string }[] }).results.find(
      (result) => result.login === DEMO.pupil.login,
    );
    expect(pupil).toBeDefined();
    await context.close();

    // A link sent to a colleague, opened before signing in: the sign-in page, then the user's page.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`/schools/${JEAN_MOULIN}/users/${pupil!.id}`);
    await new SignInPage(otherPage).signIn(DEMO.administrator);
    const users = new UsersPage(otherPage);
    await expect(users.userPage.getByRole('heading', { name: 'Lina Moreau' })).toBeVisible();
    // The address is completed with the grid's filters behind the page (the default one here).
    await expect(otherPage).toHaveURL(new RegExp(`/schools/${JEAN_MOULIN}/users/${pupil!.id}\\?disabled=0$`));

    await users.userPage.getByRole('button', { name: 'Fermer' }).click();
    await expect(users.userPage).toBeHidden();
    await expect(otherPage).toHaveURL(new RegExp(`/schools/${JEAN_MOULIN}/users\\?disabled=0$`));
    await users.expectLoaded();

    await users.floatingFilter('Login').fill(DEMO.pupil.login);
    await expect(users.rows).toHaveCount(1);
    await expect(otherPage).toHaveURL(new RegExp(`/schools/${JEAN_MOULIN}/users\\?login=eleve.demo&disabled=0$`));
    await users.select(DEMO.pupil.login);
    await users.cell(DEMO.pupil.login, 'login').click();
    await expect(users.userPage.getByRole('heading', { name: 'Lina Moreau' })).toBeVisible();
    await otherPage.goBack();
    await expect(users.userPage).toBeHidden();
    await expect(otherPage).toHaveURL(new RegExp(`/schools/${JEAN_MOULIN}/users\\?login=eleve.demo&disabled=0$`));
    // The grid was kept under the page: its filter, rows and selection are as they were.
    await expect(users.floatingFilter('Login')).toHaveValue(DEMO.pupil.login);
    await expect(users.rows).toHaveCount(1);
    await expect(users.status).toHaveText(/· 1 sélectionné$/);

    // The filtered list's address, sent to a colleague, opens the same rows.
    const filtered = otherPage.url();
    const colleague = await browser.newContext();
    const colleaguePage = await colleague.newPage();
    await ShellPage.signIn(colleaguePage, DEMO.schoolAdministrator);
    await colleaguePage.goto(filtered);
    const colleagueUsers = new UsersPage(colleaguePage);
    await expect(colleagueUsers.rows).toHaveCount(1);
    await expect(colleagueUsers.row(DEMO.pupil.login)).toHaveCount(1);
    await expect(colleagueUsers.floatingFilter('Login')).toHaveValue(DEMO.pupil.login);
    await colleague.close();
    await other.close();
  });

  test('a menu entry opens its view in a new tab with Ctrl+click', async ({ page, context }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      shell.menuEntry('Configuration').click({ modifiers: ['ControlOrMeta'] }),
    ]);

    await expect(tab).toHaveURL(/\/settings$/);
    await expect(new ShellPage(tab).heading('Paramètres généraux')).toBeVisible();
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();
  });

  test("a school administrator opening another school's address reads why, and finds the way back", async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    await expect(page).toHaveURL(/\/schools\/[0-9A-Z]{8}\/users(\?.*)?$/);
    const ownAddress = new URL(page.url()).pathname;
    const otherSchool = ownAddress.includes(JULES_VERNE) ? JEAN_MOULIN : JULES_VERNE;

    await page.goto(`/schools/${otherSchool}/users`);

    await expect(shell.heading('Accès refusé')).toBeVisible();
    await expect(page.getByText('Votre compte ne peut pas ouvrir cette page.', { exact: false })).toBeVisible();
    await expect(page).toHaveTitle('Accès refusé — Console ENT');
    await expectNoSeriousViolations(page, 'forbidden address');

    await page.getByRole('link', { name: "Revenir à l'accueil" }).click();
    await expect(page).toHaveURL(new RegExp(`${ownAddress}(\\?.*)?$`));
    await expect(shell.heading('Utilisateurs')).toBeVisible();
  });

  test('an address that names no page says so', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await page.goto('/settings/regex/elsewhere');
    await expect(shell.heading('Page introuvable')).toBeVisible();
    await page.getByRole('link', { name: "Revenir à l'accueil" }).click();
    await expect(shell.heading("Vue d'ensemble")).toBeVisible();

    // A user's page whose user is gone says so, over the grid it closes back to.
    await page.goto(`/schools/${JEAN_MOULIN}/users/999999`);
    const userPage = new UsersPage(page).userPage;
    await expect(userPage.getByRole('alert')).toHaveText(
      "Cet utilisateur n'existe pas ou plus, ou vous ne pouvez pas le voir. Fermez cette fiche pour revenir à la liste.",
    );
    await userPage.getByRole('button', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(new RegExp(`/schools/${JEAN_MOULIN}/users(\\?.*)?$`));
    await expect(shell.heading('Utilisateurs')).toBeVisible();
  });
});
