import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RealtimeStatus } from '#lib/realtime';

const COLORS: Record<RealtimeStatus, string> = { connected: 'green.8', connecting: 'gray.7', unavailable: 'orange.9' };

/** Whether other users' changes arrive live. */
export function LiveStatusBadge({ status }: { status: RealtimeStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={COLORS[status]}
      size="md"
      title={t(`workflow.live.${status}_hint`)}
      styles={{ root: { textTransform: 'none' } }}
    >
      {t(`workflow.live.${status}`)}
    </Badge>
  );
}
