import { DEFAULT_RIGHTS, type documents } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { PAGE_SIZE } from '../table/DocumentsTable';
import { buildDocument, LIST, listOf } from '../test-factories';
import { DocumentManagerView } from './DocumentManagerView';

vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const RULES = buildDocument(4, 'Règlement intérieur.pdf', {
  size: 1_200_000,
  date: new Date(2026, 1, 10, 9, 30).toISOString(),
  uploadedBy: { firstname: 'Zoé', lastname: 'DUPRÉ', profile: 'Direction' },
  schools: ['0750001A', '0690002B'],
});
const CHARTER = buildDocument(5, 'Charte informatique.pdf', {
  size: 85_400,
  date: '2026-01-03T09:30:00.000Z',
  schools: ['all'],
});
const EVENTS = buildDocument(6, 'Été des sciences.pdf', { size: 3_000, date: '2026-03-01T09:30:00.000Z' });

function renderView(files: documents.Document[], user = buildSessionUser('Administrateur'), usedBytes?: number) {
  const fetchMock = mockFetch({ [LIST]: listOf(files, usedBytes) });
  renderWithProviders(<DocumentManagerView user={user} />, { i18n, withNotifications: true });
  return { fetchMock, user: userEvent.setup() };
}

const table = () => screen.findByRole('table', { name: 'Documents' });
/** The names of the rows shown, in order. */
const namesShown = () =>
  within(screen.getByRole('table', { name: 'Documents' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name });

describe('the document manager', () => {
  it("lists the documents with their size in units of 1000, sender, schools and date, and the store's use", async () => {
    renderView([RULES, CHARTER], undefined, 2_500_000_000);

    expect(screen.getByRole('heading', { level: 1, name: 'Gestionnaire de documents' })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Nom', 'Taille', 'Envoyé par', 'Établissements', 'Dernière modification', 'Actions']);
    const cells = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 6)).toEqual([
      'Règlement intérieur.pdf',
      '1,2\u00a0Mo',
      'Zoé DUPRÉ',
      '0750001A, 0690002B',
      '10/02/2026 09:30',
    ]);
    expect(within(rows[2]!).getByText('Tous')).toHaveAttribute('title', 'Tous');
    const bar = screen.getByRole('progressbar', { name: 'Espace de stockage utilisé' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAccessibleDescription('2,5\u00a0Go utilisés sur 10\u00a0Go');
    expect(screen.getByRole('button', { name: 'Actualiser' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer des fichiers' })).toBeInTheDocument();
  });

  it('shows the schools column to an Administrateur only, and no upload without FileManager at Ecriture', async () => {
    const rights = { ...DEFAULT_RIGHTS.Gestionnaire, FileManager: { Lecture: 1, Ecriture: 0 } } as const;
    renderView([RULES], buildSessionUser('Gestionnaire', { rights }));

    await table();
    expect(screen.queryByRole('columnheader', { name: 'Établissements' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Envoyer des fichiers' })).not.toBeInTheDocument();
  });

  it('sorts one column at a time, each cycling none, ascending, descending', async () => {
    const { user } = renderView([RULES, CHARTER, EVENTS]);
    await table();
    expect(namesShown()).toEqual(['Règlement intérieur.pdf', 'Charte informatique.pdf', 'Été des sciences.pdf']);

    await user.click(screen.getByRole('button', { name: 'Nom' }));
    expect(header('Nom')).toHaveAttribute('aria-sort', 'ascending');
    expect(namesShown()).toEqual(['Charte informatique.pdf', 'Été des sciences.pdf', 'Règlement intérieur.pdf']);
    await user.click(screen.getByRole('button', { name: 'Nom' }));
    expect(header('Nom')).toHaveAttribute('aria-sort', 'descending');
    expect(namesShown()).toEqual(['Règlement intérieur.pdf', 'Été des sciences.pdf', 'Charte informatique.pdf']);

    await user.click(screen.getByRole('button', { name: 'Taille' }));
    expect(header('Taille')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Nom')).not.toHaveAttribute('aria-sort');
    expect(namesShown()).toEqual(['Été des sciences.pdf', 'Charte informatique.pdf', 'Règlement intérieur.pdf']);
    await user.click(screen.getByRole('button', { name: 'Taille' }));
    await user.click(screen.getByRole('button', { name: 'Taille' }));
    expect(header('Taille')).not.toHaveAttribute('aria-sort');
    expect(namesShown()).toEqual(['Règlement intérieur.pdf', 'Charte informatique.pdf', 'Été des sciences.pdf']);
  });

  it('searches names whatever their accents and case, and says when nothing matches', async () => {
    const { user } = renderView([RULES, CHARTER, EVENTS]);
    await table();

    const search = screen.getByRole('textbox', { name: 'Rechercher un document' });
    await user.type(search, 'REGLEMENT');
    expect(namesShown()).toEqual(['Règlement intérieur.pdf']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('Aucun document ne correspond à la recherche.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the manager holds no document', async () => {
    renderView([]);
    expect(await screen.findByText('Aucun document.')).toBeInTheDocument();
  });

  it('ticks a row by a click on it, once, by its checkbox too, and clears the selection', async () => {
    const { user } = renderView([RULES, CHARTER]);
    await table();
    const box = screen.getByRole('checkbox', { name: 'Sélectionner Règlement intérieur.pdf' });

    await user.click(screen.getByRole('cell', { name: 'Règlement intérieur.pdf' }));
    expect(box).toBeChecked();
    expect(screen.getByRole('group', { name: 'Documents sélectionnés' })).toHaveTextContent('1 sélectionné');
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'Documents sélectionnés' })).not.toBeInTheDocument();

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Actions sur Règlement intérieur.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Détails' }));
    expect(box).toBeChecked();
    const details = await screen.findByRole('dialog', { name: 'Détails du document' });
    expect(within(details).getByText('Zoé DUPRÉ (Direction)')).toBeInTheDocument();
    expect(within(details).getByText('application/pdf')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Effacer la sélection' }));
    expect(box).not.toBeChecked();
  });

  it('ticks every row the search keeps with the header checkbox, on every page', { timeout: 90_000 }, async () => {
    const many = Array.from({ length: PAGE_SIZE + 5 }, (_, index) => buildDocument(100 + index, `Fiche ${index + 1}.pdf`));
    const { user } = renderView([...many, RULES]);
    expect(within(await table()).getAllByRole('row')).toHaveLength(PAGE_SIZE + 1);
    expect(screen.getByText('106 documents')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents' }));
    expect(screen.getByText('106 sélectionnés')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Rechercher un document' }));
    await user.paste('fiche');
    expect(await screen.findByText('105 sélectionnés')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(namesShown()).toHaveLength(5);
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Fiche 105.pdf' })).toBeChecked();
  });

  it('drops from the selection the rows a new search hides', async () => {
    const { user } = renderView([RULES, CHARTER]);
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents' }));
    expect(screen.getByText('2 sélectionnés')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Rechercher un document' }), 'charte');
    expect(screen.getByText('1 sélectionné')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Rechercher un document' }));
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Règlement intérieur.pdf' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents' })).toBePartiallyChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents' }));
    expect(screen.getByText('2 sélectionnés')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents' }));
    expect(screen.queryByRole('group', { name: 'Documents sélectionnés' })).not.toBeInTheDocument();
  });

  it('opens the help', async () => {
    const { user } = renderView([RULES]);
    await table();
    await user.click(screen.getByRole('button', { name: 'Aide' }));
    const help = await screen.findByRole('dialog', { name: 'Aide du gestionnaire de documents' });
    expect(help).toHaveTextContent('uniquement des PDF de 10 Mo au plus');
    expect(help).toHaveTextContent('visible par son personnel et ses élèves');
  });
});
