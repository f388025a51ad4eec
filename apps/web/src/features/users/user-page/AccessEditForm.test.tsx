import type { SchoolUser } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { schoolsQueryKeys } from '#features/schools/api';
import { UserPageDrawer } from './UserPageDrawer';
import { SCHOOL_UAI } from '../test-factories';
import { buildSchoolWithUsers, buildUserPage } from './testing';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** User 12's page, opened by a Gestionnaire. */
const drawerOfUser12 = () => (
  <UserPageDrawer
    userId={12}
    user={buildSessionUser('Gestionnaire')}
    getOrderedIds={() => [12]}
    onNavigate={() => undefined}
    onClose={() => undefined}
  />
);

type Setup = {
  page?: ReturnType<typeof buildUserPage>;
  putAnswer?: MockAnswer;
  school?: ReturnType<typeof buildSchoolWithUsers>;
};

async function openEditForm({ page = buildUserPage(), putAnswer, school = buildSchoolWithUsers() }: Setup = {}) {
  const fetchMock = mockFetch({
    'GET /api/users/12': { status: 200, body: page },
    'PUT /api/users/12': putAnswer ?? { status: 200, body: page },
    'GET /api/schools/0750001A/users': { status: 200, body: school },
  });
  const rendered = renderWithProviders(drawerOfUser12(), { i18n, withNotifications: true });
  const events = userEvent.setup();
  await events.click(await screen.findByRole('button', { name: 'Modifier' }));
  const form = screen.getByRole('form', { name: 'Modifier les accès' });
  return { ...rendered, fetchMock, events, form };
}

async function replace(events: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await events.clear(input);
  if (text) await events.type(input, text);
}

