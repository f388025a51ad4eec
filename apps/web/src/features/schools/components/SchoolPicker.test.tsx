import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { RELOAD_AFTER_DELETION_MS, scheduleReload } from '../page-reload';
import { renderInShell } from '../testing';
import { SchoolPicker } from './SchoolPicker';
import { SchoolPickerButton } from './SchoolPickerButton';

vi.mock('../page-reload', async (importOriginal) => ({ ...(await importOriginal<object>()), scheduleReload: vi.fn() }));

const SCHOOLS = [
  { UAI: '0693284X', Nom: 'Collège Jean Moulin', Commune: 'Lyon', Extension: 'clg-moulin', Effectif: 110 },
  { UAI: '0441750K', Nom: 'Collège Jules Verne', Commune: 'Nantes', Extension: 'clg-verne', Effectif: 72 },
  { UAI: '0312087C', Nom: 'École élémentaire Jean Jaurès', Commune: 'Toulouse', Extension: 'ecole-jaures', Effectif: 0 },
];

const i18n = await createTestI18n();
cleanUpAfterEachTest({ clearStorage: true });
afterEach(() => {
  vi.mocked(scheduleReload).mockReset();
});

function renderPicker(user = buildSessionUser('Administrateur'), routes = {}) {
  const fetchMock = mockFetch({ 'GET /api/schools/': { status: 200, body: SCHOOLS }, ...routes });
  const onClose = vi.fn();
  const result = renderInShell(<SchoolPicker user={user} isOpen onClose={onClose} />, { i18n });
  return { ...result, fetchMock, onClose };
}

const schoolList = () => screen.findByRole('list', { name: 'Établissements' });

describe('school picker', () => {
  it("lists the schools as 'UAI - Nom - Commune' and filters them by UAI, name or town, accents ignored", async () => {
    renderPicker();
    const list = await schoolList();
    expect(
      within(list)
        .getAllByRole('button', { name: /^\d{7}/ })
        .map((button) => button.textContent),
    ).toEqual([
      '0693284X - Collège Jean Moulin - Lyon',
      '0441750K - Collège Jules Verne - Nantes',
      '0312087C - École élémentaire Jean Jaurès - Toulouse',
    ]);
    const user = userEvent.setup();
    const search = screen.getByLabelText('Rechercher un établissement');

    await user.type(search, 'ecole jau');
    expect(within(list).getAllByRole('button', { name: /^\d{7}/ })).toHaveLength(1);
    expect(within(list).getByRole('button', { name: '0312087C - École élémentaire Jean Jaurès - Toulouse' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nantes');
    expect(within(list).getByRole('button', { name: '0441750K - Collège Jules Verne - Nantes' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '0693284');
    expect(within(list).getByRole('button', { name: '0693284X - Collège Jean Moulin - Lyon' })).toBeInTheDocument();
  });

  it("reads 'Aucun établissement trouvé' when nothing matches", async () => {
    renderPicker();
    await schoolList();

    await userEvent.setup().type(screen.getByLabelText('Rechercher un établissement'), 'Marseille');

    expect(screen.getByText('Aucun établissement trouvé')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^\d{7}/ })).toHaveLength(0);
  });

  it('makes the chosen school active with the UAI read from its label, and clears the grid filters', async () => {
    window.localStorage.setItem('users-grid-preferences', JSON.stringify({ columnState: [], filterModel: { disabled: {} } }));
    const { shell, onClose } = renderPicker();

    await userEvent.setup().click(await screen.findByRole('button', { name: '0441750K - Collège Jules Verne - Nantes' }));

    expect(shell().activeSchoolUai).toBe('0441750K');
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem('users-grid-preferences')!)).toEqual({ columnState: [] });
  });

  it('chooses the first match with Enter and moves through the list with the arrow keys', async () => {
    const { shell } = renderPicker();
    await schoolList();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Rechercher un établissement'), 'collège');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: '0693284X - Collège Jean Moulin - Lyon' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: '0441750K - Collège Jules Verne - Nantes' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByLabelText('Rechercher un établissement')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(shell().activeSchoolUai).toBe('0693284X');
  });

  it('offers deletion only for a school without pupils, to who may add schools', async () => {
    renderPicker();
    await schoolList();

    expect(screen.getAllByRole('button', { name: /^Supprimer l'établissement/ })).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: "Supprimer l'établissement 0312087C - École élémentaire Jean Jaurès - Toulouse" }),
    ).toBeInTheDocument();
  });

  it('offers no deletion without NavBar_addEtablissement at Ecriture', async () => {
    const manager = buildSessionUser('Gestionnaire');
    renderPicker(manager);
    await schoolList();

    expect(screen.queryByRole('button', { name: /^Supprimer l'établissement/ })).not.toBeInTheDocument();
  });

  it('asks before deleting, then confirms with a toast and reloads the page', async () => {
    const { fetchMock } = renderPicker(undefined, { 'DELETE /api/schools/0312087C': { status: 200, body: { ok: true } } });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Supprimer l'établissement 0312087C/ }));
    const confirmation = screen.getByRole('dialog', { name: "Supprimer l'établissement" });
    expect(within(confirmation).getByText("Êtes-vous sûr de vouloir supprimer l'établissement ?")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(confirmation).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText("L'établissement a bien été supprimé.")).toBeInTheDocument();
    expect(scheduleReload).toHaveBeenCalledWith(RELOAD_AFTER_DELETION_MS);
  });

  it('says why the deletion failed, and does not reload', async () => {
    renderPicker(undefined, {
      'DELETE /api/schools/0312087C': {
        status: 409,
        body: {
          code: 'conflict',
          message: 'The school still has users',
          details: { reason: 'school_not_empty', params: { users: 42 } },
        },
      },
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Supprimer l'établissement 0312087C/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Supprimer l'établissement" })).getByRole('button', { name: 'Supprimer' }),
    );

    expect(
      await screen.findByText('Cet établissement compte encore 42 utilisateurs : il ne peut pas être supprimé.'),
    ).toBeInTheDocument();
    expect(scheduleReload).not.toHaveBeenCalled();
  });

  it('reloads the list with the refresh button', async () => {
    const { fetchMock } = renderPicker();
    await schoolList();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Actualiser la liste des établissements' }));

    await waitFor(() => expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/schools/')).toHaveLength(2));
  });

  it('draws at most 100 rows of 2,000 schools and says so', async () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({
      UAI: `${String(1000000 + index)}A`,
      Nom: `Collège numéro ${index}`,
      Commune: 'Lyon',
      Extension: `clg-${index}`,
      Effectif: 10,
    }));
    renderPicker(undefined, { 'GET /api/schools/': { status: 200, body: many } });

    const list = await schoolList();

    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(screen.getByText(/Seuls les 100 premiers établissements sur 2\s000 sont affichés/)).toBeInTheDocument();
  });
});

describe('school picker button', () => {
  it('opens the picker with Ctrl+E', async () => {
    mockFetch({ 'GET /api/schools/': { status: 200, body: SCHOOLS } });
    renderInShell(<SchoolPickerButton user={buildSessionUser('Administrateur')} />, { i18n });

    await userEvent.setup().keyboard('{Control>}e{/Control}');

    expect(await screen.findByRole('dialog', { name: 'Choisir un établissement' })).toBeInTheDocument();
    expect(await schoolList()).toBeInTheDocument();
  });
});
