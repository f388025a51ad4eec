import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';

// The language is kept with the account: each journey gives the demo account it used French back,
// as the other journeys expect it.
test.afterEach(async ({ page }) => {
  const answer = await page.request.put('/api/auth/language', { data: { language: 'fr' } });
  expect(answer.status()).toBe(200);
});

test('switching to English changes the interface at once and survives a reload', async ({ page }) => {
  const shell = await ShellPage.signIn(page, DEMO.administrator);
  const preferences = await shell.openPreferences('Langue');

  await preferences.getByRole('radio', { name: 'English' }).check();

  await expect(page.getByRole('dialog', { name: 'Preferences' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('in English, the users grid reads English: headers, profiles, counts, the filters dialog', async ({ page }) => {
  const shell = await ShellPage.signIn(page, DEMO.administrator);
  const preferences = await shell.openPreferences('Langue');
  await preferences.getByRole('radio', { name: 'English' }).check();
  await page.keyboard.press('Escape');

  await page.goto('/schools/0693284V/users?profile=pupil&sort=lastname');
  const users = page.getByRole('main').getByRole('region', { name: "The school's users" });
  await expect(users.getByRole('grid')).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /users ·/ }),
  ).toHaveText(/^[\d\s,]+ users · [\d\s,]+ filtered · 0 selected$/);
  const headers = await users.locator('.ag-header-cell-text').allTextContents();
  expect(headers).toEqual(expect.arrayContaining(['Last name', 'First name', 'Level', 'Class']));
  // The profile filter of the address reads the English names: « pupil » keeps the pupils only.
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Profile');
  const counts = await page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /users ·/ })
    .innerText();
  const [total, filtered] = [...counts.matchAll(/[\d\s,]+(?= (users|filtered))/g)].map((match) =>
    Number(match[0].replace(/\D/g, '')),
  );
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(total!);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Column filters' });
  await expect(dialog).toBeVisible();
  // None of the French the grid and its dialog used to show stays.
  const french = /\b(Nom|Prénom|Niveau|Classe|Profil|Élève|Enseignant|Désactivé|utilisateurs|filtrés|sélectionnés|Filtres)\b/;
  expect(await page.getByRole('main').innerText()).not.toMatch(french);
  expect(await dialog.innerText()).not.toMatch(french);
  await page.keyboard.press('Escape');

  // A toast: an import verified, then cancelled.
  await page.goto('/schools/0693284V/import');
  const main = page.getByRole('main');
  await main.locator('input[type="file"]').setInputFiles({
    name: 'english.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Profil;Nom;Prénom;Niveau;Classe\nEleve;Anglais;Tom;5e;5A', 'utf8'),
  });
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByRole('table', { name: 'Import preview' })).toContainText('Tom');
  await main.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Import cancelled.' })).toBeVisible();
});

test('the language chosen from the top bar is kept with the account: a new browser opens in it', async ({ page, browser }) => {
  await ShellPage.signIn(page, DEMO.teacher);
  await page.getByRole('button', { name: "FR, langue de l'interface" }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'EN, interface language' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await new SignInPage(otherPage).signIn(DEMO.teacher);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(otherPage.locator('html')).toHaveAttribute('lang', 'en');
    await expect(otherPage.getByRole('button', { name: 'EN, interface language' })).toBeVisible();
  } finally {
    await other.close();
  }
});
