import { profileNameOf, signsInByLink, type InterfaceLanguage, type RightsMap, type SessionUser } from '@console/contract';

export type SessionUserSource = {
  id: number;
  profileId: number;
  firstname: string;
  lastname: string;
  email: string | null;
  uai: string | null;
  schoolName: string | null;
  login: string;
  linkToken: string;
  language: InterfaceLanguage | null;
  rights: RightsMap;
};

/** The session answer of a user (their link token only if they sign in by link); throws when the profile id is unknown. */
export function presentSessionUser(source: SessionUserSource): SessionUser {
  const profile = profileNameOf(source.profileId);
  if (!profile) throw new Error(`unknown profile id ${source.profileId}`);
  return {
    id: source.id,
    IDutilisateur: source.id,
    profile,
    profileId: source.profileId,
    firstname: source.firstname,
    lastname: source.lastname,
    email: source.email,
    uai: source.uai,
    schoolName: source.schoolName,
    rights: source.rights,
    language: source.language,
    informations: { login: source.login, uai: source.uai, qrCode: signsInByLink(profile) ? source.linkToken : null },
  };
}
