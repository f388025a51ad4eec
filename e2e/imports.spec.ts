import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { ImportPage } from './pages/import-page';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

const HEADER = 'Profil;Nom;Prénom;Niveau;Classe';
const WITH_ERRORS = [HEADER, 'Eleve;Importé;Zoé;7ème B;6A', 'Eleve;Importé;;6e;6A', 'Eleve;Importé;Malo;6e;6B'].join('\r\n');
const FIXED = [HEADER, 'Eleve;Importé;Zoé;6e;6A', 'Eleve;Importé;Inès;6e;6A', 'Eleve;Importé;Malo;6e;6B'].join('\r\n');

test.describe('CSV import', () => {
  test('a school administrator verifies a file with errors, downloads the report, fixes it, previews, confirms and finds the grid on the import', async ({
    page,
  }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const importPage = await ImportPage.open(shell);

    // No file: the spec's message, nothing sent.
    await importPage.verify.click();
    await expect(importPage.main.getByText('Veuillez envoyer un fichier afin de le vérifier.')).toBeVisible();

    await importPage.chooseFile('eleves.csv', WITH_ERRORS);
    await importPage.verify.click();
    await expect(importPage.report).toContainText('Le fichier comporte 2 erreur(s)');
    await expect(importPage.report).toContainText('Niveau inconnu : « 7ème B ».');
    await expect(importPage.report.getByRole('row').filter({ hasText: 'Prénom' })).toContainText('3');
    await expectNoSeriousViolations(page, 'import, error report');
    const report = await importPage.download(importPage.report.getByRole('link', { name: 'Télécharger le rapport d’erreurs' }));
    expect(report.name).toBe('rapport-erreurs-import.csv');
    expect(report.text).toContain('Ligne;Colonne;Erreur');
    expect(report.text).toContain('2;Niveau;Niveau inconnu : « 7ème B ».');

    await importPage.chooseFile('eleves-corrige.csv', FIXED);
    await importPage.verify.click();
    await expect(shell.heading('Aperçu de l’import')).toBeVisible();
    await expect(importPage.preview.getByRole('row')).toHaveCount(4);
    await expect(importPage.preview).toContainText('Zoé');
    await expectNoSeriousViolations(page, 'import, preview');
    // Malo stays out.
    await importPage.preview.getByRole('checkbox', { name: 'Importer la ligne 4' }).uncheck();
    await importPage.main.getByRole('button', { name: 'Confirmer l’import (2 lignes)' }).click();
    const confirmed = page.getByRole('alert').filter({ hasText: /Import n° \d+ effectué : 2 créé\(s\)/ });
    await expect(confirmed).toBeVisible();

    // Once they are loaded, the users grid shows the import's users only; the toast, still there,
    // lies over the view's title, not over the top bar, the grid or a button.
    await expect(shell.heading('Utilisateurs')).toBeVisible({ timeout: 15_000 });
    const users = new UsersPage(page);
    await users.expectLoaded();
    await expect(confirmed).toBeVisible();
    await shell.expectToastCoversNothing(confirmed, [users.grid, users.buttonBar.getByRole('button'), users.activeFilters]);
    await confirmed.getByRole('button', { name: 'Fermer' }).click();
    await expect(confirmed).toBeHidden();
    await expect(users.activeFilters.getByText(/N° import/)).toBeVisible();
    await expect(users.rows).toHaveCount(2);
    await expect(users.rows.filter({ hasText: 'Zoé' })).toHaveCount(1);
    await expect(users.rows.filter({ hasText: 'Malo' })).toHaveCount(0);

    // The same file again: the two imported pupils are named and left unticked; only Malo is new.
    const again = await ImportPage.open(shell);
    await again.chooseFile('eleves-corrige.csv', FIXED);
    await again.verify.click();
    await expect(
      again.main.getByText('2 ligne(s) correspondent à des utilisateurs déjà présents dans l’établissement'),
    ).toBeVisible();
    await expect(again.main.getByText('1 à créer')).toBeVisible();
    await expect(again.preview.getByRole('checkbox', { name: 'Importer la ligne 2' })).not.toBeChecked();
    await expect(again.main.getByRole('button', { name: 'Confirmer l’import (1 lignes)' })).toBeVisible();
    await expectNoSeriousViolations(page, 'import, preview naming users already there');
    await again.main.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByText('Import annulé.')).toBeVisible();

    // Rolled back from the history: the two users are gone.
    const entry = again.history.getByRole('row').filter({ hasText: '2 créé(s), 1 écarté(s)' });
    await expect(entry).toContainText('Effectué');
    await expectNoSeriousViolations(page, 'import, history');
    await entry.getByRole('button', { name: /^Défaire l’import n° \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Défaire l’import n° \d+ \?$/ });
    await expect(dialog).toContainText('Les 2 utilisateur(s) créé(s) par cet import seront supprimés');
    await expectNoSeriousViolations(page, 'import, rollback confirmation');
    await dialog.getByRole('button', { name: 'Défaire' }).click();
    await expect(page.getByText(/L’import n° \d+ a été défait\./)).toBeVisible();
    await expect(entry).toContainText('Défait');
    // Its badge reads as well as the others (it failed colour contrast in orange).
    await expectNoSeriousViolations(page, 'import, history after the rollback');
    // The grid keeps its filter on the import's number: none of its users is left.
    await shell.openView('Utilisateurs');
    await expect(users.activeFilters.getByText(/N° import/)).toBeVisible();
    await expect(users.status).toContainText('0 filtré');
    await expect(users.rows).toHaveCount(0);
  });

  test('a long file shows its verification at work, is found again after leaving the view, then previewed', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const importPage = await ImportPage.open(shell);
    const lines = Array.from({ length: 15_000 }, (_, index) => `Eleve;Long${index};Élève;6e;6A`);
    await importPage.chooseFile('grand-fichier.csv', [HEADER, ...lines].join('\n'));
    await importPage.verify.click();
    const progress = importPage.main.getByRole('status').filter({ hasText: 'Vérification du fichier' });
    await expect(progress).toBeVisible();
    // Left while it works, and opened again: the verification at work or, if it ended meanwhile, its preview; never lost.
    await shell.openView('Utilisateurs');
    await shell.menuEntry('Import').click();
    await expect(page.getByRole('heading', { level: 1, name: /^(Import|Aperçu de l’import)$/ })).toBeVisible();
    await expect(importPage.main.getByText('15000 à créer')).toBeVisible({ timeout: 60_000 });
    await expect(progress).toHaveCount(0);
    await importPage.main.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByText('Import annulé.')).toBeVisible();
  });

  test('the product serves the templates and the notice; a cancelled import writes nothing and says so', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const importPage = await ImportPage.open(shell);
    const template = await importPage.download(importPage.main.getByRole('link', { name: 'Modèle « Nouveaux utilisateurs »' }));
    expect(template.text).toMatch(/^\uFEFFProfil;Nom;Prénom;Niveau/);
    // The school administrator has no adminTabs: no teaching template.
    await expect(importPage.main.getByRole('link', { name: 'Modèle « Enseignements »' })).toHaveCount(0);
    const notice = await page.request.get(
      (await importPage.main.getByRole('link', { name: 'Notice d’utilisation' }).getAttribute('href')) ?? '',
    );
    expect(notice.status()).toBe(200);
    expect(await notice.text()).toContain('Import d’utilisateurs : notice d’utilisation');

    await importPage.chooseFile('annule.csv', [HEADER, 'Eleve;Annulé;Tom;5e;5A'].join('\n'));
    await importPage.verify.click();
    await expect(importPage.preview).toContainText('Tom');
    await importPage.main.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByText('Import annulé.')).toBeVisible();
    await expect(shell.heading('Import')).toBeVisible();
  });
});
