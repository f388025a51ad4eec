import { isAccountHolderProfile, type ProfileName } from '@console/contract';

/** The main views: no URL routes, one view value (spec 1 §2). */
export const VIEWS = [
  'import',
  'overview',
  'global_monitoring',
  'config',
  'document_manager',
  'users',
  'dashboard',
  'monitoring',
  'params',
  'notifications',
] as const;

export type View = (typeof VIEWS)[number];

/** Administrateur starts on the overview, everyone else on the users view. */
export function startViewOf(profile: ProfileName): View {
  return profile === 'Administrateur' ? 'overview' : 'users';
}

/** Whether the profile gets the side menu and its toggle (not pupils and teachers). */
export function hasSideMenu(profile: ProfileName): boolean {
  return !isAccountHolderProfile(profile);
}
