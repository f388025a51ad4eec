import type { SchoolUser } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchoolUser } from '../test-factories';
import { renderButtonBar } from '../test-button-bar';
import { APPLICATIONS, buildCatalogueSchool } from '../test-school';

// A form this size takes seconds per test in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const REQUIRED = 'Ce champ est obligatoire.';
const PROFILES = [
  { IDprofil: 1, Nom: 'Eleve' },
  { IDprofil: 2, Nom: 'Enseignant' },
  { IDprofil: 4, Nom: 'Gestionnaire' },
];

const school = buildCatalogueSchool([
  buildSchoolUser({ login: 'jean.dupont.clg-moulin', level: '6e', className: '6A', subject: 'Histoire', options: ['Latin'] }),
  buildSchoolUser({
    level: '5e',
    className: '5B',
    options: ['Anglais renforcé'],
    applications: { [APPLICATIONS.kne.idApplication]: { status: 1, code: null } },
  }),
  buildSchoolUser({ level: '4e', className: '4C', disabled: true }),
]);

function createdRow(overrides: Partial<SchoolUser> = {}): MockAnswer {
  return { status: 200, body: { user: buildSchoolUser({ id: 900, login: 'jean.dupont2.clg-moulin', ...overrides }) } };
}

async function openPanel(routes: Parameters<typeof mockFetch>[0] = {}) {
  let generated = 0;
  const fetchMock = mockFetch({
    'GET /api/users/profils': { status: 200, body: PROFILES },
    'GET /api/users/passwords/1': () => ({ status: 200, body: [['ravo4821', 'kopa1234', 'tuzi5555'][generated++ % 3]] }),
    ...routes,
  });
  const rendered = renderButtonBar({ i18n, school, user: buildSessionUser('Gestionnaire') });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Ajouter un utilisateur' }));
  const panel = await screen.findByRole('dialog', { name: 'Ajouter un utilisateur' });
  await within(panel).findByRole('option', { name: 'Gestionnaire' });
  return { ...rendered, fetchMock, user, panel };
}

type User = ReturnType<typeof userEvent.setup>;

/** Types a text at once (keystroke by keystroke is slow in a form this size). */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillIdentity(user: User, panel: HTMLElement) {
  await fill(user, within(panel).getByLabelText(/^Prénom/), '  jéan ');
  await fill(user, within(panel).getByLabelText(/^Nom/), 'dupont');
  await user.tab();
}

