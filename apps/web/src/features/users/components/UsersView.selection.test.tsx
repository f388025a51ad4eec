import type { SchoolUser } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useShell } from '#app/shell/ShellContext';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { useSelectSchool } from '#features/schools/hooks/useSelectSchool';
import { renderInShell } from '#features/schools/testing';
import { APPLICATIONS, buildCatalogueSchool } from '../test-school';
import { buildDefinitions } from '../grid/test-fixtures';
import { expectStatus, findSelectionBox, waitForGrid } from '../grid/test-queries';
import { buildSchoolUser, SCHOOL_UAI } from '../test-factories';
import { UsersView } from './UsersView';

/**
 * The users view acts on the selected rows it shows (issue 12): rows that a filter, a reload or a
 * school change hides leave the selection, and the status line, the menus' rules, the dialogs and
 * the requests all count the same rows.
 */

const OTHER_UAI = '0690002B';
const EDUCADHOC = String(APPLICATIONS.educadhoc.idApplication);
const KNE = APPLICATIONS.kne.idApplication;

const i18n = await createTestI18n();
cleanUpAfterEachTest({ clearStorage: true });

/** Two pupils (one in admin mode) and two teachers with Educadhoc keys (one without e-mail), and a disabled pupil. */
const USERS: SchoolUser[] = [
  buildSchoolUser({ id: 1, lastname: 'Arnaud', firstname: 'Alice', login: 'aarnaud', email: 'alice@example.fr', adminMode: 1 }),
  buildSchoolUser({ id: 2, lastname: 'Bernard', firstname: 'Bruno', login: 'bbernard', email: 'bruno@example.fr' }),
  buildSchoolUser({
    id: 3,
    lastname: 'Caron',
    firstname: 'Chloé',
    login: 'ccaron',
    profile: 'Enseignant',
    level: 'Professeurs',
    className: null,
    email: 'chloe@example.fr',
    applications: { [EDUCADHOC]: { status: 1, code: 'K1' } },
  }),
  buildSchoolUser({
    id: 4,
    lastname: 'Dupont',
    firstname: 'Denis',
    login: 'ddupont',
    profile: 'Enseignant',
    level: 'Professeurs',
    className: null,
    applications: { [EDUCADHOC]: { status: 1, code: 'K2' } },
  }),
  buildSchoolUser({ id: 5, lastname: 'Étienne', firstname: 'Émile', login: 'eetienne', disabled: true }),
];
const SCHOOL = buildCatalogueSchool(USERS);
const OTHER_SCHOOL = buildCatalogueSchool([buildSchoolUser({ id: 21, login: 'zzola', uai: OTHER_UAI })], {
  uai: OTHER_UAI,
  name: 'Lycée Ampère',
});
const BULK_ANSWER = { status: 200, body: { count: 2, undoToken: null, undoExpiresAt: null } };

/** The users view of the active school, and a button making the other school active, as the school picker does. */
function ActiveUsersView() {
  const { activeSchoolUai } = useShell();
  const selectSchool = useSelectSchool();
  return (
    <>
      <button type="button" onClick={() => selectSchool(activeSchoolUai === SCHOOL_UAI ? OTHER_UAI : SCHOOL_UAI)}>
        Changer d'établissement
      </button>
      <UsersView uai={activeSchoolUai!} user={buildSessionUser('Administrateur')} />
    </>
  );
}

function renderView(
  routes: Parameters<typeof mockFetch>[0] = {},
  school: () => MockAnswer = () => ({ status: 200, body: SCHOOL }),
) {
  const fetchMock = mockFetch({
    [`GET /api/schools/${SCHOOL_UAI}/users`]: school,
    [`GET /api/schools/${OTHER_UAI}/users`]: { status: 200, body: OTHER_SCHOOL },
    'GET /api/users/headers': { status: 200, body: buildDefinitions() },
    ...routes,
  });
  renderInShell(<ActiveUsersView />, { i18n, initial: { activeSchoolUai: SCHOOL_UAI, view: 'users' } });
  return { fetchMock, user: userEvent.setup() };
}

async function select(user: ReturnType<typeof userEvent.setup>, ...logins: string[]) {
  for (const login of logins) await user.click(await findSelectionBox(login));
}

/** Sets one column's filter through the filters panel, then closes it. */
async function filter(user: ReturnType<typeof userEvent.setup>, column: string, value: string) {
  await user.click(screen.getByRole('button', { name: 'Filtres' }));
  const panel = await screen.findByRole('dialog', { name: 'Filtres des colonnes' });
  await user.type(within(panel).getByLabelText(`Valeur du filtre ${column}`), value);
  await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
}

