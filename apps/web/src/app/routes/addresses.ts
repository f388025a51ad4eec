import { isAccountHolderProfile, type SessionUser } from '@console/contract';
import { isSchoolView, startViewOf, type Place, type View } from '../views/views';

/** The own page of a pupil or teacher, their only view. */
export const ACCOUNT_ADDRESS = '/account';

/**
 * The last part of each view's address. A school view lives under `/schools/{uai}/`; without a
 * chosen school it stands alone (`/users`), but the school settings, whose name the general
 * settings take, are then `/school-settings`.
 */
export const VIEW_SEGMENTS: Record<View, string> = {
  overview: 'overview',
  global_monitoring: 'monitoring',
  config: 'settings',
  document_manager: 'documents',
  notifications: 'notifications',
  users: 'users',
  dashboard: 'dashboard',
  monitoring: 'deployment',
  params: 'settings',
  import: 'import',
};
export const SCHOOL_SETTINGS_WITHOUT_SCHOOL = 'school-settings';

/**
 * The address of a place: `/settings/regex`, `/schools/0693284V/users/68?login=lea`. The router's
 * tree (router.ts) reads every address this writes back into the same place (addresses.test.ts).
 */
export function addressOf(place: Place): string {
  return place.query ? `${pathOf(place)}?${place.query}` : pathOf(place);
}

/**
 * Whether a router's latest address is still `place`'s (its path): the router takes a new address
 * at once, while the view the user left is still drawn, so a late write of that view can tell.
 */
export function isStillAt(router: { latestLocation: { pathname: string } }, place: Place): boolean {
  return router.latestLocation.pathname === pathOf(place);
}

/** A place's address without its query. */
export function pathOf(place: Place): string {
  const segment = VIEW_SEGMENTS[place.view];
  const tab = place.tab ? `/${encodeURIComponent(place.tab)}` : '';
  if (!isSchoolView(place.view)) return place.view === 'config' ? `/${segment}${tab}` : `/${segment}`;
  if (!place.uai) return place.view === 'params' ? `/${SCHOOL_SETTINGS_WITHOUT_SCHOOL}` : `/${segment}`;
  const base = `/schools/${encodeURIComponent(place.uai)}/${segment}`;
  if (place.view === 'users' && place.userId != null) return `${base}/${place.userId}`;
  if (place.view === 'params') return `${base}${tab}`;
  return base;
}

/** Where a user lands after signing in: pupils and teachers on their page, others on their start view (of their school, if any). */
export function startAddressOf(user: Pick<SessionUser, 'profile' | 'uai'>): string {
  if (isAccountHolderProfile(user.profile)) return ACCOUNT_ADDRESS;
  return addressOf({ view: startViewOf(user.profile), uai: user.uai });
}

/**
 * A route the router matched for an address, and the address's parameters. For an unknown
 * address the router matches its longest known start (`/settings/regex` of
 * `/settings/regex/elsewhere`) and puts the rest in `**`.
 */
export type PlaceMatch = {
  staticData: { view?: View; isAccount?: boolean };
  params: Record<string, string | undefined>;
};

export type ReadPlace = { place: Place; isAccount: boolean } | null;

/** The place an address names, read from its matched route: null for an address that names no view (or a user id that is not one). */
export function placeOfMatch(match: PlaceMatch | undefined): ReadPlace {
  const view = match?.staticData.view;
  if (!match || !view || match.params['**'] !== undefined) return null;
  const { uai, userId, tab } = match.params;
  if (userId !== undefined && !/^[1-9]\d{0,9}$/.test(userId)) return null;
  return {
    place: {
      view,
      uai: uai ? uai.toUpperCase() : null,
      userId: userId === undefined ? null : Number(userId),
      tab: tab ?? null,
    },
    isAccount: match.staticData.isAccount ?? false,
  };
}
