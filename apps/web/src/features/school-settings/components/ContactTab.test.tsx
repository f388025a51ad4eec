import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { buildSchoolContact } from '../test-factories';
import { ContactTab } from './ContactTab';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const UAI = '0750001A';
const CONTACT_ROUTE = `PUT /api/schools/${UAI}/contact` as const;
const CONFIG = {
  version: '3.1.0',
  helpUrls: { Gestionnaire: '', 'Administrateur établissement': '' },
  termsUrl: '',
  accessibilityUrl: '',
  mapTiles: null,
};

function renderTab(routes: Parameters<typeof mockFetch>[0], contact = buildSchoolContact()) {
  const fetchMock = mockFetch({
    [`GET /api/schools/${UAI}/contact`]: { status: 200, body: contact },
    'GET /api/config': { status: 200, body: CONFIG },
    ...routes,
  });
  renderWithProviders(<ContactTab uai={UAI} />, { i18n, withNotifications: true });
  return { fetchMock, user: userEvent.setup() };
}

describe('school settings, contact tab', () => {
  it("shows the school's details, 'Non renseigné' for what is missing, and the website with http:// added", async () => {
    renderTab({});
    expect(await screen.findByText('12 rue des Écoles, 69001 Lyon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'www.clg-moulin.fr' })).toHaveAttribute('href', 'http://www.clg-moulin.fr');
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveAttribute('placeholder', 'Non renseigné');
    const row = screen.getByRole('row', { name: /Claire/ });
    expect(within(row).getAllByText('Non renseigné')).toHaveLength(1);
    expect(
      await screen.findByText(
        "Le plan est indisponible car l'établissement n'est pas référencé par l'API des établissements scolaires de France du gouvernement.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remplacer le logo' })).not.toBeInTheDocument();
  });

  it('adds a person through a dialog that checks the e-mail first, sending the whole list', async () => {
    const { fetchMock, user } = renderTab({ [CONTACT_ROUTE]: { status: 200, body: buildSchoolContact() } });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une personne' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle personne à contacter' });
    await user.type(within(dialog).getByRole('textbox', { name: /Prénom/ }), 'Karim');
    await user.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), 'Benali');
    await user.type(within(dialog).getByRole('textbox', { name: 'Poste' }), 'Référent numérique');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'karim.benali');
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo(fetchMock, CONTACT_ROUTE)).toEqual([]);
    await user.type(email, '@ac-lyon.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, CONTACT_ROUTE)).toEqual([
        {
          contacts: [
            { firstname: 'Claire', lastname: 'Martin', poste: 'Principale', email: 'claire.martin@ac-lyon.fr', phone_pro: '' },
            {
              firstname: 'Karim',
              lastname: 'Benali',
              poste: 'Référent numérique',
              email: 'karim.benali@ac-lyon.fr',
              phone_pro: '',
            },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Les personnes à contacter ont bien été enregistrées.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('removes a person after a question', async () => {
    const { fetchMock, user } = renderTab({ [CONTACT_ROUTE]: { status: 200, body: buildSchoolContact({ contacts: [] }) } });
    await user.click(await screen.findByRole('button', { name: 'Retirer Claire Martin' }));
    const dialog = screen.getByRole('dialog', { name: 'Retirer cette personne ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, CONTACT_ROUTE)).toEqual([{ contacts: [] }]));
    expect(await screen.findByText("Aucune personne à contacter n'est renseignée.")).toBeInTheDocument();
  });

  it('lets an Administrateur replace the logo through the storage', async () => {
    const ticket = {
      url: '/api/files/storage',
      fields: { key: 'logos/ab12-logo.png', policy: 'p', signature: 's' },
      fileUrl: '/files/logos/ab12-logo.png',
    };
    const withLogo = buildSchoolContact({ logoUrl: ticket.fileUrl, abilities: { canEdit: true, canReplaceLogo: true } });
    const { fetchMock, user } = renderTab(
      {
        'POST /api/files/upload': { status: 200, body: ticket },
        'POST /api/files/storage': { status: 204 },
        [`PUT /api/schools/${UAI}/logo`]: { status: 200, body: withLogo },
      },
      buildSchoolContact({ abilities: { canEdit: true, canReplaceLogo: true } }),
    );
    expect(await screen.findByText('Aucun logo')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'Logo.png', { type: 'image/png' });
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await user.upload(inputs[inputs.length - 1]!, png);
    expect(await screen.findByText('Le logo établissement a bien été envoyé.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/files/upload')).toEqual([{ name: 'Logo.png', type: 'image/png', flag: 'logo' }]);
    expect(bodiesSentTo(fetchMock, `PUT /api/schools/${UAI}/logo`)).toEqual([{ fileUrl: ticket.fileUrl }]);
    expect(await screen.findByRole('img', { name: 'Logo de Collège Jean Moulin' })).toHaveAttribute('src', ticket.fileUrl);
  });

  it('shows the school on a map at its coordinates, with no third-party tiles unless configured', async () => {
    renderTab({}, buildSchoolContact({ latitude: 45.764, longitude: 4.8357 }));
    expect(await screen.findByRole('region', { name: 'Plan : Collège Jean Moulin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir ce lieu sur OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=16/45.764/4.8357',
    );
    expect(await screen.findByText(/Aucun fond de carte n'est configuré/)).toBeInTheDocument();
    expect(document.querySelector('img.leaflet-tile')).toBeNull();
  });
});
