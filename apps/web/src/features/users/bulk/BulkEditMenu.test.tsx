import { DEFAULT_RIGHTS, type SchoolUser } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, type mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchoolUser } from '../test-factories';
import { menuItem, openBulkEditMenu } from '../test-button-bar';
import { APPLICATIONS, buildCatalogueSchool } from '../test-school';

vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const manager = buildSessionUser('Gestionnaire');
const school = buildCatalogueSchool([]);
const BULK_ANSWER = { status: 200, body: { count: 2, undoToken: 'undo-123', undoExpiresAt: '2030-01-01T00:00:30Z' } };
const EDUCADHOC = String(APPLICATIONS.educadhoc.idApplication);

const openMenu = (selected: readonly SchoolUser[], routes: Parameters<typeof mockFetch>[0] = {}, user = manager) =>
  openBulkEditMenu({ i18n, school, user, selected }, routes);
const item = menuItem;

describe('bulk-edit menu, enablement', () => {
  it('turns every item off without a selection', async () => {
    await openMenu([]);

    const items = screen.getAllByRole('menuitem');
    expect(items.map((entry) => entry.textContent)).toEqual([
      'Commentaire',
      'Matière',
      'Classe',
      'Niveau',
      'Profil',
      'Options',
      'Applications',
      'Documents',
      'Activer le mode admin',
      'Activation des clés PNE',
      'Notification',
      'Envoyer un mail',
    ]);
    for (const entry of items) expect(entry).toBeDisabled();
  });

  it('shows only the items the user may read', async () => {
    const rights = {
      ...DEFAULT_RIGHTS.Gestionnaire,
      buttonBulkEdit_bulkPNE: { Lecture: 0, Ecriture: 0 },
      buttonBulkEdit_bulkMatiere: { Lecture: 1, Ecriture: 0 },
    } as const;
    await openMenu([buildSchoolUser()], {}, buildSessionUser('Gestionnaire', { rights }));

    expect(screen.queryByRole('menuitem', { name: 'Activation des clés PNE' })).toBeNull();
    expect(item('Matière')).toBeDisabled();
    expect(item('Commentaire')).toBeEnabled();
  });

  it("turns off the bulk changes without their route's right, leaving the items with their own route", async () => {
    const rights = { ...DEFAULT_RIGHTS.Gestionnaire, ButtonBar_buttonBulkEdit: { Lecture: 1, Ecriture: 0 } } as const;
    await openMenu([buildSchoolUser({ email: 'a@b.fr' })], {}, buildSessionUser('Gestionnaire', { rights }));

    for (const name of ['Commentaire', 'Matière', 'Classe', 'Niveau', 'Options', 'Applications'])
      expect(item(name)).toBeDisabled();
    expect(item('Envoyer un mail')).toBeEnabled();
  });

  it('shows the documents with their right, on only for who may read the document manager', async () => {
    const withoutFiles = { ...DEFAULT_RIGHTS.Gestionnaire, buttonBulkEdit_bulkFiles: { Lecture: 0, Ecriture: 0 } } as const;
    await openMenu([buildSchoolUser()], {}, buildSessionUser('Gestionnaire', { rights: withoutFiles }));
    expect(screen.queryByRole('menuitem', { name: 'Documents' })).toBeNull();
    cleanup();

    const withoutManager = { ...DEFAULT_RIGHTS.Gestionnaire, FileManager: { Lecture: 0, Ecriture: 0 } } as const;
    await openMenu([buildSchoolUser()], {}, buildSessionUser('Gestionnaire', { rights: withoutManager }));
    expect(item('Documents')).toBeDisabled();
    expect(item('Applications')).toBeEnabled();
  });

  it('shows the notification with its right, on for any selection with it at Ecriture', async () => {
    await openMenu([buildSchoolUser({ profile: 'Eleve' }), buildSchoolUser({ profile: 'Gestionnaire', email: null })]);
    expect(item('Notification')).toBeEnabled();
    cleanup();

    const readOnly = { ...DEFAULT_RIGHTS.Gestionnaire, buttonBulkEdit_bulkNotification: { Lecture: 1, Ecriture: 0 } } as const;
    await openMenu([buildSchoolUser()], {}, buildSessionUser('Gestionnaire', { rights: readOnly }));
    expect(item('Notification')).toBeDisabled();
    expect(item('Envoyer un mail')).toBeDisabled();
    cleanup();

    // A school's administrator is seeded without it.
    await openMenu([buildSchoolUser()], {}, buildSessionUser('Administrateur établissement'));
    expect(screen.queryByRole('menuitem', { name: 'Notification' })).toBeNull();
    expect(item('Activation des clés PNE')).toBeInTheDocument();
  });

  it('offers the profile change only for pupils and teachers', async () => {
    await openMenu([buildSchoolUser({ profile: 'Eleve' }), buildSchoolUser({ profile: 'Gestionnaire' })]);
    expect(item('Profil')).toBeDisabled();
  });

  it('offers the admin mode only when the selection shares it, and PNE only for teachers with an Educadhoc code', async () => {
    await openMenu([
      buildSchoolUser({ adminMode: 1, profile: 'Enseignant', applications: { [EDUCADHOC]: { status: 1, code: 'K1' } } }),
      buildSchoolUser({ adminMode: 0, profile: 'Enseignant' }),
    ]);

    expect(item(/mode admin/)).toBeDisabled();
    expect(item('Activation des clés PNE')).toBeDisabled();
  });
});

