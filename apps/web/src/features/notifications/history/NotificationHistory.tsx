import { notifications } from '@console/contract';
import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { useNotificationHistory } from '../api';
import { STATUS_KEYS } from '../notification-text';
import { HistoryItemDetails } from './HistoryItemDetails';

/** The colour of each status's badge (a pale tint, text in the shade: readable). */
const STATUS_COLORS: Record<notifications.NotificationStatus, string> = {
  draft: 'gray.7',
  sending: 'ocean.9',
  sent: 'teal.9',
  failed: 'red.9',
};

/**
 * The history (spec 3 §2.5, §8): the latest notifications the user sees, newest first, 20 at
 * first and 10 more at each 'Voir plus'; each one opens on its filters and report.
 */
export function NotificationHistory() {
  const { t, i18n } = useTranslation();
  const [limit, setLimit] = useState(notifications.HISTORY_FIRST_PAGE);
  const history = useNotificationHistory(limit);

  if (history.isPending) return <LoadingBlock />;
  if (!history.data) return <ErrorAlert messageKey="notifications.history.load_failed" />;

  const { notifications: items, hasMore } = history.data;
  return (
    <Stack gap="md">
      {history.isError && <ErrorAlert messageKey="notifications.history.load_failed" />}
      {items.length === 0 && <Text c="dimmed">{t('notifications.history.empty')}</Text>}
      {items.length > 0 && (
        <Accordion multiple variant="separated">
          {items.map((item) => (
            <Accordion.Item key={item.idNotification} value={String(item.idNotification)}>
              <Accordion.Control>
                <Group justify="space-between" gap="sm" wrap="nowrap">
                  <Stack gap={2} miw={0}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.labelNotification}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('notifications.history.by', {
                        author: item.createdBy,
                        date: formatDateTime(item.createdDate, i18n.language),
                      })}
                    </Text>
                  </Stack>
                  <Badge color={STATUS_COLORS[item.statusNotification]} variant="light" tt="none" style={{ flexShrink: 0 }}>
                    {t(STATUS_KEYS[item.statusNotification])}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <HistoryItemDetails item={item} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {hasMore && (
        <Group>
          <Button
            variant="default"
            loading={history.isFetching && history.isPlaceholderData}
            onClick={() => setLimit((current) => current + notifications.HISTORY_MORE)}
          >
            {t('notifications.history.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
