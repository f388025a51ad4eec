import type { imports } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { ImportPreview } from './ImportPreview';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const informations = (overrides: Partial<imports.ImportUser['informations']>): imports.ImportUser['informations'] => ({
  uai: '0750001A',
  profile: 'Eleve',
  lastName: 'ANDRE',
  firstName: 'Léa',
  login: 'lea.andre',
  password: null,
  level: '6e',
  class: '6e A',
  adminMode: 1,
  subject: null,
  email: null,
  ...overrides,
});

const line = (overrides: Partial<imports.ImportUser>): imports.ImportUser => ({
  line: 2,
  action: 'create',
  userId: null,
  informations: informations({}),
  options: [],
  applications: [],
  teaching: [],
  changes: [],
  ...overrides,
});

/** A new-users file verified once its first pupils were imported: two lines name them, two are new namesakes. */
const PREVIEW: imports.ImportCheckAnswer = {
  importNumber: 52,
  mode: 'users_initial',
  uai: '0750001A',
  format: { encoding: 'utf-8', separator: ';' },
  ignoredColumns: [],
  counts: { create: 2, update: 1, unchanged: 1, teaching: 0 },
  users: [
    line({
      line: 4,
      informations: informations({ login: 'lea.andre2', level: '4e', class: '4e A' }),
      numberedLogin: { plain: 'lea.andre', heldBy: null },
    }),
    line({
      line: 5,
      informations: informations({ firstName: 'Nina', lastName: 'NEUF', login: 'nina.neuf2' }),
      numberedLogin: { plain: 'nina.neuf', heldBy: 3 },
      applications: [
        { idApplication: 7, etat: 1, login: 'nina.neuf2', code: null },
        { idApplication: 8, etat: 1, login: 'nina.neuf2', code: null, bySchool: true },
      ],
    }),
    line({
      line: 2,
      action: 'update',
      userId: 70,
      informations: informations({ class: '6e C' }),
      changes: [{ field: 'Classe', before: '6e A', after: '6e C' }],
      existing: { by: 'names' },
    }),
    line({
      line: 3,
      action: 'unchanged',
      userId: 71,
      informations: informations({ firstName: 'Hugo', lastName: 'MARTIN', login: 'hugo.martin' }),
      existing: { by: 'login' },
    }),
  ],
};

function renderPreview() {
  const onConfirm = vi.fn();
  renderWithProviders(
    <ImportPreview
      preview={PREVIEW}
      applicationNames={
        new Map([
          [7, 'Edulib'],
          [8, 'Atlas'],
        ])
      }
      isPending={false}
      onConfirm={onConfirm}
      onCancel={() => undefined}
    />,
    { i18n },
  );
  return { onConfirm, user: userEvent.setup() };
}

const rowOf = (lineNumber: number) =>
  within(screen.getByRole('table', { name: 'Aperçu de l’import' }))
    .getByRole('checkbox', { name: `Importer la ligne ${lineNumber}` })
    .closest('tr')!;

describe('the preview of a new-users file', () => {
  it('names the applications the school’s defaults give, apart from those the file gives', () => {
    renderPreview();
    expect(rowOf(5)).toHaveTextContent('Edulib, Atlas (par défaut de l’établissement)');
  });

  it('leaves the lines naming users already there unticked, says why, and ticks them as updates on request', async () => {
    const { onConfirm, user } = renderPreview();
    expect(
      screen.getByText('2 ligne(s) correspondent à des utilisateurs déjà présents dans l’établissement'),
    ).toBeInTheDocument();
    expect(within(rowOf(2)).getByRole('checkbox')).not.toBeChecked();
    expect(within(rowOf(3)).getByRole('checkbox')).not.toBeChecked();
    expect(within(rowOf(4)).getByRole('checkbox')).toBeChecked();
    expect(rowOf(2)).toHaveTextContent('Déjà présentmêmes nom, prénom, niveau ou classeModification');
    expect(rowOf(2)).toHaveTextContent('Classe : 6e A → 6e C');
    expect(rowOf(3)).toHaveTextContent('Déjà présentmême loginInchangé');

    await user.click(screen.getByRole('button', { name: 'Confirmer l’import (2 lignes)' }));
    expect(onConfirm).toHaveBeenLastCalledWith([2, 3]);

    await user.click(screen.getByRole('button', { name: 'Mettre à jour ces 2 utilisateur(s)' }));
    expect(within(rowOf(2)).getByRole('checkbox')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Confirmer l’import (4 lignes)' }));
    expect(onConfirm).toHaveBeenLastCalledWith([]);
    await user.click(screen.getByRole('button', { name: 'Ne pas importer ces 2 ligne(s)' }));
    expect(within(rowOf(3)).getByRole('checkbox')).not.toBeChecked();
  });

  it('says why a login was numbered: the account or the file’s line holding the plain one', () => {
    renderPreview();
    expect(rowOf(4)).toHaveTextContent('lea.andre2Numéro ajouté : lea.andre est déjà pris par un compte.');
    expect(rowOf(5)).toHaveTextContent('nina.neuf2Numéro ajouté : nina.neuf est pris par la ligne 3.');
  });
});
