import type { workflows } from '@console/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appearanceOf } from '../status-appearance';

/** A step's state: Complété, En cours..., Non nécessaire or Non commencé, in its status colour. */
export function StepStateBadge({ status }: { status: workflows.DisplayedStatus }) {
  const { t } = useTranslation();
  const appearance = appearanceOf(status);
  return (
    <Badge color={appearance.fill} autoContrast variant="filled" size="lg" radius="sm" tt="none" data-status={appearance.key}>
      {t(`workflow.states.${appearance.key}`)}
    </Badge>
  );
}
