import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { readOutbox } from './pages/outbox';
import { addPupils, JEAN_MOULIN, openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

test.describe('users actions', () => {
  test('adds a user with a generated login and password and an application that needs credentials', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const users = new UsersPage(page);
    await users.expectLoaded();

    await users.button('Ajouter un utilisateur').click();
    const panel = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
    await panel.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Zélie');
    await panel.getByRole('textbox', { name: 'Nom', exact: true }).fill("D'Aubigné Ajout");
    await panel.getByRole('textbox', { name: 'Nom', exact: true }).blur();
    const login = panel.getByRole('textbox', { name: 'Identifiant', exact: true });
    await expect(login).toHaveValue(/^zelie\.daubigne-ajout\.clg-moulin$/);
    const newLogin = await login.inputValue();
    await panel.getByRole('button', { name: 'Générer' }).click();
    await expect(panel.getByRole('textbox', { name: 'Mot de passe', exact: true })).toHaveValue(
      /^[bcdfghjklmnpqrstvwxz][aeiouy][bcdfghjklmnpqrstvwxz][aeiouy][1-9]\d{3}$/,
    );
    await panel.getByRole('combobox', { name: 'Profil', exact: true }).selectOption('Élève');
    await panel.getByRole('combobox', { name: 'Niveau', exact: true }).selectOption('6e');
    await panel.getByRole('combobox', { name: 'Classe', exact: true }).selectOption('6B');
    await panel.getByRole('group', { name: 'Applications' }).getByRole('checkbox', { name: 'Educadhoc' }).check();
    await panel.getByRole('button', { name: "Créer l'utilisateur" }).click();

    const credentials = page.getByRole('dialog', { name: 'Identifiants des applications' });
    await expect(credentials).toBeVisible();
    await credentials.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await expect(credentials.getByText('Ce champ est obligatoire.').first()).toBeVisible();
    await credentials
      .getByRole('textbox', { name: /Identifiant/ })
      .first()
      .fill(`${newLogin}.educ`);
    await credentials
      .getByRole('textbox', { name: /Mot de passe/ })
      .first()
      .fill('Educ#2026');
    await credentials.getByRole('textbox', { name: /Code/ }).first().fill('EDU-NEW-0001');
    await credentials.getByRole('button', { name: "Créer l'utilisateur" }).click();

    await expect(page.getByText("L'utilisateur a bien été créé.")).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(users.floatingFilter('Login')).toHaveValue(newLogin);
    await expect(users.rows).toHaveCount(1);
    await expect(users.cell(newLogin, 'className')).toHaveText('6B');

    const userPage = await users.openUser(newLogin);
    await userPage.getByRole('tab', { name: 'Mes applications' }).click();
    const card = userPage.getByRole('article', { name: 'Educadhoc' });
    await expect(card.getByText(`${newLogin}.educ`)).toBeVisible();
    await expect(card.getByText('EDU-NEW-0001')).toBeVisible();
  });

  test('disables then deletes two users, finds them in the bin and restores one', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const arranged = pupils('Corbeille', 2);
    await addPupils(page, JEAN_MOULIN, arranged);
    const [first, second] = arranged.map((pupil) => pupil.login) as [string, string];
    const users = new UsersPage(page);
    await page.reload();
    await users.expectLoaded();
    await users.floatingFilter('Login').fill('corbeille.');
    await expect(users.rows).toHaveCount(2);

    await users.select(first, second);
    await expect(users.button('Supprimer')).toBeDisabled();
    await users.button('Désactiver').click();
    await expect(page.getByText('2 utilisateurs ont bien été désactivés')).toBeVisible();
    // The default filter (Désactivé = 0) hides them now: remove it to see and select them again.
    await users.activeFilters.getByRole('button', { name: 'Retirer le filtre Désactivé' }).click();
    await expect(users.rows).toHaveCount(2);
    await users.select(first, second);
    await users.button('Supprimer').click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer les utilisateurs' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('2 utilisateurs ont bien été supprimés.')).toBeVisible();
    await expect(users.rows).toHaveCount(0);

    await users.button('Corbeille').click();
    const bin = users.main.getByRole('region', { name: 'Corbeille' });
    await expect(bin.getByRole('row').filter({ hasText: first })).toHaveCount(1);
    await expect(bin.getByRole('row').filter({ hasText: second })).toHaveCount(1);
    await bin.getByRole('row').filter({ hasText: first }).getByRole('checkbox').check();
    await bin.getByRole('button', { name: 'Restaurer (1)' }).click();
    await expect(page.getByText('1 utilisateur a bien été restauré.')).toBeVisible();
    await expect(bin.getByRole('row').filter({ hasText: first })).toHaveCount(0);
    await expect(bin.getByRole('row').filter({ hasText: second })).toHaveCount(1);

    await users.button('Corbeille').click();
    await expect(users.row(first)).toHaveCount(1);
    await expect(users.row(second)).toHaveCount(0);
  });

  test('bulk-changes the class of 50 users, then undoes it', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    await addPupils(page, JEAN_MOULIN, pupils('Lotclasse', 50, { class: '6C' }));
    const users = new UsersPage(page);
    await page.reload();
    await users.expectLoaded();
    await users.floatingFilter('Nom').fill('Lotclasse');
    await expect(users.status).toContainText('50 filtrés');
    await users.grid.getByRole('checkbox', { name: 'Colonne de sélection' }).check();
    await expect(users.status).toContainText('50 sélectionnés');

    await users.button('Modification groupée').click();
    await page.getByRole('menuitem', { name: 'Classe' }).click();
    const modal = page.getByRole('dialog', { name: 'Modifier la classe' });
    await expect(modal.getByText('50 utilisateurs sélectionnés.')).toBeVisible();
    await modal.getByRole('combobox', { name: 'Classe' }).fill('6Z');
    await modal.getByText('50 utilisateurs sélectionnés.').click();
    await modal.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Classe modifiée pour 50 utilisateurs.')).toBeVisible();
    await expect(users.rows.locator('[col-id="className"]').filter({ hasNotText: '6Z' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect(page.getByText('La modification a bien été annulée.')).toBeVisible();
    await expect(users.rows.locator('[col-id="className"]').filter({ hasNotText: '6C' })).toHaveCount(0);
    await page.reload();
    await users.expectLoaded();
    await expect(users.rows.locator('[col-id="className"]').filter({ hasNotText: '6C' })).toHaveCount(0);
    await expect(users.status).toContainText('50 filtrés');
  });

  test('bulk-adds a new option to the selected users', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.schoolAdministrator);
    const arranged = pupils('Lotoption', 2);
    await addPupils(page, JEAN_MOULIN, arranged);
    const users = new UsersPage(page);
    await page.reload();
    await users.expectLoaded();
    await users.floatingFilter('Nom').fill('Lotoption');
    await expect(users.rows).toHaveCount(2);
    await users.select(...arranged.map((pupil) => pupil.login));

    await users.button('Modification groupée').click();
    await page.getByRole('menuitem', { name: 'Options' }).click();
    const modal = page.getByRole('dialog', { name: 'Modifier les options' });
    await expect(modal.getByRole('button', { name: 'Valider' })).toBeDisabled();
    await modal.getByRole('combobox', { name: 'Option à ajouter' }).fill('Club théâtre');
    await modal.getByText('2 utilisateurs sélectionnés.').click();
    await modal.getByRole('button', { name: 'Valider' }).click();
    await expect(modal).toBeHidden();

    const ids = await Promise.all(arranged.map((pupil) => users.rowIdOf(pupil.login)));
    await users.scrollToColumn('Option1');
    for (const id of ids) await expect(users.cellOfRow(id, 'option1')).toHaveText('Club théâtre');
  });

  test('mails three users their access and the messages are in the outbox', async ({ page }) => {
    const arranged = pupils('Lotmail', 3).map((pupil) => ({ ...pupil, email: `${pupil.login}@famille.example` }));
    const users = await openJeanMoulinAsAdministrator(page, arranged);
    await users.floatingFilter('Nom').fill('Lotmail');
    await expect(users.rows).toHaveCount(3);
    await users.select(...arranged.map((pupil) => pupil.login));

    const before = readOutbox().length;
    await users.button('Modification groupée').click();
    await page.getByRole('menuitem', { name: 'Envoyer un mail' }).click();
    const modal = page.getByRole('dialog', { name: 'Envoyer un mail' });
    await expect(
      modal.getByText('Le mail sera envoyé aux 3 utilisateurs ayant une adresse e-mail, sur 3 sélectionnés.'),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Mail envoyé à 3 utilisateurs.')).toBeVisible();

    const sent = readOutbox().slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual(arranged.map((pupil) => pupil.email).sort());
    for (const pupil of arranged) {
      const mail = sent.find((candidate) => candidate.to === pupil.email)!;
      expect(mail.text).toContain(pupil.login);
      expect(mail.text).toContain('pako4821');
    }
  });

  test('mails only the selected users the filters still show', async ({ page }) => {
    const arranged = pupils('Lotfiltre', 3).map((pupil) => ({ ...pupil, email: `${pupil.login}@famille.example` }));
    const users = await openJeanMoulinAsAdministrator(page, arranged);
    await users.floatingFilter('Nom').fill('Lotfiltre');
    await expect(users.rows).toHaveCount(3);
    await users.grid.getByRole('checkbox', { name: 'Colonne de sélection' }).check();
    await expect(users.status).toContainText('3 filtrés · 3 sélectionnés');

    const [shown, ...hidden] = arranged;
    await users.floatingFilter('Login').fill(shown!.login);
    await expect(users.rows).toHaveCount(1);
    await expect(users.status).toHaveText(/· 1 filtré · 1 sélectionné$/);
    await users.floatingFilter('Login').fill('');
    await expect(users.rows).toHaveCount(3);
    await expect(users.status).toHaveText(/· 3 filtrés · 1 sélectionné$/);
    for (const pupil of hidden)
      await expect(users.row(pupil.login).getByRole('checkbox', { name: /sélection de la ligne/ })).not.toBeChecked();

    const before = readOutbox().length;
    await users.button('Modification groupée').click();
    await page.getByRole('menuitem', { name: 'Envoyer un mail' }).click();
    const modal = page.getByRole('dialog', { name: 'Envoyer un mail' });
    await expect(
      modal.getByText('Le mail sera envoyé à 1 utilisateur ayant une adresse e-mail, sur 1 sélectionné.'),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Mail envoyé à 1 utilisateur.')).toBeVisible();
    expect(
      readOutbox()
        .slice(before)
        .map((mail) => mail.to),
    ).toEqual([shown!.email]);
  });
});
