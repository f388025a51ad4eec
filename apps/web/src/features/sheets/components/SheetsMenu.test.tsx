import { DEFAULT_RIGHTS, type SchoolUser } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo } from '#test/fetch-mock';
import { answerRoutes, recordSavedFiles, type Answer, type SavedFile } from '#test/file-downloads';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchool, buildSchoolUser, SCHOOL_UAI } from '#features/users/test-factories';
import { SheetsMenu } from './SheetsMenu';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const school = buildSchool();
const administrator = buildSessionUser('Administrateur');
// Not in id order: the grid's order is the PDF's.
const SELECTED = [buildSchoolUser({ id: 12 }), buildSchoolUser({ id: 3 }), buildSchoolUser({ id: 7 })];
const ROUTE = 'POST /api/pdf/deploy';

/** The files the menu saved. */
let saved: SavedFile[];

beforeEach(() => {
  const recorder = recordSavedFiles();
  saved = recorder.saved;
  return recorder.restore;
});

const menuButton = () => screen.getByRole('button', { name: 'Export PDF' });

async function openMenu(selected: readonly SchoolUser[], user = administrator) {
  renderWithProviders(<SheetsMenu school={school} user={user} selected={selected} />, { i18n, withNotifications: true });
  const events = userEvent.setup();
  await events.click(menuButton());
  await screen.findByRole('menu');
  return events;
}

/** Opens the menu, chooses the deployment sheets and answers their dialog. */
async function openDialog(selected: readonly SchoolUser[]) {
  const events = await openMenu(selected);
  await events.click(screen.getByRole('menuitem', { name: 'Fiches de déploiement' }));
  return { events, dialog: within(await screen.findByRole('dialog', { name: 'Fiches de déploiement' })) };
}

const MAXIMUM = 'Vous ne pouvez pas générer plus de 1000 fiches à la fois.';
const RUNNING = 'Génération du PDF…';
const FAILED = 'Une erreur est survenue lors de la génération du PDF.';

