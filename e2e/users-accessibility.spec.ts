import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

/** Each item of the bulk-edit menu and the title of the dialog it opens (admin mode opens none). */
const BULK_DIALOGS: [item: string, dialog: string][] = [
  ['Commentaire', 'Modifier le commentaire'],
  ['Matière', 'Modifier la matière'],
  ['Classe', 'Modifier la classe'],
  ['Niveau', 'Modifier le niveau'],
  ['Profil', 'Modifier le profil'],
  ['Options', 'Modifier les options'],
  ['Applications', 'Modifier les applications'],
  ['Documents', 'Modifier les documents'],
  ['Activation des clés PNE', 'Activation des clés PNE'],
  ['Notification', 'Envoyer une notification'],
  ['Envoyer un mail', 'Envoyer un mail'],
];

test.describe('accessibility of the users view (axe, WCAG 2.1 A and AA)', () => {
  test('the grid with its panels, the user page, the add-user panel, a bulk modal and the bin', async ({ page }) => {
    // Nine axe scans of a page holding the users grid, about 10 s each on this machine unloaded.
    test.setTimeout(240_000);
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const users = new UsersPage(page);
    await users.expectLoaded();
    await expectNoSeriousViolations(page, 'users grid');

    await users.openColumnsPanel();
    await expectNoSeriousViolations(page, 'columns panel');
    await page.keyboard.press('Escape');
    await users.main.getByRole('button', { name: 'Filtres', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filtres des colonnes' })).toBeVisible();
    await expectNoSeriousViolations(page, 'filters panel');
    await page.getByRole('dialog', { name: 'Filtres des colonnes' }).getByRole('button', { name: 'Fermer' }).click();

    const [first, second] = await users.renderedLogins();
    const userPage = await users.openUser(first!);
    await expectNoSeriousViolations(page, 'user page, profile');
    for (const tab of ['Mes applications', 'Appareils']) {
      await userPage.getByRole('tab', { name: tab }).click();
      await expectNoSeriousViolations(page, `user page, ${tab}`);
    }
    await userPage.getByRole('button', { name: 'Fermer' }).click();

    await users.button('Ajouter un utilisateur').click();
    const panel = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
    await panel.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await expect(panel.getByText('Ce champ est obligatoire.').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'add-user panel with errors');
    await panel.getByRole('button', { name: 'Annuler' }).click();
    await expect(panel).toBeHidden();

    await users.select(first!, second!);
    await users.button('Modification groupée').click();
    await expect(
      page.getByRole('menu', { name: 'Modification groupée' }).getByRole('menuitem', { name: 'Options' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk-edit menu');
    await page.getByRole('menuitem', { name: 'Options' }).click();
    await expect(page.getByRole('dialog', { name: 'Modifier les options' })).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk options modal');
    await page.getByRole('dialog', { name: 'Modifier les options' }).getByRole('button', { name: 'Annuler' }).click();

    await users.button('Corbeille').click();
    await expect(users.main.getByRole('region', { name: 'Corbeille' })).toBeVisible();
    await expectNoSeriousViolations(page, 'bin');
  });

  test('each bulk dialog, a toast, the delete confirmation, and the user page of a teacher and of a pupil', async ({ page }) => {
    // About sixteen scans of the users view, 4 s each here unloaded.
    test.setTimeout(300_000);
    // The administrator: every bulk item is theirs (a school administrator has no mail).
    const arranged = pupils('Axeselection', 2);
    const users = await openJeanMoulinAsAdministrator(page, arranged);
    await users.floatingFilter('Nom').fill('Axeselection');
    await expect(users.rows).toHaveCount(2);
    await users.select(...arranged.map((pupil) => pupil.login));

    let opened = 0;
    for (const [item, title] of BULK_DIALOGS) {
      await users.button('Modification groupée').click();
      const menu = page.getByRole('menu', { name: 'Modification groupée' });
      const menuItem = menu.getByRole('menuitem', { name: item, exact: true });
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      // Some items are disabled for pupils (spec 3 §5): there is no dialog to check then.
      if (await menuItem.isDisabled()) {
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        continue;
      }
      await menuItem.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expectNoSeriousViolations(page, `bulk dialog ${title}`);
      // A suggestion list opened on the focused field covers the buttons: Escape closes it first.
      if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog).toBeHidden();
      opened++;
    }
    // All but PNE, which needs teachers.
    expect(opened, 'bulk dialogs opened').toBe(10);

    await users.button('Désactiver').click();
    const toast = page.getByRole('alert').filter({ hasText: '2 utilisateurs ont bien été désactivés' });
    await expect(toast).toBeVisible();
    // A toast under the mouse stays until the mouse leaves it (Mantine pauses its timer).
    await toast.hover();
    await expectNoSeriousViolations(page, 'toast with its undo button');
    await toast.getByRole('button', { name: 'Fermer' }).click();
    await expect(toast).toBeHidden();

    await users.activeFilters.getByRole('button', { name: 'Retirer le filtre Désactivé' }).click();
    await expect(users.rows).toHaveCount(2);
    await users.select(...arranged.map((pupil) => pupil.login));
    await users.button('Supprimer').click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer les utilisateurs' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousViolations(page, 'delete confirmation');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();

    await users.activeFilters.getByRole('button', { name: 'Retirer le filtre Nom' }).click();
    for (const [login, profile] of [
      [DEMO.teacher.login, 'teacher'],
      [DEMO.pupil.login, 'pupil'],
    ] as const) {
      await users.floatingFilter('Login').fill(login);
      await expect(users.rows).toHaveCount(1);
      const userPage = await users.openUser(login);
      await expectNoSeriousViolations(page, `user page of a ${profile}`);
      await userPage.getByRole('tab', { name: 'Mes applications' }).click();
      await expectNoSeriousViolations(page, `user page of a ${profile}, Mes applications`);
      await userPage.getByRole('button', { name: 'Fermer' }).click();
      await expect(userPage).toBeHidden();
    }

    // The PNE activation, offered for teachers only.
    await users.floatingFilter('Login').fill(DEMO.teacher.login);
    await expect(users.rows).toHaveCount(1);
    await users.select(DEMO.teacher.login);
    await users.button('Modification groupée').click();
    await page.getByRole('menuitem', { name: 'Activation des clés PNE' }).click();
    const pne = page.getByRole('dialog', { name: 'Activation des clés PNE' });
    await expect(pne).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk dialog Activation des clés PNE');
    await pne.getByRole('button', { name: 'Annuler' }).click();
    await expect(pne).toBeHidden();
  });
});
