import type { SchoolUser } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { renderUsersGrid } from './test-harness';
import { buildGridSchool, GRID_USERS } from './test-fixtures';
import { buildSchoolUser } from '../test-factories';
import { findCell, waitForGrid } from './test-queries';

const i18n = await createTestI18n();
cleanUpAfterEachTest({ clearStorage: true });

const PROFILES = [
  { IDprofil: 1, Nom: 'Eleve' },
  { IDprofil: 2, Nom: 'Enseignant' },
  { IDprofil: 4, Nom: 'Gestionnaire' },
  { IDprofil: 6, Nom: 'Administrateur établissement' },
];
const userOf = (id: number) => GRID_USERS.find((user) => user.id === id)!;
const answerWith = (id: number, changes: Partial<SchoolUser>): MockAnswer => ({
  status: 200,
  body: { user: { ...userOf(id), ...changes } },
});
const failure: MockAnswer = { status: 500, body: { code: 'internal_error', message: 'An unexpected error occurred' } };

function mockPatches(patches: Record<number, MockAnswer | (() => MockAnswer)>) {
  return mockFetch({
    'GET /api/users/profils': { status: 200, body: PROFILES },
    ...Object.fromEntries(Object.entries(patches).map(([id, answer]) => [`PATCH /api/users/${id}`, answer])),
  });
}

async function renderEditableGrid() {
  const rendered = renderUsersGrid(i18n);
  await waitForGrid();
  return { ...rendered, user: userEvent.setup() };
}

/** The editor open in a cell. */
async function findEditor(login: string, colId: string): Promise<HTMLInputElement | HTMLSelectElement> {
  let editor: HTMLInputElement | HTMLSelectElement | null = null;
  await waitFor(async () => {
    editor = (await findCell(login, colId)).querySelector('input, select');
    expect(editor).not.toBeNull();
  });
  return editor!;
}

/** Opens a cell's editor (double click) and answers its field. */
async function edit(user: ReturnType<typeof userEvent.setup>, login: string, colId: string) {
  await user.dblClick(await findCell(login, colId));
  return findEditor(login, colId);
}

async function expectEditing(login: string, colId: string, value: string) {
  expect(await findEditor(login, colId)).toHaveValue(value);
}