/** Selects the four active users, then filters on teachers: two selected rows stay in view. */
async function selectAllThenShowTeachers(routes: Parameters<typeof mockFetch>[0]) {
  const rendered = renderView(routes);
  await waitForGrid();
  await select(rendered.user, 'aarnaud', 'bbernard', 'ccaron', 'ddupont');
  await expectStatus('5 utilisateurs · 4 filtrés · 4 sélectionnés');
  await filter(rendered.user, 'Profil', 'Enseignant');
  await expectStatus('5 utilisateurs · 2 filtrés · 2 sélectionnés');
  return rendered;
}

async function openBulkItem(user: ReturnType<typeof userEvent.setup>, name: string | RegExp) {
  await user.click(screen.getByRole('button', { name: 'Modification groupée' }));
  const item = await screen.findByRole('menuitem', { name });
  expect(item).toBeEnabled();
  await user.click(item);
}

type BulkCase = {
  item: string | RegExp;
  dialog?: {
    name: string;
    intro: string;
    fill?: (dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) => Promise<void>;
    confirm: string;
  };
  route: `${string} ${string}`;
  sent: unknown;
};

const BULK_CASES: BulkCase[] = [
  ...(
    [
      ['Commentaire', 'Modifier le commentaire', 'comment'],
      ['Matière', 'Modifier la matière', 'subject'],
      ['Classe', 'Modifier la classe', 'className'],
    ] as const
  ).map(([item, name, column]) => ({
    item,
    dialog: { name, intro: '2 utilisateurs sélectionnés.', confirm: 'Valider' },
    route: 'PATCH /api/users/' as const,
    sent: { type: 'std', ids: [3, 4], column, value: null },
  })),
  {
    item: 'Niveau',
    dialog: {
      name: 'Modifier le niveau',
      intro: '2 utilisateurs sélectionnés.',
      fill: (dialog, user) => user.type(within(dialog).getByRole('combobox', { name: /^Niveau/ }), '3e'),
      confirm: 'Valider',
    },
    route: 'PATCH /api/users/',
    sent: { type: 'std', ids: [3, 4], column: 'level', value: '3e' },
  },
  {
    item: 'Profil',
    dialog: {
      name: 'Modifier le profil',
      intro: '2 utilisateurs sélectionnés.',
      fill: (dialog, user) => user.selectOptions(within(dialog).getByLabelText(/^Profil/), 'Enseignant'),
      confirm: 'Valider',
    },
    route: 'PATCH /api/users/',
    sent: { type: 'std', ids: [3, 4], column: 'profile', value: 'Enseignant' },
  },
  {
    item: 'Options',
    dialog: {
      name: 'Modifier les options',
      intro: '2 utilisateurs sélectionnés.',
      fill: (dialog, user) => user.type(within(dialog).getByRole('combobox', { name: /^Option à ajouter/ }), 'Chorale'),
      confirm: 'Valider',
    },
    route: 'PATCH /api/users/',
    sent: { type: 'opt', ids: [3, 4], column: 'insert', value: { optionCible: 'Chorale' } },
  },
  {
    item: 'Applications',
    dialog: {
      name: 'Modifier les applications',
      intro: '2 utilisateurs sélectionnés.',
      fill: async (dialog, user) => {
        await user.click(within(dialog).getByText('Désactiver'));
        await user.selectOptions(within(dialog).getByLabelText(/^Application/), 'Manuels KNE');
      },
      confirm: 'Valider',
    },
    route: 'PATCH /api/users/',
    sent: { type: 'app', ids: [3, 4], column: 'delete', idApp: KNE, value: [] },
  },
  // Alice, hidden, is in admin mode: counted, she would turn the item off (a mixed selection).
  {
    item: 'Activer le mode admin',
    route: 'PATCH /api/users/',
    sent: { type: 'std', ids: [3, 4], column: 'adminMode', value: 1 },
  },
  // The hidden pupils would turn PNE off: it needs teachers with an Educadhoc code only.
  {
    item: 'Activation des clés PNE',
    dialog: {
      name: 'Activation des clés PNE',
      intro: 'Les clés Educadhoc des 2 enseignants sélectionnés seront activées sur le PNE.',
      confirm: 'Activer les clés',
    },
    route: 'POST /api/users/pne',
    sent: [
      { username: 'ccaron', keys: ['K1'] },
      { username: 'ddupont', keys: ['K2'] },
    ],
  },
  // The mail, which cannot be taken back, reaches the one shown teacher with an e-mail, never the hidden pupils.
  {
    item: 'Envoyer un mail',
    dialog: {
      name: 'Envoyer un mail',
      intro: 'Le mail sera envoyé à 1 utilisateur ayant une adresse e-mail, sur 2 sélectionnés.',
      confirm: 'Envoyer',
    },
    route: 'POST /api/users/mails',
    sent: { users: [{ idUser: 3, email: 'chloe@example.fr', login: 'ccaron' }], templateId: 165 },
  },
];

