import type { workflows } from '@console/contract';
import { Alert, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LastModifiedLine } from './LastModifiedLine';
import { StepStateBadge } from './StepStateBadge';

type QuoteStepDetailProps = {
  step: workflows.WorkflowStep;
  index: number;
  status: workflows.DisplayedStatus;
  quote: workflows.QuoteStatus | undefined;
};

/** 'Devis signé', read-only: its state follows the quote status; no toggle, no sub-step, no comment. */
export function QuoteStepDetail({ step, index, status, quote }: QuoteStepDetailProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="center">
          <StepStateBadge status={status} />
          <Title order={3} fz="h4">
            {index}. {step.itemLabel}
          </Title>
        </Group>
        <LastModifiedLine date={step.modifiedDate} author={step.modifiedBy} />
      </Stack>
      <Divider />
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('workflow.quote.title')} :
        </Text>
        <Text size="sm">{t(`workflow.quote.${quote ?? 'unknown'}`)}</Text>
      </Group>
      <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
        {t('workflow.quote.read_only')}
      </Alert>
    </Stack>
  );
}
