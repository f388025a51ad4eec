import type { ClientConfig, ProfileName, RightArea, SessionUser } from '@console/contract';
import { can } from '#lib/abilities';
import { hasSideMenu, type View } from '../views/views';

export type MenuItem =
  | { kind: 'view'; view: View }
  | { kind: 'help'; url: string }
  | { kind: 'support'; isDisabled: boolean }
  | { kind: 'catalogue'; isDisabled: boolean };

export type MenuGroupName = 'product' | 'school' | 'utilities';
export type MenuGroup = { name: MenuGroupName; items: MenuItem[] };

const PRODUCT_VIEWS: [View, RightArea][] = [
  ['overview', 'Overview'],
  ['global_monitoring', 'GlobalMonitoring'],
  ['config', 'Config'],
  ['notifications', 'notifications'],
];

const SCHOOL_VIEWS: [View, RightArea][] = [
  ['users', 'Table'],
  ['dashboard', 'Dashboard'],
  ['monitoring', 'Monitoring'],
  ['params', 'ParamEtablissement'],
];

const UTILITY_VIEWS: [View, RightArea][] = [
  ['document_manager', 'FileManager'],
  ['import', 'ImportModal'],
];

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
  const viewItems = (entries: [View, RightArea][]): MenuItem[] =>
    entries.filter(([, area]) => can(user, area)).map(([view]) => ({ kind: 'view', view }));

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
