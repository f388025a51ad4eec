import type { imports, SessionUser } from '@console/contract';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { useShell } from '#app/shell/ShellContext';
import { mockFetch } from '#test/fetch-mock';
import { buildSessionUser } from '#test/users';
import { renderInShell } from '#features/schools/testing';
import { buildSchool, buildSchoolApplication } from '#features/users/test-factories';
import { ImportView } from './ImportView';

/** What the import view's tests share: a school, a verified file, its outcome, and the view rendered in the shell. */

export const UAI = '0750001A';
export const SCHOOL = buildSchool({
  informations: { uai: UAI, name: 'Collège Jean Moulin' },
  applications: [buildSchoolApplication({ idApplication: 3, name: 'Manuel Maths' })],
});

export const informations = (
  overrides: Partial<imports.ImportUser['informations']> = {},
): imports.ImportUser['informations'] => ({
  uai: UAI,
  profile: 'Eleve',
  lastName: 'MARTIN',
  firstName: 'Léa',
  login: 'lea.martin',
  password: 'ravo4821',
  level: '6e',
  class: '6A',
  adminMode: 1,
  subject: null,
  email: null,
  ...overrides,
});

export const PREVIEW: imports.ImportCheckAnswer = {
  importNumber: 41,
  mode: 'users_initial',
  uai: UAI,
  format: { encoding: 'windows-1252', separator: ';' },
  ignoredColumns: [],
  counts: { create: 2, update: 0, unchanged: 0, teaching: 0 },
  users: [
    {
      line: 2,
      action: 'create',
      userId: null,
      informations: informations(),
      options: [{ idOption: null, name: 'Latin' }],
      applications: [{ idApplication: 3, etat: 1, login: 'lea.martin', code: null }],
      teaching: [],
      changes: [],
    },
    {
      line: 3,
      action: 'create',
      userId: null,
      informations: informations({ firstName: 'Hugo', login: 'hugo.petit', lastName: 'PETIT' }),
      options: [],
      applications: [],
      teaching: [],
      changes: [],
    },
  ],
};

/** Import 41 while its confirmation is at work. */
export const APPLYING: imports.ImportHistoryEntry = {
  importNumber: 41,
  mode: 'users_initial',
  status: 'applying',
  createdAt: '2026-11-26T09:00:00.000Z',
  createdBy: 'Inès Fabre',
  decidedAt: null,
  counts: null,
  rollbackUntil: null,
  rolledBackAt: null,
  canRollBack: false,
  progress: { done: 200, total: 350 },
};

export const RESULT: imports.ImportResult = {
  importNumber: 41,
  mode: 'users_initial',
  status: 'applied',
  counts: { created: 1, updated: 0, unchanged: 0, teaching: 0, excluded: 1 },
  lines: [
    { line: 2, outcome: 'created', userId: 900, login: 'lea.martin' },
    { line: 3, outcome: 'excluded', userId: null, login: 'hugo.petit' },
  ],
};

/** The import view while the shell shows it; a button leaves it for the users view, another comes back. */
function LeavableImportView({ user }: { user: SessionUser }) {
  const shell = useShell();
  if (shell.view !== 'import') return <Button onClick={() => shell.setView('import')}>Revenir à l’import</Button>;
  return (
    <>
      <Button onClick={() => shell.setView('users')}>Quitter l’import</Button>
      <ImportView uai={UAI} user={user} />
    </>
  );
}

/** The import view of UAI in the shell, its calls answered by `routes` (the school and an empty history by default). */
export function renderImportView(
  i18n: I18n,
  routes: Parameters<typeof mockFetch>[0],
  user = buildSessionUser('Administrateur établissement'),
) {
  const fetchMock = mockFetch({
    [`GET /api/schools/${UAI}`]: { status: 200, body: SCHOOL },
    'GET /api/users/batch': { status: 200, body: [] },
    ...routes,
  });
  const rendered = renderInShell(<LeavableImportView user={user} />, {
    i18n,
    initial: { activeSchoolUai: UAI, view: 'import' },
  });
  return { fetchMock, user: userEvent.setup(), ...rendered };
}

/** The file field's input (Mantine's FileInput labels its button and hides the input). */
export const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

export async function chooseAndVerify(user: ReturnType<typeof userEvent.setup>, name = 'eleves.csv') {
  await user.upload(fileInput(), new File(['Profil;Nom;Prénom\n'], name, { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Vérifier' }));
}