describe('the users view acts on the selected rows it shows', { timeout: 60_000 }, () => {
  it.each(BULK_CASES)('$item: counts and sends only the shown selected rows', async ({ item, dialog, route, sent }) => {
    const { fetchMock, user } = await selectAllThenShowTeachers({
      'PATCH /api/users/': BULK_ANSWER,
      'POST /api/users/pne': { status: 200, body: { data: [] } },
      'POST /api/users/mails': { status: 200, body: { sent: 1 } },
    });

    await openBulkItem(user, item);
    if (dialog) {
      const shown = await screen.findByRole('dialog', { name: dialog.name });
      expect(within(shown).getByText(dialog.intro)).toBeInTheDocument();
      await dialog.fill?.(shown, user);
      await user.click(within(shown).getByRole('button', { name: dialog.confirm }));
    }

    await waitFor(() => expect(bodiesSentTo(fetchMock, route)).toEqual([sent]));
  });

  it('disables only the shown selected users', async () => {
    const { fetchMock, user } = await selectAllThenShowTeachers({
      'PATCH /api/users/deactivate': { status: 200, body: { count: 2 } },
    });

    await user.click(screen.getByRole('button', { name: 'Désactiver' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PATCH /api/users/deactivate')).toEqual([
        {
          users: [
            { id: 3, lls: false, quizeo: false },
            { id: 4, lls: false, quizeo: false },
          ],
          disable: true,
        },
      ]),
    );
  });

  it('deletes only the shown selected users', async () => {
    const disabled = [
      buildSchoolUser({ id: 6, lastname: 'Fabre', login: 'ffabre', disabled: true }),
      buildSchoolUser({ id: 8, lastname: 'Girard', login: 'ggirard', disabled: true }),
    ];
    const { fetchMock, user } = renderView({ 'DELETE /api/users': { status: 200, body: { count: 1 } } }, () => ({
      status: 200,
      body: buildCatalogueSchool(disabled),
    }));
    await waitForGrid();
    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Désactivé' }));
    await select(user, 'ffabre', 'ggirard');
    await filter(user, 'Nom', 'Gir');
    await expectStatus('2 utilisateurs · 1 filtré · 1 sélectionné');

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Supprimer les utilisateurs' });
    expect(within(confirmation).getByText(/^L'utilisateur sélectionné sera supprimé\./)).toBeInTheDocument();
    await user.click(within(confirmation).getByRole('button', { name: 'Supprimer' }));

    await waitFor(() => expect(bodiesSentTo(fetchMock, 'DELETE /api/users')).toEqual([[8]]));
  });

  it('keeps a row out of the selection once shown again: the filter removed, it stays unselected', async () => {
    const { user } = await selectAllThenShowTeachers({});

    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Profil' }));

    await expectStatus('5 utilisateurs · 4 filtrés · 2 sélectionnés');
    expect(await findSelectionBox('aarnaud')).not.toBeChecked();
    expect(await findSelectionBox('ccaron')).toBeChecked();
  });

  it('drops the rows a reload hides: users just disabled leave the selection with the default filter', async () => {
    let answer = SCHOOL;
    const { user } = renderView(
      {
        'PATCH /api/users/deactivate': () => {
          answer = buildCatalogueSchool(USERS.map((row) => (row.id === 1 || row.id === 2 ? { ...row, disabled: true } : row)));
          return { status: 200, body: { count: 2 } };
        },
      },
      () => ({ status: 200, body: answer }),
    );
    await waitForGrid();
    await select(user, 'aarnaud', 'bbernard');

    await user.click(screen.getByRole('button', { name: 'Désactiver' }));

    await expectStatus('5 utilisateurs · 2 filtrés · 0 sélectionné');
    await user.click(screen.getByRole('button', { name: 'Modification groupée' }));
    for (const entry of await screen.findAllByRole('menuitem')) expect(entry).toBeDisabled();
  });

  it('forgets the selection with the school: another school starts with nothing selected', async () => {
    const { user } = renderView();
    await waitForGrid();
    await select(user, 'aarnaud', 'bbernard');
    await expectStatus('5 utilisateurs · 4 filtrés · 2 sélectionnés');

    await user.click(screen.getByRole('button', { name: "Changer d'établissement" }));

    await expectStatus('1 utilisateur · 1 filtré · 0 sélectionné');
    expect(screen.getByRole('button', { name: 'Activer / Désactiver' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Modification groupée' }));
    for (const entry of await screen.findAllByRole('menuitem')) expect(entry).toBeDisabled();
  });
});