describe('bulk field changes', () => {
  it('deletes the comment with an empty value', async () => {
    const selected = [buildSchoolUser({ id: 1 }), buildSchoolUser({ id: 2 })];
    const { fetchMock, user } = await openMenu(selected, { 'PATCH /api/users/': BULK_ANSWER });

    await user.click(item('Commentaire'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le commentaire' });
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Commentaire modifié pour 2 utilisateurs.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([{ type: 'std', ids: [1, 2], column: 'comment', value: null }]);
  });

  it('adds a class, which then needs a value', async () => {
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 5 })], { 'PATCH /api/users/': BULK_ANSWER });

    await user.click(item('Classe'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la classe' });
    await user.click(within(dialog).getByText('Ajouter une classe'));
    expect(within(dialog).getByRole('button', { name: 'Valider' })).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: /^Classe/ }), 'Euro');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([
        { type: 'std', ids: [5], column: 'className', value: 'Euro', option: 'add' },
      ]),
    );
  });

  it('requires a level', async () => {
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 5 })], { 'PATCH /api/users/': BULK_ANSWER });

    await user.click(item('Niveau'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le niveau' });
    expect(within(dialog).getByRole('button', { name: 'Valider' })).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: /^Niveau/ }), '3e');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([{ type: 'std', ids: [5], column: 'level', value: '3e' }]),
    );
  });

  it('changes pupils into teachers', async () => {
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 8, profile: 'Eleve' })], {
      'PATCH /api/users/': BULK_ANSWER,
    });

    await user.click(item('Profil'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil' });
    await user.selectOptions(within(dialog).getByLabelText(/^Profil/), 'Enseignant');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([
        { type: 'std', ids: [8], column: 'profile', value: 'Enseignant' },
      ]),
    );
  });
});

describe('admin mode and undo', () => {
  it('turns admin mode on, toasts with « Annuler », and undoes with the token', async () => {
    const selected = [buildSchoolUser({ id: 1, adminMode: 0 }), buildSchoolUser({ id: 2, adminMode: 0 })];
    const { fetchMock, user } = await openMenu(selected, {
      'PATCH /api/users/': BULK_ANSWER,
      'POST /api/users/undo': { status: 200, body: { count: 2 } },
    });

    await user.click(item('Activer le mode admin'));

    expect(await screen.findByText('Mode admin activé pour 2 utilisateurs.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([{ type: 'std', ids: [1, 2], column: 'adminMode', value: 1 }]);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(await screen.findByText('La modification a bien été annulée.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/users/undo')).toEqual([{ token: 'undo-123' }]);
  });

  it('turns it off when every selected user has it', async () => {
    const selected = [buildSchoolUser({ id: 1, adminMode: 1 })];
    const { fetchMock, user } = await openMenu(selected, {
      'PATCH /api/users/': { status: 200, body: { count: 1, undoToken: null, undoExpiresAt: null } },
    });

    await user.click(item('Désactiver le mode admin'));

    expect(await screen.findByText('Mode admin désactivé pour 1 utilisateur.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([{ type: 'std', ids: [1], column: 'adminMode', value: 0 }]);
  });
});

describe('bulk options', () => {
  it('keeps confirm off until an option is named, then adds it', async () => {
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 3 })], { 'PATCH /api/users/': BULK_ANSWER });

    await user.click(item('Options'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les options' });
    const confirm = within(dialog).getByRole('button', { name: 'Valider' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: /^Option à ajouter/ }), '   ');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: /^Option à ajouter/ }), 'Chorale');
    await user.click(confirm);

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([
        { type: 'opt', ids: [3], column: 'insert', value: { optionCible: 'Chorale' } },
      ]),
    );
  });

  it('replaces an option of the selected users by another', async () => {
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 3, options: ['Latin'] })], {
      'PATCH /api/users/': BULK_ANSWER,
    });

    await user.click(item('Options'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les options' });
    await user.click(within(dialog).getByText('Remplacer'));
    await user.type(within(dialog).getByRole('combobox', { name: /^Nouvelle option/ }), 'Grec');
    expect(within(dialog).getByRole('button', { name: 'Valider' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText(/^Option à remplacer/), 'Latin');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([
        { type: 'opt', ids: [3], column: 'update', value: { optionCible: 'Grec', optionSource: 'Latin' } },
      ]),
    );
  });
});

