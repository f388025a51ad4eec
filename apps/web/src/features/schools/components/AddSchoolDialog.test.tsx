import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { RELOAD_AFTER_CREATION_MS, scheduleReload } from '../page-reload';
import { AddSchoolDialog } from './AddSchoolDialog';

vi.mock('../page-reload', async (importOriginal) => ({ ...(await importOriginal<object>()), scheduleReload: vi.fn() }));

const UAI_FORMAT = "L'UAI doit être composé de 7 chiffres et d'une lettre.";
const REQUIRED = 'Ce champ est obligatoire.';

const REFERENCE_DATA = {
  cities: [
    { idCity: 3, city: 'Casablanca', idCountry: 2 },
    { idCity: 4, city: 'Madrid', idCountry: 3 },
  ],
  countries: [
    { idCountry: 1, country: 'France' },
    { idCountry: 2, country: 'Maroc' },
    { idCountry: 3, country: 'Espagne' },
  ],
  typeEstab: [
    { idTypeEstab: 2, typeEstab: 'Collège', orderTypeEstab: 2 },
    { idTypeEstab: 1, typeEstab: 'École élémentaire', orderTypeEstab: 1 },
  ],
};

const RECORD = {
  identifiant_de_l_etablissement: '0770934X',
  nom_etablissement: 'Lycée polyvalent Léonard de Vinci',
  nom_commune: 'Melun',
  statut_public_prive: 'Public',
  code_postal: '77000',
  libelle_departement: 'Seine-et-Marne',
  libelle_region: 'Ile-de-France',
  adresse_1: '2 bis rue Edouard Branly',
  latitude: 48.55,
  longitude: 2.66,
};

const i18n = await createTestI18n();
cleanUpAfterEachTest();
afterEach(() => {
  vi.mocked(scheduleReload).mockReset();
});

function renderDialog(routes: Record<`${string} ${string}`, MockAnswer | (() => MockAnswer)> = {}) {
  const fetchMock = mockFetch({ 'GET /api/schools/data/': { status: 200, body: REFERENCE_DATA }, ...routes });
  const onClose = vi.fn();
  renderWithProviders(<AddSchoolDialog isOpen onClose={onClose} />, { i18n, withNotifications: true });
  return { fetchMock, onClose };
}

async function openForeignTab() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Établissement étranger' }));
  await screen.findByLabelText(/^UAI/);
  return user;
}

const submit = () => screen.getByRole('button', { name: "Créer l'établissement" });

