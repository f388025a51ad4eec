import { DEFAULT_RIGHTS, type RightEntry, type SchoolUser } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodiesSentTo } from '#test/fetch-mock';
import { answerRoutes, recordSavedFiles, type Answer, type Route, type SavedFile } from '#test/file-downloads';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchool, buildSchoolPlatform, buildSchoolUser, SCHOOL_UAI } from '#features/users/test-factories';
import { ExportMenu } from './ExportMenu';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const school = buildSchool({
  platforms: [
    buildSchoolPlatform({ platformId: 'LLS2020', platformName: 'Lelivrescolaire.fr', platformOrder: 1 }),
    buildSchoolPlatform({ platformId: 'KWYK', platformName: 'Kwyk', platformOrder: 2, platformForExport: false }),
    buildSchoolPlatform({ platformId: 'KNE', platformName: 'Kiosque Numérique', platformOrder: 3, platformExportType: 'XLSX' }),
  ],
});
const administrator = buildSessionUser('Administrateur');
// Not in id order: the grid's order is the file's.
const SELECTED = [buildSchoolUser({ id: 12 }), buildSchoolUser({ id: 3 }), buildSchoolUser({ id: 7 })];
const LLS_CSV = '\uFEFF"Nom";"Prénom";"Identifiant"\r\n"Nom12";"Prénom12";"user12"\r\n';

/** The files the menu saved. */
let saved: SavedFile[];

beforeEach(() => {
  const recorder = recordSavedFiles();
  saved = recorder.saved;
  return recorder.restore;
});

async function openMenu(selected: readonly SchoolUser[], user = administrator, shown = school) {
  renderWithProviders(<ExportMenu school={shown} user={user} selected={selected} />, { i18n, withNotifications: true });
  const events = userEvent.setup();
  await events.click(screen.getByRole('button', { name: 'Export CSV' }));
  await screen.findByRole('menu');
  return events;
}

const item = (name: string | RegExp) => screen.getByRole('menuitem', { name });

type Events = ReturnType<typeof userEvent.setup>;

/** Opens 'Par éditeur' from the keyboard (→) and answers its platforms' entries. */
async function openPlatforms(events: Events) {
  item('Par éditeur').focus();
  await events.keyboard('{ArrowRight}');
  return within(await screen.findByRole('menu', { name: 'Par éditeur' }));
}

/**
 * Chooses a platform of the open 'Par éditeur' from the keyboard. (A pointer leaving 'Par éditeur'
 * for the submenu would close it in jsdom, where every element has an empty box.) The submenu
 * focuses its first entry a moment after it opens: that is waited for, else it could take the
 * focus back from the chosen entry and Enter choose the first platform.
 */
async function choosePlatform(events: Events, name: string) {
  const submenu = await openPlatforms(events);
  await waitFor(() => expect(submenu.getAllByRole('menuitem')[0]).toHaveFocus());
  const entry = submenu.getByRole('menuitem', { name });
  entry.focus();
  expect(entry).toHaveFocus();
  await events.keyboard('{Enter}');
}

const LOCATION_MISSING = "Le location_id n'est pas défini dans les paramètres établissement.";
const NONE: RightEntry = { Lecture: 0, Ecriture: 0 };
const READ: RightEntry = { Lecture: 1, Ecriture: 0 };

