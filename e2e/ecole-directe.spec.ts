import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { JEAN_MOULIN } from './pages/school-users-api';
import { SchoolSettingsPage } from './pages/school-settings-page';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

/** The token the fake EcoleDirecte started by start-server.mjs accepts; its roster: 13 pupils (one with a first name too long) and 2 teachers. */
const TOKEN = 'e2e-ecole-directe-token';

test.describe('the EcoleDirecte import', () => {
  test('a school administrator saves the token, syncs, reads the line with a problem, imports the rest and finds them in the grid', async ({
    page,
  }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    let importNumber: number | undefined;
    try {
      // Without adminTabs, the settings are the EcoleDirecte tab alone.
      await shell.openView("Paramètres de l'établissement");
      const settings = new SchoolSettingsPage(page);
      await expect(settings.tab('EcoleDirecte')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText("Veuillez renseigner le token afin de pouvoir procéder à l'import.")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continuer' })).toBeDisabled();
      await expectNoSeriousViolations(page, 'school settings, EcoleDirecte');

      await page.getByLabel('Token EcoleDirecte').fill(TOKEN);
      await page.getByRole('button', { name: 'Enregistrer le token' }).click();
      await expect(settings.toast('Le token a bien été enregistré.')).toBeVisible();
      await expect(page.getByText('Un token est enregistré ; saisissez-en un autre pour le remplacer.')).toBeVisible();

      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page.getByText(/^Erreur: Prénom : Trop long/)).toBeVisible();
      const report = page.getByRole('button', { name: "Rapport d'erreur.txt" });
      const [download] = await Promise.all([page.waitForEvent('download'), report.click()]);
      expect(download.suggestedFilename()).toBe("Rapport d'erreur.txt");
      await expectNoSeriousViolations(page, 'school settings, EcoleDirecte with a line left out');

      // The 14 others, but those the school has already (a demo pupil may share a name with one).
      const importRest = page.getByRole('button', { name: /^Importer le reste \(\d+ utilisateurs\)$/ });
      const count = Number(/\d+/.exec((await importRest.textContent()) ?? '')![0]);
      expect(count).toBeGreaterThan(10);
      const [confirmed] = await Promise.all([
        page.waitForResponse(
          (response) => /\/api\/users\/batch\/\d+$/.test(response.url()) && response.request().method() === 'POST',
        ),
        importRest.click(),
      ]);
      importNumber = ((await confirmed.json()) as { importNumber: number }).importNumber;
      await expect(settings.toast(`Les ${count} utilisateurs ont bien été importés.`)).toBeVisible();

      // The users grid opens on the import.
      await expect(shell.heading('Utilisateurs')).toBeVisible({ timeout: 15_000 });
      const users = new UsersPage(page);
      await users.expectLoaded();
      await expect(users.activeFilters.getByText(/N° import/)).toBeVisible();
      await expect(users.rows).toHaveCount(count);
      await expect(users.rows.filter({ hasText: 'Adam' })).toHaveCount(1);
    } finally {
      // The school as it was for the journeys after this one: the import rolled back, no token.
      if (importNumber !== undefined) {
        const rolledBack = await page.request.post(`/api/users/batch/${importNumber}/rollback`);
        expect(rolledBack.status(), await rolledBack.text()).toBe(200);
      }
      const removed = await page.request.put(`/api/schools/${JEAN_MOULIN}/ecole-directe/token`, { data: { token: '' } });
      expect(removed.status(), await removed.text()).toBe(200);
    }
  });
});
