import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '#features/schools/testing';
import { buildSchool } from '#features/users/test-factories';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchoolParams, DEPLOYMENT_OPTIONS } from '../test-factories';
import { SchoolSettingsView } from './SchoolSettingsView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const UAI = '0750001A';
const PARAMS_ROUTE = `PATCH /api/schools/${UAI}/params` as const;

function renderView(routes: Parameters<typeof mockFetch>[0], { tab = 'general', profile = 'Gestionnaire' as const } = {}) {
  const fetchMock = mockFetch({
    [`GET /api/schools/${UAI}`]: { status: 200, body: buildSchool() },
    [`GET /api/schools/${UAI}/params`]: { status: 200, body: buildSchoolParams() },
    'GET /api/schools/deploy/options': { status: 200, body: DEPLOYMENT_OPTIONS },
    ...routes,
  });
  const rendered = renderInShell(<SchoolSettingsView uai={UAI} user={buildSessionUser(profile)} />, {
    i18n,
    initial: { place: { view: 'params', uai: UAI, tab } },
  });
  return { fetchMock, user: userEvent.setup(), ...rendered };
}

describe('school settings', () => {
  it('opens the tab of the address and steps to another one', async () => {
    const { user, shell } = renderView({}, { tab: 'deploy' });
    expect(await screen.findByRole('tab', { name: 'Déploiement' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Plateformes' }));
    expect(shell().place).toMatchObject({ view: 'params', uai: UAI, tab: 'platforms' });
  });

  it('saves the general card after a confirmation listing each change, and tests the login pattern live', async () => {
    const { fetchMock, user } = renderView({
      [PARAMS_ROUTE]: {
        status: 200,
        body: buildSchoolParams({ informations: { ...buildSchoolParams().informations, name: 'Collège Moulin' } }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Général' });
    expect(within(form).getByRole('textbox', { name: 'UAI' })).toHaveValue(UAI);
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    expect(within(form).getByRole('textbox', { name: 'UAI' })).toHaveAttribute('readonly');
    const name = within(form).getByRole('textbox', { name: 'Nom' });
    await user.clear(name);
    await user.type(name, 'Collège Moulin');
    await user.type(within(form).getByRole('textbox', { name: 'Caractères autorisés dans les identifiants' }), '[[a-z]');
    // The tester runs the pattern being typed: the login keeps no dash.
    const tester = screen.getByRole('table');
    expect(within(tester).getByRole('row', { name: /Login proposé/ })).toHaveTextContent('jeaneloi.dormessonnunez.clgmoulin');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmer les modifications' });
    expect(within(dialog).getByText('Établissement · Nom :').closest('li')).toHaveTextContent(
      'Établissement · Nom : Collège Jean Moulin → Collège Moulin',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, PARAMS_ROUTE)).toEqual([
        { informations: { name: 'Collège Moulin' }, regexEstab: [{ field: 'login', regex: '[a-z]' }] },
      ]),
    );
  });

  it('refuses an Admin mode duration that is not a number of seconds before asking to confirm', async () => {
    const { fetchMock, user } = renderView({});
    const form = await screen.findByRole('form', { name: 'Général' });
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    const duration = within(form).getByRole('textbox', { name: /Durée du mode Admin/ });
    await user.clear(duration);
    await user.type(duration, '1h');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    expect(duration).toHaveAccessibleDescription(/nombre entier de secondes/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PARAMS_ROUTE)).toEqual([]);
  });

  it('links the code switches of a platform', async () => {
    const { fetchMock, user } = renderView({ [PARAMS_ROUTE]: { status: 200, body: buildSchoolParams() } }, { tab: 'platforms' });
    await user.click(await screen.findByRole('button', { name: /HMH/ }));
    const form = await screen.findByRole('form', { name: 'Paramètres de HMH' });
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    const individual = within(form).getByRole('switch', { name: 'Code individuel' });
    const individualRequired = within(form).getByRole('switch', { name: 'Code individuel obligatoire' });
    await user.click(individualRequired);
    expect(individual).toBeChecked();
    await user.click(individual);
    expect(individualRequired).not.toBeChecked();
    await user.click(within(form).getByRole('switch', { name: 'Code commun obligatoire' }));
    expect(within(form).getByRole('switch', { name: 'Code commun' })).toBeChecked();
    // A required common code needs its value.
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    expect(within(form).getByRole('textbox', { name: 'Valeur du code commun' })).toHaveAccessibleDescription(
      'Un code commun obligatoire doit être renseigné.',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Valeur du code commun' }), 'HMH-2026');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, PARAMS_ROUTE)).toEqual([
        { platforms: [{ platformId: 'HMH', commonCodeYesNo: true, commonCodeRequired: true, commonCode: 'HMH-2026' }] },
      ]),
    );
  });

  it('chooses the applications an import gives new pupils and teachers, sending each changed profile’s whole list', async () => {
    const params = buildSchoolParams({ defaultApplications: { Eleve: [7], Enseignant: [] } });
    const { fetchMock, user } = renderView(
      {
        [`GET /api/schools/${UAI}/params`]: { status: 200, body: params },
        [PARAMS_ROUTE]: { status: 200, body: buildSchoolParams({ defaultApplications: { Eleve: [7, 8], Enseignant: [] } }) },
      },
      { tab: 'platforms' },
    );
    await user.click(await screen.findByRole('button', { name: /Applications données à l'import/ }));
    expect(screen.getByText('1 pour les élèves, 0 pour les enseignants')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: "Applications données à l'import" });
    const pupils = within(form).getByRole('group', { name: 'Élèves' });
    expect(within(pupils).getByRole('switch', { name: 'Edulib (HMH)' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    await user.click(within(pupils).getByRole('switch', { name: 'Lelivrescolaire (HMH)' }));
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, PARAMS_ROUTE)).toEqual([{ defaultApplications: { Eleve: [7, 8] } }]));
    expect(await screen.findByText("Les applications données à l'import ont bien été enregistrées.")).toBeInTheDocument();
  });

  it('shows the Wi-Fi password only when asked, copies it, and never shows a secret in the confirmation', async () => {
    const withPassword = buildSchoolParams({ secrets: { ecoleDirecteApiKey: false, depPassword: true, sftpPassword: false } });
    const { fetchMock, user } = renderView(
      {
        [`GET /api/schools/${UAI}/params`]: { status: 200, body: withPassword },
        [`POST /api/schools/${UAI}/params/secret`]: { status: 200, body: { value: 'wifi-secret-42' } },
        [PARAMS_ROUTE]: { status: 200, body: withPassword },
      },
      { tab: 'deploy' },
    );
    const form = await screen.findByRole('form', { name: 'Déploiement' });
    const password = within(form).getByRole('textbox', { name: 'Mot de passe du Wi-Fi' });
    expect(password).toHaveValue('••••••••');
    expect(within(form).getByRole('switch', { name: 'Flotte gérée' })).toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Copier « Mot de passe du Wi-Fi »' }));
    expect(await screen.findByText('Le mot de passe a été copié dans le presse-papier.')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('wifi-secret-42');
    expect(password).toHaveValue('wifi-secret-42');
    expect(bodiesSentTo(fetchMock, `POST /api/schools/${UAI}/params/secret`)).toEqual([{ name: 'depPassword' }]);

    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    // The fleet is managed, unmanaged or neither.
    await user.click(within(form).getByRole('switch', { name: 'Flotte non gérée' }));
    expect(within(form).getByRole('switch', { name: 'Flotte gérée' })).not.toBeChecked();
    const typed = within(form).getByLabelText('Mot de passe du Wi-Fi');
    await user.clear(typed);
    await user.type(typed, 'new-wifi-7');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmer les modifications' });
    expect(dialog).not.toHaveTextContent('wifi-secret-42');
    expect(dialog).not.toHaveTextContent('new-wifi-7');
    expect(within(dialog).getByText('Wi-Fi · Mot de passe du Wi-Fi :').closest('li')).toHaveTextContent('•••••••• → ••••••••');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, PARAMS_ROUTE)).toEqual([{ deployment: { managedFleet: 0, depPassword: 'new-wifi-7' } }]),
    );
    expect(await screen.findByText('Les informations de déploiement ont bien été mises à jour.')).toBeInTheDocument();
    // Saved, the password is masked again until asked for.
    expect(within(form).getByRole('textbox', { name: 'Mot de passe du Wi-Fi' })).toHaveValue('••••••••');
  });

  it('shows a school administrator, who lacks adminTabs, the EcoleDirecte tab alone, whatever the address names', async () => {
    const { fetchMock } = renderView(
      { [`GET /api/schools/${UAI}/ecole-directe`]: { status: 200, body: { tokenSet: false, canEdit: true } } },
      { profile: 'Administrateur établissement' as never, tab: 'general' },
    );
    expect(await screen.findByRole('tab', { name: 'EcoleDirecte' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    // The settings themselves, which need adminTabs, are never asked for.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringMatching(/\/params$/));
  });
});
