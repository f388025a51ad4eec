import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { createTestI18n, renderWithProviders } from '../../../test/render';
import { buildSessionUser } from '../../../test/users';
import { clearFocusedUser, focusUser } from '../focused-user';
import { SchoolUsersView } from './SchoolUsersView';

const UAI = '0693284X';

function buildUsers(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    importNumber: null,
    adminMode: 0,
    uai: UAI,
    lastname: `Nom${String(index).padStart(4, '0')}`,
    firstname: index === 4321 ? 'Hélène' : 'Jean',
    login: `user.${index}`,
    level: '6e',
    className: '6A',
    disabled: index === 1,
    disabledAt: null,
    profile: 'Eleve',
    locked: false,
    lastLoginAt: null,
    tabletNumber: null,
    comment: null,
    subject: null,
    email: null,
    options: [],
    applications: {},
    platforms: [],
  }));
}

function schoolWithUsers(count: number) {
  return {
    informations: {
      uai: UAI,
      name: 'Collège Jean Moulin',
      town: 'Lyon',
      extension: 'clg-moulin',
      adminDuration: 0,
      connectRndPwd: false,
      address: '14 rue Paul Bert',
      postalCode: '69003',
      sector: 'Public',
      latitude: null,
      longitude: null,
    },
    deployment: {},
    regexGlobal: [],
    regexEstab: [],
    applications: [],
    platforms: [],
    abilities: { canDelete: false },
    users: buildUsers(count),
  };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  clearFocusedUser();
  vi.unstubAllGlobals();
});

function renderView(count: number) {
  mockFetch({ [`GET /api/schools/${UAI}/users`]: { status: 200, body: schoolWithUsers(count) } });
  return renderWithProviders(<SchoolUsersView uai={UAI} user={buildSessionUser('Administrateur')} />, { i18n });
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('users view of a school', () => {
  it('shows the school, its user count and 50 users a page of 5,000', async () => {
    renderView(5000);

    expect(screen.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeInTheDocument();
    expect(await screen.findByText(/Collège Jean Moulin · nombre d'utilisateurs : 5\s000/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nom',
      'Prénom',
      'Identifiant',
      'Profil',
      'Niveau',
      'Classe',
      'Désactivé',
    ]);
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[1]).toHaveTextContent('Nom0001Jeanuser.1Élève6e6AOui');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(bodyRows()[0]).toHaveTextContent('Nom0050');
  });

  it('filters quickly by name or login', async () => {
    renderView(5000);
    await screen.findByRole('table');

    await userEvent.setup().type(screen.getByLabelText('Filtrer les utilisateurs'), 'helene');

    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Nom4321Hélène');
    expect(screen.getByText('Utilisateurs correspondants : 1')).toBeInTheDocument();
  });

  it('shows the user chosen in the search first, highlighted', async () => {
    act(() => focusUser({ uai: UAI, userId: 4322 }));
    renderView(5000);
    await screen.findByRole('table');

    expect(bodyRows()[0]).toHaveTextContent('Nom4321');
    expect(bodyRows()[0]).toHaveAttribute('aria-current', 'true');
    expect(within(bodyRows()[0]!).getByText('Recherché')).toBeInTheDocument();
    expect(screen.getByText(/Hélène Nom4321 \(user\.4321\) est affiché en tête de liste\./)).toBeInTheDocument();
  });

  it("says 'Une erreur est survenue.' when the users cannot be loaded", async () => {
    mockFetch({ [`GET /api/schools/${UAI}/users`]: { status: 500, body: { code: 'internal_error', message: 'x' } } });
    renderWithProviders(<SchoolUsersView uai={UAI} user={buildSessionUser('Administrateur')} />, { i18n });

    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
  });
});
