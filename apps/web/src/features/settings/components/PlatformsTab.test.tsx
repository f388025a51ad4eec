import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { renderInShell } from '#features/schools/testing';
import { buildSessionUser } from '#test/users';
import { buildPlatformSetting as platform } from '../test-factories';
import { ConfigView } from './ConfigView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const CATALOGUE = [platform('LLS2020', 'Lelivrescolaire.fr', 1), platform('EDULIB', 'Edulib', 2, { exportType: 'XLSX' })];
const TICKET = {
  url: '/api/files/storage',
  fields: { key: 'platforms/ab12-logo.png', policy: 'p', signature: 's' },
  fileUrl: '/files/platforms/ab12-logo.png',
};

async function renderPlatformsTab(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({ 'GET /api/settings/tabuleo': { status: 200, body: {} }, ...routes });
  const { container } = renderInShell(<ConfigView user={buildSessionUser('Administrateur')} />, {
    i18n,
    initial: { view: 'config' },
  });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Plateformes' }));
  return { fetchMock, user, container };
}

const newForm = () => screen.getByRole('form', { name: 'Nouvelle plateforme' });
const pngFile = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'Logo.png', { type: 'image/png' });

/** Fills a new platform's identity: id and name. */
async function fillIdentity(user: ReturnType<typeof userEvent.setup>, id: string, name: string) {
  await user.type(within(newForm()).getByRole('textbox', { name: 'ID' }), id);
  await user.type(within(newForm()).getByRole('textbox', { name: 'Nom' }), name);
}

