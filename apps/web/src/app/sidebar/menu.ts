import type { ClientConfig, ProfileName, SessionUser } from '@console/contract';
import { can } from '#lib/abilities';
import { hasSideMenu, VIEW_AREAS, type View } from '../views/views';

export type MenuItem =
  | { kind: 'view'; view: View }
  | { kind: 'help'; url: string }
  | { kind: 'support'; isDisabled: boolean }
  | { kind: 'catalogue'; isDisabled: boolean };

export type MenuGroupName = 'product' | 'school' | 'utilities';
export type MenuGroup = { name: MenuGroupName; items: MenuItem[] };

const PRODUCT_VIEWS: View[] = ['overview', 'global_monitoring', 'config', 'notifications'];
const SCHOOL_VIEWS: View[] = ['users', 'dashboard', 'monitoring', 'params'];
const UTILITY_VIEWS: View[] = ['document_manager', 'import'];

type MenuContext = {
  /** True when a school is active: the school group shows only then. */
  hasActiveSchool: boolean;
  helpUrls: ClientConfig['helpUrls'] | undefined;
};

type MenuUser = Pick<SessionUser, 'profile' | 'rights' | 'email'>;

function helpUrlOf(profile: ProfileName, helpUrls: MenuContext['helpUrls']): string | undefined {
  if (profile === 'Gestionnaire' || profile === 'Administrateur établissement') return helpUrls?.[profile] || undefined;
  return undefined;
}

/**
 * The side menu the user may see (spec 1 §2): each entry only with its read right, the school
 * group only with an active school, nothing at all for pupils and teachers. Empty groups are left out.
 */
export function visibleMenuGroups(user: MenuUser, context: MenuContext): MenuGroup[] {
  if (!hasSideMenu(user.profile)) return [];
  const viewItems = (views: View[]): MenuItem[] =>
    views.filter((view) => can(user, VIEW_AREAS[view])).map((view) => ({ kind: 'view', view }));

  const utilities = viewItems(UTILITY_VIEWS);
  const helpUrl = helpUrlOf(user.profile, context.helpUrls);
  if (helpUrl && can(user, 'buttonHelp')) utilities.push({ kind: 'help', url: helpUrl });
  const hasEmail = Boolean(user.email?.trim());
  if (can(user, 'buttonSupport')) utilities.push({ kind: 'support', isDisabled: !hasEmail });
  if (can(user, 'buttonCatalogue')) utilities.push({ kind: 'catalogue', isDisabled: !hasEmail });

  const groups: MenuGroup[] = [
    { name: 'product', items: viewItems(PRODUCT_VIEWS) },
    { name: 'school', items: context.hasActiveSchool ? viewItems(SCHOOL_VIEWS) : [] },
    { name: 'utilities', items: utilities },
  ];
  return groups.filter((group) => group.items.length > 0);
}
