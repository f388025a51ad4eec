import type { notifications } from '@console/contract';

/** Notifications' calls and answers for the view's component tests, as the server gives them. */

export const AUDIENCE = 'POST /api/devices/notifications';
export const SAVE = 'POST /api/devices/notifications/save';
export const SEND = 'POST /api/devices/notifications/massive';
export const HISTORY = 'GET /api/devices/notifications/historique';

export function buildHistoryItem(
  idNotification: number,
  labelNotification: string,
  overrides: Partial<notifications.HistoryItem> = {},
): notifications.HistoryItem {
  return {
    idNotification,
    labelNotification,
    createdBy: 'Camille Martin',
    createdDate: new Date(2026, 2, 12, 14, 30).toISOString(),
    descriptionNotification: `Description de ${labelNotification}`,
    linkNotification: null,
    parametersNotification: {
      arrayUai: ['all'],
      schools: [],
      subject: [],
      logicalOperator: 'or',
      searchOperator: 'contains',
      arrayProfiles: [],
      arrayApplications: [],
      userCount: null,
    },
    reportNotification: null,
    statusNotification: 'draft',
    ...overrides,
  };
}

export function historyOf(items: notifications.HistoryItem[], hasMore = false): notifications.NotificationHistory {
  return {
    notifications: items,
    hasMore,
    operators: { search: ['contains', 'startsWith', 'equals'], logical: ['or', 'and'] },
  };
}