describe('export menu, its items', () => {
  it('lists every export for a user holding every right, each off without a selection', async () => {
    await openMenu([]);

    const items = screen.getAllByRole('menuitem');
    expect(items.map((entry) => entry.textContent)).toEqual([
      'Par éditeur',
      'Tous',
      'Brut',
      'Full',
      'URL',
      'Enseignements',
      `ASM (Apple School Manager)${LOCATION_MISSING}`,
      `OneRoster${LOCATION_MISSING}`,
    ]);
    for (const entry of items) expect(entry).toBeDisabled();
    expect(screen.getByText('Sélectionnez au moins un utilisateur.')).toBeInTheDocument();
  });

  it('says which files are guarded against formulas for a spreadsheet and which keep exact values (issue 31 §4)', async () => {
    await openMenu([]);

    expect(
      screen.getByText(
        /fichiers pour un tableur\. Une valeur qui commencerait par =, \+, - ou @ \(un mot de passe aussi\) y est précédée d'une apostrophe, qui n'en fait pas partie/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Par éditeur, ASM, OneRoster : valeurs exactes, pour l'outil qui lit le fichier."),
    ).toBeInTheDocument();
  });

  it('closes on Escape even when every item is off', async () => {
    const events = await openMenu([]);

    await events.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('shows each item with its own right at Lecture only', async () => {
    const rights = {
      ...DEFAULT_RIGHTS.Gestionnaire,
      buttonExportCSV_exportBrut: NONE,
      buttonExportCSV_CSVByEditors: NONE,
      buttonExportCSV_exportURL: READ,
    };
    await openMenu(SELECTED, buildSessionUser('Gestionnaire', { rights }));

    expect(screen.getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'Tous',
      'Full',
      'URL',
      'Enseignements',
      `ASM (Apple School Manager)${LOCATION_MISSING}`,
      `OneRoster${LOCATION_MISSING}`,
    ]);
    expect(item('URL')).toBeEnabled();
    expect(screen.queryByText('Sélectionnez au moins un utilisateur.')).toBeNull();
  });

  it("offers one entry per platform the catalogue exports, in the catalogue's order", async () => {
    const events = await openMenu(SELECTED);

    await events.hover(item('Par éditeur'));
    const submenu = within(await screen.findByRole('menu', { name: 'Par éditeur' }));

    expect(submenu.getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'Lelivrescolaire.fr',
      'Kiosque Numérique',
    ]);
  });
});

describe('export menu, the Apple School Manager and OneRoster archives', () => {
  const located = { ...school, deployment: { asmInformations: { locationId: 'LYON-MOULIN' } } };
  // The same users, the last a teacher: the archive has a teacher for its classes.
  const WITH_TEACHER = [...SELECTED.slice(0, 2), buildSchoolUser({ id: 7, profile: 'Enseignant' })];
  const NO_TEACHER = 'Aucun enseignant sélectionné : les classes n’auront pas d’enseignant et la liste du personnel sera vide.';

  it('say that an archive of pupils alone has classes without a teacher and an empty staff list', async () => {
    await openMenu(SELECTED, administrator, located);
    for (const name of [/^ASM/, /^OneRoster/]) {
      expect(item(name)).toBeEnabled();
      expect(item(name)).toHaveTextContent(NO_TEACHER);
    }
    expect(item('Tous')).not.toHaveTextContent(NO_TEACHER);
  });

  it('are off, saying why, while the school has no location id', async () => {
    await openMenu(SELECTED);

    for (const name of [/^ASM/, /^OneRoster/]) {
      expect(item(name)).toBeDisabled();
      expect(item(name)).toHaveTextContent(LOCATION_MISSING);
    }
    expect(item('Tous')).toBeEnabled();
  });

  it('are hidden without the ASM right, which governs both', async () => {
    const rights = { ...DEFAULT_RIGHTS.Gestionnaire, buttonExportCSV_exportASM: NONE };
    await openMenu(SELECTED, buildSessionUser('Gestionnaire', { rights }), located);

    expect(screen.queryByRole('menuitem', { name: /^ASM/ })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /^OneRoster/ })).toBeNull();
  });

  it('post the selection to their routes and save the zip the server names, once the location id is set', async () => {
    const fetchMock = answerRoutes({
      'POST /api/users/export/asm': { text: 'PK', fileName: 'asm_0750001A_20261126-101500.zip' },
      'POST /api/users/export/oneroster': { text: 'PK', fileName: 'oneroster_0750001A_20261126-101500.zip' },
    });
    const events = await openMenu(WITH_TEACHER, administrator, located);

    await events.click(item('ASM (Apple School Manager)'));
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    await events.click(screen.getByRole('button', { name: 'Export CSV' }));
    await events.click(await screen.findByRole('menuitem', { name: 'OneRoster' }));
    await waitFor(() => expect(saved).toHaveLength(2));

    const selection = { uai: SCHOOL_UAI, userIds: [12, 3, 7] };
    expect(bodiesSentTo(fetchMock, 'POST /api/users/export/asm')).toEqual([selection]);
    expect(bodiesSentTo(fetchMock, 'POST /api/users/export/oneroster')).toEqual([selection]);
    expect(saved.map((file) => file.fileName)).toEqual([
      'asm_0750001A_20261126-101500.zip',
      'oneroster_0750001A_20261126-101500.zip',
    ]);
  });

  it('tell the archive validator’s problem when the server refuses the archive', async () => {
    answerRoutes({
      'POST /api/users/export/asm': {
        status: 409,
        body: {
          code: 'conflict',
          message: 'x',
          details: { reason: 'export_archive_invalid', params: { problem: 'locations.csv:2 - bad' } },
        },
      },
    });
    const events = await openMenu(WITH_TEACHER, administrator, located);

    await events.click(item('ASM (Apple School Manager)'));

    expect(await screen.findByText("L'archive ne passe pas la vérification : locations.csv:2 - bad")).toBeInTheDocument();
  });
});