describe('the access edit form', () => {
  it('cleans names and login by the school rules on leaving them', async () => {
    const { events, form } = await openEditForm();

    await replace(events, within(form).getByLabelText(/^Prénom/), '  jean-pierre  ');
    await replace(events, within(form).getByLabelText(/^Nom/), 'dupont');
    await replace(events, within(form).getByLabelText(/^Identifiant/), 'Jean-Pierre.Düpont!');
    await events.tab();

    expect(within(form).getByLabelText(/^Prénom/)).toHaveValue('Jean-Pierre');
    expect(within(form).getByLabelText(/^Nom/)).toHaveValue('DUPONT');
    expect(within(form).getByLabelText(/^Identifiant/)).toHaveValue('jean-pierre.dupont');
  });

  it('names, before saving, a value left as it is that the school rule will rewrite', async () => {
    // Stored before the rule that puts last names in capitals.
    const page = buildUserPage({ informations: { lastName: 'Benali' } });
    const { events, form, fetchMock } = await openEditForm({ page, putAnswer: { status: 200, body: page } });
    const notice = within(form).getByRole('status');
    expect(notice).toHaveTextContent('La règle de l’établissement modifiera aussi en enregistrant :');
    expect(notice).toHaveTextContent('Nom : Benali → BENALI');
    expect(within(form).queryByText(/^Prénom :/)).not.toBeInTheDocument();
    await replace(events, within(form).getByLabelText(/^E-mail/), 'lea@example.fr');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toHaveLength(1));
    expect(
      (bodiesSentTo(fetchMock, 'PUT /api/users/12')[0] as { informations: { lastName: string } }).informations.lastName,
    ).toBe('BENALI');
  });

  it('sends the cleaned access with an empty application list, tells it, and refreshes the grid row', async () => {
    const saved = buildUserPage({
      informations: { firstName: 'Jean', lastName: 'DURAND', login: 'jean.durand', email: 'jean@example.fr' },
    });
    const { events, form, fetchMock, queryClient } = await openEditForm({ putAnswer: { status: 200, body: saved } });
    await waitFor(() => expect(queryClient.getQueryData(schoolsQueryKeys.users(SCHOOL_UAI))).toBeDefined());

    await replace(events, within(form).getByLabelText(/^Prénom/), 'jean');
    await replace(events, within(form).getByLabelText(/^Identifiant/), 'jean.durand');
    await replace(events, within(form).getByLabelText(/^E-mail/), ' jean@example.fr ');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText("L'utilisateur a bien été mis à jour.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([
      {
        informations: {
          firstName: 'Jean',
          lastName: 'DURAND',
          login: 'jean.durand',
          password: 'baco1234',
          email: 'jean@example.fr',
        },
        applications: [],
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Modifier les accès' })).not.toBeInTheDocument();
    const rows = queryClient.getQueryData<{ users: SchoolUser[] }>(schoolsQueryKeys.users(SCHOOL_UAI))!.users;
    expect(rows.find((row) => row.id === 12)).toMatchObject({
      firstname: 'Jean',
      login: 'jean.durand',
      email: 'jean@example.fr',
    });
  });

  it('requires the names, the login and a printable password, and sends nothing', async () => {
    const { events, form, fetchMock } = await openEditForm();

    await replace(events, within(form).getByLabelText(/^Prénom/), '   ');
    await replace(events, within(form).getByLabelText(/^Identifiant/), '');
    await replace(events, within(form).getByLabelText(/^Mot de passe/), '');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(within(form).getByLabelText(/^Prénom/)).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(within(form).getByLabelText(/^Identifiant/)).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(within(form).getByLabelText(/^Mot de passe/)).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(within(form).getByLabelText(/^Nom/)).not.toHaveAccessibleDescription();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([]);
  });

  it('asks the e-mail the school requires of everybody, and sends nothing without it', async () => {
    const school = buildSchoolWithUsers({ informations: { emailRequired: true } });
    const { events, form, fetchMock } = await openEditForm({ school });
    const email = within(form).getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toBeRequired());

    await replace(events, within(form).getByLabelText(/^Prénom/), 'Jeanne');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(email).toHaveAccessibleDescription('Cet établissement demande une adresse e-mail pour chaque utilisateur.');
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([]);
  });

  it("puts the server's field errors under the fields of the form they name", async () => {
    const { events, form } = await openEditForm({
      putAnswer: {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'x',
          details: { fieldErrors: { 'informations.email': ['users.errors.email_required_by_school'] } },
        },
      },
    });

    await replace(events, within(form).getByLabelText(/^Prénom/), 'Jeanne');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(within(form).getByLabelText(/^E-mail/)).toHaveAccessibleDescription(
        'Cet établissement demande une adresse e-mail pour chaque utilisateur.',
      ),
    );
  });

  it("refuses another user's login of the school, whatever its case", async () => {
    const { events, form, fetchMock } = await openEditForm();

    await replace(events, within(form).getByLabelText(/^Identifiant/), 'TOM.martin');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(within(form).getByLabelText(/^Identifiant/)).toHaveAccessibleDescription('Cet identifiant existe déjà.');
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([]);
  });

  it("puts the server's conflict under the login", async () => {
    const { events, form } = await openEditForm({
      putAnswer: { status: 409, body: { code: 'conflict', message: 'Login taken' } },
    });

    await replace(events, within(form).getByLabelText(/^Identifiant/), 'lea.durand2');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(within(form).getByLabelText(/^Identifiant/)).toHaveAccessibleDescription('Cet identifiant existe déjà.'),
    );
  });

  it('makes no call when nothing changed, and closes the form', async () => {
    const { events, form, fetchMock } = await openEditForm();

    await replace(events, within(form).getByLabelText(/^Prénom/), ' léa ');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(screen.queryByRole('form', { name: 'Modifier les accès' })).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([]);
  });

  it("keeps a staff member's hashed password when the field is left blank", async () => {
    const staff = buildUserPage({
      informations: { password: null, hasPrintablePassword: false, profile: 'Gestionnaire', email: 'lea@example.fr' },
    });
    const { events, form, fetchMock } = await openEditForm({ page: staff });
    expect(within(form).getByLabelText(/^Mot de passe/)).not.toBeRequired();

    await replace(events, within(form).getByLabelText(/^Nom/), 'Durand-Roy');
    await events.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')[0]).toEqual({
      informations: { firstName: 'Léa', lastName: 'DURAND-ROY', login: 'lea.durand', email: 'lea@example.fr' },
      applications: [],
    });
  });

  it('offers no edit without the right to edit the profile, and shows the password masked until revealed', async () => {
    mockFetch({
      'GET /api/users/12': {
        status: 200,
        body: buildUserPage({
          abilities: { canEditProfile: false, canEditApplications: false, canSeePasswords: true, canUnlock: false },
        }),
      },
    });
    renderWithProviders(drawerOfUser12(), { i18n });

    expect(await screen.findByText('lea.durand')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.queryByText('baco1234')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher ou masquer : Mot de passe' }));
    expect(screen.getByText('baco1234')).toBeInTheDocument();
  });
});
