import type { ProfileName } from '@console/contract';

/** Translation keys of the profile names. */
export const PROFILE_LABEL_KEYS: Record<ProfileName, string> = {
  Eleve: 'profiles.pupil',
  Enseignant: 'profiles.teacher',
  Administrateur: 'profiles.administrator',
  Gestionnaire: 'profiles.manager',
  'Administrateur établissement': 'profiles.school_administrator',
};