describe('export menu, the files', () => {
  it("posts a platform's export with the selected ids in the grid's order and saves the file under the server's name", async () => {
    const fetchMock = answerRoutes({
      'POST /api/users/export/platform': { text: LLS_CSV, fileName: 'export_lls2020_0750001A.csv' },
    });
    const events = await openMenu(SELECTED);

    await choosePlatform(events, 'Lelivrescolaire.fr');

    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['export_lls2020_0750001A.csv']));
    expect(bodiesSentTo(fetchMock, 'POST /api/users/export/platform')).toEqual([
      { uai: SCHOOL_UAI, userIds: [12, 3, 7], platformId: 'LLS2020' },
    ]);
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual([...new TextEncoder().encode(LLS_CSV)]);
  });

  it("posts 'Tous' as the users export of type tous, and the other items to their routes", async () => {
    const fetchMock = answerRoutes({
      'POST /api/users/export': { text: 'Nom;Prénom\r\n', fileName: 'export_tous.csv' },
      'POST /api/getMajExport.php': { text: 'Login;Lien\r\n', fileName: 'export_url.csv' },
      'POST /api/users/export/teaching': { text: 'Login;Classe\r\n', fileName: 'Enseignements élèves.csv' },
    });
    const selection = { uai: SCHOOL_UAI, userIds: [12, 3, 7] };
    const events = await openMenu(SELECTED);

    for (const [name, count] of [
      ['Tous', 1],
      ['Brut', 2],
      ['Full', 3],
      ['URL', 4],
      ['Enseignements', 5],
    ] as const) {
      await events.click(item(name));
      await waitFor(() => expect(saved).toHaveLength(count));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
      await events.click(screen.getByRole('button', { name: 'Export CSV' }));
      await screen.findByRole('menu');
    }

    expect(bodiesSentTo(fetchMock, 'POST /api/users/export')).toEqual([
      { ...selection, type: 'tous' },
      { ...selection, type: 'brut' },
      { ...selection, type: 'full' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/getMajExport.php')).toEqual([selection]);
    expect(bodiesSentTo(fetchMock, 'POST /api/users/export/teaching')).toEqual([selection]);
    expect(saved.map((file) => file.fileName)).toEqual([
      'export_tous.csv',
      'export_tous.csv',
      'export_tous.csv',
      'export_url.csv',
      'Enseignements élèves.csv',
    ]);
  });

  it('keeps the menu busy while the server writes the file, with a toast saying so', async () => {
    let answer: (value: Answer) => void = () => undefined;
    answerRoutes({ 'POST /api/users/export': new Promise<Answer>((resolve) => (answer = resolve)) });
    const events = await openMenu(SELECTED);

    await events.click(item('Tous'));

    expect(await screen.findByText('Génération du fichier en cours…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    answer({ text: 'Nom\r\n', fileName: 'export_tous.csv' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    await waitFor(() => expect(screen.queryByText('Génération du fichier en cours…')).toBeNull());
    expect(saved.map((file) => file.fileName)).toEqual(['export_tous.csv']);
  });
});

describe('export menu, the failures (spec 3 §8)', () => {
  const failing = (route: Route, answer: Answer) => answerRoutes({ [route]: answer });

  it("says a platform's export is not available yet when it fails", async () => {
    failing('POST /api/users/export/platform', { status: 500, body: { code: 'internal_error', message: 'x' } });
    const events = await openMenu(SELECTED);

    await choosePlatform(events, 'Kiosque Numérique');

    expect(await screen.findByText("l'export Kiosque Numérique n'est pas encore disponible.")).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says a platform has no export format when the server knows no dialect for it', async () => {
    failing('POST /api/users/export/platform', {
      status: 400,
      body: { code: 'bad_request', message: 'No dialect', details: { reason: 'export_platform_unknown' } },
    });
    const events = await openMenu(SELECTED);

    await choosePlatform(events, 'Lelivrescolaire.fr');

    expect(await screen.findByText("Cette plateforme n'a pas de format d'export.")).toBeInTheDocument();
  });

  it.each(['Tous', 'Brut', 'Full', 'URL', 'Enseignements'])(
    "says the CSV file could not be generated when '%s' fails",
    async (name) => {
      answerRoutes({
        'POST /api/users/export': { status: 500, body: { code: 'internal_error', message: 'x' } },
        'POST /api/getMajExport.php': { status: 500, body: { code: 'internal_error', message: 'x' } },
        'POST /api/users/export/teaching': { status: 503, body: { code: 'unknown', message: 'x' } },
      });
      const events = await openMenu(SELECTED);

      await events.click(item(name));

      expect(await screen.findByText('Une erreur est survenu lors de la génération du fichier CSV')).toBeInTheDocument();
    },
  );

  it('says a user or the school is out of reach on a 404, whichever the export', async () => {
    failing('POST /api/users/export', { status: 404, body: { code: 'not_found', message: 'No such user' } });
    const events = await openMenu(SELECTED);

    await events.click(item('Full'));

    expect(await screen.findByText("Cet élément n'existe plus ou n'est plus dans votre périmètre.")).toBeInTheDocument();
    expect(screen.queryByText(/génération du fichier CSV/)).toBeNull();
  });

  it('tells the failures in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      failing('POST /api/users/export', { status: 500, body: { code: 'internal_error', message: 'x' } });
      renderWithProviders(<ExportMenu school={school} user={administrator} selected={SELECTED} />, {
        i18n,
        withNotifications: true,
      });
      const events = userEvent.setup();
      await events.click(screen.getByRole('button', { name: 'CSV export' }));
      await events.click(await screen.findByRole('menuitem', { name: 'All' }));

      expect(await screen.findByText('An error occurred while generating the CSV file')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