describe('general settings, Plateformes tab', () => {
  it('lists the platforms by order, each read-only in its panel', async () => {
    const { user } = await renderPlatformsTab({ 'GET /api/settings/platforms': { status: 200, body: CATALOGUE } });

    const controls = await screen.findAllByRole('button', { name: /Lelivrescolaire.fr|Edulib/ });
    expect(controls.map((control) => control.textContent)).toEqual(['Lelivrescolaire.frLLS2020', 'EdulibEDULIB']);
    await user.click(screen.getByRole('button', { name: /Edulib/ }));
    const form = await screen.findByRole('form', { name: 'Plateforme Edulib' });
    expect(within(form).getByRole('textbox', { name: 'ID' })).toHaveAttribute('readonly');
    expect(within(form).getByRole('combobox', { name: "Type d'export" })).toHaveValue('XLSX');
    expect(within(form).getByRole('switch', { name: 'Exportable' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Exportable' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: /Choisir une image/ })).not.toBeInTheDocument();
  });

  it('adds a platform in edit mode with the next order, and saves it after the confirmation', async () => {
    let saved = CATALOGUE;
    const { fetchMock, user } = await renderPlatformsTab({
      'GET /api/settings/platforms': () => ({ status: 200, body: saved }),
      'PUT /api/settings/platforms': () => {
        const added = platform('NATHAN', 'Nathan', 3, {
          urlSchemeCodeYesNo: true,
          urlSchemeCodeRequired: true,
          urls: [{ picturePath: '' }],
        });
        saved = [...CATALOGUE, added];
        return { status: 200, body: added };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une plateforme' }));
    expect(within(newForm()).getByRole('textbox', { name: 'ID' })).toHaveFocus();
    expect(within(newForm()).getByRole('textbox', { name: 'Ordre' })).toHaveValue('3');
    await fillIdentity(user, 'nathan', 'Nathan');
    await user.click(within(newForm()).getByRole('switch', { name: "Code dans l'URL scheme" }));
    await user.click(within(newForm()).getByRole('switch', { name: "Code de l'URL scheme obligatoire" }));
    await user.click(within(newForm()).getByRole('button', { name: 'Sauvegarder' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmer les modifications' });
    expect(within(dialog).getByText('Identité · Nom :').closest('li')).toHaveTextContent('Identité · Nom : (vide) → Nathan');
    expect(within(dialog).getByText("URL scheme · Code de l'URL scheme obligatoire :").closest('li')).toHaveTextContent(
      '(vide) → Oui',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByText('La plateforme NATHAN a bien été configurée.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/platforms')).toEqual([
      expect.objectContaining({
        newPlateforme: true,
        idPlateforme: 'NATHAN',
        name: 'Nathan',
        order: 3,
        urlSchemeCodeYesNo: true,
        urlSchemeCodeRequired: true,
        platformCodeRequired: false,
        forExport: true,
        urls: [{ picturePath: '' }],
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nouvelle plateforme' })).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /Nathan/ })).toBeInTheDocument();
  });

  it.each([
    ['an id another platform has', 'edulib', 'Nouvelle', 'ID', 'Cet ID est déjà utilisé par une autre plateforme.'],
    [
      'a name another platform has, whatever its case',
      'NOUVELLE',
      'EDULIB',
      'Nom',
      'Ce nom est déjà utilisé par une autre plateforme.',
    ],
    ['an id with a space', 'MA PF', 'Nouvelle', 'ID', "Un ID s'écrit en capitales, chiffres et « _ », de 2 à 32 caractères."],
  ])('refuses %s before sending anything', async (_case, id, name, field, message) => {
    const { fetchMock, user } = await renderPlatformsTab({ 'GET /api/settings/platforms': { status: 200, body: CATALOGUE } });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une plateforme' }));
    await fillIdentity(user, id, name);
    await user.click(within(newForm()).getByRole('button', { name: 'Sauvegarder' }));

    expect(within(newForm()).getByRole('textbox', { name: field })).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/platforms')).toEqual([]);
  });

  it('refuses a code required but not asked for', async () => {
    const { user } = await renderPlatformsTab({ 'GET /api/settings/platforms': { status: 200, body: CATALOGUE } });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une plateforme' }));
    await fillIdentity(user, 'NOUVELLE', 'Nouvelle');
    await user.click(within(newForm()).getByRole('switch', { name: 'Code plateforme obligatoire' }));
    await user.click(within(newForm()).getByRole('button', { name: 'Sauvegarder' }));

    expect(within(newForm()).getByRole('switch', { name: 'Code plateforme obligatoire' })).toHaveAccessibleDescription(
      "Un code ne peut être obligatoire que s'il est demandé.",
    );
  });

  it('uploads a picture through the storage ticket, says so, and saves its address with the platform', async () => {
    const { fetchMock, user, container } = await renderPlatformsTab({
      'GET /api/settings/platforms': { status: 200, body: CATALOGUE },
      'POST /api/files/upload': { status: 200, body: TICKET },
      'POST /api/files/storage': { status: 204 },
      'PUT /api/settings/platforms': {
        status: 200,
        body: platform('LLS2020', 'Lelivrescolaire.fr', 1, { urls: [{ picturePath: TICKET.fileUrl }] }),
      },
    });

    await user.click(await screen.findByRole('button', { name: /Lelivrescolaire.fr/ }));
    const form = await screen.findByRole('form', { name: 'Plateforme Lelivrescolaire.fr' });
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, pngFile());

    expect(await screen.findByText("L'image a bien été upload. Veuillez confirmez vos modifications.")).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: "Adresse de l'image" })).toHaveValue(TICKET.fileUrl);
    expect(bodiesSentTo(fetchMock, 'POST /api/files/upload')).toEqual([
      { name: 'Logo.png', type: 'image/png', flag: 'platform' },
    ]);
    const posted = fetchMock.mock.calls.find(([input]) => String(input) === TICKET.url)![1]!.body as FormData;
    expect([...posted.keys()]).toEqual(['key', 'policy', 'signature', 'file']);
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/platforms')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('La plateforme LLS2020 a bien été configurée.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/platforms')).toEqual([
      expect.objectContaining({ newPlateforme: false, idPlateforme: 'LLS2020', urls: [{ picturePath: TICKET.fileUrl }] }),
    ]);
  });

  it("shows the storage's refusal of a file that is not an image under the picture, the address unchanged", async () => {
    const { user, container } = await renderPlatformsTab({
      'GET /api/settings/platforms': { status: 200, body: CATALOGUE },
      'POST /api/files/upload': { status: 200, body: TICKET },
      'POST /api/files/storage': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid input',
          details: { fieldErrors: { file: ['files.errors.not_an_image'] } },
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: /Edulib/ }));
    const form = await screen.findByRole('form', { name: 'Plateforme Edulib' });
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, pngFile());

    const picture = within(form).getByRole('textbox', { name: "Adresse de l'image" });
    await waitFor(() => expect(picture).toHaveAccessibleDescription("Ce fichier n'est pas une image (PNG, JPEG, GIF ou WebP)."));
    expect(picture).toHaveValue('/catalogue/platforms/edulib.png');
  });

  it('drops a new platform on Annuler', async () => {
    const { user } = await renderPlatformsTab({ 'GET /api/settings/platforms': { status: 200, body: CATALOGUE } });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une plateforme' }));
    await user.click(within(newForm()).getByRole('button', { name: 'Annuler' }));

    expect(screen.queryByRole('form', { name: 'Nouvelle plateforme' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter une plateforme' })).toBeInTheDocument();
  });
});
