import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { JEAN_MOULIN, openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { SheetsMenu } from './pages/sheets-menu';

test.describe('PDF sheets', () => {
  test('an administrator prints the deployment sheets of selected pupils in one PDF, a page each, in Spanish, then by class in a zip, finds them in the print log, and prints their box labels', async ({
    page,
  }) => {
    const arranged = [...pupils('Fichepdfa', 2, { class: '6e A' }), ...pupils('Fichepdfb', 1, { class: '5e B' })];
    const users = await openJeanMoulinAsAdministrator(page, arranged, 'Lelivrescolaire.fr');
    await users.floatingFilter('Login').fill('fichepdf');
    await expect(users.rows).toHaveCount(3);

    // Nothing selected: the item is off, and Escape closes the menu.
    const sheetsMenu = new SheetsMenu(users);
    await sheetsMenu.open();
    await expect(sheetsMenu.item('Fiches de déploiement')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(sheetsMenu.menu).toBeHidden();

    const chosen = arranged.slice(0, 2).map((pupil) => pupil.login);
    await users.select(...chosen);
    await expect(users.status).toContainText('2 sélectionnés');
    await sheetsMenu.open();
    await sheetsMenu.item('Fiches de déploiement').click();
    const dialog = sheetsMenu.dialog('Fiches de déploiement');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('2 utilisateurs sélectionnés.');
    await dialog.getByLabel('Langue').selectOption({ label: 'Español' });
    await expectNoSeriousViolations(page, 'users, PDF sheets dialog');

    const pdf = await sheetsMenu.generate(dialog);
    expect(pdf.name).toMatch(new RegExp(`^fiches_deploy_${JEAN_MOULIN}_\\d{8}-\\d{6}\\.pdf$`));
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    // Drawn in Spanish: the document's title, uncompressed in its information dictionary (Latin-1 or UTF-16).
    const title = 'Ficha de despliegue';
    const titles = [Buffer.from(`(${title})`, 'latin1'), Buffer.from(title, 'utf16le').swap16()];
    expect(titles.some((bytes) => pdf.bytes.includes(bytes))).toBe(true);
    // One page per selected pupil, none for the third.
    expect(pdf.text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    // The loading toast is gone once the file is saved.
    await expect(page.getByText('Génération du PDF…')).toBeHidden();

    // By class, the three pupils: a zip of a PDF per class (stored as they are, so their pages can be counted).
    await users.select(arranged[2]!.login);
    await expect(users.status).toContainText('3 sélectionnés');
    await sheetsMenu.open();
    await sheetsMenu.item('Fiches de déploiement').click();
    await dialog.getByLabel('Mode').selectOption({ label: 'Un PDF par classe (zip)' });
    const zip = await sheetsMenu.generate(dialog);
    expect(zip.name).toMatch(new RegExp(`^fiches_deploy_${JEAN_MOULIN}_\\d{8}-\\d{6}\\.zip$`));
    expect(zip.text.startsWith('PK')).toBe(true);
    for (const entry of ['5e_B.pdf', '6e_A.pdf']) expect(zip.bytes.includes(Buffer.from(entry)), entry).toBe(true);
    expect(zip.text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3);

    // The print log on a user page: the first pupil was in both prints, newest first; the third in the zip only.
    const log = async (login: string) => {
      const userPage = await users.openUser(login);
      await userPage.getByRole('tab', { name: 'Impressions' }).click();
      const rows = userPage.getByRole('table').getByRole('row');
      return { userPage, rows };
    };
    const first = await log(arranged[0]!.login);
    await expect(first.rows).toHaveCount(3);
    await expect(first.rows.nth(1)).toContainText('Un PDF par classe (zip)');
    await expect(first.rows.nth(1)).toContainText('Français');
    await expect(first.rows.nth(2)).toContainText('Español');
    await expect(first.rows.nth(2)).toContainText('Un seul PDF');
    await expect(first.rows.nth(2)).toContainText('Fiches de déploiement');
    await expectNoSeriousViolations(page, 'user page, print log');
    await first.userPage.getByRole('button', { name: 'Fermer' }).click();
    const third = await log(arranged[2]!.login);
    await expect(third.rows).toHaveCount(2);
    await expect(third.rows.nth(1)).toContainText('Un PDF par classe (zip)');
    await third.userPage.getByRole('button', { name: 'Fermer' }).click();

    // Box labels of the same three pupils: 21 labels a page, so one page.
    await expect(users.status).toContainText('3 sélectionnés');
    await sheetsMenu.open();
    await sheetsMenu.item('Étiquettes pour boîtier').click();
    const labels = await sheetsMenu.generate(sheetsMenu.dialog('Étiquettes pour boîtier'));
    expect(labels.name).toMatch(new RegExp(`^fiches_labelBox_${JEAN_MOULIN}_\\d{8}-\\d{6}\\.pdf$`));
    expect(labels.text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
  });
});
