import type { notifications } from '@console/contract';
import type { TFunction } from 'i18next';
import { formatCount } from '#lib/format';

/** Translation keys of the subject's operators, as the filters and the history name them. */
export const LOGICAL_OPERATOR_KEYS: Record<notifications.LogicalOperator, string> = {
  or: 'notifications.operators.logical.or',
  and: 'notifications.operators.logical.and',
};

export const SEARCH_OPERATOR_KEYS: Record<notifications.SearchOperator, string> = {
  contains: 'notifications.operators.search.contains',
  startsWith: 'notifications.operators.search.startsWith',
  equals: 'notifications.operators.search.equals',
};

export const STATUS_KEYS: Record<notifications.NotificationStatus, string> = {
  draft: 'notifications.history.status.draft',
  sending: 'notifications.history.status.sending',
  sent: 'notifications.history.status.sent',
  failed: 'notifications.history.status.failed',
};

/** 'N utilisateurs, M appareils', counts in the interface language. */
export function audienceTextOf(t: TFunction, language: string, counts: { nbUsers: number; nbTokens: number }): string {
  return t('notifications.audience.counts', {
    users: t('notifications.audience.users', { count: counts.nbUsers, formatted: formatCount(counts.nbUsers, language) }),
    devices: t('notifications.audience.devices', { count: counts.nbTokens, formatted: formatCount(counts.nbTokens, language) }),
  });
}
