import { expect, test, type APIRequestContext } from '@playwright/test';
import { JEAN_MOULIN, openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { ShellPage } from './pages/shell-page';

// What an Administrateur does for a pupil who cannot sign in any more: a locked account, a lost
// sign-in sheet. The pupils are added by the API (password pako4821); the rest goes through screens.

const PASSWORD = 'pako4821';
/** LOGIN_MAX_FAILURES in playwright.config.ts. */
const MAX_FAILURES = 3;

const signIn = (request: APIRequestContext, login: string, password: string) =>
  request.post('/api/auth/login', { data: { login, password } });

test.describe('account access on the user page', () => {
  test('an Administrateur unlocks a pupil that wrong passwords locked, who then signs in again', async ({ page, request }) => {
    const [pupil] = pupils('Verrou', 1);
    const users = await openJeanMoulinAsAdministrator(page, [pupil!]);
    // The failure that reaches the limit answers that the account is locked; so does the right password then.
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= MAX_FAILURES; attempt += 1)
      statuses.push((await signIn(request, pupil!.login, `faux-${attempt}`)).status());
    expect(statuses).toEqual([401, 401, 423]);
    expect((await signIn(request, pupil!.login, PASSWORD)).status()).toBe(423);

    await users.floatingFilter('Login').fill(pupil!.login);
    await expect(users.rows).toHaveCount(1);
    const userPage = await users.openUser(pupil!.login);
    const locked = userPage.getByRole('alert').filter({ hasText: 'Compte verrouillé' });
    await expect(locked).toContainText("l'utilisateur ne peut plus se connecter");
    await locked.getByRole('button', { name: 'Déverrouiller le compte' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Le compte de Élève VERROU a été déverrouillé.' })).toBeVisible();
    await expect(locked).toBeHidden();

    expect((await signIn(request, pupil!.login, PASSWORD)).ok()).toBe(true);
  });

  test('a new sign-in link replaces the old one: the old link no longer signs in, the new one does', async ({
    page,
    browser,
  }) => {
    const [pupil] = pupils('Lien', 1);
    const users = await openJeanMoulinAsAdministrator(page, [pupil!]);
    const school = (await (await page.request.get(`/api/schools/${JEAN_MOULIN}/users`)).json()) as {
      users: { id: number; login: string }[];
    };
    const id = school.users.find((user) => user.login === pupil!.login)!.id;
    const linkOf = async () =>
      ((await (await page.request.get(`/api/users/${id}`)).json()) as { informations: { qrCode: string } }).informations.qrCode;
    const before = await linkOf();

    await users.floatingFilter('Login').fill(pupil!.login);
    await expect(users.rows).toHaveCount(1);
    const userPage = await users.openUser(pupil!.login);
    await expect(userPage.getByRole('img', { name: 'QR code de connexion' })).toBeVisible();
    await userPage.getByRole('button', { name: 'Nouveau lien de connexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remplacer le lien de connexion ?' });
    await expect(dialog).toContainText('Imprimez une nouvelle fiche');
    await dialog.getByRole('button', { name: 'Nouveau lien de connexion' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Un nouveau lien de connexion a été créé' })).toBeVisible();
    await expect(dialog).toBeHidden();
    const after = await linkOf();
    expect(after).not.toBe(before);

    const pupilContext = await browser.newContext();
    const pupilPage = await pupilContext.newPage();
    await pupilPage.goto(`/?iduser=${encodeURIComponent(before)}`);
    await expect(pupilPage.getByLabel('Identifiant', { exact: true })).toHaveAccessibleDescription(
      'Identifiant ou mot de passe incorrect.',
    );
    await pupilPage.goto(`/?iduser=${encodeURIComponent(after)}`);
    await expect(new ShellPage(pupilPage).heading('Mon compte')).toBeVisible();
    await pupilContext.close();
  });
});
