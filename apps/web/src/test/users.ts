import { DEFAULT_RIGHTS, PROFILES, type ProfileName, type SessionUser } from '@console/contract';

/** A session user of the given profile with its seeded rights. */
export function buildSessionUser(profile: ProfileName, overrides: Partial<SessionUser> = {}): SessionUser {
  const uai = profile === 'Administrateur' || profile === 'Gestionnaire' ? null : '0750001A';
  return {
    id: 7,
    IDutilisateur: 7,
    profile,
    profileId: PROFILES[profile],
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'camille.martin@example.fr',
    uai,
    schoolName: uai === null ? null : 'Collège Jean Moulin',
    rights: DEFAULT_RIGHTS[profile],
    language: null,
    informations: { login: 'camille.martin', uai, qrCode: 'link-token-123' },
    ...overrides,
  };
}