describe('bulk applications', () => {
  it("asks each user's credentials for an application that needs them", async () => {
    const platforms = [
      {
        userId: 21,
        login: 'ana.b',
        firstname: 'Ana',
        lastname: 'B',
        profile: 'Eleve',
        userPassword: 'ravo4821',
        platforms: [
          {
            platformId: 'KNE',
            applications: [{ idApplication: 4, status: 0, login: 'kne.ana', password: null, hasPassword: true, keys: null }],
          },
        ],
      },
      { userId: 22, login: 'leo.c', firstname: 'Léo', lastname: 'C', profile: 'Eleve', userPassword: 'tuzi5555', platforms: [] },
    ];
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 21 }), buildSchoolUser({ id: 22 })], {
      'POST /api/users/platforms': { status: 200, body: platforms },
      'PATCH /api/users/': BULK_ANSWER,
    });

    await user.click(item('Applications'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les applications' });
    await user.selectOptions(within(dialog).getByLabelText(/^Application/), 'Manuels KNE');
    const table = await within(dialog).findByRole('table');
    // Each user's console login beside the name: two pupils may share a name.
    const userCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!);
    expect(userCells.map((cell) => [...cell.children].map((line) => line.textContent))).toEqual([
      ['B Ana', 'ana.b'],
      ['C Léo', 'leo.c'],
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/users/platforms')).toEqual([{ userIds: [21, 22] }]);
    expect(within(dialog).getByLabelText('Mot de passe — B Ana (ana.b)')).toBeDisabled();
    expect(within(dialog).getByLabelText('Identifiant — C Léo (leo.c)')).toHaveValue('leo.c');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByLabelText('Code — B Ana (ana.b)')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Code — B Ana (ana.b)'), 'A1');
    await user.type(within(dialog).getByLabelText('Code — C Léo (leo.c)'), 'C2');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([
        {
          type: 'app',
          ids: [21, 22],
          column: 'insert',
          idApp: 4,
          value: [
            { idUser: 21, loginPlateforme: 'kne.ana', keys: 'A1' },
            { idUser: 22, loginPlateforme: 'leo.c', passwordPlateforme: 'tuzi5555', keys: 'C2' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Application Manuels KNE activée pour 2 utilisateurs.')).toBeInTheDocument();
  });

  it('removes an application without asking anything', async () => {
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 21 })], { 'PATCH /api/users/': BULK_ANSWER });

    await user.click(item('Applications'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les applications' });
    await user.click(within(dialog).getByText('Désactiver'));
    await user.selectOptions(within(dialog).getByLabelText(/^Application/), 'Manuels KNE');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/')).toEqual([
        { type: 'app', ids: [21], column: 'delete', idApp: 4, value: [] },
      ]),
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/users/platforms')).toEqual([]);
  });
});

describe('bulk documents', () => {
  it('assigns the ticked documents of the document manager to the selection', async () => {
    const rules = {
      id: 4,
      key: 'documents/4-rules.pdf',
      name: 'Règlement intérieur.pdf',
      type: 'application/pdf',
      size: 1_200_000,
      uploadedBy: { firstname: 'Anne', lastname: 'ADMIN', profile: 'Administrateur' },
      date: '2026-01-05T10:00:00.000Z',
      schools: [],
      canManage: true,
    };
    const { fetchMock, user } = await openMenu([buildSchoolUser({ id: 31 })], {
      [`GET /api/files/${school.informations.uai}`]: {
        status: 200,
        body: { files: [rules], maxBucketSize: 1_000_000_000, usedBytes: 1_200_000 },
      },
      'PATCH /api/users/files': { status: 200, body: { changed: 1 } },
    });

    await user.click(item('Documents'));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les documents' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Règlement intérieur.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Documents affectés à 1 utilisateur.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/files')).toEqual([{ action: 'insert', arrayDocs: [4], arrayUsers: [31] }]);
    expect(screen.queryByRole('dialog', { name: 'Modifier les documents' })).toBeNull();
  });
});
