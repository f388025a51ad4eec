import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { OverviewPage } from './pages/overview-page';
import { ShellPage } from './pages/shell-page';

test.describe('overview', () => {
  test("shows an Administrateur the school count and the four charts of every school's demo data", async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const overview = new OverviewPage(page);

    await overview.expectLoaded();

    // Other journeys may add or delete schools: the count must match the schools the server lists.
    const schools = (await (await page.request.get('/api/schools/')).json()) as unknown[];
    expect(schools.length).toBeGreaterThan(0);
    await expect(overview.statistics.keyFigure('Établissements')).toHaveText(String(schools.length));
    await expect(overview.statistics.keyFigure('Utilisateurs')).toHaveText(/^[1-9][\d\u202f\u00a0]*$/);
    expect(await overview.statistics.figureLabels('Répartition des rôles')).toEqual(
      expect.arrayContaining(['Élève', 'Enseignant']),
    );
    expect(await overview.statistics.figureLabels('Connexions')).toEqual(['Connectés', 'Jamais connectés']);
    expect(await overview.statistics.figureLabels('Mode admin')).toEqual(['Activé', 'Désactivé']);
    const applications = await overview.statistics.figureLabels('Utilisateurs par application');
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.length).toBeLessThanOrEqual(15);
    expect(applications).not.toContain('Autres');
  });

  test("shows the server's Commentaire as an error toast when a publisher is not configured", async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const overview = new OverviewPage(page);
    await expect(overview.syncForm('Edulib').getByRole('combobox', { name: 'Établissement' })).toHaveValue(
      'Tous les établissements',
    );

    await overview.synchronise('Edulib');

    const toast = overview.toast("La synchronisation Edulib n'est pas configurée sur ce serveur.");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Synchronisation Edulib non effectuée');

    await overview.synchronise('Le Livre Scolaire', /^0693284/);
    await expect(overview.toast("La synchronisation Le Livre Scolaire n'est pas configurée sur ce serveur.")).toBeVisible();
  });

  test('shows the token error report card, empty on the demo data', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const overview = new OverviewPage(page);

    await expect(overview.tokenReport.getByRole('heading', { name: 'Rapport des erreurs de jetons' })).toBeVisible();
    await expect(overview.tokenReport.getByText('Aucune erreur de jeton.')).toBeVisible();
    await overview.tokenReport.getByRole('button', { name: 'Actualiser' }).click();
    await expect(overview.tokenReport.getByText('Aucune erreur de jeton.')).toBeVisible();
  });
});
