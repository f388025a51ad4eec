import { isAccountHolderProfile, type ProfileName, type RightArea } from '@console/contract';

/** The main views (spec 1 §2): one view value, which the address mirrors (app/routes/addresses.ts). */
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

/** The right, at Lecture, that opens each view: the side menu shows an entry only with it, and an address of the view needs it. */
export const VIEW_AREAS: Record<View, RightArea> = {
  overview: 'Overview',
  global_monitoring: 'GlobalMonitoring',
  config: 'Config',
  notifications: 'notifications',
  users: 'Table',
  dashboard: 'Dashboard',
  monitoring: 'Monitoring',
  params: 'ParamEtablissement',
  document_manager: 'FileManager',
  import: 'ImportModal',
};

/** The views of one school: without an active school they ask for one. */
const SCHOOL_VIEWS: ReadonlySet<View> = new Set(['users', 'dashboard', 'monitoring', 'params', 'import']);

export function isSchoolView(view: View): boolean {
  return SCHOOL_VIEWS.has(view);
}

/**
 * Where the console is: a view and what it shows. A school view names its school (null: none
 * chosen yet), the users view the user whose page is open, a view with tabs its tab; `query` is
 * the address's query without its `?` (the users grid's filters and sort), written by the view.
 */
export type Place = { view: View; uai?: string | null; userId?: number | null; tab?: string | null; query?: string | null };

/** Administrateur starts on the overview, everyone else on the users view (of their school, if they have one). */
export function startViewOf(profile: ProfileName): View {
  return profile === 'Administrateur' ? 'overview' : 'users';
}

/** Whether the profile gets the side menu and its toggle (not pupils and teachers). */
export function hasSideMenu(profile: ProfileName): boolean {
  return !isAccountHolderProfile(profile);
}
