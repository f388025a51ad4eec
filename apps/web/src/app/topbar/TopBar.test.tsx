import type { ProfileName } from '@console/contract';
import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '#features/schools/testing';
import { mockFetch } from '#test/fetch-mock';
import { expectLabelInName } from '#test/label-in-name';
import { createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { TopBar } from './TopBar';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function school(uai: string, name: string, deployment: Record<string, unknown> = {}) {
  return {
    informations: {
      uai,
      name,
      town: 'Nantes',
      extension: 'x',
      adminDuration: 0,
      connectRndPwd: false,
      address: 'a',
      postalCode: null,
      sector: 'Privé',
      latitude: null,
      longitude: null,
    },
    deployment,
    regexGlobal: [],
    regexEstab: [],
    applications: [],
    platforms: [],
    abilities: { canDelete: false },
  };
}

function renderTopBar(profile: ProfileName, activeSchoolUai: string | null) {
  const user = buildSessionUser(profile);
  return renderInShell(
    <TopBar user={user} activeSchoolUai={activeSchoolUai} onOpenPreferences={() => {}} onSignOut={() => {}} />,
    {
      i18n,
      initial: { activeSchoolUai },
    },
  );
}

describe('top bar', () => {
  it("shows the active school's name, UAI and the École Directe banner", async () => {
    mockFetch({
      'GET /api/schools/0441750K': {
        status: 200,
        body: school('0441750K', 'Collège Jules Verne', { hasEcoleDirecteApiKey: true }),
      },
    });
    renderTopBar('Administrateur', '0441750K');

    expect(await screen.findByText('Collège Jules Verne')).toBeInTheDocument();
    expect(screen.getByText('UAI 0441750K')).toBeInTheDocument();
    expect(screen.getByText('établissement école directe')).toBeInTheDocument();
  });

  it('shows no banner for a school without École Directe', async () => {
    mockFetch({
      'GET /api/schools/0693284X': {
        status: 200,
        body: school('0693284X', 'Collège Jean Moulin', { hasEcoleDirecteApiKey: false }),
      },
    });
    renderTopBar('Administrateur', '0693284X');

    expect(await screen.findByText('Collège Jean Moulin')).toBeInTheDocument();
    expect(screen.queryByText('établissement école directe')).not.toBeInTheDocument();
  });

  it.each<ProfileName>(['Enseignant', 'Eleve'])(
    'takes the school name from the session for %s, who may not read schools',
    async (profile) => {
      const fetchMock = mockFetch({
        'GET /api/schools/0750001A': { status: 403, body: { code: 'forbidden', message: 'Forbidden' } },
      });
      renderTopBar(profile, '0750001A');

      expect(await screen.findByText('Collège Jean Moulin')).toBeInTheDocument();
      expect(screen.getByText('UAI 0750001A')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/api/schools/'), expect.anything());
    },
  );

  it.each<[ProfileName, string[]]>([
    ['Administrateur', ['Rechercher un utilisateur', 'Ajouter un établissement', 'Choisir un établissement (Ctrl+E)']],
    ['Gestionnaire', ['Rechercher un utilisateur', 'Choisir un établissement (Ctrl+E)']],
    ['Administrateur établissement', ['Rechercher un utilisateur']],
    ['Eleve', []],
  ])('gives %s the school tools of their rights', (profile, tools) => {
    mockFetch({});
    renderTopBar(profile, null);

    const all = ['Rechercher un utilisateur', 'Ajouter un établissement', 'Choisir un établissement (Ctrl+E)'];
    for (const tool of all) {
      const found = screen.queryAllByRole(tool === 'Rechercher un utilisateur' ? 'textbox' : 'button', { name: tool });
      expect(found.length > 0, tool).toBe(tools.includes(tool));
    }
  });

  it('names the school picker and account buttons by what they show, then what they do (WCAG 2.5.3)', () => {
    mockFetch({});
    renderTopBar('Administrateur', null);

    const picker = screen.getByRole('button', { name: 'Établissements Ctrl+E' });
    expect(picker).toHaveAttribute('aria-keyshortcuts', 'Control+E Meta+E');
    expectLabelInName(picker);
    const account = screen.getByRole('button', { name: /, compte de / });
    expect(account).toHaveTextContent(/^[A-Z]{2}$/);
    expectLabelInName(account);
  });
});