describe('PDF menu, its items', () => {
  it('lists the six sheet types, off without a selection', async () => {
    await openMenu([]);

    const items = screen.getAllByRole('menuitem');
    expect(items.map((entry) => entry.textContent)).toEqual([
      'Fiches de déploiement',
      'Fiches de prêt (usage encadré)',
      'Fiches de prêt (usage personnel)',
      'Fiches manuels numériques (epub)',
      'Étiquettes pour boîtier',
      'Étiquettes pour cadre',
    ]);
    for (const item of items) expect(item).toBeDisabled();
    expect(screen.getByText('Sélectionnez au moins un utilisateur.')).toBeInTheDocument();
  });

  it('closes on Escape even when every item is off', async () => {
    const events = await openMenu([]);

    await events.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('turns the item on with a selection', async () => {
    await openMenu(SELECTED);

    expect(screen.getByRole('menuitem', { name: 'Fiches de déploiement' })).toBeEnabled();
    expect(screen.queryByText('Sélectionnez au moins un utilisateur.')).toBeNull();
  });

  it('hides the item without the PDF right', async () => {
    const rights = { ...DEFAULT_RIGHTS.Gestionnaire, ButtonBar_buttonExportPDF: { Lecture: 0, Ecriture: 0 } } as const;
    await openMenu(SELECTED, buildSessionUser('Gestionnaire', { rights }));

    expect(screen.queryByRole('menuitem')).toBeNull();
  });
});

describe('PDF menu, the dialog', () => {
  it('offers the languages, French first, the single-PDF mode and the count of selected users', async () => {
    const { dialog } = await openDialog(SELECTED);

    const language = dialog.getByRole('combobox', { name: 'Langue' });
    expect(language).toHaveDisplayValue('Français');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Français', 'English', 'Español']);
    expect(dialog.getByRole('combobox', { name: 'Mode' })).toHaveDisplayValue('Un seul PDF');
    expect(dialog.getByText('3 utilisateurs sélectionnés.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Générer' })).toBeEnabled();
    expect(dialog.queryByText(MAXIMUM)).toBeNull();
  });

  it('says how many selected users have no access, for the sheets that print accesses only', async () => {
    const withAccess = buildSchoolUser({ id: 5, applications: { '3': { status: 1, code: null } } });
    const heldOff = buildSchoolUser({ id: 6, applications: { '3': { status: 0, code: null } } });
    const selection = [withAccess, heldOff, ...SELECTED];
    const { events, dialog } = await openDialog(selection);
    expect(dialog.getByRole('status')).toHaveTextContent(
      '4 des 5 utilisateurs sélectionnés n’ont aucun accès à une ressource : leur fiche indiquera « Aucun accès à une ressource. »',
    );
    // Generated anyway, as the user chooses.
    expect(dialog.getByRole('button', { name: 'Générer' })).toBeEnabled();
    await events.click(dialog.getByRole('button', { name: 'Annuler' }));
    // Labels print no access: nothing to say.
    await events.click(menuButton());
    await events.click(await screen.findByRole('menuitem', { name: 'Étiquettes pour boîtier' }));
    const labels = within(await screen.findByRole('dialog', { name: 'Étiquettes pour boîtier' }));
    expect(labels.queryByRole('status')).toBeNull();
  });

  it('warns past 1000 users and keeps Générer off', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => buildSchoolUser({ id: index + 1 }));
    const fetchMock = answerRoutes({});
    const { events, dialog } = await openDialog(many);

    expect(dialog.getByText(MAXIMUM)).toBeInTheDocument();
    expect(dialog.getByText('1001 utilisateurs sélectionnés.')).toBeInTheDocument();
    const generate = dialog.getByRole('button', { name: 'Générer' });
    expect(generate).toBeDisabled();
    await events.click(generate);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the zip modes, and warns past 100 users in unitary mode only', async () => {
    const many = Array.from({ length: 101 }, (_, index) => buildSchoolUser({ id: index + 1 }));
    const { events, dialog } = await openDialog(many);
    const mode = dialog.getByRole('combobox', { name: 'Mode' });
    expect(
      within(mode)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Un seul PDF', 'Un PDF par utilisateur (zip)', 'Un PDF par classe (zip)', 'Un PDF par niveau (zip)']);

    await events.selectOptions(mode, 'Un PDF par utilisateur (zip)');
    expect(dialog.getByText('Le mode unitaire est limité à 100 fiches.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Générer' })).toBeDisabled();

    await events.selectOptions(mode, 'Un PDF par classe (zip)');
    expect(dialog.queryByText('Le mode unitaire est limité à 100 fiches.')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Générer' })).toBeEnabled();
  });

  it('lets 1000 users through', async () => {
    const many = Array.from({ length: 1000 }, (_, index) => buildSchoolUser({ id: index + 1 }));
    const { dialog } = await openDialog(many);

    expect(dialog.queryByText(MAXIMUM)).toBeNull();
    expect(dialog.getByRole('button', { name: 'Générer' })).toBeEnabled();
  });

  it('closes on Annuler without drawing anything', async () => {
    const fetchMock = answerRoutes({});
    const { events, dialog } = await openDialog(SELECTED);

    await events.click(dialog.getByRole('button', { name: 'Annuler' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('PDF menu, the generation', () => {
  it("posts the school, the selected ids in the grid's order and the language chosen, then saves the PDF under the server's name", async () => {
    const fetchMock = answerRoutes({
      [ROUTE]: { text: '%PDF-1.7', fileName: 'fiches_deploiement_0750001A.pdf', mediaType: 'application/pdf' },
    });
    const { events, dialog } = await openDialog(SELECTED);

    await events.selectOptions(dialog.getByRole('combobox', { name: 'Langue' }), 'English');
    await events.click(dialog.getByRole('button', { name: 'Générer' }));

    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['fiches_deploiement_0750001A.pdf']));
    expect(bodiesSentTo(fetchMock, ROUTE)).toEqual([{ uai: SCHOOL_UAI, list: [12, 3, 7], lang: 'en', option: 'default' }]);
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("sends the mode chosen and saves the zip under the server's name", async () => {
    const fetchMock = answerRoutes({
      [ROUTE]: { text: 'PK', fileName: 'fiches_deploy_0750001A.zip', mediaType: 'application/zip' },
    });
    const { events, dialog } = await openDialog(SELECTED);

    await events.selectOptions(dialog.getByRole('combobox', { name: 'Mode' }), 'Un PDF par classe (zip)');
    await events.click(dialog.getByRole('button', { name: 'Générer' }));

    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['fiches_deploy_0750001A.zip']));
    expect(bodiesSentTo(fetchMock, ROUTE)).toEqual([{ uai: SCHOOL_UAI, list: [12, 3, 7], lang: 'fr', option: 'class' }]);
  });

  it('draws the frame labels from their own item, at their own call', async () => {
    const route = 'POST /api/pdf/labelFrame';
    const fetchMock = answerRoutes({
      [route]: { text: '%PDF-1.7', fileName: 'fiches_labelFrame_0750001A.pdf', mediaType: 'application/pdf' },
    });
    const events = await openMenu(SELECTED);
    await events.click(screen.getByRole('menuitem', { name: 'Étiquettes pour cadre' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Étiquettes pour cadre' }));

    await events.click(dialog.getByRole('button', { name: 'Générer' }));

    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['fiches_labelFrame_0750001A.pdf']));
    expect(bodiesSentTo(fetchMock, route)).toEqual([{ uai: SCHOOL_UAI, list: [12, 3, 7], lang: 'fr', option: 'default' }]);
  });

  it('sends French unless told', async () => {
    const fetchMock = answerRoutes({ [ROUTE]: { text: '%PDF-1.7', fileName: 'deploy.pdf', mediaType: 'application/pdf' } });
    const { events, dialog } = await openDialog(SELECTED);

    await events.click(dialog.getByRole('button', { name: 'Générer' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, ROUTE)).toEqual([{ uai: SCHOOL_UAI, list: [12, 3, 7], lang: 'fr', option: 'default' }]);
  });

  it('keeps a loading toast and the menu busy while the server draws, counting the sheets drawn, then dismisses the toast', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const show = vi.spyOn(notifications, 'show');
    answerRoutes({
      [ROUTE]: new Promise<Answer>((resolve) => (answer = resolve)),
      'GET /api/sheets/progress': { status: 200, body: { running: true, drawn: 250, total: 1000 } },
    });
    const { events, dialog } = await openDialog(SELECTED);

    await events.click(dialog.getByRole('button', { name: 'Générer' }));

    expect(await screen.findByText(RUNNING)).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ loading: true, autoClose: false, message: RUNNING }));
    expect(menuButton()).toBeDisabled();
    // Asked each second while the file streams.
    expect(await screen.findByText(/^Génération du PDF… 250 \/ 1.000 fiches$/, {}, { timeout: 5000 })).toBeInTheDocument();
    answer({ text: '%PDF-1.7', fileName: 'deploy.pdf', mediaType: 'application/pdf' });
    await waitFor(() => expect(screen.queryByText(/^Génération du PDF/)).toBeNull());
    expect(menuButton()).toBeEnabled();
    expect(saved.map((file) => file.fileName)).toEqual(['deploy.pdf']);
  });

  it('turns the loading toast into an error shown 5 s when the generation fails', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const update = vi.spyOn(notifications, 'update');
    answerRoutes({ [ROUTE]: new Promise<Answer>((resolve) => (answer = resolve)) });
    const { events, dialog } = await openDialog(SELECTED);

    await events.click(dialog.getByRole('button', { name: 'Générer' }));
    expect(await screen.findByText(RUNNING)).toBeInTheDocument();
    answer({ status: 500, body: { code: 'internal_error', message: 'x' } });

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(screen.queryByText(RUNNING)).toBeNull();
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ loading: false, color: 'red', autoClose: 5000, message: FAILED }),
    );
    expect(saved).toEqual([]);
    await waitFor(() => expect(menuButton()).toBeEnabled());
  });

  it("tells the server's reason: a user or the school out of reach", async () => {
    answerRoutes({ [ROUTE]: { status: 404, body: { code: 'not_found', message: 'No such user' } } });
    const { events, dialog } = await openDialog(SELECTED);

    await events.click(dialog.getByRole('button', { name: 'Générer' }));

    expect(await screen.findByText("Cet élément n'existe plus ou n'est plus dans votre périmètre.")).toBeInTheDocument();
    expect(screen.queryByText(FAILED)).toBeNull();
  });

  it("tells the server's refusal of too many users", async () => {
    answerRoutes({
      [ROUTE]: {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid input',
          details: { fieldErrors: { list: ['sheets.errors.maximum'] } },
        },
      },
    });
    const { events, dialog } = await openDialog(SELECTED);

    await events.click(dialog.getByRole('button', { name: 'Générer' }));

    expect(await screen.findByText(MAXIMUM)).toBeInTheDocument();
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    try {
      answerRoutes({ [ROUTE]: { status: 500, body: { code: 'internal_error', message: 'x' } } });
      renderWithProviders(<SheetsMenu school={school} user={administrator} selected={SELECTED} />, {
        i18n,
        withNotifications: true,
      });
      const events = userEvent.setup();
      await events.click(screen.getByRole('button', { name: 'PDF export' }));
      await events.click(await screen.findByRole('menuitem', { name: 'Deployment sheets' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Deployment sheets' }));
      expect(dialog.getByText('3 users selected.')).toBeInTheDocument();
      await events.click(dialog.getByRole('button', { name: 'Generate' }));

      expect(await screen.findByText('An error occurred while generating the PDF.')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
