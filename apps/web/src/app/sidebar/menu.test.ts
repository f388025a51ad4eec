import { DEFAULT_RIGHTS, type ProfileName } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '#test/users';
import { visibleMenuGroups, type MenuGroup } from './menu';

const helpUrls = { Gestionnaire: 'https://help.example/manager', 'Administrateur établissement': 'https://help.example/school' };

function labels(groups: MenuGroup[]): Record<string, string[]> {
  return Object.fromEntries(
    groups.map((group) => [group.name, group.items.map((item) => (item.kind === 'view' ? item.view : item.kind))]),
  );
}

describe('visibleMenuGroups', () => {
  it.each<[ProfileName, boolean, Record<string, string[]>]>([
    [
      'Administrateur',
      true,
      {
        product: ['overview', 'global_monitoring', 'config', 'notifications'],
        school: ['users', 'dashboard', 'monitoring', 'params'],
        utilities: ['document_manager', 'import', 'support', 'catalogue'],
      },
    ],
    [
      'Administrateur',
      false,
      {
        product: ['overview', 'global_monitoring', 'config', 'notifications'],
        utilities: ['document_manager', 'import', 'support', 'catalogue'],
      },
    ],
    [
      'Gestionnaire',
      true,
      {
        school: ['users', 'dashboard', 'monitoring', 'params'],
        utilities: ['document_manager', 'import', 'help', 'support', 'catalogue'],
      },
    ],
    [
      'Administrateur établissement',
      true,
      {
        school: ['users', 'dashboard', 'monitoring', 'params'],
        utilities: ['document_manager', 'import', 'help', 'support', 'catalogue'],
      },
    ],
    ['Enseignant', true, {}],
    ['Eleve', true, {}],
  ])('shows %s (active school: %s) the entries of their seeded rights', (profile, hasActiveSchool, expected) => {
    expect(labels(visibleMenuGroups(buildSessionUser(profile), { hasActiveSchool, helpUrls }))).toEqual(expected);
  });

  it('leaves out each entry whose read right is withdrawn', () => {
    const rights = {
      ...DEFAULT_RIGHTS.Administrateur,
      Config: { Lecture: 0, Ecriture: 0 },
      Dashboard: { Lecture: 0, Ecriture: 1 },
    } as const;
    const groups = visibleMenuGroups(buildSessionUser('Administrateur', { rights }), { hasActiveSchool: true, helpUrls });
    expect(labels(groups).product).toEqual(['overview', 'global_monitoring', 'notifications']);
    expect(labels(groups).school).toEqual(['users', 'monitoring', 'params']);
  });

  it('treats an absent rights entry as allowed, as the spec says', () => {
    const { Overview: _omitted, ...rights } = DEFAULT_RIGHTS.Administrateur;
    const groups = visibleMenuGroups(buildSessionUser('Administrateur', { rights }), { hasActiveSchool: false, helpUrls });
    expect(labels(groups).product).toContain('overview');
  });

  it('links the help page of the profile', () => {
    const manager = visibleMenuGroups(buildSessionUser('Gestionnaire'), { hasActiveSchool: false, helpUrls });
    const schoolAdministrator = visibleMenuGroups(buildSessionUser('Administrateur établissement'), {
      hasActiveSchool: true,
      helpUrls,
    });
    expect(manager.flatMap((group) => group.items)).toContainEqual({ kind: 'help', url: helpUrls.Gestionnaire });
    expect(schoolAdministrator.flatMap((group) => group.items)).toContainEqual({
      kind: 'help',
      url: helpUrls['Administrateur établissement'],
    });
  });

  it('disables support and catalogue for a user without e-mail', () => {
    const items = visibleMenuGroups(buildSessionUser('Gestionnaire', { email: null }), {
      hasActiveSchool: false,
      helpUrls,
    }).flatMap((group) => group.items);
    expect(items).toContainEqual({ kind: 'support', isDisabled: true });
    expect(items).toContainEqual({ kind: 'catalogue', isDisabled: true });
  });
});
