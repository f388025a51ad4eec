import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { ImportPage } from './pages/import-page';
import { SchoolPickerPage } from './pages/school-picker-page';
import { SchoolSettingsPage } from './pages/school-settings-page';
import { fakeSftp, receivedFile } from './pages/sftp';
import { SheetsMenu } from './pages/sheets-menu';
import { ShellPage } from './pages/shell-page';
import { UsersPage } from './pages/users-page';

// A provider's September in one journey on the built product (issue 35): a new school's default
// applications chosen, its pupils imported from a CSV file with them, their deployment sheets printed by class, the school's Apple School
// Manager archive built and sent to its SFTP server, and found in the history. Each step's time
// is printed: a figure to report (bench/start-of-year.bench.ts runs it at 1,000 and 10,000
// pupils), never an assertion. E2E_START_OF_YEAR_PUPILS sets the number (1,000 by default).

const PUPILS = Number(process.env.E2E_START_OF_YEAR_PUPILS ?? 1000);
/** The school made for the journey (a foreign school: its UAI needs no check letter). */
const SCHOOL = { uai: '9992026S', name: 'Lycée de la Rentrée' };
/** A class's size; the sheets dialog takes 1,000 users at most, so a larger school prints level by level. */
const CLASS_SIZE = 28;
const SHEETS_MAX = 1000;
const LEVELS = ['6e', '5e', '4e', '3e', '2nde', '1re', 'Tle', 'CM2', 'CM1', 'CE2', 'CE1', 'CP'];

/** The pupils' levels, as few as keep each under the sheets' limit (four at least, as in a collège), and each one's pupils. */
function levelSizes(pupils: number): [string, number][] {
  const count = Math.max(4, Math.ceil(pupils / SHEETS_MAX));
  if (count > LEVELS.length) throw new Error(`${pupils} pupils need more than ${LEVELS.length} levels of ${SHEETS_MAX}`);
  return LEVELS.slice(0, count).map((level, index) => [level, Math.floor(pupils / count) + (index < pupils % count ? 1 : 0)]);
}

/** The import file: each level's pupils in classes of CLASS_SIZE ('6e A', '6e B'…), first names of letters only. */
function pupilsFile(levels: [string, number][]): string {
  const letters = (index: number) =>
    Array.from({ length: 4 }, (_, position) => String.fromCharCode(97 + (Math.floor(index / 26 ** (3 - position)) % 26))).join(
      '',
    );
  let index = 0;
  const lines = levels.flatMap(([level, count]) =>
    Array.from({ length: count }, (_, position) => {
      const className = `${level} ${String.fromCharCode(65 + Math.floor(position / CLASS_SIZE))}`;
      index += 1;
      return `Eleve;Rentree;Eleve${letters(index)};${className};${level}`;
    }),
  );
  return ['Profil;Nom;Prénom;Classe;Niveau', ...lines].join('\r\n');
}