describe('add-user panel', () => {
  it('cleans the names and proposes a login unique in the school on leaving them', async () => {
    const { user, panel } = await openPanel();

    await fillIdentity(user, panel);

    expect(within(panel).getByLabelText(/^Prénom/)).toHaveValue('Jéan');
    expect(within(panel).getByLabelText(/^Nom/)).toHaveValue('DUPONT');
    expect(within(panel).getByLabelText(/^Identifiant/)).toHaveValue('jean.dupont2.clg-moulin');
  });

  it('generates a password, made fit for staff', async () => {
    const { user, panel } = await openPanel();

    await user.click(within(panel).getByRole('button', { name: 'Générer' }));
    await waitFor(() => expect(within(panel).getByLabelText(/^Mot de passe/)).toHaveValue('ravo4821'));
    await user.selectOptions(within(panel).getByLabelText(/^Profil/), 'Gestionnaire');

    expect(within(panel).getByLabelText(/^Mot de passe/)).toHaveValue('Ravo4821');
  });

  it('says which fields are required, and asks the e-mail of a manager, without calling the server', async () => {
    const { user, panel, fetchMock } = await openPanel();

    expect(within(panel).getByLabelText(/^Adresse e-mail/)).not.toBeRequired();
    await user.selectOptions(within(panel).getByLabelText(/^Profil/), 'Gestionnaire');
    expect(within(panel).getByLabelText(/^Adresse e-mail/)).toBeRequired();
    await user.click(within(panel).getByRole('button', { name: "Créer l'utilisateur" }));

    for (const label of [/^Prénom/, /^Nom/, /^Identifiant/, /^Mot de passe/, /^Niveau/]) {
      expect(within(panel).getByLabelText(label)).toHaveAccessibleDescription(REQUIRED);
    }
    expect(within(panel).getByLabelText(/^Adresse e-mail/)).toHaveAccessibleDescription(
      "Un gestionnaire ou un administrateur d'établissement doit avoir une adresse e-mail.",
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/users')).toEqual([]);
  });

  it('offers the classes, options and applications of the chosen level, and adds a new level', async () => {
    const { user, panel } = await openPanel();
    const classSelect = () => within(panel).getByLabelText(/^Classe/);

    expect(within(panel).queryByRole('option', { name: '4e' })).toBeNull();
    await user.selectOptions(within(panel).getByLabelText(/^Niveau/), '5e');
    expect(
      within(classSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Aucune classe', '5B']);
    expect(within(panel).getByRole('checkbox', { name: 'Anglais renforcé' })).toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox', { name: 'Latin' })).toBeNull();
    expect(within(panel).getByRole('checkbox', { name: 'Manuels KNE' })).toBeInTheDocument();
    expect(within(panel).queryByRole('checkbox', { name: 'Quizeo' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Ajouter un niveau' }));
    await fill(user, within(panel).getByLabelText('Nouveau niveau'), '3e');
    await user.keyboard('{Enter}');
    expect(within(panel).getByLabelText(/^Niveau/)).toHaveValue('3e');
    expect(within(classSelect()).getAllByRole('option')).toHaveLength(1);
  });

  it('creates the user with a new option, closes, toasts and filters the grid on the new login', async () => {
    const { user, panel, fetchMock, grid } = await openPanel({ 'POST /api/users': createdRow() });

    await fillIdentity(user, panel);
    await user.click(within(panel).getByRole('button', { name: 'Générer' }));
    await waitFor(() => expect(within(panel).getByLabelText(/^Mot de passe/)).toHaveValue('ravo4821'));
    await user.selectOptions(within(panel).getByLabelText(/^Profil/), 'Eleve');
    await user.selectOptions(within(panel).getByLabelText(/^Niveau/), '6e');
    await user.selectOptions(within(panel).getByLabelText(/^Classe/), '6A');
    await fill(user, within(panel).getByLabelText(/^Commentaire/), '  arrivé en mars  ');
    await fill(user, within(panel).getByLabelText('Rechercher ou créer une option'), 'Théâtre');
    await user.click(within(panel).getByRole('checkbox', { name: "Créer l'option « Théâtre »" }));
    await user.click(within(panel).getByRole('button', { name: "Créer l'utilisateur" }));

    expect(await screen.findByText("L'utilisateur a bien été créé.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/users')).toEqual([
      {
        values: {
          uai: school.informations.uai,
          firstName: 'Jéan',
          lastName: 'DUPONT',
          login: 'jean.dupont2.clg-moulin',
          password: 'ravo4821',
          level: '6e',
          profile: 'Eleve',
          class: '6A',
          tabletNumber: null,
          comment: 'arrivé en mars',
          subject: null,
          email: null,
          adminMode: 1,
        },
        options: ['Théâtre'],
        applications: [],
      },
    ]);
    await waitFor(() => expect(grid.filterOnLogin).toHaveBeenCalledWith('jean.dupont2.clg-moulin'));
    expect(screen.queryByRole('dialog', { name: 'Ajouter un utilisateur' })).toBeNull();
  });

  it('shows the server duplicate login under the login field', async () => {
    const { user, panel } = await openPanel({
      'POST /api/users': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'x',
          details: { fieldErrors: { 'values.login': ['user_add.username_already_existing'] } },
        },
      },
    });

    await fillIdentity(user, panel);
    await fill(user, within(panel).getByLabelText(/^Mot de passe/), 'secret');
    await user.selectOptions(within(panel).getByLabelText(/^Profil/), 'Eleve');
    await user.selectOptions(within(panel).getByLabelText(/^Niveau/), '6e');
    await user.click(within(panel).getByRole('button', { name: "Créer l'utilisateur" }));

    await waitFor(() =>
      expect(within(panel).getByLabelText(/^Identifiant/)).toHaveAccessibleDescription('Cet identifiant existe déjà.'),
    );
  });

  it('asks the credentials of an application that needs a code before creating the user', async () => {
    const { user, panel, fetchMock } = await openPanel({ 'POST /api/users': createdRow() });

    await fillIdentity(user, panel);
    await fill(user, within(panel).getByLabelText(/^Mot de passe/), 'secret');
    await user.selectOptions(within(panel).getByLabelText(/^Profil/), 'Enseignant');
    await user.selectOptions(within(panel).getByLabelText(/^Niveau/), '5e');
    await user.click(within(panel).getByRole('checkbox', { name: 'Manuels KNE' }));
    await user.click(within(panel).getByRole('button', { name: "Créer l'utilisateur" }));

    const dialog = await screen.findByRole('dialog', { name: 'Identifiants des applications' });
    const platform = within(dialog).getByRole('group', { name: 'KNE' });
    expect(within(platform).getByLabelText(/^Identifiant/)).toHaveValue('jean.dupont2.clg-moulin');
    expect(within(platform).getByLabelText(/^Mot de passe/)).toHaveValue('ravo4821');
    const code = within(platform).getByLabelText(/^Code/);
    await user.click(code);
    await user.tab();
    expect(code).toHaveAccessibleDescription(REQUIRED);
    await user.click(within(dialog).getByRole('button', { name: "Créer l'utilisateur" }));
    expect(bodiesSentTo(fetchMock, 'POST /api/users')).toEqual([]);

    await fill(user, code, 'KNE-42');
    expect(code).not.toHaveAccessibleDescription(REQUIRED);
    await user.click(within(dialog).getByRole('button', { name: "Créer l'utilisateur" }));

    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST /api/users')).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, 'POST /api/users')[0]).toMatchObject({
      applications: [
        { platformId: 'KNE', idApplication: 4, login: 'jean.dupont2.clg-moulin', password: 'ravo4821', codes: 'KNE-42' },
      ],
    });
    expect(await screen.findByText("L'utilisateur a bien été créé.")).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const { user } = await openPanel();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter un utilisateur' })).toBeNull());
  });
});