describe('add-school dialog, foreign school', () => {
  it('asks for the UAI, the name and the address, without calling the server', async () => {
    const { fetchMock } = renderDialog();
    const user = await openForeignTab();

    await user.click(submit());

    expect(screen.getByLabelText(/^UAI/)).toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
    expect(screen.getByLabelText(/^Nom de l'établissement/)).toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText(/^Adresse/)).toHaveAccessibleDescription(REQUIRED);
    expect(bodiesSentTo(fetchMock, 'POST /api/schools/')).toEqual([]);
  });

  it.each(['12345AB', '1234567', 'ABCDEFGH', '123456789'])('explains the UAI shape for %s', async (uai) => {
    renderDialog();
    const user = await openForeignTab();

    await user.type(screen.getByLabelText(/^UAI/), uai);
    await user.type(screen.getByLabelText(/^Nom de l'établissement/), 'Liceo Francés');
    await user.type(screen.getByLabelText(/^Adresse/), 'Calle Mayor 1');
    await user.click(submit());

    expect(screen.getByLabelText(/^UAI/)).toHaveAccessibleDescription(expect.stringContaining(UAI_FORMAT));
  });

  it('asks for the name and the country of a new city', async () => {
    renderDialog();
    const user = await openForeignTab();

    await user.click(screen.getByLabelText('Nouvelle ville'));
    await user.click(submit());

    expect(screen.getByLabelText(/^Nom de la ville/)).toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText(/^Pays/)).toHaveAccessibleDescription(REQUIRED);
  });

  it('sends the school with the spec defaults and no city as 0, then toasts and reloads after 5 s', async () => {
    const { fetchMock, onClose } = renderDialog({ 'POST /api/schools/': { status: 200, body: { uai: '1234567Z' } } });
    const user = await openForeignTab();

    await user.type(screen.getByLabelText(/^UAI/), '1234567z');
    await user.type(screen.getByLabelText(/^Nom de l'établissement/), 'Liceo Francés');
    await user.type(screen.getByLabelText(/^Adresse/), 'Calle Mayor 1');
    await user.click(submit());

    expect(await screen.findByText("L'établissement a bien été créé.")).toBeInTheDocument();
    expect(screen.getByText('La page va être rechargée dans 5 secondes.')).toBeInTheDocument();
    expect(scheduleReload).toHaveBeenCalledWith(RELOAD_AFTER_CREATION_MS);
    expect(RELOAD_AFTER_CREATION_MS).toBe(5000);
    expect(onClose).toHaveBeenCalled();
    expect(bodiesSentTo(fetchMock, 'POST /api/schools/')).toEqual([
      {
        uai: '1234567Z',
        isEtabExist: false,
        state: {
          uai: '1234567Z',
          name: 'Liceo Francés',
          address: 'Calle Mayor 1',
          typeOfEstablishment: 1,
          sector: 'Privé',
          idCity: 0,
          idCounty: 999,
          idAcademy: 99,
        },
      },
    ]);
  });

  it('sends a new city with its country, the chosen sector and type', async () => {
    const { fetchMock } = renderDialog({ 'POST /api/schools/': { status: 200, body: { uai: '1234567Z' } } });
    const user = await openForeignTab();

    await user.type(screen.getByLabelText(/^UAI/), '1234567Z');
    await user.type(screen.getByLabelText(/^Nom de l'établissement/), 'Liceo');
    await user.type(screen.getByLabelText(/^Adresse/), 'Calle 1');
    await user.selectOptions(screen.getByLabelText("Type d'établissement"), 'Collège');
    await user.click(screen.getByLabelText('Public'));
    await user.click(screen.getByLabelText('Nouvelle ville'));
    await user.type(screen.getByLabelText(/^Nom de la ville/), 'Séville');
    await user.selectOptions(screen.getByLabelText(/^Pays/), 'Espagne');
    await user.click(submit());

    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST /api/schools/')).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, 'POST /api/schools/')[0]).toMatchObject({
      state: { typeOfEstablishment: 2, sector: 'Public', idCity: 0, nameOfCity: 'Séville', idCountry: 3 },
    });
  });

  it("shows the server's field messages under their fields: a duplicate UAI", async () => {
    renderDialog({
      'POST /api/schools/': {
        status: 409,
        body: {
          code: 'conflict',
          message: 'A school with this UAI exists',
          details: { fieldErrors: { uai: ['school.errors.uai_exists'] } },
        },
      },
    });
    const user = await openForeignTab();

    await user.type(screen.getByLabelText(/^UAI/), '0693284X');
    await user.type(screen.getByLabelText(/^Nom de l'établissement/), 'Doublon');
    await user.type(screen.getByLabelText(/^Adresse/), 'Rue 1');
    await user.click(submit());

    await waitFor(() =>
      expect(screen.getByLabelText(/^UAI/)).toHaveAccessibleDescription(
        expect.stringContaining('Un établissement avec cet UAI existe déjà.'),
      ),
    );
    expect(scheduleReload).not.toHaveBeenCalled();
  });

  it('maps state.* field errors of the server onto the fields', async () => {
    renderDialog({
      'POST /api/schools/': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'x',
          details: { fieldErrors: { 'state.address': ['global.errors.required'] } },
        },
      },
    });
    const user = await openForeignTab();

    await user.type(screen.getByLabelText(/^UAI/), '1234567Z');
    await user.type(screen.getByLabelText(/^Nom de l'établissement/), 'Liceo');
    await user.type(screen.getByLabelText(/^Adresse/), 'Calle 1');
    await user.click(submit());

    await waitFor(() => expect(screen.getByLabelText(/^Adresse/)).toHaveAccessibleDescription(REQUIRED));
  });
});

describe('add-school dialog, French school', () => {
  it('keeps submit disabled until a directory result is chosen, then creates it', async () => {
    const { fetchMock } = renderDialog({
      'GET /api/directory/schools': { status: 200, body: { results: [RECORD] } },
      'POST /api/schools/': { status: 200, body: { uai: '0770934X' } },
    });
    const user = userEvent.setup();
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText("Rechercher dans l'annuaire de l'Éducation nationale"), 'vinci melun');
    const result = await screen.findByRole('radio', { name: /Lycée polyvalent Léonard de Vinci/ }, { timeout: 2000 });
    expect(result).toHaveAccessibleName(expect.stringContaining('UAI 0770934X'));
    expect(result).toHaveAccessibleName(expect.stringContaining('77000 Melun'));
    expect(result).toHaveAccessibleName(expect.stringContaining('Seine-et-Marne, Ile-de-France'));
    expect(submit()).toBeDisabled();

    await user.click(result);
    expect(submit()).toBeEnabled();
    await user.click(submit());

    expect(await screen.findByText("L'établissement a bien été créé.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/schools/')).toEqual([{ uai: '0770934X', isEtabExist: true, state: RECORD }]);
    const searches = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/directory/schools'));
    expect(searches).toEqual(['/api/directory/schools?q=vinci+melun']);
  });

  it('does not search below 2 characters', async () => {
    const { fetchMock } = renderDialog({ 'GET /api/directory/schools': { status: 200, body: { results: [RECORD] } } });

    await userEvent.setup().type(screen.getByLabelText("Rechercher dans l'annuaire de l'Éducation nationale"), 'v');
    await new Promise((resolve) => setTimeout(resolve, 600));

    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/directory/schools'))).toBe(false);
  });

  it('says when the directory is down, and stays usable', async () => {
    renderDialog({
      'GET /api/directory/schools': {
        status: 503,
        body: { code: 'service_unavailable', message: 'directory_unavailable', details: { reason: 'timeout' } },
      },
    });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Rechercher dans l'annuaire de l'Éducation nationale"), 'vinci');

    expect(
      await screen.findByText(
        "L'annuaire de l'Éducation nationale ne répond pas. Réessayez plus tard ou saisissez un établissement étranger.",
        {},
        { timeout: 2000 },
      ),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Établissement étranger' }));
    expect(await screen.findByLabelText(/^UAI/)).toBeEnabled();
  });

  it('shows a duplicate in the dialog', async () => {
    renderDialog({
      'GET /api/directory/schools': { status: 200, body: { results: [RECORD] } },
      'POST /api/schools/': {
        status: 409,
        body: { code: 'conflict', message: 'x', details: { fieldErrors: { uai: ['school.errors.uai_exists'] } } },
      },
    });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Rechercher dans l'annuaire de l'Éducation nationale"), 'vinci');
    await user.click(await screen.findByRole('radio', { name: /Léonard de Vinci/ }, { timeout: 2000 }));
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Un établissement avec cet UAI existe déjà.');
  });
});
