import { DEFAULT_RIGHTS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { renderInShell } from '#features/schools/testing';
import { buildSessionUser } from '#test/users';
import { ConfigView } from './ConfigView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const LINKS = {
  playStore: 'https://play.google.com/store/apps/details?id=fr.tabuleo',
  appStore: 'https://apps.apple.com/fr/app/tabuleo/id123',
  helpCenter: 'https://aide.tabuleo.fr',
  legalNotice: 'https://tabuleo.fr/mentions-legales',
};
const NEW_HELP_CENTER = 'https://support.tabuleo.fr/aide';

function renderConfig(routes: Parameters<typeof mockFetch>[0], sessionUser = buildSessionUser('Administrateur')) {
  const fetchMock = mockFetch(routes);
  renderInShell(<ConfigView user={sessionUser} />, { i18n, initial: { view: 'config' } });
  return { fetchMock, user: userEvent.setup() };
}

describe('general settings, Tabuléo tab', () => {
  it('shows every link setting under its French label, in French order, read-only', async () => {
    renderConfig({ 'GET /api/settings/tabuleo': { status: 200, body: LINKS } });

    expect(screen.getByRole('heading', { level: 1, name: 'Paramètres généraux' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tabuléo' })).toHaveAttribute('aria-selected', 'true');
    const form = await screen.findByRole('form', { name: 'Tabuléo' });
    expect(
      within(form)
        .getAllByRole<HTMLInputElement>('textbox')
        .map((input) => input.labels?.[0]?.textContent),
    ).toEqual(['Centre d’aide', 'Lien App Store (iPad)', 'Lien Google Play (Android)', 'Mentions légales']);
    expect(screen.getByLabelText('Centre d’aide')).toHaveValue(LINKS.helpCenter);
    expect(screen.getByLabelText('Centre d’aide')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });

  it('saves the changed setting only through PUT /settings/tabuleo, and says so', async () => {
    let saved = LINKS;
    const { fetchMock, user } = renderConfig({
      'GET /api/settings/tabuleo': () => ({ status: 200, body: saved }),
      'PUT /api/settings/tabuleo': () => {
        saved = { ...LINKS, helpCenter: NEW_HELP_CENTER };
        return { status: 200, body: saved };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(screen.getByLabelText('Centre d’aide'));
    await user.type(screen.getByLabelText('Centre d’aide'), NEW_HELP_CENTER);
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmer les modifications' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(`Centre d’aide : ${LINKS.helpCenter} → ${NEW_HELP_CENTER}`);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByText('Les paramètres ont bien été mis à jour.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/tabuleo')).toEqual([{ helpCenter: NEW_HELP_CENTER }]);
    await waitFor(() => expect(screen.getByLabelText('Centre d’aide')).toHaveAttribute('readonly'));
    expect(screen.getByLabelText('Centre d’aide')).toHaveValue(NEW_HELP_CENTER);
  });

  it('refuses a link that is not http(s) or mailto before sending anything', async () => {
    const { fetchMock, user } = renderConfig({ 'GET /api/settings/tabuleo': { status: 200, body: LINKS } });

    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(screen.getByLabelText('Lien App Store (iPad)'));
    await user.type(screen.getByLabelText('Lien App Store (iPad)'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));

    expect(screen.getByLabelText('Lien App Store (iPad)')).toHaveAccessibleDescription(
      "Cette adresse n'est pas valide : elle doit commencer par http://, https:// ou mailto: et ne contenir ni tabulation ni retour à la ligne. Un texte qui n'est pas une adresse ne commence pas par « mot: ».",
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/tabuleo')).toEqual([]);
  });

  it("shows the server's refusal under the setting it names", async () => {
    const { user } = renderConfig({
      'GET /api/settings/tabuleo': { status: 200, body: LINKS },
      'PUT /api/settings/tabuleo': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid body',
          details: { fieldErrors: { playStore: ['settings.errors.too_long'] } },
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.type(screen.getByLabelText('Lien Google Play (Android)'), '&hl=fr');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Lien Google Play (Android)')).toHaveAccessibleDescription(/Cette valeur est trop longue/),
    );
    expect(screen.getByLabelText('Lien Google Play (Android)')).toHaveValue(`${LINKS.playStore}&hl=fr`);
  });

  it('shows the values without Modifier to a reader without the write right', async () => {
    const rights = { ...DEFAULT_RIGHTS.Administrateur, Config: { Lecture: 1, Ecriture: 0 } } as const;
    renderConfig({ 'GET /api/settings/tabuleo': { status: 200, body: LINKS } }, buildSessionUser('Administrateur', { rights }));

    expect(await screen.findByLabelText('Centre d’aide')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });

  it('says when the settings cannot be read', async () => {
    renderConfig({ 'GET /api/settings/tabuleo': { status: 500, body: { code: 'internal_error', message: 'x' } } });

    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue.');
  });
});