describe('editing the users grid', { timeout: 30_000 }, () => {
  it('saves a level and shows the row the server answers', async () => {
    const fetchMock = mockPatches({ 1: answerWith(1, { level: '5e' }) });
    const { user } = await renderEditableGrid();

    const editor = await edit(user, 'aarnaud', 'level');
    await user.clear(editor);
    await user.type(editor, '5e{Enter}');

    await waitFor(async () => expect(await findCell('aarnaud', 'level')).toHaveTextContent('5e'));
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/1')).toEqual([{ key: 'informations', value: { level: '5e' } }]);
    expect(await screen.findByText('Modification enregistrée : Niveau de aarnaud.')).toBeInTheDocument();
  });

  it('cleans a name by the school rules before sending, as the add-user panel does, and refuses one left empty', async () => {
    const fetchMock = mockPatches({ 3: answerWith(3, { lastname: 'DE LA FONTAINE' }) });
    const { user } = await renderEditableGrid();

    let editor = await edit(user, 'ccaron', 'lastname');
    await user.clear(editor);
    await user.type(editor, '123{Enter}');
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await expectEditing('ccaron', 'lastname', 'Caron');
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/3')).toEqual([]);

    editor = await findEditor('ccaron', 'lastname');
    await user.clear(editor);
    await user.type(editor, '  de  la Fontaine2 {Enter}');
    await waitFor(async () => expect(await findCell('ccaron', 'lastname')).toHaveTextContent('DE LA FONTAINE'));
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/3')).toEqual([
      { key: 'informations', value: { lastname: 'DE LA FONTAINE' } },
    ]);
  });

  it('confirms each saved edit with one toast, the latest', async () => {
    mockPatches({ 1: answerWith(1, { comment: 'Délégué' }), 2: answerWith(2, { adminMode: 1 }) });
    const { user } = await renderEditableGrid();

    await user.type(await edit(user, 'aarnaud', 'comment'), 'Délégué{Enter}');
    expect(await screen.findByText('Modification enregistrée : Commentaire de aarnaud.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Mode admin de bbernard' }));

    expect(await screen.findByText('Modification enregistrée : Mode admin de bbernard.')).toBeInTheDocument();
    expect(screen.queryByText('Modification enregistrée : Commentaire de aarnaud.')).not.toBeInTheDocument();
  });

  it.each<[string, MockAnswer | Error, string]>([
    [
      'no right',
      { status: 403, body: { code: 'forbidden', message: 'Forbidden' } },
      "Vous n'avez pas le droit d'effectuer cette action.",
    ],
    [
      'the user gone',
      { status: 404, body: { code: 'not_found', message: 'No such user' } },
      "Cet utilisateur n'existe plus ou n'est plus dans votre périmètre : rechargez la liste.",
    ],
    [
      'a value the server refuses',
      {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid input',
          details: { fieldErrors: { 'value.lastname': ['Too big'] } },
        },
      },
      "La valeur saisie n'est pas acceptée.",
    ],
    [
      'the database down',
      { status: 503, body: { code: 'database_unavailable', message: 'Database unavailable' } },
      'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    ],
    [
      'the server unreachable',
      new TypeError('Failed to fetch'),
      'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    ],
  ])('says why an edit failed (%s) and puts the value back in edit mode', async (_case, answer, message) => {
    mockPatches({ 3: answer });
    const { user } = await renderEditableGrid();

    const editor = await edit(user, 'ccaron', 'lastname');
    await user.clear(editor);
    await user.type(editor, 'Carron{Enter}');

    expect(await screen.findByText(message)).toBeInTheDocument();
    await expectEditing('ccaron', 'lastname', 'Caron');
    await user.keyboard('{Escape}');
    expect(await findCell('ccaron', 'lastname')).toHaveTextContent('Caron');
    expect(screen.queryByText(/Modification enregistrée/)).not.toBeInTheDocument();
  });

  it('refuses a blank level with the required warning and edits the cell again', async () => {
    const fetchMock = mockPatches({ 1: answerWith(1, {}) });
    const { user } = await renderEditableGrid();

    const editor = await edit(user, 'aarnaud', 'level');
    await user.clear(editor);
    await user.type(editor, '   {Enter}');

    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await expectEditing('aarnaud', 'level', '6e');
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/1')).toEqual([]);
  });

  it('refuses an option the user already has, before sending and when the server says so', async () => {
    const fetchMock = mockPatches({
      1: answerWith(1, {}),
      2: {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid input',
          details: { fieldErrors: { value: ['users.errors.duplicate_option'] } },
        },
      },
    });
    const { user } = await renderEditableGrid();

    await user.selectOptions(await edit(user, 'aarnaud', 'option2'), 'Latin');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cette option existe déjà pour cet utilisateur.')).toBeInTheDocument();
    await expectEditing('aarnaud', 'option2', 'Grec');
    await user.keyboard('{Escape}');
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/1')).toEqual([]);
    notifications.clean();

    await user.selectOptions(await edit(user, 'bbernard', 'option2'), 'Grec');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cette option existe déjà pour cet utilisateur.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/2')).toEqual([
      {
        key: 'options',
        value: [
          { idOption: 11, ordre: 1 },
          { idOption: 12, ordre: 2 },
        ],
      },
    ]);
    await expectEditing('bbernard', 'option2', '');
  });

  it('shows the generic error when an edit fails and puts the cell back in edit mode', async () => {
    mockPatches({ 3: failure });
    const { user } = await renderEditableGrid();

    const editor = await edit(user, 'ccaron', 'lastname');
    await user.clear(editor);
    await user.type(editor, 'Carron{Enter}');

    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
    await expectEditing('ccaron', 'lastname', 'Caron');
  });

  it('sends an application code alone with status 2', async () => {
    const fetchMock = mockPatches({ 1: answerWith(1, { applications: { '2': { status: 1, code: 'Q-1' } } }) });
    const { user } = await renderEditableGrid();

    await user.type(await edit(user, 'aarnaud', 'code:2'), 'Q-1{Enter}');

    await waitFor(async () => expect(await findCell('aarnaud', 'code:2')).toHaveTextContent('Q-1'));
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/1')).toEqual([
      { key: 'applications', value: { informations: { idApplication: 2, status: 2, keys: 'Q-1' } } },
    ]);
  });

  it('saves Mode admin from its checkbox, and puts it back with the required message when that fails', async () => {
    const fetchMock = mockPatches({ 1: failure, 2: answerWith(2, { adminMode: 1 }), 3: answerWith(3, { adminMode: 0 }) });
    const { user } = await renderEditableGrid();

    await user.click(screen.getByRole('checkbox', { name: 'Mode admin de ccaron' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/3')).toEqual([{ key: 'informations', value: { adminMode: 0 } }]),
    );
    expect(screen.getByRole('checkbox', { name: 'Mode admin de ccaron' })).not.toBeChecked();

    // From the keyboard: Enter on the cell.
    await user.click(await findCell('bbernard', 'adminMode'));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/2')).toEqual([{ key: 'informations', value: { adminMode: 1 } }]),
    );
    expect(screen.getByRole('checkbox', { name: 'Mode admin de bbernard' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Mode admin de aarnaud' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mode admin de aarnaud' })).not.toBeChecked());
  });

  it('puts an application toggle back when the call fails, naming the application', async () => {
    mockPatches({ 1: failure, 2: failure });
    const { user } = await renderEditableGrid();

    await user.click(screen.getByRole('checkbox', { name: 'Quizeo de bbernard' }));
    expect(await screen.findByText("Impossible d'activer l'application Quizeo.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Quizeo de bbernard' })).not.toBeChecked());

    await user.click(screen.getByRole('checkbox', { name: 'Quizeo de aarnaud' }));
    expect(await screen.findByText("Impossible de désactiver l'application Quizeo.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Quizeo de aarnaud' })).toBeChecked());
  });

  it('asks the credentials before enabling an application whose code is required', async () => {
    const fetchMock = mockPatches({ 2: answerWith(2, { applications: { '4': { status: 1, code: 'K-77' } } }) });
    const { user } = await renderEditableGrid();

    await user.click(screen.getByRole('checkbox', { name: 'Manuels KNE de ccaron' }));
    let dialog = await screen.findByRole('dialog', { name: 'Accès à Manuels KNE' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Manuels KNE de ccaron' })).not.toBeChecked());
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/3')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Manuels KNE de bbernard' }));
    dialog = await screen.findByRole('dialog', { name: 'Accès à Manuels KNE' });
    await user.type(within(dialog).getByLabelText(/Identifiant/), 'bbernard.kne');
    await user.type(within(dialog).getByLabelText(/Code/), 'K-77');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accès à Manuels KNE' })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Manuels KNE de bbernard' })).toBeChecked();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/2')).toEqual([
      {
        key: 'applications',
        value: { informations: { idApplication: 4, status: 1, loginPlateforme: 'bbernard.kne', keys: 'K-77' } },
      },
    ]);
  });

  it('asks the e-mail of a user without one made manager, in one call with the profile', async () => {
    const answers: MockAnswer[] = [
      {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid input',
          details: { fieldErrors: { 'value.email': ['users.errors.email_required_for_profile'] } },
        },
      },
      answerWith(2, { profile: 'Gestionnaire', email: 'bruno.bernard@example.fr' }),
    ];
    const fetchMock = mockPatches({ 2: () => answers.shift()! });
    const { user } = await renderEditableGrid();

    await user.selectOptions(await edit(user, 'bbernard', 'profile'), 'Gestionnaire');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Changement de profil' });
    expect(within(dialog).queryByRole('button', { name: 'Fermer' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Changement de profil' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), 'bruno.bernard');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText("L'adresse e-mail n'est pas valide.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/2')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), '@example.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // The server’s refusal shows in the prompt, which stays open.
    expect(
      await within(dialog).findByText("Un gestionnaire ou un administrateur d'établissement doit avoir une adresse e-mail."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Changement de profil' })).not.toBeInTheDocument());
    await waitFor(async () => expect(await findCell('bbernard', 'email')).toHaveTextContent('bruno.bernard@example.fr'));
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/2')).toEqual([
      { key: 'informations', value: { profile: 'Gestionnaire', email: 'bruno.bernard@example.fr' } },
      { key: 'informations', value: { profile: 'Gestionnaire', email: 'bruno.bernard@example.fr' } },
    ]);
  });

  it('offers no edit on the row of a user above the caller, as the server would refuse it', async () => {
    const manager = buildSchoolUser({
      id: 6,
      lastname: 'Fabre',
      firstname: 'Fanny',
      login: 'ffabre',
      profile: 'Gestionnaire',
      level: null,
    });
    renderUsersGrid(i18n, {
      school: buildGridSchool({ users: [...GRID_USERS, manager] }),
      viewer: 'Administrateur établissement',
    });
    await waitForGrid();
    const user = userEvent.setup();

    expect(screen.getByRole('checkbox', { name: 'Mode admin de ffabre' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Mode admin de aarnaud' })).toBeEnabled();
    await user.dblClick(await findCell('ffabre', 'comment'));
    expect((await findCell('ffabre', 'comment')).querySelector('input, select')).toBeNull();
    await edit(user, 'aarnaud', 'comment');
  });
});
