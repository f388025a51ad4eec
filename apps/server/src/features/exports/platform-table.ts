import { profileNameOf } from '@console/contract';
import type { ExportSelection } from './export-selection.js';
import type { ExportAccessRow, ExportPlatform } from './exports.repository.js';

/** The platform whose teachers' lines carry their subject (spec 3 §9). */
const SUBJECT_PLATFORM = 'EDULIB';

/**
 * One platform's file, read by that publisher's import: a row per selected user with an enabled
 * access to one of the platform's applications (the first in the catalogue's order), with the
 * access's login, password and, when the platform has codes, its code; EDULIB adds the subject
 * for teachers. Values are exact (a machine reads them): no formula neutralisation.
 */
export function* platformTable(
  selection: ExportSelection,
  platform: ExportPlatform,
  accesses: readonly ExportAccessRow[],
): Generator<string[]> {
  const withSubject = platform.id === SUBJECT_PLATFORM;
  yield [
    'UAI',
    'Nom',
    'Prénom',
    'Profil',
    'Niveau',
    'Classe',
    'Identifiant',
    'Mot de passe',
    ...(platform.showsCode ? ['Code'] : []),
    ...(withSubject ? ['Matière'] : []),
  ];
  const firstAccess = new Map<number, ExportAccessRow>();
  for (const access of accesses) {
    if (access.status === 1 && !firstAccess.has(access.user_id)) firstAccess.set(access.user_id, access);
  }
  for (const user of selection.users) {
    const access = firstAccess.get(user.id);
    if (!access) continue;
    const profile = profileNameOf(user.profileId) ?? '';
    yield [
      user.uai ?? '',
      user.lastname,
      user.firstname,
      profile,
      user.level ?? '',
      user.className ?? '',
      access.login ?? '',
      selection.reveal(user, access.password_encrypted),
      ...(platform.showsCode ? [access.keys ?? ''] : []),
      ...(withSubject ? [profile === 'Enseignant' ? (user.subject ?? '') : ''] : []),
    ];
  }
}
