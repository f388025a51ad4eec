import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { GlobalMonitoringPage } from './pages/global-monitoring-page';
import { focusIn, GridSkipLinks, tabTo } from './pages/keyboard';
import { ShellPage } from './pages/shell-page';

/** The demo schools with pupils (the one without is not monitored). */
const SCHOOLS = [
  { name: 'Collège Jean Moulin', uai: '0693284V' },
  { name: 'Collège Jules Verne', uai: '0441750N' },
  { name: 'Groupe scolaire Louis Massignon', uai: '0990452D' },
  { name: 'Lycée Michel de Montaigne', uai: '0330021U' },
];

test.describe('global monitoring', () => {
  test('lists the monitored schools with status symbols, filters them and shows hidden columns', async ({ page }) => {
    const grid = await GlobalMonitoringPage.open(await ShellPage.signIn(page, DEMO.administrator));

    await expect(grid.statusLine).toHaveText('Total : 4 · Filtrés : 4 · Sélectionnés : 0');
    for (const school of SCHOOLS) await expect(grid.row(school.name)).toContainText(school.uai);
    expect(await grid.schoolsShown()).toEqual(SCHOOLS.map((school) => `${school.name}${school.uai}`));
    await expect(grid.grid.getByRole('columnheader', { name: 'Liste des manuels', exact: true })).toBeVisible();
    await expect(grid.grid.getByRole('columnheader', { name: 'Dernière mise à jour' })).toHaveCount(0);
    await expect(await grid.symbol('Collège Jules Verne', 'Devis signé')).toHaveAccessibleName('Devis en attente de signature');

    await grid.grid.getByRole('textbox', { name: 'Établissement Filtre' }).fill('Collège');
    await expect(grid.statusLine).toHaveText('Total : 4 · Filtrés : 2 · Sélectionnés : 0');
    const chips = page.getByRole('group', { name: 'Filtres actifs' });
    await expect(chips).toContainText('Établissement : contient « Collège »');
    await chips.getByRole('button', { name: 'Retirer le filtre Établissement' }).click();
    await expect(grid.statusLine).toHaveText('Total : 4 · Filtrés : 4 · Sélectionnés : 0');

    await grid.grid.getByRole('textbox', { name: 'Devis signé Filtre' }).fill('attente');
    await expect(grid.statusLine).toHaveText(/Filtrés : [1-3] /);
    await grid.clearFilters.click();
    await expect(grid.statusLine).toHaveText('Total : 4 · Filtrés : 4 · Sélectionnés : 0');
    await expect(chips).toHaveCount(0);

    await grid.columns.click();
    await page.getByRole('checkbox', { name: 'Dernière mise à jour' }).check();
    await page.keyboard.press('Escape');
    await expect(grid.grid.getByRole('columnheader', { name: 'Dernière mise à jour' })).toBeVisible();
  });

  test('the grid is one Tab stop, reached and skipped by its skip links', async ({ page }) => {
    const view = await GlobalMonitoringPage.open(await ShellPage.signIn(page, DEMO.administrator));
    const grid = view.grid.getByRole('grid');
    const links = new GridSkipLinks(page, 'établissements');

    await tabTo(page, links.skipTo);
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('columnheader').first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(grid.getByRole('columnheader', { name: /^Établissement/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(focusIn(grid)).toHaveCount(0);
    await page.keyboard.press('Shift+Tab');
    await expect(focusIn(grid)).toHaveCount(1);
    await page.keyboard.press('Shift+Tab');
    await expect(links.skipPast).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(links.end).toBeFocused();
  });

  test('opens a school’s tracker above the grid, closed by Escape or its button', async ({ page }) => {
    const grid = await GlobalMonitoringPage.open(await ShellPage.signIn(page, DEMO.administrator));

    const { panel, tracker } = await grid.openSchool('Collège Jules Verne');
    await expect(panel.getByText('Collège Jules Verne (0441750N)')).toBeVisible();
    await tracker.selectStep('Devis signé');
    await expect(tracker.panel.getByText('En attente de signature')).toBeVisible();
    await expect(tracker.notNeeded).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    const reopened = await grid.openSchool('Collège Jean Moulin');
    await reopened.panel.getByRole('button', { name: 'Fermer le suivi (Échap)' }).click();
    await expect(reopened.panel).toBeHidden();
  });

  test('selects three schools and resets them all, each reported and reloaded', async ({ page }) => {
    const grid = await GlobalMonitoringPage.open(await ShellPage.signIn(page, DEMO.administrator));
    await expect(grid.resetAll).toBeDisabled();

    const chosen = SCHOOLS.slice(0, 3);
    for (const school of chosen) await grid.select(school.name);
    await expect(grid.statusLine).toHaveText('Total : 4 · Filtrés : 4 · Sélectionnés : 3');
    await expect(grid.resetAll).toBeEnabled();

    const report = await grid.resetSelected(3);
    for (const school of chosen) await expect(report).toContainText(`${school.uai} remis à zéro`);
    // Reset: completed steps unticked, each row reloaded.
    for (const school of chosen)
      await expect(await grid.symbol(school.name, 'Liste des manuels')).toHaveAccessibleName('Non commencé');
  });
});