test.describe('the start of the school year', () => {
  test(`${PUPILS} pupils imported, their sheets printed by class, the ASM archive sent by SFTP`, async ({ page }) => {
    // Generous for a loaded machine: the figures are printed, not asserted.
    test.setTimeout(120_000 + PUPILS * 120);
    const sftp = fakeSftp();
    const levels = levelSizes(PUPILS);
    const file = pupilsFile(levels);

    // The school and its ASM settings, as its deployment's preparation left them (not timed).
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const created = await page.request.post('/api/schools/', {
      data: {
        uai: SCHOOL.uai,
        isEtabExist: false,
        state: { uai: SCHOOL.uai, name: SCHOOL.name, address: '1 rue de la Rentrée' },
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const saved = await page.request.patch(`/api/schools/${SCHOOL.uai}/params`, {
      data: {
        deployment: {
          asmInformations: {
            locationId: 'RENTREE',
            sftpUrl: '127.0.0.1',
            sftpUser: sftp.user,
            sftpPassword: sftp.password,
            sftpPort: sftp.port,
            isSftp: true,
          },
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // The school list the page holds predates the school.
    await page.reload();
    await expect(shell.userMenuButton).toBeVisible();
    const picker = new SchoolPickerPage(page);
    await picker.openWithShortcut();
    await picker.choose(SCHOOL.uai, `${SCHOOL.uai} - ${SCHOOL.name}`);

    // The applications the school gives its new pupils, chosen in its settings: every sheet then lists them.
    const settings = await SchoolSettingsPage.open(page, SCHOOL.uai, 'platforms', 'Plateformes');
    await page.getByRole('button', { name: /^Applications données à l'import/ }).click();
    const defaults = settings.form("Applications données à l'import");
    await settings.button(defaults, 'Modifier').click();
    const pupils = defaults.getByRole('group', { name: 'Élèves', exact: true });
    for (const name of ['Edulib (Edulib)', 'Kwyk (Kwyk)']) await pupils.getByRole('switch', { name, exact: true }).check();
    await settings.button(defaults, 'Sauvegarder').click();
    await settings.confirm.click();
    await expect(settings.toast("Les applications données à l'import ont bien été enregistrées.")).toBeVisible();

    const times: [string, number][] = [];
    const timed = async (step: string, run: () => Promise<void>) => {
      const started = performance.now();
      await run();
      times.push([step, (performance.now() - started) / 1000]);
    };

    await timed('import', async () => {
      const importPage = await ImportPage.open(shell);
      await importPage.chooseMode('Nouveaux utilisateurs');
      await importPage.chooseFile('eleves-rentree.csv', file);
      await importPage.verify.click();
      const confirm = importPage.main.getByRole('button', { name: `Confirmer l’import (${PUPILS} lignes)` });
      await expect(confirm).toBeVisible({ timeout: 60_000 + PUPILS * 20 });
      // The preview says which applications come from the school rather than the file.
      await expect(
        importPage.main.getByText('Edulib (par défaut de l’établissement), Kwyk (par défaut de l’établissement)').first(),
      ).toBeVisible();
      await confirm.click();
      await expect(page.getByRole('alert').filter({ hasText: new RegExp(`effectué : ${PUPILS} créé\\(s\\)`) })).toBeVisible({
        timeout: 60_000 + PUPILS * 20,
      });
      await expect(shell.heading('Utilisateurs')).toBeVisible({ timeout: 60_000 });
    });

    const users = new UsersPage(page);
    const sheets = new SheetsMenu(users);
    const dialog = sheets.dialog('Fiches de déploiement');
    const selectAll = users.grid.getByRole('checkbox', { name: 'Colonne de sélection' });
    // One round for a school the dialog takes whole, else one a level.
    const rounds: [string | null, number][] = PUPILS <= SHEETS_MAX ? [[null, PUPILS]] : levels;
    let pages = 0;
    // Of the sheets' step, the time from Générer to the file read: the server drawing the sheets.
    let drawing = 0;
    await timed('sheets by class', async () => {
      await users.expectLoaded();
      for (const [level, count] of rounds) {
        if (level !== null) await users.floatingFilter('Niveau').fill(level);
        await expect(users.status).toContainText(new RegExp(`${count.toLocaleString('fr-FR').replace(/\s/g, '\\s')} filtrés`), {
          timeout: 60_000,
        });
        await selectAll.check();
        await sheets.open();
        await sheets.item('Fiches de déploiement').click();
        await dialog.getByLabel('Mode').selectOption({ label: 'Un PDF par classe (zip)' });
        // Every imported pupil has the school's applications: no sheet says « Aucun accès à une ressource. »
        await expect(dialog.getByText(/aucun accès à une ressource/)).toHaveCount(0);
        const generating = performance.now();
        const zip = await sheets.generate(dialog);
        drawing += performance.now() - generating;
        pages += zip.text.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
        await selectAll.uncheck();
      }
    });
    expect(pages).toBe(PUPILS);

    let sent = '';
    await timed('ASM archive sent', async () => {
      const settings = await SchoolSettingsPage.open(page, SCHOOL.uai, 'asm', 'ASM / Claris');
      await expect(page.getByRole('status').filter({ hasText: 'En ligne' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Générer et envoyer', exact: true }).click();
      const toast = settings.toast(new RegExp(`^Le fichier asm_${SCHOOL.uai}_\\d{8}-\\d{6}\\.zip a bien été envoyé\\.$`));
      await expect(toast).toBeVisible({ timeout: 60_000 + PUPILS * 20 });
      sent = new RegExp(`asm_${SCHOOL.uai}_\\d{8}-\\d{6}\\.zip`).exec((await toast.textContent()) ?? '')![0];
      await expect(page.getByRole('table').getByRole('button', { name: sent })).toBeVisible();
    });
    const archive = receivedFile(sftp, sent);
    expect(archive.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(archive.includes(Buffer.from('students.csv'))).toBe(true);

    const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
    const figures = [
      ...times,
      ['of which sheets drawn', drawing / 1000] as [string, number],
      ['whole journey', total] as [string, number],
    ];
    console.log(
      `start of the school year, ${PUPILS} pupils: ${figures.map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`).join(', ')}`,
    );
  });
});
