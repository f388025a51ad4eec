import { profileNameOf, signsInByLink, type userExports } from '@console/contract';
import type { ExportSelection } from './export-selection.js';
import type { ExportAccessRow, ExportPlatform } from './exports.repository.js';

/**
 * An application's scheme link for one access: its URL scheme with the credentials its platform's
 * scheme takes (login, password, code, by the platform's flags), as query parameters.
 */
export function appLinkOf(
  scheme: string,
  platform: ExportPlatform | undefined,
  credentials: { login: string; password: () => string; code: string },
): string {
  const parameters: string[] = [];
  if (platform?.urlSchemeLoginRequired && credentials.login) parameters.push(`login=${encodeURIComponent(credentials.login)}`);
  // Decrypted only when the link carries it: the one costly step of a line.
  const password = platform?.urlSchemePwdRequired ? credentials.password() : '';
  if (password) parameters.push(`password=${encodeURIComponent(password)}`);
  if (platform?.urlSchemeCodeYesNo && credentials.code) parameters.push(`code=${encodeURIComponent(credentials.code)}`);
  if (parameters.length === 0) return scheme;
  return `${scheme}${scheme.includes('?') ? '&' : '?'}${parameters.join('&')}`;
}

/**
 * The URL-scheme export's lines (spec 3 §7): per user, their web sign-in link (the console's
 * origin, '/?iduser=' and their link token; empty for staff, who sign in otherwise, and for a
 * user whose secrets the caller may not see), once per enabled application with a URL scheme
 * with that application's link, or once alone when they have none. Drawn one by one, so that the
 * file's first lines are sent before the last are made.
 */
export function* userLinksOf(
  selection: ExportSelection,
  origin: string,
  accesses: readonly ExportAccessRow[],
  platforms: ReadonlyMap<string, ExportPlatform>,
): Generator<userExports.UserLink> {
  const byUser = new Map<number, ExportAccessRow[]>();
  for (const access of accesses) {
    if (access.status !== 1 || !access.url_scheme) continue;
    const own = byUser.get(access.user_id);
    if (own) own.push(access);
    else byUser.set(access.user_id, [access]);
  }
  const hasLink = (user: ExportSelection['users'][number]) => {
    const profile = profileNameOf(user.profileId);
    return profile !== undefined && signsInByLink(profile) && selection.mayReveal(user);
  };
  for (const user of selection.users) {
    const base = {
      idUser: user.id,
      login: user.login,
      lastName: user.lastname,
      firstName: user.firstname,
      webLink: hasLink(user) ? `${origin}/?iduser=${encodeURIComponent(user.linkToken)}` : '',
    };
    const own = byUser.get(user.id) ?? [];
    if (own.length === 0) yield { ...base, application: null, appLink: null };
    for (const access of own) {
      yield {
        ...base,
        application: access.application,
        appLink: appLinkOf(access.url_scheme!, platforms.get(access.platform_id), {
          login: access.login ?? '',
          password: () => selection.reveal(user, access.password_encrypted),
          code: access.keys ?? '',
        }),
      };
    }
  }
}

/** The URL export's table, its lines drawn from the links as they are sent. */
export function* linksTable(links: Iterable<userExports.UserLink>, uai: string): Generator<string[]> {
  yield ['UAI', 'Login', 'Nom', 'Prénom', 'Lien web', 'Application', 'Lien application'];
  for (const link of links)
    yield [uai, link.login, link.lastName, link.firstName, link.webLink, link.application ?? '', link.appLink ?? ''];
}
