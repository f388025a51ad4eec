import { profileNameOf, type SessionUser } from '@console/contract';
import type { SessionUserRow } from './auth.repository.js';

/** The session answer of a user row; throws when the row's profile is unknown. */
export function presentSessionUser(row: SessionUserRow): SessionUser {
  const profile = profileNameOf(row.profile_id);
  if (!profile) throw new Error(`unknown profile id ${row.profile_id}`);
  return {
    id: row.id,
    IDutilisateur: row.id,
    profile,
    profileId: row.profile_id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    uai: row.uai,
    rights: row.rights ?? {},
    informations: { login: row.login, uai: row.uai, qrCode: row.link_token },
  };
}
