import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { ExportMenu } from './pages/export-menu';
import { ImportPage } from './pages/import-page';
import { JEAN_MOULIN, openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { SchoolPickerPage } from './pages/school-picker-page';
import { ShellPage } from './pages/shell-page';

/** The first columns of the Tous export (spec 3 §9: the grid's fields). */
const TOUS_FIRST_COLUMNS = 'UAI;Profil;Nom;Prénom;Login';

test.describe('CSV exports', () => {
  test("an administrator exports selected users for one publisher and as 'Tous': each file holds them, in the grid's order, and no one else", async ({
    page,
  }) => {
    const arranged = pupils('Exportcsv', 4);
    const users = await openJeanMoulinAsAdministrator(page, arranged, 'Lelivrescolaire.fr');
    await users.floatingFilter('Login').fill('exportcsv.');
    await expect(users.rows).toHaveCount(4);

    // Nothing selected: every export is off.
    const exportMenu = new ExportMenu(users);
    await exportMenu.open();
    await expect(exportMenu.item('Tous')).toBeDisabled();
    await expect(exportMenu.item('Par éditeur')).toBeDisabled();
    // Escape closes it, though its items are off and the focus stayed on its button.
    await page.keyboard.press('Escape');
    await expect(exportMenu.menu).toBeHidden();

    const [unselected, ...chosen] = arranged.map((pupil) => pupil.login) as [string, ...string[]];
    await users.select(...chosen);
    await expect(users.status).toContainText('3 sélectionnés');
    // The files list the selected users in the order the grid shows them.
    const selected = (await users.renderedLogins()).filter((login) => chosen.includes(login));
    expect(selected).toHaveLength(3);

    await exportMenu.open();
    await exportMenu.openPlatforms();
    await expectNoSeriousViolations(page, 'users, CSV export menu by publisher');
    const platformFile = await exportMenu.download(exportMenu.platform('Lelivrescolaire.fr'));
    expect(platformFile.name).toMatch(/\.csv$/);
    // Lelivrescolaire.fr's dialect (LLS2020): a byte-order mark, every field quoted, ';' between, CRLF.
    expect(platformFile.text).toMatch(/^\uFEFF"[^"]*";"/);
    expect(platformFile.text.endsWith('\r\n')).toBe(true);
    const positions = selected.map((login) => platformFile.text.indexOf(`"${login}"`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual(positions.toSorted((first, second) => first - second));
    expect(platformFile.text).not.toContain(unselected);

    await exportMenu.open();
    const tous = await exportMenu.download(exportMenu.item('Tous'));
    expect(tous.name).toMatch(/\.csv$/);
    const [header = '', ...lines] = tous.text.split('\r\n');
    expect(header.startsWith(`\uFEFF${TOUS_FIRST_COLUMNS};`)).toBe(true);
    expect(lines.pop()).toBe('');
    const loginColumn = header.slice(1).split(';').indexOf('Login');
    expect(lines.map((line) => line.split(';')[loginColumn])).toEqual(selected);
    expect(tous.text).not.toContain(unselected);

    // Sent back untouched, the file goes into the update import as it came out: nothing to change.
    const importPage = await ImportPage.open(new ShellPage(page));
    await importPage.chooseMode('Mise à jour des utilisateurs');
    await importPage.chooseFile(tous.name, tous.text);
    await importPage.verify.click();
    await expect(importPage.main.getByText('3 inchangé(s)')).toBeVisible();
    await expect(importPage.main.getByText('Colonnes ignorées (tenues par la console) : Désactivé')).toBeVisible();
    await expect(importPage.preview.getByRole('row').filter({ hasText: 'Aucun changement' })).toHaveCount(3);
  });

  test('ASM and OneRoster: offered once the school has a location id, each a zip of its files; off, saying why, without one', async ({
    page,
  }) => {
    const arranged = pupils('Exportasm', 2);
    const users = await openJeanMoulinAsAdministrator(page, arranged, 'Lelivrescolaire.fr');
    await users.floatingFilter('Login').fill('exportasm.');
    await expect(users.rows).toHaveCount(2);
    await users.select(...arranged.map((pupil) => pupil.login));

    // Collège Jean Moulin's settings hold its location id (LYON-MOULIN).
    const exportMenu = new ExportMenu(users);
    for (const [item, prefix, file] of [
      [/^ASM \(Apple School Manager\)/, 'asm_', 'students.csv'],
      [/^OneRoster/, 'oneroster_', 'manifest.csv'],
    ] as const) {
      await exportMenu.open();
      const entry = exportMenu.menu.getByRole('menuitem', { name: item });
      // Pupils alone: the archive's classes will have no teacher, and the item says so.
      await expect(entry).toContainText('Aucun enseignant sélectionné');
      const archive = await exportMenu.download(entry);
      expect(archive.name).toMatch(new RegExp(`^${prefix}${JEAN_MOULIN}_\\d{8}-\\d{6}\\.zip$`));
      expect(archive.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      // A zip names its entries in clear in its central directory.
      expect(archive.bytes.includes(Buffer.from(file))).toBe(true);
    }

    // Collège Jules Verne's settings hold none: both items are off, with the spec's message.
    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();
    await picker.search.fill('Jules Verne');
    await picker.search.press('Enter');
    await users.expectLoaded();
    const [first] = await users.renderedLogins();
    await users.select(first!);
    await exportMenu.open();
    for (const item of [/^ASM/, /^OneRoster/]) {
      const entry = exportMenu.menu.getByRole('menuitem', { name: item });
      await expect(entry).toBeDisabled();
      await expect(entry).toContainText("Le location_id n'est pas défini dans les paramètres établissement.");
    }
  });
});
