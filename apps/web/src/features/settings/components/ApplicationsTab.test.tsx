import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { renderInShell } from '#features/schools/testing';
import { buildSessionUser } from '#test/users';
import { buildApplicationSetting, buildPlatformSetting, NO_APPLICATION_URLS } from '../test-factories';
import { ConfigView } from './ConfigView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const PLATFORMS = [buildPlatformSetting('EDULIB', 'Edulib', 1), buildPlatformSetting('CNS', 'Canal Numérique des Savoirs', 2)];
const CATALOGUE = [
  buildApplicationSetting(1, 'EDULIB', 'Edulib', 1, { urlScheme: 'edulib://login' }),
  buildApplicationSetting(2, 'CNS', 'Nathan', 2),
];

async function renderApplicationsTab(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    'GET /api/settings/tabuleo': { status: 200, body: {} },
    'GET /api/settings/platforms': { status: 200, body: PLATFORMS },
    ...routes,
  });
  renderInShell(<ConfigView user={buildSessionUser('Administrateur')} />, { i18n, initial: { view: 'config' } });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Applications' }));
  return { fetchMock, user };
}

const newForm = () => screen.getByRole('form', { name: 'Nouvelle application' });

describe('general settings, Applications tab', () => {
  it('lists the applications by order with their platform, each read-only in its panel', async () => {
    const { user } = await renderApplicationsTab({ 'GET /api/settings/apps': { status: 200, body: CATALOGUE } });

    const nathan = await screen.findByRole('button', { name: /Nathan/ });
    expect(nathan).toHaveTextContent('NathanOrdre 2 · Canal Numérique des Savoirs');
    await user.click(screen.getByRole('button', { name: /Edulib/ }));
    const form = await screen.findByRole('form', { name: 'Application Edulib' });
    expect(within(form).getByRole('combobox', { name: 'Plateforme' })).toHaveValue('Edulib (EDULIB)');
    expect(within(form).getByRole('textbox', { name: 'URL scheme (urlScheme)' })).toHaveValue('edulib://login');
    expect(within(form).getByRole('switch', { name: "Afficher l'état du jeton" })).toBeChecked();
  });

  it('adds an application after the others on the platform chosen, and says so', async () => {
    const { fetchMock, user } = await renderApplicationsTab({
      'GET /api/settings/apps': { status: 200, body: CATALOGUE },
      'PUT /api/settings/apps': { status: 200, body: buildApplicationSetting(3, 'CNS', 'Bordas', 3) },
    });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une application' }));
    expect(within(newForm()).getByRole('textbox', { name: 'Nom' })).toHaveFocus();
    expect(within(newForm()).getByRole('textbox', { name: 'Ordre' })).toHaveValue('3');
    await user.type(within(newForm()).getByRole('textbox', { name: 'Nom' }), 'Bordas');
    await user.click(within(newForm()).getByRole('combobox', { name: 'Plateforme' }));
    await user.click(screen.getByRole('option', { name: 'Canal Numérique des Savoirs (CNS)' }));
    await user.type(
      within(newForm()).getByRole('textbox', { name: 'Google Play (playStore)' }),
      'https://play.google.com/store/apps/details?id=fr.bordas',
    );
    await user.click(within(newForm()).getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByText("L'application Bordas a bien été configurée.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/apps')).toEqual([
      {
        newApplication: true,
        idPlateforme: 'CNS',
        name: 'Bordas',
        order: 3,
        showTokenStatus: false,
        applicationCodeYesNo: false,
        applicationCodeRequired: false,
        urls: { ...NO_APPLICATION_URLS, playStore: 'https://play.google.com/store/apps/details?id=fr.bordas' },
      },
    ]);
  });

  it.each([
    ['a name another application has, whatever its case', 'Nom', 'NATHAN', 'Ce nom est déjà utilisé par une autre application.'],
    [
      'a store link that is not a web address',
      'App Store (appStore)',
      'itms-apps://bordas',
      'Cette adresse doit commencer par http:// ou https://.',
    ],
    [
      'an opening link that runs code',
      "URL d'ouverture (urlOpen)",
      'javascript:alert(1)',
      "Cette adresse n'est pas valide : un lien complet (edulib://…, https://…), jamais javascript:, data: ou file:.",
    ],
    ['an order that is not a whole number', 'Ordre', '2,5', "L'ordre est un nombre entier."],
  ])('refuses %s before sending anything', async (_case, field, value, message) => {
    const { fetchMock, user } = await renderApplicationsTab({ 'GET /api/settings/apps': { status: 200, body: CATALOGUE } });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une application' }));
    if (field !== 'Nom') await user.type(within(newForm()).getByRole('textbox', { name: 'Nom' }), 'Bordas');
    await user.clear(within(newForm()).getByRole('textbox', { name: field }));
    await user.type(within(newForm()).getByRole('textbox', { name: field }), value);
    await user.click(within(newForm()).getByRole('button', { name: 'Sauvegarder' }));

    expect(within(newForm()).getByRole('textbox', { name: field })).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/apps')).toEqual([]);
  });

  it('changes an existing application by its id, an order of 0 kept as typed', async () => {
    const { fetchMock, user } = await renderApplicationsTab({
      'GET /api/settings/apps': { status: 200, body: CATALOGUE },
      'PUT /api/settings/apps': { status: 200, body: { ...CATALOGUE[1], order: 0 } },
    });

    await user.click(await screen.findByRole('button', { name: /Nathan/ }));
    const form = await screen.findByRole('form', { name: 'Application Nathan' });
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(form).getByRole('textbox', { name: 'Ordre' }));
    await user.type(within(form).getByRole('textbox', { name: 'Ordre' }), '0');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByText("L'application Nathan a bien été configurée.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/apps')).toEqual([
      expect.objectContaining({ newApplication: false, idApplication: 2, order: 0 }),
    ]);
  });
});
